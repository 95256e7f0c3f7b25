import { CATALOGUE_GUARDS, type RouteFacts } from '../../client/router/route-facts';

/** The product page (spec §5). */
export const routes: RouteFacts[] = [
  {
    id: 'product',
    path: '/p/:id/:slug?',
    page: 'ProductPage',
    loader: 'productLoader',
    layout: 'default',
    guards: CATALOGUE_GUARDS,
    cache: 'edge',
    indexable: true,
    personal: false,
    hydrate: 'load',
    legacyOnMiss: true,
    samples: [{ path: '/p/1/szelki-typu-guard-classic' }],
  },
];
