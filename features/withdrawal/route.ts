import { PERSONAL_GUARDS, type RouteFacts } from '../../client/router/route-facts';

/** The withdrawal function (issue 24): personal answers, never cached. */
export const routes: RouteFacts[] = [
  {
    id: 'withdrawal',
    path: '/odstapienie-od-umowy',
    page: 'WithdrawalPage',
    loader: 'withdrawalLoader',
    layout: 'default',
    guards: PERSONAL_GUARDS,
    cache: 'none',
    legacyOnMiss: false,
    indexable: false,
    personal: true,
    hydrate: 'load',
    samples: [{ path: '/odstapienie-od-umowy?order=ABC123' }],
  },
];
