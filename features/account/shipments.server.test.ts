import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import { app } from '../../worker/app';
import { SESSION_COOKIE } from '../../worker/shop/session';
import { ORIGIN, shopper } from '../../worker/shop/test-client';

/**
 * An order's shipments (issue 28) in the pages that show a shopper an order: the account's order
 * history, the thank-you page and a guest's order status page (decision 102), server-rendered: 'Wysłane' with the date, carrier, tracking
 * number and a link to the carrier's tracking page, then 'Dostarczone' with the delivery date.
 */

type Data = Record<string, Record<string, unknown>>;

/** An order paid by transfer through the storefront's /api/shop: a registered customer's, or a guest's. */
async function placeOrder(as: 'customer' | 'guest' = 'customer'): Promise<{ code: string; cookie: string; email: string }> {
  const s = shopper();
  const gql = async (query: string, variables: Record<string, unknown> = {}): Promise<Data> => {
    const body = (await (await s.call({ query, variables })).json()) as { data: Data; errors?: unknown[] };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };
  const email = `wysylka-${crypto.randomUUID().slice(0, 8)}@psiaki.test`;
  if (as === 'customer') {
    await gql(`mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { __typename } }`, {
      i: { emailAddress: email, firstName: 'Ola', lastName: 'Lis', password: 'Haslo1234!' },
    });
    await gql(`mutation($u: String!) { login(username: $u, password: "Haslo1234!") { __typename } }`, { u: email });
  }
  const variants = ((await gql(`{ product(id: "56") { variants { id } } }`)).product!.variants as Array<{ id: string }>)!;
  await gql(`mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }`, { id: variants[0]!.id });
  if (as === 'guest')
    await gql(`mutation($i: CreateCustomerInput!) { setCustomerForOrder(input: $i) { __typename } }`, {
      i: { emailAddress: email, firstName: 'Ola', lastName: 'Lis' },
    });
  await gql(
    `mutation { setOrderShippingAddress(input: { fullName: "Ola Lis", streetLine1: "Psia 1", city: "Poznań", postalCode: "60-001", countryCode: "PL", customFields: { paczkomat: "POZ01M" } }) { __typename } }`,
  );
  const methods = (await gql(`{ eligibleShippingMethods { id code } }`)).eligibleShippingMethods as unknown as Array<{
    id: string;
    code: string;
  }>;
  await gql(`mutation($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { __typename } }`, {
    id: [methods.find((m) => m.code === 'inpost-paczkomat')!.id],
  });
  await gql(`mutation { transitionOrderToState(state: "ArrangingPayment") { __typename } }`);
  const placed = (await gql(`mutation { addPaymentToOrder(input: { method: "przelew", metadata: {} }) { ... on Order { code state } } }`))
    .addPaymentToOrder as { code: string; state: string };
  expect(placed.state).toBe('PaymentAuthorized');
  return { code: placed.code, cookie: `${SESSION_COOKIE}=${s.jar.get(SESSION_COOKIE)}`, email };
}

