import { CATALOGUE_GUARDS, type RouteFacts } from '../../client/router/route-facts';

/** Category and collection listings (spec §4): a miss may be a legacy URL (legacyOnMiss). */
export const routes: RouteFacts[] = [
  {
    id: 'category',
    path: '/c/:s1/:s2?/:s3?/:s4?/:s5?',
    page: 'CategoryPage',
    loader: 'categoryLoader',
    layout: 'default',
    guards: CATALOGUE_GUARDS,
    cache: 'edge',
    indexable: true,
    personal: false,
    hydrate: 'load',
    legacyOnMiss: true,
  },
  {
    id: 'collections',
    path: '/kolekcje',
    page: 'CollectionsPage',
    loader: 'collectionsLoader',
    layout: 'default',
    guards: CATALOGUE_GUARDS,
    cache: 'edge',
    indexable: true,
    personal: false,
    hydrate: 'load',
    legacyOnMiss: true,
  },
  {
    id: 'collection',
    path: '/kolekcje/:id/:slug?',
    page: 'CollectionPage',
    loader: 'collectionLoader',
    layout: 'default',
    guards: CATALOGUE_GUARDS,
    cache: 'edge',
    indexable: true,
    personal: false,
    hydrate: 'load',
    legacyOnMiss: true,
  },
];
