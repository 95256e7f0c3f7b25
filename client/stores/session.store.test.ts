import { describe, expect, it } from 'vitest';
import type { ShopRequest } from '../lib/shop-api';
import { createRequestQueue } from './cart.store';
import { createSessionStore } from './session.store';

/** A Shop API whose calls wait until the test releases them, recording how many are out at once. */
function manualShop(customer: { id: string; firstName: string } | null) {
  const log: string[] = [];
  const waiting: Array<() => void> = [];
  let out = 0;
  let maxOut = 0;
  const request = (async (document: { definitions: Array<{ name?: { value: string } }> }) => {
    const name = document.definitions[0]?.name?.value ?? '?';
    out++;
    maxOut = Math.max(maxOut, out);
    log.push(name);
    await new Promise<void>((resolve) => waiting.push(resolve));
    out--;
    if (name === 'getActiveCustomer') return { activeCustomer: customer };
    return { logout: { success: true } };
  }) as unknown as ShopRequest;
  return {
    request,
    log,
    release: () => waiting.shift()?.(),
    get maxOut() {
      return maxOut;
    },
    get pending() {
      return waiting.length;
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('session store', () => {
  it('reads the session in the same queue as the cart: never two first requests at once', async () => {
    const shop = manualShop({ id: '1', firstName: 'Anna' });
    const serial = createRequestQueue();
    const cartLoad = serial(() => shop.request({ definitions: [{ name: { value: 'getCart' } }] } as never));
    const session = createSessionStore({ request: shop.request, serial, cart: { reload: async () => {}, clear: () => {} } });
    const loading = session.getState().load();
    await tick();
    expect(shop.log).toEqual(['getCart']);
    shop.release();
    await cartLoad;
    await tick();
    expect(shop.log).toEqual(['getCart', 'getActiveCustomer']);
    shop.release();
    await loading;
    expect(shop.maxOut).toBe(1);
    expect(session.getState()).toMatchObject({ status: 'customer', customer: { firstName: 'Anna' } });
  });

  it('after a login reads the customer and reloads the cart; logout forgets both', async () => {
    const shop = manualShop({ id: '1', firstName: 'Anna' });
    const calls: string[] = [];
    const session = createSessionStore({
      request: shop.request,
      serial: createRequestQueue(),
      cart: { reload: async () => void calls.push('reload'), clear: () => void calls.push('clear') },
    });
    const signedIn = session.getState().signedIn();
    await tick();
    shop.release();
    await signedIn;
    expect(calls).toEqual(['reload']);
    expect(session.getState().status).toBe('customer');
    const loggingOut = session.getState().logout();
    await tick();
    shop.release();
    await loggingOut;
    expect(shop.log).toEqual(['getActiveCustomer', 'logout']);
    expect(calls).toEqual(['reload', 'clear']);
    expect(session.getState()).toMatchObject({ status: 'guest', customer: null });
  });

  it('a guest is a guest; a failed read leaves nobody signed in', async () => {
    const guest = manualShop(null);
    const store = createSessionStore({
      request: guest.request,
      serial: createRequestQueue(),
      cart: { reload: async () => {}, clear: () => {} },
    });
    const p = store.getState().load();
    await tick();
    guest.release();
    await p;
    expect(store.getState().status).toBe('guest');
    const failing = createSessionStore({
      request: (async () => {
        throw new Error('offline');
      }) as unknown as ShopRequest,
      serial: createRequestQueue(),
      cart: { reload: async () => {}, clear: () => {} },
    });
    const origError = console.error;
    console.error = () => {};
    await failing.getState().load();
    console.error = origError;
    expect(failing.getState()).toMatchObject({ status: 'guest', customer: null });
  });
});
