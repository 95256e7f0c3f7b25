import { describe, expect, it, vi } from 'vitest';
import {
  addToCart,
  applyCartCoupon,
  clearCart,
  getCart,
  removeCartCoupon,
  removeFromCart,
  updateCartQuantity,
} from '../graphql/cart.graphql';
import { ShopError } from '../graphql/errors';
import type { ShopRequest } from '../lib/shop-api';
import { parseQuantity } from '../lib/quantity';
import { type Cart, createCartStore } from './cart.store';

/**
 * A fake Shop API holding one order, answering the cart documents like Vendure
 * does (adjustOrderLine refuses above stock and sets what is available). In
 * `manual` mode every call waits until the test releases it, so tests can see
 * how many calls are out at once and what the shopper sees in between.
 */
function fakeShop(options: { stock?: number; manual?: boolean; coupons?: string[] } = {}) {
  const stock = options.stock ?? 10;
  const state = { lines: [{ id: '1', quantity: 1, variantId: '367' }], coupons: [] as string[] };
  const valid = options.coupons ?? ['DP10'];
  const calls: Array<{ op: string; variables: Record<string, unknown> }> = [];
  const waiting: Array<() => void> = [];
  let out = 0;
  let maxOut = 0;
  const cart = (): Cart =>
    ({
      id: 'o1',
      code: 'ABC',
      state: 'AddingItems',
      active: true,
      totalQuantity: state.lines.reduce((s, l) => s + l.quantity, 0),
      subTotalWithTax: state.lines.reduce((s, l) => s + l.quantity * 1470, 0),
      totalWithTax: state.lines.reduce((s, l) => s + l.quantity * 1470, 0),
      shippingWithTax: 0,
      couponCodes: [...state.coupons],
      discounts: [],
      shippingLines: [],
      customer: null,
      lines: state.lines.map((l) => ({ id: l.id, quantity: l.quantity })),
    }) as unknown as Cart;
  const answer = (op: string, v: Record<string, unknown>): unknown => {
    switch (op) {
      case 'getCart':
        return { activeOrder: cart() };
      case 'addToCart':
        state.lines.push({ id: String(state.lines.length + 1), quantity: v.quantity as number, variantId: v.productVariantId as string });
        return { addItemToOrder: cart() };
      case 'updateCartQuantity': {
        const line = state.lines.find((l) => l.id === v.orderLineId)!;
        if ((v.quantity as number) > stock) {
          line.quantity = stock;
          return { adjustOrderLine: { errorCode: 'INSUFFICIENT_STOCK_ERROR', message: 'Only 10 items were added' } };
        }
        line.quantity = v.quantity as number;
        return { adjustOrderLine: cart() };
      }
      case 'removeFromCart':
        state.lines = state.lines.filter((l) => l.id !== v.orderLineId);
        return { removeOrderLine: cart() };
      case 'applyCartCoupon':
        if (!valid.includes(v.couponCode as string))
          return { applyCouponCode: { errorCode: 'COUPON_CODE_INVALID_ERROR', message: 'invalid' } };
        state.coupons.push(v.couponCode as string);
        return { applyCouponCode: cart() };
      case 'clearCart':
        state.lines = [];
        return { removeAllOrderLines: cart() };
      case 'removeCartCoupon':
        state.coupons = state.coupons.filter((c) => c !== v.couponCode);
        return { removeCouponCode: cart() };
    }
    throw new Error(`unexpected ${op}`);
  };
  const names = new Map<unknown, string>([
    [getCart, 'getCart'],
    [addToCart, 'addToCart'],
    [updateCartQuantity, 'updateCartQuantity'],
    [removeFromCart, 'removeFromCart'],
    [applyCartCoupon, 'applyCartCoupon'],
    [removeCartCoupon, 'removeCartCoupon'],
    [clearCart, 'clearCart'],
  ]);
  const request = (async (document: unknown, variables?: Record<string, unknown>) => {
    const op = names.get(document)!;
    calls.push({ op, variables: variables ?? {} });
    out++;
    maxOut = Math.max(maxOut, out);
    try {
      if (options.manual) await new Promise<void>((resolve) => waiting.push(resolve));
      return answer(op, variables ?? {});
    } finally {
      out--;
    }
  }) as ShopRequest;
  return {
    request,
    state,
    calls,
    cart,
    get maxOut() {
      return maxOut;
    },
    /** Calls waiting for release (manual mode). */
    get waiting() {
      return waiting.length;
    },
    releaseNext() {
      waiting.shift()?.();
    },
  };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
const qty = (store: ReturnType<typeof createCartStore>) => store.getState().cart?.lines[0]?.quantity;

function setup(shop: ReturnType<typeof fakeShop>) {
  const notify = vi.fn();
  const store = createCartStore({ request: shop.request, notify });
  return { store, notify };
}

describe('cart load', () => {
  it('a second load while one is under way resolves once the cart is there (no second request)', async () => {
    const shop = fakeShop({ manual: true });
    const { store } = setup(shop);
    const first = store.getState().load();
    let secondDone = false;
    const second = store
      .getState()
      .load()
      .then(() => (secondDone = true));
    await flush();
    expect(secondDone).toBe(false);
    shop.releaseNext();
    await Promise.all([first, second]);
    expect(store.getState().cart?.couponCodes).toEqual([]);
    expect(shop.calls.filter((c) => c.op === 'getCart')).toHaveLength(1);
  });
});

describe('parseQuantity (spec §5)', () => {
  it('turns a string into a whole number and caps it at 99999', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity(' 12 ')).toBe(12);
    expect(parseQuantity(2.7)).toBe(2);
    expect(parseQuantity('150000')).toBe(99999);
  });

  it('gives null for anything not above 0', () => {
    for (const bad of [0, -1, '0', '-4', '', 'abc', Number.NaN]) expect(parseQuantity(bad)).toBeNull();
  });
});

