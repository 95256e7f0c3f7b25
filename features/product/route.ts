import { CATALOGUE_PAGE, type RouteFacts } from '../../client/router/route-facts';

/** The product page (spec §5). */
export const routes: RouteFacts[] = [
  {
    id: 'product',
    path: '/p/:id/:slug?',
    page: 'ProductPage',
    loader: 'productLoader',
    ...CATALOGUE_PAGE,
    legacyOnMiss: true,
    samples: [{ path: '/p/1/szelki-typu-guard-classic' }],
  },
];
