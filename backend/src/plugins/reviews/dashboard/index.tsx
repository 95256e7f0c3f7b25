/**
 * The reviews plugin's screen in Vendure's Dashboard: moderation at /dashboard/opinie, under
 * "Katalog" in the menu for staff allowed to moderate (docs/dashboard-extensions.md walks through it).
 * Built by Vite with the Dashboard (backend/dashboard/), never by the backend's tsc.
 */
import { defineDashboardExtension } from '@vendure/dashboard';
import { MessageSquareTextIcon } from 'lucide-react';
import { ReviewsModerationPage } from './reviews-moderation-page';

defineDashboardExtension({
  routes: [
    {
      path: '/opinie',
      component: () => <ReviewsModerationPage />,
      navMenuItem: {
        sectionId: 'catalog',
        id: 'product-reviews',
        title: 'Opinie o produktach',
        icon: MessageSquareTextIcon,
        order: 650,
        requiresPermission: ['ModerateProductReviews', 'UpdateCatalog'],
      },
    },
  ],
});