describe('cart store', () => {
  it('loads once and reuses the cart; a forced load reads it again', async () => {
    const shop = fakeShop();
    const { store } = setup(shop);
    await Promise.all([store.getState().load(), store.getState().load()]);
    await store.getState().load();
    expect(shop.calls.filter((c) => c.op === 'getCart')).toHaveLength(1);
    expect(store.getState().status).toBe('ready');
    await store.getState().load({ force: true });
    expect(shop.calls.filter((c) => c.op === 'getCart')).toHaveLength(2);
  });

  it('keeps the error of a failed load (logged) and loads again on the next call', async () => {
    const shop = fakeShop();
    let fail = true;
    const request = ((doc: never, vars: never) =>
      fail ? Promise.reject(new Error('Sklep jest chwilowo niedostępny.')) : shop.request(doc, vars)) as ShopRequest;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = createCartStore({ request, notify: vi.fn() });
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'error', error: 'Sklep jest chwilowo niedostępny.', cart: null });
    expect(error).toHaveBeenCalled();
    fail = false;
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'ready', error: null });
    expect(qty(store)).toBe(1);
    error.mockRestore();
  });

  it('sends a typed quantity as a number and ignores quantities not above 0', async () => {
    const shop = fakeShop();
    const { store } = setup(shop);
    await store.getState().load();
    await store.getState().setQuantity('1', '0');
    await store.getState().setQuantity('1', -2);
    await store.getState().setQuantity('1', 'abc');
    expect(shop.calls.some((c) => c.op === 'updateCartQuantity')).toBe(false);
    await store.getState().setQuantity('1', '4');
    expect(shop.calls.at(-1)).toEqual({ op: 'updateCartQuantity', variables: { orderLineId: '1', quantity: 4 } });
    expect(qty(store)).toBe(4);
  });

  it('shows a quantity change at once, before the backend answers', async () => {
    const shop = fakeShop({ manual: true });
    const { store } = setup(shop);
    const loading = store.getState().load();
    await flush();
    shop.releaseNext();
    await loading;
    const change = store.getState().setQuantity('1', 5);
    expect(qty(store)).toBe(5);
    expect(store.getState().pendingLines).toEqual(['1']);
    await flush();
    shop.releaseNext();
    await change;
    expect(qty(store)).toBe(5);
    expect(store.getState().pendingLines).toEqual([]);
  });

  it('rolls a refused change back to what the backend holds, with a message', async () => {
    const shop = fakeShop({ stock: 3 });
    const { store, notify } = setup(shop);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await store.getState().load();
    await store.getState().setQuantity('1', 8);
    expect(shop.state.lines[0]!.quantity).toBe(3);
    expect(qty(store)).toBe(3);
    expect(notify).toHaveBeenCalledWith('Nie mamy tylu sztuk w magazynie – ilość w koszyku została poprawiona.', 'error');
    vi.mocked(console.warn).mockRestore();
  });

  it('rolls back to the last confirmed quantity when the backend cannot be reached at all', async () => {
    const shop = fakeShop();
    let down = false;
    const request = ((doc: never, vars: never) => (down ? Promise.reject(new Error('offline')) : shop.request(doc, vars))) as ShopRequest;
    const notify = vi.fn();
    const store = createCartStore({ request, notify });
    const quiet = [vi.spyOn(console, 'error').mockImplementation(() => {}), vi.spyOn(console, 'warn').mockImplementation(() => {})];
    await store.getState().load();
    down = true;
    await store.getState().setQuantity('1', 6);
    expect(qty(store)).toBe(1);
    expect(notify).toHaveBeenCalledWith('Nie udało się zmienić ilości. Przywróciliśmy poprzednią ilość.', 'error');
    for (const spy of quiet) spy.mockRestore();
  });

  it('sends two quick clicks one after the other and ends where the backend is, with no step back in between', async () => {
    const shop = fakeShop({ manual: true });
    const { store } = setup(shop);
    const loading = store.getState().load();
    await flush();
    shop.releaseNext();
    await loading;
    const first = store.getState().setQuantity('1', 2);
    const second = store.getState().setQuantity('1', 3);
    expect(qty(store)).toBe(3);
    await flush();
    expect(shop.waiting).toBe(1);
    shop.releaseNext();
    await first;
    // The backend answered "2" for the first click; the second click is still on its way.
    expect(shop.state.lines[0]!.quantity).toBe(2);
    expect(qty(store)).toBe(3);
    await flush();
    expect(shop.waiting).toBe(1);
    shop.releaseNext();
    await second;
    expect(shop.maxOut).toBe(1);
    expect(shop.calls.filter((c) => c.op === 'updateCartQuantity').map((c) => c.variables.quantity)).toEqual([2, 3]);
    expect(store.getState().cart).toEqual(shop.cart());
  });

  it('ends where the backend is when the second of two quick clicks is refused', async () => {
    const shop = fakeShop({ stock: 2 });
    const { store, notify } = setup(shop);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await store.getState().load();
    await Promise.all([store.getState().setQuantity('1', 2), store.getState().setQuantity('1', 3)]);
    expect(store.getState().cart).toEqual(shop.cart());
    expect(qty(store)).toBe(2);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(store.getState().pendingLines).toEqual([]);
    vi.mocked(console.warn).mockRestore();
  });

  it('never lets a slow load overwrite a coupon applied meanwhile', async () => {
    const shop = fakeShop({ manual: true });
    const { store } = setup(shop);
    const loading = store.getState().load();
    const applying = store.getState().applyCoupon('dp10');
    await flush();
    expect(shop.waiting).toBe(1);
    shop.releaseNext();
    await loading;
    await flush();
    shop.releaseNext();
    await applying;
    expect(store.getState().cart?.couponCodes).toEqual(['DP10']);
    expect(store.getState().cart).toEqual(shop.cart());
  });

  it('upper-cases a promo code before applying it and raises an invalid one as a ShopError', async () => {
    const shop = fakeShop();
    const { store } = setup(shop);
    await store.getState().load();
    await store.getState().applyCoupon(' dp10 ');
    expect(shop.calls.at(-1)?.variables).toEqual({ couponCode: 'DP10' });
    expect(store.getState().cart?.couponCodes).toEqual(['DP10']);
    const refused = store.getState().applyCoupon('nieznany');
    await expect(refused).rejects.toBeInstanceOf(ShopError);
    await expect(refused).rejects.toMatchObject({ errorCode: 'COUPON_CODE_INVALID_ERROR' });
    expect(store.getState().cart?.couponCodes).toEqual(['DP10']);
    await store.getState().removeCoupon('DP10');
    expect(store.getState().cart?.couponCodes).toEqual([]);
  });

  it('adds and removes lines, confirming what the backend returns', async () => {
    const shop = fakeShop();
    const { store } = setup(shop);
    await store.getState().add('400', 2);
    expect(store.getState().cart?.totalQuantity).toBe(3);
    await store.getState().remove('1');
    expect(store.getState().cart?.lines).toEqual([{ id: '2', quantity: 2 }]);
  });

  it('drops a placed order (replace with null), so the badge count is 0 and nothing is left to show', async () => {
    const shop = fakeShop();
    const { store } = setup(shop);
    await store.getState().load();
    expect(store.getState().cart?.totalQuantity).toBeGreaterThan(0);
    store.getState().replace(null);
    await flush();
    expect(store.getState().cart).toBeNull();
    expect(store.getState().status).toBe('ready');
  });

  it('tells the shopper when a line cannot be removed and keeps it', async () => {
    const shop = fakeShop();
    let down = false;
    const request = ((doc: never, vars: never) => (down ? Promise.reject(new Error('offline')) : shop.request(doc, vars))) as ShopRequest;
    const notify = vi.fn();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = createCartStore({ request, notify });
    await store.getState().load();
    down = true;
    await expect(store.getState().remove('1')).rejects.toThrow('offline');
    expect(store.getState().cart?.lines).toHaveLength(1);
    expect(notify).toHaveBeenCalledWith('Nie udało się usunąć produktu z koszyka. Spróbuj ponownie.', 'error');
    error.mockRestore();
  });

  it('clears every line in one call, after the changes queued before it, keeping the coupon codes the backend keeps', async () => {
    const shop = fakeShop({ manual: true });
    const { store } = setup(shop);
    const adding = store.getState().add('400', 2);
    const applying = store.getState().applyCoupon('DP10');
    const clearing = store.getState().removeAll();
    for (let i = 0; i < 3; i++) {
      await flush();
      shop.releaseNext();
    }
    await Promise.all([adding, applying, clearing]);
    expect(shop.maxOut).toBe(1);
    expect(shop.calls.map((c) => c.op)).toEqual(['addToCart', 'applyCartCoupon', 'clearCart']);
    expect(store.getState().cart).toMatchObject({ lines: [], totalQuantity: 0, couponCodes: ['DP10'] });
    expect(store.getState().cart).toEqual(shop.cart());
  });

  it('tells the shopper when the cart cannot be cleared and keeps its lines', async () => {
    const shop = fakeShop();
    let down = false;
    const request = ((doc: never, vars: never) => (down ? Promise.reject(new Error('offline')) : shop.request(doc, vars))) as ShopRequest;
    const notify = vi.fn();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = createCartStore({ request, notify });
    await store.getState().load();
    down = true;
    await expect(store.getState().removeAll()).rejects.toThrow('offline');
    expect(store.getState().cart?.lines).toHaveLength(1);
    expect(notify).toHaveBeenCalledWith('Nie udało się wyczyścić koszyka. Spróbuj ponownie.', 'error');
    error.mockRestore();
  });
});
