/**
 * TEST_PROFILE=production only (issue 43, decision 114): PostgreSQL restarted (a fast shutdown, as a
 * managed database's maintenance or failover does) and Redis restarted (gracefully) under the
 * running shop. The API servers and the job worker are the same processes before and after: they
 * reconnect by themselves. During PostgreSQL's gap the storefront answers a page it has no copy of
 * with its 503 screen and `Retry-After`, and `/api/shop` with a JSON 503 (never a 500 or a 502);
 * afterwards pages, the cart and the mail queue work again, and a mail asked for during Redis's gap
 * arrives once. A checkout whose payment is sent as PostgreSQL goes away completes when the shopper
 * tries again, as one order with one payment and one confirmation.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { backendShopHeaders } from '../browser';
import { type ShopCall, toPaymentStep } from './guest-checkout';
import { alive, currentPostgresPid, currentRedisPid } from './services';

const POLL = { timeout: 30_000, interval: 250 };

let n = 0;
/** a listing page with a search term of this run only: the edge has no copy, the backend must answer */
const uncachedPage = async () => {
  const res = await fetch(`${inject('storefrontUrl')}/c/dla-psa?q=${encodeURIComponent(`szelki ${Date.now().toString(36)}${n++}`)}`);
  const body = await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), polish: body.includes('lang="pl"') };
};

/** what the storefront's scripts call: the worker's GraphQL proxy */
const storefrontApi = async () => {
  const res = await fetch(`${inject('storefrontUrl')}/api/shop`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: inject('storefrontUrl') },
    body: JSON.stringify({ query: '{ collection(slug: "szelki") { id name } }' }),
  });
  const body = (await res.json()) as { data?: { collection: { name: string } | null }; errors?: Array<{ extensions?: { code?: string } }> };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), ok: Boolean(body.data?.collection), body };
};

const mailbox = () => `${inject('mailboxUrl')}?email=${encodeURIComponent('demo@psiaki.test')}`;
const resets = async () =>
  ((await (await fetch(mailbox())).json()) as Array<{ type: string }>).filter((m) => m.type === 'password-reset').length;
const requestReset = async () => {
  const res = await fetch(`${inject('backendUrl')}/shop-api`, {
    method: 'POST',
    headers: backendShopHeaders(),
    body: JSON.stringify({ query: 'mutation { requestPasswordReset(emailAddress: "demo@psiaki.test") { __typename } }' }),
  });
  return ((await res.json()) as { data?: { requestPasswordReset: { __typename: string } } }).data?.requestPasswordReset.__typename;
};

