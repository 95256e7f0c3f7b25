import type { AccountCustomer, AccountData } from '../../pages/AccountPage';
import { matchRoute } from '../../routes';
import { deferredIsland } from '../deferred-island';
import { accountPageOf } from './pages';

type Editable = { customer: AccountCustomer; onChange(c: AccountCustomer): void };

/**
 * The account pages' sections, each from its own chunk (client/components/deferred-island.ts):
 * `/my-account/profile` does not download the address book (and its forms), the order history
 * or the newsletter section. The server renders the one shown in place (worker/render/islands.ts);
 * the browser loads the one of the page being opened before the page renders (`ready`, awaited by
 * loadPageComponent in client/routes.ts), so the page hydrates whole and a tap is never lost.
 */
const profile = deferredIsland<Editable>(() => import('./ProfileSection').then((m) => m.ProfileSection));
const addresses = deferredIsland<Editable & { kind: 'shipping' | 'billing' }>(() => import('./AddressBook').then((m) => m.AddressBook));
const orders = deferredIsland<{ orders: NonNullable<AccountData['orders']> }>(() => import('./OrderHistory').then((m) => m.OrderHistory));
const newsletter = deferredIsland<Editable>(() => import('./NewsletterSection').then((m) => m.NewsletterSection));

/** In the browser: the section of the account page being opened, loaded. */
export const ready: Promise<unknown> = (() => {
  if (typeof document === 'undefined') return Promise.resolve();
  const opened = { profile, shipping: addresses, billing: addresses, orders, newsletter };
  // Only on an account page: this module is also evaluated when the page's code is prefetched elsewhere.
  const match = matchRoute(location.pathname);
  const slug = match?.route.id === 'account' ? accountPageOf(match.params.pageName) : null;
  return slug ? opened[slug].preload().catch(() => undefined) : Promise.resolve();
})();

export const ProfileSection = profile.Component;
export const AddressBook = addresses.Component;
export const OrderHistory = orders.Component;
export const NewsletterSection = newsletter.Component;

export const provideAccountSections = (sections: {
  ProfileSection: Parameters<typeof profile.provide>[0];
  AddressBook: Parameters<typeof addresses.provide>[0];
  OrderHistory: Parameters<typeof orders.provide>[0];
  NewsletterSection: Parameters<typeof newsletter.provide>[0];
}): void => {
  profile.provide(sections.ProfileSection);
  addresses.provide(sections.AddressBook);
  orders.provide(sections.OrderHistory);
  newsletter.provide(sections.NewsletterSection);
};