/** The throwaway backend's Admin API as the development superadmin. */
async function admin() {
  let token: string | null = null;
  const q = async <T = Data>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const res = await fetch(env.VENDURE_SHOP_API.replace(/\/shop-api$/, '/admin-api'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    token = res.headers.get('vendure-auth-token') ?? token;
    const body = (await res.json()) as { data: T; errors?: unknown[] };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };
  await q(`mutation { login(username: "superadmin", password: "superadmin") { __typename } }`);
  return q;
}

/** What staff do with an order in the Dashboard: settle the transfer, send it with InPost, move the parcel on. */
async function staff(code: string) {
  const q = await admin();
  const { orders } = await q<{
    orders: { items: Array<{ id: string; lines: Array<{ id: string; quantity: number }>; payments: Array<{ id: string }> }> };
  }>(`query($c: String!) { orders(options: { filter: { code: { eq: $c } } }) { items { id lines { id quantity } payments { id } } } }`, {
    c: code,
  });
  const order = orders.items[0]!;
  let fulfilment = '';
  return {
    settle: () => q(`mutation($id: ID!) { settlePayment(id: $id) { __typename } }`, { id: order.payments[0]!.id }),
    async ship(trackingCode: string) {
      const { addFulfillmentToOrder: f } = await q<{ addFulfillmentToOrder: { id: string } }>(
        `mutation($input: FulfillOrderInput!) { addFulfillmentToOrder(input: $input) { ... on Fulfillment { id } } }`,
        {
          input: {
            lines: order.lines.map((l) => ({ orderLineId: l.id, quantity: l.quantity })),
            handler: {
              code: 'psiaki-przesylka',
              arguments: [
                { name: 'carrier', value: 'inpost' },
                { name: 'trackingCode', value: trackingCode },
              ],
            },
          },
        },
      );
      fulfilment = f.id;
    },
    move: (state: string) =>
      q(`mutation($id: ID!, $s: String!) { transitionFulfillmentToState(id: $id, state: $s) { __typename } }`, {
        id: fulfilment,
        s: state,
      }),
  };
}

/** The link of the newest shop e-mail of `type` to `email` (the dev mailbox; sent after the mutation answered). */
async function mailLink(email: string, type: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${inject('backendUrl')}/dev-mailbox?email=${encodeURIComponent(email)}`)).json()) as Array<{
          type: string;
          link: string;
        }>;
        link = mails.find((m) => m.type === type)?.link ?? '';
        return link;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return link;
}

const page = async (path: string, cookie: string) => {
  const res = await app.request(`${ORIGIN}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' }, env);
  expect(res.status, path).toBe(200);
  return res.text();
};

/** The order's card in the order history. */
const card = (html: string, code: string) => {
  const start = html.indexOf(`id="order-${code}"`);
  expect(start, `the card of ${code}`).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</li>', html.indexOf('order-card__withdrawal', start)));
};

const today = () =>
  new Intl.DateTimeFormat('pl-PL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Warsaw' }).format(new Date());

