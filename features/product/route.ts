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
    // the variant a link opens chosen (the product feeds' links: features/product/product-offer.server.ts VARIANT_PARAM)
    query: ['wariant'],
    samples: [{ path: '/p/1/szelki-typu-guard-classic' }],
  },
];
