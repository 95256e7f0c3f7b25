import { createStore } from 'zustand/vanilla';
import {
  addToCart,
  applyCartCoupon,
  getCart,
  removeCartCoupon,
  removeFromCart,
  updateCartQuantity,
} from '../graphql/cart';
import { ShopError, unwrap } from '../graphql/errors';
import type { ResultOf } from '../graphql/graphql';
import type { ShopRequest } from '../lib/shop-api';

export type Cart = NonNullable<ResultOf<typeof getCart>['activeOrder']>;
export type CartLine = Cart['lines'][number];

/** Spec §9: the cart treats stock as 99999. */
export const CART_MAX_QTY = 99999;

export interface CartState {
  /** What the backend holds (null: no active order yet). */
  cart: Cart | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** Line ids with a quantity change in flight (optimistic). */
  pendingLines: string[];
  load(options?: { force?: boolean }): Promise<void>;
  add(productVariantId: string, quantity: number, customFields?: Record<string, unknown>): Promise<Cart>;
  setQuantity(lineId: string, quantity: number | string): Promise<void>;
  remove(lineId: string): Promise<void>;
  applyCoupon(code: string): Promise<Cart>;
  removeCoupon(code: string): Promise<void>;
}

export interface CartDeps {
  request: ShopRequest;
  /** Shows a message to the shopper (notifications store). */
  notify(message: string, kind: 'error' | 'success' | 'info'): void;
}

/**
 * Server-backed cart (spec §4): loaded once and reused, reloaded only when
 * absent or forced (after login). Mutations run one at a time, so two quick
 * clicks can never leave the cart in a state the backend does not hold; a
 * quantity change shows at once and rolls back with a message if refused.
 */
export function createCartStore(deps: CartDeps) {
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => {});
    return run;
  };

  return createStore<CartState>()((set, get) => {
    const confirm = (cart: Cart | null) => set({ cart, status: 'ready', error: null });
    return {
      cart: null,
      status: 'idle',
      error: null,
      pendingLines: [],
      async load(options = {}) {
        if (!options.force && (get().status === 'ready' || get().status === 'loading')) return;
        set({ status: 'loading' });
        try {
          const { activeOrder } = await deps.request(getCart);
          confirm(activeOrder);
        } catch (error) {
          console.error('Cart load failed', error);
          set({ status: 'error', error: error instanceof Error ? error.message : String(error) });
        }
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
        const qty = typeof quantity === 'string' ? Number.parseInt(quantity, 10) : Math.trunc(quantity);
        if (!Number.isFinite(qty) || qty <= 0) return;
        const target = Math.min(qty, CART_MAX_QTY);
        const optimistic = get().cart;
        if (optimistic) {
          set({
            cart: { ...optimistic, lines: optimistic.lines.map((l) => (l.id === lineId ? { ...l, quantity: target } : l)) },
            pendingLines: [...get().pendingLines, lineId],
          });
        }
        try {
          await serial(async () => {
            try {
              const { adjustOrderLine } = await deps.request(updateCartQuantity, { orderLineId: lineId, quantity: target });
              confirm(unwrap(adjustOrderLine));
            } catch (error) {
              const { activeOrder } = await deps.request(getCart).catch(() => ({ activeOrder: get().cart }));
              confirm(activeOrder);
              throw error;
            }
          });
        } catch (error) {
          deps.notify(quantityMessage(error), 'error');
        } finally {
          const pending = [...get().pendingLines];
          pending.splice(pending.indexOf(lineId), 1);
          set({ pendingLines: pending });
        }
      },
      remove(lineId) {
        return serial(async () => {
          try {
            const { removeOrderLine } = await deps.request(removeFromCart, { orderLineId: lineId });
            confirm(unwrap(removeOrderLine));
          } catch (error) {
            deps.notify('Nie udało się usunąć produktu z koszyka. Spróbuj ponownie.', 'error');
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
    };
  });
}

function quantityMessage(error: unknown): string {
  if (error instanceof ShopError && error.errorCode === 'INSUFFICIENT_STOCK_ERROR') return 'Nie mamy tylu sztuk w magazynie. Przywróciliśmy poprzednią ilość.';
  if (error instanceof ShopError && error.errorCode === 'ORDER_LIMIT_ERROR') return 'Przekroczono maksymalną ilość w koszyku.';
  return 'Nie udało się zmienić ilości. Przywróciliśmy poprzednią ilość.';
}
