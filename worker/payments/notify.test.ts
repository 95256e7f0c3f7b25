import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../app';
import { shopper } from '../shop/test-client';

const ORIGIN = 'http://127.0.0.1:8787';
/** The backend's development P24 credentials (backend/src/env.ts DEV_P24); production sets its own. */
const DEV_P24 = { merchantId: 100001, posId: 100001, crc: 'dev-only-p24-crc-not-for-production' };

/** Przelewy24's notification sign: SHA-384 (hex) of the JSON of its fields followed by the CRC key. */
async function p24Sign(fields: Record<string, string | number>, crc: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', new TextEncoder().encode(JSON.stringify({ ...fields, crc }))));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
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
  ).startOnlinePayment as { sessionId: string; redirectUrl: string };
  expect(started.sessionId).toBeTruthy();
  const state = async () =>
    ((await gql(`query($c: String!) { orderByCode(code: $c) { state } }`, { c: order.code })).orderByCode as { state: string }).state;
  // the P24 stand-in's test door: paid (a P24 order id) without notifying, so the test sends the notification
  const paid = await fetch(started.redirectUrl.replace(/\/trnRequest\/(.+)$/, '/transactions/$1/paid-silently'), { method: 'POST' });
  const { orderId } = (await paid.json()) as { orderId: number };
  const fields = {
    merchantId: DEV_P24.merchantId,
    posId: DEV_P24.posId,
    sessionId: started.sessionId,
    amount: order.totalWithTax,
    originAmount: order.totalWithTax,
    currency: 'PLN',
    orderId,
    methodId: 25,
    statement: 'p24-test',
  };
  const body = JSON.stringify({ ...fields, sign: await p24Sign(fields, DEV_P24.crc) });
  const forged = JSON.stringify({ ...fields, sign: await p24Sign(fields, 'zgadniety-klucz-crc') });
  return { order, body, forged, state };
}

describe('/api/payments/notify → backend', () => {
  it('forwards a signed notification: the order is verified and settled; a forged one is refused and changes nothing', async () => {
    const { body, forged, state } = await orderWaitingForPayment();
    const refused = await notify(forged);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ ok: false, reason: 'invalid sign' });
    const tampered = await notify(body.replace(/"amount":(\d+)/, '"amount":1'));
    expect(tampered.status).toBe(401);
    expect(await state()).toBe('ArrangingPayment');

    const good = await notify(body);
    expect(good.status).toBe(200);
    expect(good.headers.get('Cache-Control')).toBe('no-store');
    expect(await good.json()).toMatchObject({ ok: true });
    expect(await state()).toBe('PaymentSettled');
    const replay = await notify(body);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ ok: true, result: 'already processed' });
  });

  it('refuses other methods (405) and oversize bodies (413) without calling the backend', async () => {
    const res = await notify('', {}, 'GET');
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const big = await notify(JSON.stringify({ pad: 'x'.repeat(17 * 1024) }));
    expect(big.status).toBe(413);
  });
});
