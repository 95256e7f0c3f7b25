import { CATALOGUE_PAGE, type RouteFacts } from '../../client/router/route-facts';
import { LISTING_QUERY } from './listing-params';

/** Category and collection listings (spec §4): a miss may be a legacy URL (legacyOnMiss). */
export const routes: RouteFacts[] = [
  {
    id: 'category',
    path: '/c/:s1/:s2?/:s3?/:s4?/:s5?',
    page: 'CategoryPage',
    loader: 'categoryLoader',
    ...CATALOGUE_PAGE,
    legacyOnMiss: true,
    // the listing's parameters, and the old WooCommerce ones its loader redirects to them (`?attributes=27` → `?a=27`,
    // redirects/query.ts)
    query: [...LISTING_QUERY, 'attributes', 'attributes[]', 'orderby'],
    samples: [
      { path: '/c/dla-psa' },
      { path: '/c/dla-psa/akcesoria/szelki' },
      { path: '/c/dla-psa?view=list&sort=price-asc', name: 'list view, filtered' },
    ],
  },
  {
    id: 'collections',
    path: '/kolekcje',
    page: 'CollectionsPage',
    loader: 'collectionsLoader',
    ...CATALOGUE_PAGE,
    legacyOnMiss: true,
  },
  {
    id: 'collection',
    path: '/kolekcje/:id/:slug?',
    page: 'CollectionPage',
    loader: 'collectionLoader',
    ...CATALOGUE_PAGE,
    legacyOnMiss: true,
    query: LISTING_QUERY,
    samples: [{ linkedFrom: '/kolekcje' }],
  },
];
