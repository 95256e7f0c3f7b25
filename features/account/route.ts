import { PERSONAL_PAGE, type RouteFacts } from '../../client/router/route-facts';

/**
 * The account area (spec §2): `/MyAccount/MyProfile` etc. answer the same pages
 * (features/account/account-pages.ts); e-mail verification and password reset from the e-mails' links.
 */
export const routes: RouteFacts[] = [
  {
    id: 'account',
    path: '/my-account/:pageName?',
    aliases: ['/MyAccount/:pageName'],
    page: 'AccountPage',
    loader: 'accountLoader',
    ...PERSONAL_PAGE,
    layout: 'account',
    guards: ['checkout', 'is-authenticated', 'status', 'language'],
    // the order history's page
    query: ['page'],
    samples: [
      { path: '/my-account/profile', session: 'customer', name: 'profile' },
      { path: '/my-account/shipping', session: 'customer', name: 'shipping addresses' },
      { path: '/my-account/orders', session: 'customer', name: 'orders' },
      { path: '/my-account/newsletter', session: 'customer', name: 'newsletter' },
    ],
  },
  {
    id: 'verify',
    path: '/verify',
    page: 'VerifyPage',
    loader: 'verifyLoader',
    ...PERSONAL_PAGE,
    query: ['change', 'token'],
    samples: [],
  },
  {
    id: 'password-reset',
    path: '/password-reset',
    page: 'PasswordResetPage',
    loader: 'passwordResetLoader',
    ...PERSONAL_PAGE,
    query: ['token'],
    samples: [{ name: 'no token' }],
  },
];
