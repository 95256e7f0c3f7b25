import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { addToCart, getCart, transitionOrderToState } from '../../client/graphql/cart.graphql';
import { getProductsByIds } from '../../features/listing/catalogue.graphql.server';
import { getShippingMethods, setCustomerForOrder, setShippingAddress, setShippingMethod } from '../../features/checkout/checkout.graphql';
import { login } from '../../client/graphql/auth.graphql';
import { unwrap } from '../../client/graphql/errors';
import { routes } from './route-table';
import { app } from '../app';
import type { AppEnv } from '../env';
import { SESSION_COOKIE } from '../shop/session';
import { ORIGIN, shopper } from '../shop/test-client';
import { shopClient } from '../shop/vendure';
import { runGuards } from './guards';
import type { CardSource } from '../../features/listing/product-card.server';

/** A one-route app that runs the named middleware and answers "ok" when none of them answered. */
function guarded(names: string[]) {
  return new Hono<AppEnv>().get('*', async (c) => {
    const early = await runGuards(names, { c, url: new URL(c.req.url), route: routes[0]!, params: {} });
    return early ?? c.text('ok');
  });
}

describe('is-authenticated', () => {
  it('sends a visitor without a session, or with a session that is not signed in, home', async () => {
    const page = guarded(['is-authenticated']);
    const anonymous = await page.request(`${ORIGIN}/my-account`, {}, env);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('Location')).toBe('/');
    const bogus = await page.request(`${ORIGIN}/my-account`, { headers: { Cookie: `${SESSION_COOKIE}=nieprawidlowy` } }, env);
    expect(bogus.headers.get('Location')).toBe('/');
  });

  it('lets a signed-in customer through, uncached', async () => {
    const s = shopper();
    unwrap((await s.op(login, { username: 'demo@psiaki.test', password: 'Demo1234!' })).login);
    const res = await guarded(['is-authenticated']).request(
      `${ORIGIN}/my-account`,
      { headers: { Cookie: `${SESSION_COOKIE}=${s.jar.get(SESSION_COOKIE)}` } },
      env,
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ok');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });
});

describe('checkout (order state guard)', () => {
  /** A shopper whose order waits in ArrangingPayment (as after leaving the payment step). */
  async function orderArrangingPayment() {
    const s = shopper();
    const { catalogueCardsJson: catalogueCards } = await shopClient(env).request(getProductsByIds, { ids: ['56'] });
    unwrap((await s.op(addToCart, { productVariantId: (catalogueCards as CardSource[])[0]!.variants[0]!.id, quantity: 1 })).addItemToOrder);
    unwrap(
      (
        await s.op(setCustomerForOrder, {
          input: { emailAddress: `stan-${crypto.randomUUID().slice(0, 8)}@psiaki.test`, firstName: 'Jan', lastName: 'Kos' },
        })
      ).setCustomerForOrder,
    );
    unwrap(
      (
        await s.op(setShippingAddress, {
          input: { fullName: 'Jan Kos', streetLine1: 'Psia 1', city: 'Kraków', postalCode: '30-001', countryCode: 'PL' },
        })
      ).setOrderShippingAddress,
    );
    // The courier: a street address is all it needs (InPost would also need a locker before payment).
    const method = (await s.op(getShippingMethods)).eligibleShippingMethods.find((m) => m.code === 'kurier')!;
    unwrap((await s.op(setShippingMethod, { id: [method.id] })).setOrderShippingMethod);
    unwrap((await s.op(transitionOrderToState, { state: 'ArrangingPayment' })).transitionOrderToState!);
    expect((await s.op(getCart)).activeOrder?.state).toBe('ArrangingPayment');
    return s;
  }

  it('moves an order left in ArrangingPayment back to AddingItems when the shopper browses on', async () => {
    const s = await orderArrangingPayment();
    const page = await app.request(`${ORIGIN}/kontakt`, { headers: { Cookie: `${SESSION_COOKIE}=${s.jar.get(SESSION_COOKIE)}` } }, env);
    expect(page.status).toBe(200);
    await expect.poll(async () => (await s.op(getCart)).activeOrder?.state, { timeout: 5000 }).toBe('AddingItems');
  });

  it('moves it back on the 404 screen too (the error screen runs the checkout guard)', async () => {
    const s = await orderArrangingPayment();
    const page = await app.request(
      `${ORIGIN}/nie-ma-takiej-strony`,
      { headers: { Cookie: `${SESSION_COOKIE}=${s.jar.get(SESSION_COOKIE)}` } },
      env,
    );
    expect(page.status).toBe(404);
    await expect.poll(async () => (await s.op(getCart)).activeOrder?.state, { timeout: 5000 }).toBe('AddingItems');
  });

  it('does nothing without a session', async () => {
    const res = await app.request(`${ORIGIN}/kontakt`, {}, env);
    expect(res.status).toBe(200);
  });
});
