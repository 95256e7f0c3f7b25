import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../app';
import { shopper } from '../shop/test-client';

const ORIGIN = 'http://127.0.0.1:8787';
/** The backend's development secret (backend/src/env.ts DEV_PAYMENT_GATEWAY_SECRET); production sets its own. */
const DEV_SECRET = 'dev-only-gateway-secret-not-for-production';

async function hmac(body: string, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)));
  return `sha256=${[...mac].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const notify = (body: string, headers: Record<string, string> = {}, method = 'POST') =>
  app.request(
    `${ORIGIN}/api/payments/notify`,
    { method, headers: { 'Content-Type': 'application/json', ...headers }, body: method === 'POST' ? body : undefined },
    env,
  );

/** A guest's order in ArrangingPayment with an online payment session started at the gateway stand-in. */
async function orderWaitingForPayment() {
  const s = shopper();
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const body = (await (await s.call({ query, variables })).json()) as {
      data: Record<string, Record<string, unknown>>;
      errors?: unknown[];
    };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };
  const product = await gql(`{ product(id: "56") { variants { id } } }`);
  const variants = product.product!.variants as Array<{ id: string }>;
  await gql(`mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 3) { ... on Order { id } } }`, { id: variants[0]!.id });
  await gql(
    `mutation { setCustomerForOrder(input: { emailAddress: "platnosc-${crypto.randomUUID().slice(0, 8)}@psiaki.test", firstName: "Ola", lastName: "Lis" }) { ... on Order { id } } }`,
  );
  await gql(
    `mutation { setOrderShippingAddress(input: { fullName: "Ola Lis", streetLine1: "Psia 1", city: "Poznań", postalCode: "60-001", countryCode: "PL", customFields: { paczkomat: "POZ01M" } }) { ... on Order { id } } }`,
  );
  const methods = (await gql(`{ eligibleShippingMethods { id code } }`)).eligibleShippingMethods as unknown as Array<{
    id: string;
    code: string;
  }>;
  await gql(`mutation($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { ... on Order { id } } }`, {
    id: [methods.find((m) => m.code === 'inpost-paczkomat')!.id],
  });
  const order = (await gql(`mutation { transitionOrderToState(state: "ArrangingPayment") { ... on Order { code state totalWithTax } } }`))
    .transitionOrderToState as { code: string; state: string; totalWithTax: number };
  expect(order.state).toBe('ArrangingPayment');
  const started = (
    await gql(
      `mutation { startOnlinePayment { ... on OnlinePaymentStart { redirectUrl sessionId } ... on OnlinePaymentError { errorCode message } } }`,
    )
  ).startOnlinePayment as { sessionId: string };
  expect(started.sessionId).toBeTruthy();
  const state = async () =>
    ((await gql(`query($c: String!) { orderByCode(code: $c) { state } }`, { c: order.code })).orderByCode as { state: string }).state;
  // the gateway's canonical body: fixed key order, no whitespace
  const body = JSON.stringify({
    sessionId: started.sessionId,
    orderCode: order.code,
    amount: order.totalWithTax,
    currency: 'PLN',
    status: 'paid',
    transactionId: `W-${started.sessionId.slice(0, 8)}`,
  });
  return { order, body, state };
}

describe('/api/payments/notify → backend', () => {
  it('forwards a signed notification: the order is settled; a forged one is refused and changes nothing', async () => {
    const { body, state } = await orderWaitingForPayment();
    const forged = await notify(body, { 'X-Payment-Signature': await hmac(body, 'zgadniete-haslo') });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ ok: false, reason: 'invalid signature' });
    const unsigned = await notify(body);
    expect(unsigned.status).toBe(401);
    const tampered = await notify(body.replace('"status":"paid"', '"status":"paid" '), {
      'X-Payment-Signature': await hmac(body, DEV_SECRET),
    });
    expect(tampered.status).toBe(401);
    expect(await state()).toBe('ArrangingPayment');

    const good = await notify(body, { 'X-Payment-Signature': await hmac(body, DEV_SECRET) });
    expect(good.status).toBe(200);
    expect(good.headers.get('Cache-Control')).toBe('no-store');
    expect(await good.json()).toMatchObject({ ok: true });
    expect(await state()).toBe('PaymentSettled');
    const replay = await notify(body, { 'X-Payment-Signature': await hmac(body, DEV_SECRET) });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ ok: true, result: 'already processed' });
  });

  it('refuses other methods (405) and oversize bodies (413) without calling the backend', async () => {
    const res = await notify('', {}, 'GET');
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const big = await notify(JSON.stringify({ pad: 'x'.repeat(17 * 1024) }), { 'X-Payment-Signature': 'sha256=00' });
    expect(big.status).toBe(413);
  });
});
