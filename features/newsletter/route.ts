import { PERSONAL_PAGE, type RouteFacts } from '../../client/router/route-facts';

/** The newsletter's double opt-in confirmation (a link from the e-mail): personal, never cached. */
export const routes: RouteFacts[] = [
  {
    id: 'newsletter-confirm',
    path: '/newsletter/potwierdz',
    page: 'NewsletterConfirmPage',
    loader: 'newsletterConfirmLoader',
    ...PERSONAL_PAGE,
    query: ['token'],
    samples: [],
  },
];
