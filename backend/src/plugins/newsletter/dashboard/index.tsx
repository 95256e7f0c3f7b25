/**
 * The newsletter plugin's screen in Vendure's Dashboard: the subscribers at
 * /dashboard/newsletter, under "Klienci", with a CSV export (customer permission, as its Admin
 * API). Built by Vite with the Dashboard (backend/dashboard/), never by the backend's tsc.
 */
import { defineDashboardExtension } from '@vendure/dashboard';
import { MailIcon } from 'lucide-react';
import { SubscribersPage } from './subscribers-page';

defineDashboardExtension({
  routes: [
    {
      path: '/newsletter',
      component: () => <SubscribersPage />,
      navMenuItem: {
        sectionId: 'customers',
        id: 'newsletter-subscribers',
        title: 'Newsletter: subskrybenci',
        icon: MailIcon,
        order: 300,
        requiresPermission: ['ReadCustomer'],
      },
    },
  ],
});
