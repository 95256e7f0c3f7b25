import type { getActiveCustomer, getOrderHistory } from './customer.graphql';
import type { ResultOf } from '../../client/graphql/graphql';
import type { AccountPageSlug } from './account-pages';

/**
 * Types of the account area, shared by the page (features/account/AccountPage.tsx), its sections
 * (each loaded from its own chunk) and the loader: the sections import this file, not the page,
 * so no chunk imports back into the page that loads it.
 */

export type AccountCustomer = NonNullable<ResultOf<typeof getActiveCustomer>['activeCustomer']>;
export type AccountOrder = NonNullable<ResultOf<typeof getOrderHistory>['activeCustomer']>['orders']['items'][number];

/** Data of the account pages (features/account/account.server.ts), read with the shopper's own session. */
export interface AccountData {
  page: AccountPageSlug;
  customer: AccountCustomer;
  /** The order history page only. */
  orders: { items: AccountOrder[]; totalItems: number; page: number; pages: number } | null;
}
