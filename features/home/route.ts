import { CATALOGUE_GUARDS, type RouteFacts } from '../../client/router/route-facts';

/** The home page (spec §3). */
export const routes: RouteFacts[] = [
  {
    id: 'home',
    path: '/',
    page: 'HomePage',
    loader: 'homeLoader',
    layout: 'default',
    guards: CATALOGUE_GUARDS,
    cache: 'edge',
    indexable: true,
    personal: false,
    hydrate: 'load',
    legacyOnMiss: false,
  },
];
