import { createStore } from 'zustand/vanilla';
import type { ResultOf } from '../graphql/graphql';
import { getSessionCustomer, logoutSession } from '../graphql/session.graphql';
import type { ShopRequest } from '../lib/shop-api';
import type { RequestQueue } from './cart.store';

type SessionCustomer = NonNullable<ResultOf<typeof getSessionCustomer>['activeCustomer']>;

export interface SessionState {
  customer: SessionCustomer | null;
  /** `unknown` until the first answer (server render and first paint), then guest or customer. */
  status: 'unknown' | 'guest' | 'customer';
  /** Reads the session (once per page load unless forced). */
  load(options?: { force?: boolean }): Promise<void>;
  /**
   * After a login, a verification or a password reset set a signed-in session cookie: reads
   * the customer and reloads the cart (the backend merged the guest cart into the customer's).
   */
  signedIn(): Promise<void>;
  /** Logs out at the backend, forgets the customer and the cart view. The caller navigates home. */
  logout(): Promise<void>;
  /**
   * A Shop API call in the page's one request queue (login, register, account changes), so it
   * never races the cart's first request for the session cookie.
   */
  request: ShopRequest;
  /** The account pages changed the name or e-mail: show it in the header. */
  update(customer: Partial<SessionCustomer>): void;
}

interface SessionDeps {
  request: ShopRequest;
  /** The same queue as the cart's requests (client/stores/cart.store.ts createRequestQueue). */
  serial: RequestQueue;
  /** Reloads the cart (force) or forgets it (after logout). */
  cart: { reload(): Promise<void>; clear(): void };
}

/**
 * The customer session (spec §4 "Cart and session"). The token itself stays in the HttpOnly
 * cookie; this store holds only what the header shows. Created empty on the server, so no
 * cached HTML ever carries a customer.
 */
export function createSessionStore(deps: SessionDeps) {
  return createStore<SessionState>()((set, get) => {
    const read = () =>
      deps.serial(async () => {
        try {
          const { activeCustomer } = await deps.request(getSessionCustomer);
          set({ customer: activeCustomer, status: activeCustomer ? 'customer' : 'guest' });
        } catch (error) {
          // Unknown stays unknown: the header keeps offering login, nothing is claimed.
          console.error('Session load failed', error);
          if (get().status === 'unknown') set({ status: 'guest' });
        }
      });
    let loading: Promise<void> | null = null;
    return {
      customer: null,
      status: 'unknown',
      load(options = {}) {
        if (!options.force && loading) return loading;
        loading = read();
        return loading;
      },
      async signedIn() {
        await get().load({ force: true });
        await deps.cart.reload();
      },
      async logout() {
        await deps.serial(async () => {
          try {
            await deps.request(logoutSession);
          } catch (error) {
            console.error('Logout failed', error);
          }
        });
        set({ customer: null, status: 'guest' });
        deps.cart.clear();
      },
      request: (...call) => deps.serial(() => deps.request(...call)),
      update(customer) {
        const current = get().customer;
        if (current) set({ customer: { ...current, ...customer } });
      },
    };
  });
}
