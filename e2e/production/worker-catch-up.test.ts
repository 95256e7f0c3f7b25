/**
 * TEST_PROFILE=production only (issue 43, decision 114): the job worker down while the shop takes
 * orders. Frozen (SIGSTOP: it takes no job, and the supervisor does not replace it), 20 orders are
 * placed; no confirmation goes out meanwhile; running again, it works through the queue that waited
 * in Redis: 20 order confirmations, one per order, none twice. A product renamed in the Admin API
 * meanwhile keeps its old name in the search index until then, and has the new one after.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { shopSession, toPaymentStep } from './guest-checkout';
import { alive } from './services';

const ORDERS = 20;

/** A guest's order by bank transfer to an InPost locker (the backend tests' checkout, test/helpers.ts). */
async function placeOrder(email: string, variantId: string): Promise<string> {
  const call = shopSession();
  await toPaymentStep(call, email, variantId);
  const paid = await call<{ addPaymentToOrder: { code?: string; state?: string } }>(
    'mutation { addPaymentToOrder(input: { method: "przelew", metadata: {} }) { ... on Order { code state } } }',
  );
  expect(paid.addPaymentToOrder.state).toBe('PaymentAuthorized');
  return paid.addPaymentToOrder.code!;
}

/** An Admin API call as the superadmin of the backend under test (logs in on first use). */
let adminToken: string | null = null;
async function admin<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const post = (q: string, v: Record<string, unknown>) =>
    fetch(`${inject('backendUrl')}/admin-api`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(adminToken ? { Authorization: `Bearer ${adminToken}` } : {}) },
      body: JSON.stringify({ query: q, variables: v }),
    });
  if (!adminToken) {
    const [username, ...rest] = inject('adminLogin').split(':');
    const res = await post('mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } } }', {
      u: username,
      p: rest.join(':'),
    });
    adminToken = res.headers.get('vendure-auth-token');
  }
  const body = (await (await post(query, variables)).json()) as { data?: T; errors?: Array<{ message: string }> };
  if (!body.data || body.errors) throw new Error(`${query.slice(0, 60)}: ${JSON.stringify(body.errors)}`);
  return body.data;
}

const rename = (id: string, name: string) =>
  admin('mutation($i: UpdateProductInput!) { updateProduct(input: $i) { id } }', {
    i: { id, translations: [{ languageCode: 'pl', name }] },
  });

/** The product's name as the search index has it (the shop's listings and search read it). */
const indexedName = async (id: string) =>
  (
    await shopSession()<{ search: { items: Array<{ productId: string; productName: string }> } }>(
      '{ search(input: { groupByProduct: true, take: 500 }) { items { productId productName } } }',
    )
  ).search.items.find((i) => i.productId === id)?.productName;

const confirmations = async (email: string) =>
  ((await (await fetch(`${inject('mailboxUrl')}?email=${encodeURIComponent(email)}`)).json()) as Array<{ type: string }>).filter(
    (m) => m.type === 'order-confirmation',
  ).length;

let frozen = 0;
afterAll(() => {
  if (frozen && alive(frozen)) process.kill(frozen, 'SIGCONT');
});

describe('the job worker down while orders come in (production profile)', () => {
  it(`${ORDERS} orders placed while it is stopped: ${ORDERS} confirmations once it runs, each once; the search index current`, async () => {
    const worker = inject('workerPid');
    expect(worker && alive(worker)).toBe(true);
    const variant = await shopSession()<{ product: { variants: Array<{ id: string; sku: string }> } }>(
      '{ product(id: "56") { variants { id sku } } }',
    );
    const variantId = variant.product.variants.find((v) => v.sku === 'PS-056')!.id;
    const run = Date.now().toString(36);
    const emails = Array.from({ length: ORDERS }, (_, i) => `catch-up-${run}-${i}@psiaki.test`);

    const productId = '56';
    const oldName = await indexedName(productId);
    expect(oldName).toBeTruthy();
    const newName = `${oldName} (${run})`;

    process.kill(worker, 'SIGSTOP');
    frozen = worker;
    const started = Date.now();
    const codes: string[] = [];
    try {
      // the shop takes every order at once: the API servers only queue the mails
      for (const email of emails) codes.push(await placeOrder(email, variantId));
      expect(new Set(codes).size).toBe(ORDERS);
      // and a change in the Dashboard: its search index update waits in the queue too
      await rename(productId, newName);
      await new Promise((r) => setTimeout(r, 2000));
      expect(await Promise.all(emails.map(confirmations))).toEqual(emails.map(() => 0));
      expect(await indexedName(productId)).toBe(oldName);
    } finally {
      process.kill(worker, 'SIGCONT');
      frozen = 0;
    }
    const placedMs = Date.now() - started;
    const resumed = Date.now();
    await expect
      .poll(async () => (await Promise.all(emails.map(confirmations))).reduce((a, b) => a + b, 0), { timeout: 60_000, interval: 500 })
      .toBe(ORDERS);
    const caughtUpMs = Date.now() - resumed;
    // the search index caught up as well
    await expect.poll(() => indexedName(productId), { timeout: 30_000, interval: 500 }).toBe(newName);
    await rename(productId, oldName!);
    await expect.poll(() => indexedName(productId), { timeout: 30_000, interval: 500 }).toBe(oldName);
    // none twice, even a while later
    await new Promise((r) => setTimeout(r, 3000));
    expect(await Promise.all(emails.map(confirmations))).toEqual(emails.map(() => 1));
    expect(alive(worker)).toBe(true);
    console.log(
      `[worker catch-up] ${ORDERS} orders placed in ${placedMs} ms with the worker stopped; ${ORDERS} confirmations ${caughtUpMs} ms after it ran again, each once`,
    );
  }, 180_000);
});
