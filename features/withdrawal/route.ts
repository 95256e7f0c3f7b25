import { PERSONAL_PAGE, type RouteFacts } from '../../client/router/route-facts';

/** The withdrawal function (issue 24): personal answers, never cached. */
export const routes: RouteFacts[] = [
  {
    id: 'withdrawal',
    path: '/odstapienie-od-umowy',
    page: 'WithdrawalPage',
    loader: 'withdrawalLoader',
    ...PERSONAL_PAGE,
    query: ['order'],
    samples: [{ path: '/odstapienie-od-umowy?order=ABC123' }],
  },
];
