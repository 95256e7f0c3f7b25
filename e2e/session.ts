import type { BrowserContext, Page } from 'playwright-core';
import { prepareShopper } from '../scripts/test-stack/shopper';
import { inject } from 'vitest';
import { baseUrl } from './browser';

export { DEMO } from '../scripts/test-stack/shopper';

/**
 * A GraphQL call through the storefront's /api/shop with the context's cookies (Playwright's
 * `context.request` shares them, and stores the session cookie the worker sets).
 */
export async function shopCall<T>(context: BrowserContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await context.request.post('/api/shop', {
    headers: { 'Content-Type': 'application/json', Origin: baseUrl() },
    data: { query, variables },
  });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  if (!res.ok() || !body.data) throw new Error(`/api/shop answered ${res.status()}: ${JSON.stringify(body.errors ?? body)}`);
  return body.data;
}

/** A GraphQL call from inside the page (its own fetch, session cookie and Origin); throws on errors. */
export async function shopInPage<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return page.evaluate(
    async ({ query, variables }) => {
      const res = await fetch('/api/shop', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as { data: unknown; errors?: Array<{ message: string }> };
      if (body.errors?.length) throw new Error(body.errors[0]!.message);
      return body.data;
    },
    { query, variables },
  ) as Promise<T>;
}

/**
 * A shopper with a product in the cart before any page loads, so a personal page (checkout,
 * account) can be measured on its own first load: a guest, or the demo customer logged in.
 */
export async function shopperWithCart(context: BrowserContext, kind: 'guest' | 'customer'): Promise<void> {
  await prepareShopper(<T>(query: string, variables?: Record<string, unknown>) => shopCall<T>(context, query, variables), kind);
}

/** The test backend's Admin API as the seed's superadmin (the shop's moderator), to check what was really stored. */
export async function adminCall<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const url = `${inject('backendUrl')}/admin-api`;
  const post = (token: string | null, q: string, v: Record<string, unknown>) =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query: q, variables: v }),
    });
  const [username, ...password] = inject('adminLogin').split(':');
  const login = await post(null, 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } } }', {
    u: username,
    p: password.join(':'),
  });
  const body = (await (await post(login.headers.get('vendure-auth-token'), query, variables)).json()) as {
    data: T;
    errors?: Array<{ message: string }>;
  };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data;
}

/** The page's cart goes to the InPost locker KRA01M in Kraków (Ewa Kot's address), by the locker delivery. */
export async function lockerDelivery(page: Page): Promise<void> {
  await shopInPage(page, 'mutation($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { __typename } }', {
    i: {
      fullName: 'Ewa Kot',
      streetLine1: 'Psia 5/2',
      city: 'Kraków',
      postalCode: '30-001',
      countryCode: 'PL',
      phoneNumber: '+48 600 700 800',
      customFields: { paczkomat: 'KRA01M' },
    },
  });
  const { eligibleShippingMethods } = await shopInPage<{ eligibleShippingMethods: Array<{ id: string; code: string }> }>(
    page,
    '{ eligibleShippingMethods { id code } }',
  );
  const locker = eligibleShippingMethods.find((m) => m.code === 'inpost-paczkomat')!;
  await shopInPage(page, 'mutation($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { __typename } }', { id: [locker.id] });
}

/**
 * Checks out the page's cart through /api/shop as the guest `email`: an InPost locker in Kraków and
 * a bank transfer. `afterCustomer` runs between the customer and the address steps (the failover
 * test kills a server there). Returns the placed order (PaymentAuthorized).
 */
export async function checkoutByTransfer(
  page: Page,
  email: string,
  afterCustomer: () => void | Promise<void> = () => undefined,
): Promise<{ code: string; state: string; lines: unknown[] }> {
  await shopInPage(page, 'mutation($i: CreateCustomerInput!) { setCustomerForOrder(input: $i) { __typename } }', {
    i: { emailAddress: email, firstName: 'Ewa', lastName: 'Kot', phoneNumber: '+48 600 700 800' },
  });
  await afterCustomer();
  await lockerDelivery(page);
  await shopInPage(page, 'mutation { transitionOrderToState(state: "ArrangingPayment") { __typename } }');
  const { addPaymentToOrder } = await shopInPage<{ addPaymentToOrder: { code: string; state: string; lines: unknown[] } }>(
    page,
    'mutation { addPaymentToOrder(input: { method: "przelew", metadata: {} }) { ... on Order { code state lines { id } } } }',
  );
  return addPaymentToOrder;
}

/**
 * The bank transfer of order `code` has arrived (staff settle its payment): returns the order's id,
 * which is also its address in the Dashboard (`/dashboard/orders/<id>`).
 */
export async function settleOrder(code: string): Promise<string> {
  const { orders } = await adminCall<{ orders: { items: Array<{ id: string; payments: Array<{ id: string; state: string }> }> } }>(
    'query($c: String!) { orders(options: { filter: { code: { eq: $c } } }) { items { id payments { id state } } } }',
    { c: code },
  );
  const order = orders.items[0]!;
  for (const p of order.payments.filter((p) => p.state === 'Authorized'))
    await adminCall('mutation($id: ID!) { settlePayment(id: $id) { __typename } }', { id: p.id });
  return order.id;
}
