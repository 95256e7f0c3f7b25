import { CATALOGUE_PAGE, type RouteFacts } from '../../client/router/route-facts';

/** Pro Fit Studio and its two configurators (spec §6). */
export const routes: RouteFacts[] = [
  {
    id: 'pro-fit-studio',
    path: '/pro-fit-studio',
    page: 'ProFitStudioPage',
    loader: 'proFitStudioLoader',
    ...CATALOGUE_PAGE,
    legacyOnMiss: false,
  },
  {
    id: 'pro-fit-studio-guard',
    path: '/pro-fit-studio/guard',
    page: 'ConfiguratorPage',
    loader: 'configuratorLoader',
    ...CATALOGUE_PAGE,
    legacyOnMiss: false,
    meta: { type: 'guard' },
    // the design lives in the query, named by the backend's codes (model, option groups, parts, extras: ./url.ts)
    query: '*',
    samples: [{ path: '/pro-fit-studio/guard', name: 'guard' }],
  },
  {
    id: 'pro-fit-studio-bezuciski',
    path: '/pro-fit-studio/bezuciski',
    page: 'ConfiguratorPage',
    loader: 'configuratorLoader',
    ...CATALOGUE_PAGE,
    legacyOnMiss: false,
    meta: { type: 'bezuciski' },
    query: '*',
    samples: [{ path: '/pro-fit-studio/bezuciski', name: 'bezuciski' }],
  },
];
