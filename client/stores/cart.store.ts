import { createStore } from 'zustand/vanilla';
import {
  addToCart,
  applyCartCoupon,
  clearCart,
  getCart,
  removeCartCoupon,
  removeFromCart,
  updateCartQuantity,
} from '../graphql/cart.graphql';
import { ShopError, unwrap } from '../graphql/errors';
import type { ResultOf } from '../graphql/graphql';
import { parseQuantity } from '../lib/quantity';
import type { ShopRequest } from '../lib/shop-api';
import { t } from '../texts';

export type Cart = NonNullable<ResultOf<typeof getCart>['activeOrder']>;
export type CartLine = Cart['lines'][number];

export interface CartState {
  /** What the backend holds (null: no active order yet), with quantity changes in flight shown on top. */
  cart: Cart | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** Line ids with a quantity change in flight (optimistic). */
  pendingLines: string[];
  load(options?: { force?: boolean }): Promise<void>;
  add(productVariantId: string, quantity: number, customFields?: Record<string, unknown>): Promise<Cart>;
  setQuantity(lineId: string, quantity: number | string): Promise<void>;
  /** Forgets the cart view (after logout: the customer's order is no longer this browser's). */
  clear(): void;
  remove(lineId: string): Promise<void>;
  /** 'Wyczyść koszyk': removes every line in the backend (removeAllOrderLines), in the queue like every other change. */
  removeAll(): Promise<void>;
  applyCoupon(code: string): Promise<Cart>;
  removeCoupon(code: string): Promise<void>;
  /**
   * Takes the order the checkout just got back from the backend (a new shipping price), or
   * null once the order is placed: the header badge follows, and the next add starts a new order.
   */
  replace(cart: Cart | null): void;
}

interface CartDeps {
  request: ShopRequest;
  /** Shows a message to the shopper (notifications store). */
  notify(message: string, kind: 'error' | 'success' | 'info'): void;
  /** The queue every backend call of this page load runs in (shared with the session store). */
  serial?: RequestQueue;
}

/** Runs backend calls one at a time, in order; a failed call does not stop the ones after it. */
export type RequestQueue = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * One queue per page load, shared by the cart and the session (client/stores/session.store.ts):
 * the first visit's getCart and getActiveCustomer must not race, or the backend would open
 * two anonymous sessions and the cookie would keep only one of them.
 */
export function createRequestQueue(): RequestQueue {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => {});
    return run;
  };
}

/**
 * Server-backed cart (spec §4): loaded once and reused, reloaded only when
 * absent or forced (after login). Every backend call (the load included) runs
 * one at a time, so two quick clicks or a load racing a coupon can never leave
 * the cart in a state the backend does not hold. A quantity change shows at
 * once; while it is in flight, carts confirmed by other calls keep showing it;
 * if the backend refuses it, the cart is re-read and a message says so.
 */
