/**
 * The withdrawal plugin's screen in Vendure's Dashboard: the customers' withdrawals from their
 * contracts at /dashboard/odstapienia, under "Sprzedaż" beside the orders (order permissions, as
 * its Admin API). Built by Vite with the Dashboard (backend/dashboard/), never by the backend's tsc.
 */
import { defineDashboardExtension } from '@vendure/dashboard';
import { Undo2Icon } from 'lucide-react';
import { WithdrawalsPage } from './withdrawals-page';

defineDashboardExtension({
  routes: [
    {
      path: '/odstapienia',
      component: () => <WithdrawalsPage />,
      navMenuItem: {
        sectionId: 'sales',
        id: 'withdrawals',
        title: 'Odstąpienia od umowy',
        icon: Undo2Icon,
        order: 200,
        requiresPermission: ['ReadOrder'],
      },
    },
  ],
});