describe('shipments in the order history and on the thank-you page', () => {
  it("shows 'Wysłane' with the date, carrier, number and tracking link, then 'Dostarczone' with the delivery date", async () => {
    const { code, cookie } = await placeOrder();
    const { settle, ship, move } = await staff(code);
    await settle();

    // paid, not sent: nothing about a parcel yet
    expect(card(await page('/my-account/orders', cookie), code)).not.toContain('class="shipments"');

    await ship('620099887766554433221100');
    await move('Shipped');

    const link =
      '<a class="shipment__track" href="https://inpost.pl/sledzenie-przesylek?number=620099887766554433221100" target="_blank" rel="noopener noreferrer" aria-label="Śledź przesyłkę 620099887766554433221100 na stronie przewoźnika InPost Paczkomat (otwiera się w nowej karcie)">Śledź przesyłkę</a>';
    const shipped = card(await page('/my-account/orders', cookie), code);
    expect(shipped).toContain('data-shipment-state="Shipped"');
    expect(shipped).toMatch(new RegExp(`<strong>Wysłane</strong> <time dateTime="[^"]+">${today()}</time>`));
    expect(shipped).toContain('<dd>InPost Paczkomat</dd>');
    expect(shipped).toContain('<dd class="shipment__number">620099887766554433221100</dd>');
    expect(shipped).toContain(link);

    // the thank-you page, where the e-mails lead a guest, shows the same
    const thankYou = await page(`/checkout/thank-you?order=${code}`, cookie);
    expect(thankYou).toContain('data-shipment-state="Shipped"');
    expect(thankYou).toContain(link);

    await move('Delivered');
    const delivered = card(await page('/my-account/orders', cookie), code);
    expect(delivered).toContain('data-shipment-state="Delivered"');
    expect(delivered).toMatch(new RegExp(`<strong>Dostarczone</strong> <time dateTime="[^"]+">${today()}</time>`));
    expect(delivered).not.toContain('<strong>Wysłane</strong>');
    expect(delivered).toContain(link);
  });

  it("a guest's e-mails open the order status page: 'Wysłane' with the tracking link, then 'Dostarczone', without a session", async () => {
    const { code, email } = await placeOrder('guest');
    // the order confirmation already links there; before the transfer is booked the page says what comes next
    const link = await mailLink(email, 'order-confirmation');
    // the key: `<expiry base36>.<signature>`, valid for 90 days (decision 104)
    expect(link).toMatch(new RegExp(`^/status-zamowienia\\?order=${code}&key=[0-9a-z]{1,10}\\.[A-Za-z0-9_-]{22}$`));
    const placed = await app.request(`${ORIGIN}${link}`, {}, env);
    expect(placed.status).toBe(200);
    expect(placed.headers.get('Cache-Control')).toContain('no-store');
    const placedHtml = await placed.text();
    expect(placedHtml).toContain('<meta name="robots" content="noindex');
    expect(placedHtml).toContain(`<strong data-order-code="true">${code}</strong>`);
    expect(placedHtml).toContain('Oczekuje na zaksięgowanie wpłaty');
    expect(placedHtml).toContain('Czekamy na zaksięgowanie Twojej płatności.');
    expect(placedHtml).not.toContain('class="shipments"');

    const { settle, ship, move } = await staff(code);
    await settle();
    await ship('620011112222333344445555');
    await move('Shipped');
    const shippedLink = await mailLink(email, 'order-shipped');
    // the same page; its key signed with its own expiry, 90 days from the notice
    expect(shippedLink).toMatch(new RegExp(`^/status-zamowienia\\?order=${code}&key=[0-9a-z]{1,10}\\.[A-Za-z0-9_-]{22}$`));

    const shipped = await page(shippedLink, '');
    expect(shipped).toContain('data-shipment-state="Shipped"');
    expect(shipped).toMatch(new RegExp(`<strong>Wysłane</strong> <time dateTime="[^"]+">${today()}</time>`));
    expect(shipped).toContain('href="https://inpost.pl/sledzenie-przesylek?number=620011112222333344445555"');
    expect(shipped).toContain(`href="/odstapienie-od-umowy?order=${code}"`);
    // the page's data for a client navigation carries the same order
    const json = (await (await app.request(`${ORIGIN}${shippedLink}`, { headers: { Accept: 'application/json' } }, env)).json()) as {
      data: { order: { code: string; state: string } | null; badLink: boolean };
    };
    expect(json.data).toMatchObject({ order: { code, state: 'Shipped' }, badLink: false });

    await move('Delivered');
    const delivered = await page(shippedLink, '');
    expect(delivered).toContain('data-shipment-state="Delivered"');
    expect(delivered).toMatch(new RegExp(`<strong>Dostarczone</strong> <time dateTime="[^"]+">${today()}</time>`));

    // a key cut short, another order's, one of the first format (no expiry, decision 102) or with its
    // expiry moved: the form with a note, the code filled in and the button for a fresh link, nothing of the order
    const key = new URL(link, ORIGIN).searchParams.get('key')!;
    const [, signature] = key.split('.');
    for (const bad of [
      `/status-zamowienia?order=${code}&key=${key.slice(0, -2)}`,
      `/status-zamowienia?order=AAAA1111BBBB2222&key=${key}`,
      `/status-zamowienia?order=${code}&key=${signature}`,
      `/status-zamowienia?order=${code}&key=zzzzzzz.${signature}`,
    ]) {
      const html = await page(bad, '');
      expect(html).toContain('Ten link do zamówienia wygasł albo jest niepełny.');
      expect(html).toContain('id="order-status-code"');
      expect(html).toContain(`value="${new URL(bad, ORIGIN).searchParams.get('order')}"`);
      expect(html).toContain('Wyślij nowy link');
      expect(html).not.toContain('data-shipment-state');
    }
    // without a key: the form
    const form = await page(`/status-zamowienia?order=${code}`, '');
    expect(form).toContain(`value="${code}"`);
    expect(form).not.toContain('wygasł');
  });
});
