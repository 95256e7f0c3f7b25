import { PERSONAL_PAGE, type RouteFacts } from '../../client/router/route-facts';

/** A guest's order: status, shipments, lines (issue 28; decision 102); personal answers, never cached. */
export const routes: RouteFacts[] = [
  {
    id: 'order-status',
    path: '/status-zamowienia',
    page: 'OrderStatusPage',
    loader: 'orderStatusLoader',
    ...PERSONAL_PAGE,
    query: ['key', 'order'],
    samples: [{ path: '/status-zamowienia?order=ABC123' }],
  },
];
