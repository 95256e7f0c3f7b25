import type { AccountCustomer, AccountData } from './types';
import { deferredIsland } from '../../client/lib/chunks/deferred-island';

type Editable = { customer: AccountCustomer; onChange(c: AccountCustomer): void };

/**
 * The account pages' sections, each from its own chunk (client/lib/chunks/deferred-island.ts):
 * `/my-account/profile` does not download the address book (and its forms), the order history
 * or the newsletter section. The server renders the one shown in place (worker/render/islands.ts);
 * the browser loads the one of the page being opened before the page renders (`prepare`, awaited by
 * loadPageComponent in client/page-modules.ts), so the page hydrates whole, a tap is never lost and a
 * client navigation between account pages never shows the section loading.
 */
const profile = deferredIsland<Editable>(() => import('./ProfileSection').then((m) => m.ProfileSection));
const addresses = deferredIsland<Editable & { kind: 'shipping' | 'billing' }>(() => import('./AddressBook').then((m) => m.AddressBook));
const orders = deferredIsland<{ orders: NonNullable<AccountData['orders']> }>(() => import('./OrderHistory').then((m) => m.OrderHistory));
const newsletter = deferredIsland<Editable>(() => import('./NewsletterSection').then((m) => m.NewsletterSection));

const sectionOf = { profile, shipping: addresses, billing: addresses, orders, newsletter };

/** The chunk of the section an account page shows, loaded before the page renders with `data` (its `prepare`). */
export function prepareAccountSection(data: Pick<AccountData, 'page'>): Promise<unknown> {
  return sectionOf[data.page].preload().catch(() => undefined);
}

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
