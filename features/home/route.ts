import { CATALOGUE_PAGE, type RouteFacts } from '../../client/router/route-facts';

/** The home page (spec §3). */
export const routes: RouteFacts[] = [
  {
    id: 'home',
    path: '/',
    page: 'HomePage',
    loader: 'homeLoader',
    ...CATALOGUE_PAGE,
    legacyOnMiss: false,
  },
];
