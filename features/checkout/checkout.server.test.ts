import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { addToCart, getCart } from '../../client/graphql/cart.graphql';
import { getShippingMethods, setCustomerForOrder, setShippingAddress, setShippingMethod } from './checkout.graphql';
import { unwrap } from '../../client/graphql/errors';
import type { CheckoutData } from './types';
import type { PagePayload } from '../../client/router/types';
import { app } from '../../worker/app';
import { getProductsByIds } from '../listing/catalogue.graphql.server';
import { shopClient } from '../../worker/shop/vendure';
import { SESSION_COOKIE } from '../../worker/shop/session';
import { ORIGIN, shopper } from '../../worker/shop/test-client';
import type { CardSource } from '../listing/product-card.server';

type Shopper = ReturnType<typeof shopper>;

/** A page request with the shopper's session cookie, redirects not followed (as the browser sees them). */
const visit = (s: Shopper | null, path: string, json = false) =>
  app.request(
    `${ORIGIN}${path}`,
    {
      redirect: 'manual',
      headers: {
        ...(s ? { Cookie: `${SESSION_COOKIE}=${s.jar.get(SESSION_COOKIE)}` } : {}),
        ...(json ? { Accept: 'application/json' } : {}),
      },
    },
    env,
  );

async function withBags(): Promise<Shopper> {
  const s = shopper();
  const { catalogueCardsJson: catalogueCards } = await shopClient(env).request(getProductsByIds, { ids: ['56'] });
  unwrap((await s.op(addToCart, { productVariantId: (catalogueCards as CardSource[])[0]!.variants[0]!.id, quantity: 1 })).addItemToOrder);
  return s;
}

async function withCustomer(s: Shopper): Promise<Shopper> {
  unwrap(
    (
      await s.op(setCustomerForOrder, {
        input: {
          emailAddress: `kasa-${crypto.randomUUID().slice(0, 8)}@psiaki.test`,
          firstName: 'Jan',
          lastName: 'Kos',
          phoneNumber: '+48 601 234 567',
        },
      })
    ).setCustomerForOrder,
  );
  return s;
}

async function withShipping(s: Shopper): Promise<Shopper> {
  unwrap(
    (
      await s.op(setShippingAddress, {
        input: { fullName: 'Jan Kos', streetLine1: 'Psia 1', city: 'Kraków', postalCode: '30-001', countryCode: 'PL' },
      })
    ).setOrderShippingAddress,
  );
  const method = (await s.op(getShippingMethods)).eligibleShippingMethods.find((m) => m.code === 'kurier')!;
  unwrap((await s.op(setShippingMethod, { id: [method.id] })).setOrderShippingMethod);
  return s;
}

const state = async (s: Shopper) => (await s.op(getCart)).activeOrder?.state;

describe('checkout step preconditions (spec §4): HTTP 302 to / before anything renders', () => {
  it('sends a visitor without a session or without an order home from every step', async () => {
    for (const path of [
      '/checkout',
      '/checkout/customer',
      '/checkout/shipping',
      '/checkout/billing',
      '/checkout/payment',
      '/Checkout/Payment',
    ]) {
      const res = await visit(null, path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('Location'), path).toBe('/');
    }
  });

  it('needs a customer for shipping and billing, and everything for payment; the JSON of a client navigation gets the same 302', async () => {
    const s = await withBags();
    for (const path of ['/checkout/shipping', '/checkout/billing', '/checkout/payment']) {
      for (const json of [false, true]) {
        const res = await visit(s, path, json);
        expect(res.status, `${path} json=${json}`).toBe(302);
        expect(res.headers.get('Location')).toBe('/');
      }
    }
    expect((await visit(s, '/checkout')).headers.get('Location')).toBe('/checkout/customer');
    const customer = await visit(s, '/checkout/customer');
    expect(customer.status).toBe(200);
    expect(await customer.text()).toContain('Twoje dane');

    await withCustomer(s);
    expect((await visit(s, '/checkout')).headers.get('Location')).toBe('/checkout/shipping');
    expect((await visit(s, '/checkout/shipping')).status).toBe(200);
    expect((await visit(s, '/checkout/billing')).status).toBe(200);
    expect((await visit(s, '/checkout/payment')).headers.get('Location')).toBe('/');
  });

  it('lists shipping methods with the backend price: 0 zł above 249 zł', async () => {
    const s = await withCustomer(await withBags());
    const cheap = (await (await visit(s, '/checkout/shipping', true)).json()) as PagePayload<CheckoutData>;
    expect(cheap.data.shippingMethods.map((m) => [m.code, m.priceWithTax])).toEqual(
      expect.arrayContaining([
        ['inpost-paczkomat', 1299],
        ['kurier', 1699],
      ]),
    );
    const line = (await s.op(getCart)).activeOrder!.lines[0]!;
    const { adjustOrderLine } = await s
      .call({
        query: 'mutation($id: ID!) { adjustOrderLine(orderLineId: $id, quantity: 17) { ... on Order { subTotalWithTax } } }',
        variables: { id: line.id },
      })
      .then((r) => r.json() as Promise<{ data: { adjustOrderLine: { subTotalWithTax: number } } }>)
      .then((b) => b.data);
    expect(adjustOrderLine.subTotalWithTax).toBeGreaterThan(24900);
    const free = (await (await visit(s, '/checkout/shipping', true)).json()) as PagePayload<CheckoutData>;
    expect(free.data.shippingMethods.every((m) => m.priceWithTax === 0)).toBe(true);
  });
});