export function createCartStore(deps: CartDeps) {
  const serial = deps.serial ?? createRequestQueue();
  /** Quantity changes not yet answered: the latest target per line, and how many calls are out. */
  const inFlight = new Map<string, { target: number; calls: number }>();
  const withInFlight = (cart: Cart | null): Cart | null =>
    cart && inFlight.size > 0
      ? { ...cart, lines: cart.lines.map((l) => (inFlight.has(l.id) ? { ...l, quantity: inFlight.get(l.id)!.target } : l)) }
      : cart;

  return createStore<CartState>()((set, get) => {
    /** The cart as the backend last returned it (without in-flight quantities). */
    let confirmed: Cart | null = null;
    /** The load under way, for callers that need the loaded cart. */
    let loading: Promise<void> | null = null;
    const confirm = (cart: Cart | null) => {
      confirmed = cart;
      set({ cart: withInFlight(cart), status: 'ready', error: null, pendingLines: [...inFlight.keys()] });
    };
    const settle = (lineId: string) => {
      const entry = inFlight.get(lineId);
      if (entry && --entry.calls === 0) inFlight.delete(lineId);
    };
    /** After a refused change: show what the backend holds (as it last said, if it cannot be read now). */
    const reread = async () => {
      try {
        const { activeOrder } = await deps.request(getCart);
        confirm(activeOrder);
      } catch (error) {
        console.error('Cart reload failed', error);
        confirm(confirmed);
      }
    };
    return {
      cart: null,
      status: 'idle',
      error: null,
      pendingLines: [],
      load(options = {}) {
        if (!options.force && get().status === 'ready') return Promise.resolve();
        // A second caller waits for the load under way (the promotion flags check the cart after it).
        if (!options.force && get().status === 'loading' && loading) return loading;
        set({ status: 'loading' });
        return (loading = serial(async () => {
          try {
            const { activeOrder } = await deps.request(getCart);
            confirm(activeOrder);
          } catch (error) {
            console.error('Cart load failed', error);
            set({ status: 'error', error: error instanceof Error ? error.message : String(error) });
          }
        }));
      },
      clear() {
        confirmed = null;
        inFlight.clear();
        set({ cart: null, status: 'ready', error: null, pendingLines: [] });
      },
      add(productVariantId, quantity, customFields) {
        return serial(async () => {
          const { addItemToOrder } = await deps.request(addToCart, { productVariantId, quantity, customFields: customFields as never });
          const cart = unwrap(addItemToOrder);
          confirm(cart);
          return cart;
        });
      },
      async setQuantity(lineId, quantity) {
        const target = parseQuantity(quantity);
        if (target === null) return;
        const entry = inFlight.get(lineId) ?? { target, calls: 0 };
        entry.target = target;
        entry.calls++;
        inFlight.set(lineId, entry);
        set({ cart: withInFlight(confirmed), pendingLines: [...inFlight.keys()] });
        try {
          await serial(async () => {
            let result: ResultOf<typeof updateCartQuantity>;
            try {
              result = await deps.request(updateCartQuantity, { orderLineId: lineId, quantity: target });
            } catch (error) {
              settle(lineId);
              await reread();
              throw error;
            }
            settle(lineId);
            try {
              confirm(unwrap(result.adjustOrderLine));
            } catch (error) {
              // Refused (stock, limit): the backend may have kept the old quantity or set what is available.
              await reread();
              throw error;
            }
          });
        } catch (error) {
          console.warn('Quantity change refused', error);
          deps.notify(quantityMessage(error), 'error');
        }
      },
      remove(lineId) {
        return serial(async () => {
          try {
            const { removeOrderLine } = await deps.request(removeFromCart, { orderLineId: lineId });
            confirm(unwrap(removeOrderLine));
          } catch (error) {
            console.error('Cart line removal failed', error);
            deps.notify(t.cartPanel.removeFailed, 'error');
            throw error;
          }
        });
      },
      removeAll() {
        return serial(async () => {
          try {
            const { removeAllOrderLines } = await deps.request(clearCart);
            // What the backend returns, coupon codes included: the codes stay on the order and the
            // cart shows them again with the next product, exactly as the backend will apply them.
            confirm(unwrap(removeAllOrderLines));
          } catch (error) {
            console.error('Clearing the cart failed', error);
            deps.notify(t.cartPanel.clearFailed, 'error');
            throw error;
          }
        });
      },
      applyCoupon(code) {
        return serial(async () => {
          const { applyCouponCode } = await deps.request(applyCartCoupon, { couponCode: code.trim().toUpperCase() });
          const cart = unwrap(applyCouponCode);
          confirm(cart);
          return cart;
        });
      },
      removeCoupon(code) {
        return serial(async () => {
          const { removeCouponCode } = await deps.request(removeCartCoupon, { couponCode: code });
          if (removeCouponCode) confirm(removeCouponCode);
        });
      },
      replace(cart) {
        void serial(async () => confirm(cart));
      },
    };
  });
}

function quantityMessage(error: unknown): string {
  if (error instanceof ShopError && error.errorCode === 'INSUFFICIENT_STOCK_ERROR') return t.cartPanel.quantityStock;
  if (error instanceof ShopError && error.errorCode === 'ORDER_LIMIT_ERROR') return t.cartPanel.quantityLimit;
  return t.cartPanel.quantityFailed;
}
