/**
 * TEST_PROFILE=production only (issue 43, decision 114): Redis is not a hard dependency.
 * Hung (SIGSTOP) and then killed (SIGKILL), Redis takes the shared cache away, but catalogue pages
 * the edge has no copy of are still rendered from the database at once (before: a 503 after 12 s),
 * and what Vendure reads through that cache (live stock levels, a new shopper's session) answers at once;
 * an API server's `/health/services` names the lost Redis (the balancer's `/health` stays green: the
 * servers still serve); the profile's
 * supervisor restarts it; a shopper's session and cart from before are there while it is down and
 * after its restart; and a mail queued before the kill is delivered once, by the job worker
 * that lived through the restart.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { backendShopHeaders } from '../browser';
import { shopSession } from './guest-checkout';
import { alive, currentRedisPid } from './services';

const POLL = { timeout: 30_000, interval: 250 };
/**
 * The bar: the storefront's own timeout for a page's backend call (worker/shop/backend.ts
 * TIMEOUTS_MS.page, 3 s), past which it answers 503. Measured here: 0.1–1.8 s; before: 12 s to 115 s.
 */
const QUICK_MS = 3_000;

interface Report {
  status: 'ok' | 'degraded';
  database: { status: 'up' | 'down'; message?: string };
  redis?: { status: 'up' | 'down'; message?: string };
}

const services = async (port: number): Promise<{ code: number; report: Report }> => {
  const res = await fetch(`http://127.0.0.1:${port}/health/services`);
  return { code: res.status, report: (await res.json()) as Report };
};

/** Listing pages with a search term of this run only: the edge has no copy, the backend must answer. */
let n = 0;
const uncachedPage = async () => {
  const url = `${inject('storefrontUrl')}/c/dla-psa?q=${encodeURIComponent(`smycz ${Date.now().toString(36)}${n++}`)}`;
  const started = Date.now();
  const res = await fetch(url);
  const body = await res.text();
  return { status: res.status, cache: res.headers.get('x-edge-cache'), ms: Date.now() - started, polish: body.includes('lang="pl"') };
};

/**
 * Reads that go through Vendure's cache (the shared one, in Redis): a configurator's live stock
 * levels (Vendure's stock location strategy caches per variant) and a new shopper's first cart line
 * (its session is written to the session cache). Before: 115 s and 37 s with Redis killed.
 */