describe('order state on the checkout routes (the checkout guard)', () => {
  it('moves the order to ArrangingPayment on /checkout/payment and back to AddingItems on another step', async () => {
    const s = await withShipping(await withCustomer(await withBags()));
    expect(await state(s)).toBe('AddingItems');
    const payment = await visit(s, '/checkout/payment');
    expect(payment.status).toBe(200);
    expect(await state(s)).toBe('ArrangingPayment');
    const html = await payment.text();
    expect(html).toContain('Zamawiam i płacę');
    expect(html).toContain('Przelew');

    // Back to the shipping step (awaited there, so its forms can change the order at once).
    expect((await visit(s, '/Checkout/Shipping')).status).toBe(200);
    expect(await state(s)).toBe('AddingItems');
    await visit(s, '/Checkout/Payment');
    expect(await state(s)).toBe('ArrangingPayment');
    // The payment return pages keep the state.
    const code = (await s.op(getCart)).activeOrder!.code;
    expect((await visit(s, `/payment-cancel?order=${code}`)).status).toBe(200);
    expect(await state(s)).toBe('ArrangingPayment');
    expect((await visit(s, `/Checkout/PaymentCheck?order=${code}`)).status).toBe(200);
    expect(await state(s)).toBe('ArrangingPayment');
  });
});

describe('checkout pages are personal', () => {
  it('answers the capitalised duplicates with the same page, canonical to the lower-case path, no-store and noindex', async () => {
    const s = await withCustomer(await withBags());
    for (const [alias, canonical] of [
      ['/Checkout/Shipping', '/checkout/shipping'],
      ['/Checkout/Billing', '/checkout/billing'],
    ]) {
      const res = await visit(s, alias!);
      expect(res.status, alias).toBe(200);
      expect(res.headers.get('Cache-Control')).toContain('no-store');
      expect(res.headers.get('X-Robots-Tag')).toContain('noindex');
      const html = await res.text();
      expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${canonical}"/>`);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    }
    const redirect = await visit(s, '/Checkout/Customer');
    expect(redirect.status).toBe(200);
    expect(redirect.headers.get('Cache-Control')).toContain('no-store');
    const home = await visit(null, '/Checkout/ThankYou');
    expect(home.status).toBe(302);
    expect(home.headers.get('Cache-Control')).toContain('no-store');
  });

  it('sends thank-you and payment return pages without a readable order home, never an error page', async () => {
    const s = await withBags();
    for (const path of [
      '/checkout/thank-you',
      '/checkout/thank-you?order=NIEMA1234',
      '/payment-check?order=NIEMA1234',
      '/payment-cancel?order=%3Cscript%3E',
      '/Checkout/PaymentCancel',
    ]) {
      const res = await visit(s, path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('Location'), path).toBe('/');
    }
  });
});