/** Samples pages and /api/shop until both answer 200 again after `restart` (at most 30 s). */
async function throughGap(restart: () => void) {
  const pages: Array<Awaited<ReturnType<typeof uncachedPage>>> = [];
  const api: Array<Awaited<ReturnType<typeof storefrontApi>>> = [];
  const started = Date.now();
  restart();
  let sawGap = false;
  for (;;) {
    const [page, call] = await Promise.all([uncachedPage(), storefrontApi()]);
    pages.push(page);
    api.push(call);
    if (page.status !== 200 || call.status !== 200) sawGap = true;
    if (sawGap && page.status === 200 && call.status === 200) break;
    // a gap shorter than one sample: two clean rounds after 3 s end the sampling too
    if (!sawGap && Date.now() - started > 3000 && pages.length > 4) break;
    if (Date.now() - started > 30_000) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { pages, api, ms: Date.now() - started, sawGap };
}

/** A shopper's Shop API session sent to the backend: any answer, a status and the JSON when there is one. */
function shopper() {
  let token: string | undefined;
  return async <T>(query: string, variables: Record<string, unknown> = {}): Promise<{ status: number; data?: T; errors?: unknown[] }> => {
    try {
      const res = await fetch(`${inject('backendUrl')}/shop-api`, {
        method: 'POST',
        headers: { ...backendShopHeaders(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      token = res.headers.get('vendure-auth-token') ?? token;
      const body = (await res.json().catch(() => ({}))) as { data?: T; errors?: unknown[] };
      return { status: res.status, ...body };
    } catch {
      return { status: 0 };
    }
  };
}

/** A guest's cart to an InPost locker, ready for its payment (ArrangingPayment): every call answered 200 without errors. */
async function cartReadyToPay(call: ReturnType<typeof shopper>, email: string): Promise<void> {
  const ok: ShopCall = async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const r = await call<T>(query, variables);
    expect(r.status, query.slice(0, 50)).toBe(200);
    expect(r.errors, query.slice(0, 50)).toBeUndefined();
    return r.data!;
  };
  const { product } = await ok<{ product: { variants: Array<{ id: string }> } }>('{ product(id: "56") { variants { id } } }');
  await toPaymentStep(ok, email, product.variants[0]!.id);
}

const summary = (xs: Array<{ status: number }>) =>
  Object.entries(xs.reduce<Record<number, number>>((acc, x) => ((acc[x.status] = (acc[x.status] ?? 0) + 1), acc), {}))
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ');

describe('PostgreSQL and Redis restart under the running shop (production profile)', () => {
  // where PostgreSQL's pid is read from after a restart: learnt from the first postmaster
  beforeAll(() => void currentPostgresPid());

  it('PostgreSQL: 503 + Retry-After during the gap, never 500; the same servers and worker carry on', async () => {
    const servers = inject('apiServerPids');
    const worker = inject('workerPid');
    const postgres = inject('postgresPid');
    expect(postgres && alive(postgres)).toBe(true);
    expect(await uncachedPage()).toMatchObject({ status: 200 });

    // a fast shutdown (SIGINT): connections are closed, the profile's supervisor starts it again after 1 s
    const gap = await throughGap(() => process.kill(postgres, 'SIGINT'));
    console.log(
      `[postgres restart] ${gap.pages.length} page requests: ${summary(gap.pages)}; ${gap.api.length} /api/shop calls: ${summary(gap.api)}; answering again after ${gap.ms} ms`,
    );
    expect(gap.sawGap).toBe(true);
    for (const page of gap.pages) {
      expect([200, 503]).toContain(page.status);
      expect(page.polish).toBe(true);
      if (page.status === 503) expect(Number(page.retryAfter)).toBeGreaterThan(0);
    }
    for (const call of gap.api) {
      expect([200, 503]).toContain(call.status);
      if (call.status === 503) expect(Number(call.retryAfter)).toBeGreaterThan(0);
    }
    expect(gap.pages.at(-1)!.status).toBe(200);
    expect(gap.api.at(-1)!.ok).toBe(true);
    expect(alive(postgres)).toBe(false);

    // no process was restarted: the API servers and the worker reconnected by themselves
    for (const pid of [...servers, worker]) expect(alive(pid)).toBe(true);
    for (const port of inject('apiServerPorts')) {
      const health = await fetch(`http://127.0.0.1:${port}/health/services`);
      expect(health.status).toBe(200);
    }
    // the worker reads the database for a job: a mail asked for now goes out, once
    const before = await resets();
    expect(await requestReset()).toBe('Success');
    await expect.poll(resets, POLL).toBe(before + 1);
    await new Promise((r) => setTimeout(r, 2000));
    expect(await resets()).toBe(before + 1);
  }, 90_000);

  it('Redis: pages answer throughout, a mail asked for during the gap arrives once, the same processes carry on', async () => {
    const servers = inject('apiServerPids');
    const worker = inject('workerPid');
    const health = await fetch(`http://127.0.0.1:${inject('apiServerPorts')[0]}/health/services`);
    expect(((await health.json()) as { redis: { status: string } }).redis.status).toBe('up');
    // the Redis of now (another test may have had it restarted under a new pid)
    const redis = currentRedisPid();
    const before = await resets();

    let requested: string | undefined;
    const gap = await throughGap(() => {
      process.kill(redis, 'SIGTERM');
      // asked for while Redis is away: the API server keeps the job until Redis is back
      requested = undefined;
      void requestReset().then((r) => (requested = r));
    });
    console.log(
      `[redis restart] ${gap.pages.length} page requests: ${summary(gap.pages)}; ${gap.api.length} /api/shop calls: ${summary(gap.api)}`,
    );
    for (const page of gap.pages) expect(page.status).toBe(200);
    for (const call of gap.api) expect(call.status).toBe(200);
    await expect.poll(() => requested, POLL).toBe('Success');
    await expect.poll(resets, POLL).toBe(before + 1);
    await new Promise((r) => setTimeout(r, 2000));
    expect(await resets()).toBe(before + 1);
    for (const pid of [...servers, worker]) expect(alive(pid)).toBe(true);
  }, 90_000);

  it('a checkout paid as PostgreSQL goes away completes on retry: one order, one payment, one confirmation', async () => {
    // PostgreSQL of now (the first test had it restarted under a new pid)
    const postgres = currentPostgresPid();
    expect(postgres && alive(postgres)).toBe(true);
    const call = shopper();
    const email = `reconnect-${Date.now().toString(36)}@psiaki.test`;
    await cartReadyToPay(call, email);
    const { data } = await call<{ activeOrder: { code: string } }>('{ activeOrder { code } }');
    const code = data!.activeOrder.code;

    // the shopper presses "pay" as the database goes away, and again (the storefront's scripts retry a 503) until it answers
    process.kill(postgres, 'SIGINT');
    const answers: number[] = [];
    const started = Date.now();
    let paid: { state?: string; errorCode?: string } | undefined;
    while (Date.now() - started < 30_000) {
      const r = await call<{ addPaymentToOrder: { state?: string; errorCode?: string } }>(
        'mutation { addPaymentToOrder(input: { method: "przelew", metadata: {} }) { ... on Order { state } ... on ErrorResult { errorCode } } }',
      );
      answers.push(r.status);
      if (r.status === 200 && r.data) {
        paid = r.data.addPaymentToOrder;
        break;
      }
      expect([0, 503]).toContain(r.status);
      await new Promise((res) => setTimeout(res, 250));
    }
    console.log(`[checkout during a postgres restart] payment answers ${answers.join(', ')} in ${Date.now() - started} ms`);
    expect(answers.length).toBeGreaterThan(1);
    // paid by this call, or by an earlier one whose answer was lost: either way the order is paid
    expect(paid?.state ?? paid?.errorCode).toMatch(/^(PaymentAuthorized|ORDER_PAYMENT_STATE_ERROR|ORDER_STATE_TRANSITION_ERROR)$/);
    const order = await call<{ orderByCode: { state: string; payments: Array<{ state: string }> } }>(
      'query($c: String!) { orderByCode(code: $c) { state payments { state } } }',
      { c: code },
    );
    expect(order.data?.orderByCode).toEqual({ state: 'PaymentAuthorized', payments: [{ state: 'Authorized' }] });
    const confirmations = async () =>
      ((await (await fetch(`${inject('mailboxUrl')}?email=${encodeURIComponent(email)}`)).json()) as Array<{ type: string }>).filter(
        (m) => m.type === 'order-confirmation',
      ).length;
    await expect.poll(confirmations, POLL).toBe(1);
    await new Promise((r) => setTimeout(r, 2000));
    expect(await confirmations()).toBe(1);
  }, 90_000);
});