const shopApi = async (query: string) => {
  const started = Date.now();
  const res = await fetch(`${inject('backendUrl')}/shop-api`, {
    method: 'POST',
    headers: backendShopHeaders(),
    body: JSON.stringify({ query }),
  });
  const body = (await res.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
  return { status: res.status, ok: Boolean(body.data) && !body.errors, ms: Date.now() - started };
};
const cachedReads = () =>
  Promise.all([
    shopApi('{ product(slug: "szelki-typu-guard-odblaskowe") { variants { stockLevel } } }'),
    shopApi('mutation { addItemToOrder(productVariantId: "5", quantity: 1) { __typename } }'),
  ]);

type Cart = { activeOrder: { code: string; lines: Array<{ quantity: number }> } | null };
const CART = '{ activeOrder { code lines { quantity } } }';

const stopped: number[] = [];
afterAll(() => {
  // whatever happened, nothing stays frozen for the next test file
  for (const pid of stopped) if (alive(pid)) process.kill(pid, 'SIGCONT');
});

describe('Redis lost (production profile)', () => {
  it('pages render from the database at once, health names Redis, the supervisor restarts it, a queued mail arrives once', async () => {
    const redis = currentRedisPid();
    const worker = inject('workerPid');
    const [apiPort] = inject('apiServerPorts');
    expect(redis && alive(redis)).toBe(true);
    expect(worker && alive(worker)).toBe(true);
    const health = async () => services(apiPort!);
    expect(await health()).toMatchObject({ code: 200, report: { status: 'ok', database: { status: 'up' }, redis: { status: 'up' } } });
    const warm = await uncachedPage();
    expect(warm).toMatchObject({ status: 200, cache: 'MISS', polish: true });
    // a shopper with a cart from before: the session lives in the database, Redis only caches it
    const shopper = shopSession();
    await shopper('mutation { addItemToOrder(productVariantId: "5", quantity: 2) { __typename } }');
    const cart = (await shopper<Cart>(CART)).activeOrder!;
    expect(cart.lines.map((l) => l.quantity)).toEqual([2]);

    // a mail queued while the job worker takes nothing (frozen), written to Redis's append-only file
    const mailbox = `${inject('mailboxUrl')}?email=${encodeURIComponent('demo@psiaki.test')}`;
    const resets = async () =>
      ((await (await fetch(mailbox)).json()) as Array<{ type: string }>).filter((m) => m.type === 'password-reset').length;
    const before = await resets();
    process.kill(worker, 'SIGSTOP');
    stopped.push(worker);
    const reset = await fetch(`${inject('backendUrl')}/shop-api`, {
      method: 'POST',
      headers: backendShopHeaders(),
      body: JSON.stringify({ query: 'mutation { requestPasswordReset(emailAddress: "demo@psiaki.test") { __typename } }' }),
    });
    expect(((await reset.json()) as { data: { requestPasswordReset: { __typename: string } } }).data.requestPasswordReset.__typename).toBe(
      'Success',
    );
    // appendfsync everysec: after a second the job is on disk
    await new Promise((r) => setTimeout(r, 1500));

    // 1. Redis hangs (it takes connections and answers nothing): the worst case, found only by timeouts
    process.kill(redis, 'SIGSTOP');
    stopped.push(redis);
    const hung = [];
    let hungReads: Array<Awaited<ReturnType<typeof shopApi>>> = [];
    try {
      for (let i = 0; i < 3; i++) hung.push(await uncachedPage());
      hungReads = await cachedReads();
      const report = await health();
      expect(report.code).toBe(503);
      expect(report.report).toMatchObject({ status: 'degraded', database: { status: 'up' }, redis: { status: 'down' } });
    } finally {
      process.kill(redis, 'SIGCONT');
    }
    // 2. Redis killed: no one answers on its port until the supervisor has started it again
    process.kill(redis, 'SIGKILL');
    const killedAt = Date.now();
    const killed = [];
    for (let i = 0; i < 3; i++) killed.push(await uncachedPage());
    const killedReads = await cachedReads();
    // the shopper's session and cart, with Redis gone: read from the database
    expect((await shopper<Cart>(CART)).activeOrder).toEqual(cart);
    const down = await health();
    console.log(
      `[redis outage] pages while hung: ${hung.map((p) => `${p.status} ${p.cache} ${p.ms} ms`).join(', ')}; ` +
        `while killed: ${killed.map((p) => `${p.status} ${p.cache} ${p.ms} ms`).join(', ')}; health ${down.code} ${JSON.stringify(down.report.redis)}; ` +
        `stock levels and a new cart while hung ${hungReads.map((r) => `${r.status} ${r.ms} ms`).join(', ')}, while killed ${killedReads.map((r) => `${r.status} ${r.ms} ms`).join(', ')}`,
    );
    for (const read of [...hungReads, ...killedReads]) {
      expect(read).toMatchObject({ status: 200, ok: true });
      expect(read.ms).toBeLessThan(QUICK_MS);
    }
    expect(hungReads).toHaveLength(2);
    for (const page of [...hung, ...killed]) {
      expect(page).toMatchObject({ status: 200, cache: 'MISS', polish: true });
      expect(page.ms).toBeLessThan(QUICK_MS);
    }

    // the supervisor restarts it (from its append-only file); the API servers' cache finds it again
    await expect.poll(async () => (await health()).code, POLL).toBe(200);
    console.log(`[redis outage] Redis answering again ${Date.now() - killedAt} ms after the kill`);
    expect(alive(redis)).toBe(false);
    expect((await health()).report).toMatchObject({ status: 'ok', redis: { status: 'up' } });
    // and after the restart (its cache entries lost with the kill): the same cart, and it still takes a line
    expect((await shopper<Cart>(CART)).activeOrder).toEqual(cart);
    await shopper('mutation { addItemToOrder(productVariantId: "5", quantity: 1) { __typename } }');
    expect((await shopper<Cart>(CART)).activeOrder).toEqual({ code: cart.code, lines: [{ quantity: 3 }] });

    // the job worker, frozen through the restart, reconnects by itself and sends the queued mail, once
    process.kill(worker, 'SIGCONT');
    await expect.poll(resets, POLL).toBe(before + 1);
    await new Promise((r) => setTimeout(r, 3000));
    expect(await resets()).toBe(before + 1);
    expect(alive(worker)).toBe(true);
    expect(await uncachedPage()).toMatchObject({ status: 200, cache: 'MISS' });
  }, 120_000);
});
