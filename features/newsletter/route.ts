import { PERSONAL_GUARDS, type RouteFacts } from '../../client/router/route-facts';

/** The newsletter's double opt-in confirmation (a link from the e-mail): personal, never cached. */
export const routes: RouteFacts[] = [
  {
    id: 'newsletter-confirm',
    path: '/newsletter/potwierdz',
    page: 'NewsletterConfirmPage',
    loader: 'newsletterConfirmLoader',
    layout: 'default',
    guards: PERSONAL_GUARDS,
    cache: 'none',
    legacyOnMiss: false,
    indexable: false,
    personal: true,
    hydrate: 'load',
    samples: [],
  },
];
