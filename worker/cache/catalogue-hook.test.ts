import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { app } from '../app';
import { CATALOGUE_EPOCH_KEY } from './catalogue-epoch';
import { MAX_CALL_AGE_MS, SIGNATURE_HEADER } from './catalogue-hook';
import { CACHE_STATUS_HEADER } from './page-cache';
import { forgetPage, signCatalogueChange } from './test-cache';

const BASE = 'http://127.0.0.1:8787';
const RETURNING = 'currency=PLN; country=PL; locale=pl';
const PRODUCT = '/p/1/szelki-typu-guard-classic';
const DOWN = 'http://127.0.0.1:9/shop-api';

/** A call's body as the backend sends it: the ids and the sending time. */
const change = (products: string[], at = Date.now()) => JSON.stringify({ products, at });

/** What the backend sends in x-catalogue-signature for `body`. */
const sign = (body: string, secret = env.CATALOGUE_HOOK_SECRET!) => signCatalogueChange(body, secret);

const hook = (body: string, headers: Record<string, string> = {}, e = env, method = 'POST') =>
  app.request(
    `${BASE}/api/catalogue/changed`,
    { method, headers: { 'Content-Type': 'application/json', ...headers }, body: method === 'POST' ? body : undefined },
    e,
  );
const signed = async (body: string) => hook(body, { [SIGNATURE_HEADER]: await sign(body) });
const page = async (path: string, e = env, accept = 'text/html') => {
  const res = await app.request(`${BASE}${path}`, { headers: { Cookie: RETURNING, Accept: accept } }, e);
  return { status: res.status, state: res.headers.get(CACHE_STATUS_HEADER), body: await res.text() };
};
/** A page cached now: rendered once (MISS), then answered from the cache (HIT). */
async function cached(path: string): Promise<string> {
  await forgetPage(`${BASE}${path}`);
  const first = await page(path);
  expect(first.state).toBe('MISS');
  const second = await page(path);
  expect(second.state).toBe('HIT');
  return second.body;
}

describe('catalogue changes reach the edge copies: POST /api/catalogue/changed (issue 38)', () => {
  it('a signed call makes a cached product page render again (MISS), and then it is a HIT again', async () => {
    await cached(PRODUCT);
    const res = await signed(change(['1', '16']));
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { ok: boolean; epoch: number; products: number };
    expect(answer).toMatchObject({ ok: true, products: 2 });
    expect(Math.abs(answer.epoch - Date.now())).toBeLessThan(60_000);
    expect(Number(await env.REDIRECTS.get(CATALOGUE_EPOCH_KEY))).toBe(answer.epoch);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect((await page(PRODUCT)).state).toBe('MISS');
    expect((await page(PRODUCT)).state).toBe('HIT');
  });

  it('expires the JSON copies and listings as well: every copy stored before the change', async () => {
    const listing = '/c/dla-psa/akcesoria';
    await cached(listing);
    await forgetPage(`${BASE}${PRODUCT}`);
    await page(PRODUCT, env, 'application/json');
    expect((await page(PRODUCT, env, 'application/json')).state).toBe('HIT');
    expect((await signed(change(['1']))).status).toBe(200);
    expect((await page(listing)).state).toBe('MISS');
    expect((await page(PRODUCT, env, 'application/json')).state).toBe('MISS');
  });

  it('keeps a copy from before the change as the fallback while the backend is down (STALE-IF-ERROR)', async () => {
    const old = await cached(PRODUCT);
    expect((await signed(change(['1']))).status).toBe(200);
    const down = await page(PRODUCT, { ...env, VENDURE_SHOP_API: DOWN });
    expect(down.status).toBe(200);
    expect(down.state).toBe('STALE-IF-ERROR');
    expect(down.body).toBe(old);
    // the backend back: rendered again
    expect((await page(PRODUCT)).state).toBe('MISS');
  });

  it('loads the collections again after a change (their product counts), not before', async () => {
    const path = '/kolekcje';
    await cached(path);
    const counts = async () => {
      await forgetPage(`${BASE}${path}`);
      const spy = vi.spyOn(globalThis, 'fetch');
      try {
        expect((await page(path)).state).toBe('MISS');
        const bodies = spy.mock.calls.map(([, init]) => String(init?.body ?? ''));
        return bodies.filter((b) => b.includes('getfacetvaluecounts')).length;
      } finally {
        spy.mockRestore();
      }
    };
    expect(await counts(), 'from the data cache').toBe(0);
    expect((await signed(change(['1']))).status).toBe(200);
    expect(await counts(), 'loaded again').toBe(1);
  });

  it('refuses a call without a signature or with a wrong one (401, with the reason), and the page stays a HIT', async () => {
    await cached(PRODUCT);
    const body = change(['1']);
    const refusals: Array<[Record<string, string>, string]> = [
      [{}, `missing ${SIGNATURE_HEADER}`],
      [{ [SIGNATURE_HEADER]: await sign(body, 'another-secret-of-at-least-32-characters') }, 'bad signature'],
      [{ [SIGNATURE_HEADER]: await sign(change(['2'])) }, 'bad signature'],
      [{ [SIGNATURE_HEADER]: 'not-hex' }, 'bad signature'],
      [{ [SIGNATURE_HEADER]: (await sign(body)).slice(0, 62) }, 'bad signature'],
    ];
    for (const [headers, reason] of refusals) {
      const res = await hook(body, headers);
      expect(res.status, reason).toBe(401);
      expect(await res.json()).toEqual({ ok: false, reason });
    }
    expect((await page(PRODUCT)).state).toBe('HIT');
  });

  it('refuses a signed call sent more than 5 minutes ago or ahead (a replay: 401), and the page stays a HIT', async () => {
    await cached(PRODUCT);
    for (const at of [Date.now() - MAX_CALL_AGE_MS - 5000, Date.now() + MAX_CALL_AGE_MS + 5000]) {
      const res = await signed(change(['1'], at));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ ok: false, reason: 'stale call: at is more than 5 minutes from now' });
    }
    expect((await page(PRODUCT)).state).toBe('HIT');
    // within the window: taken
    expect((await signed(change(['1'], Date.now() - MAX_CALL_AGE_MS + 30_000))).status).toBe(200);
  });

  it('takes an upper-case signature, and a call from another Origin (server to server: no same-origin check)', async () => {
    const body = change(['1']);
    const res = await hook(body, { [SIGNATURE_HEADER]: (await sign(body)).toUpperCase(), Origin: 'https://backend.example' });
    expect(res.status).toBe(200);
  });

  it('refuses a signed body that is not JSON or not the contract (400), and the page stays a HIT', async () => {
    await cached(PRODUCT);
    const at = Date.now();
    for (const body of [
      'not json',
      '',
      `{"products":"1","at":${at}}`,
      `{"products":[],"at":${at}}`,
      `{"products":[1],"at":${at}}`,
      `{"products":["1", null],"at":${at}}`,
      `{"products":["<script>"],"at":${at}}`,
      change(Array.from({ length: 1001 }, (_, i) => String(i + 1))),
      '{"products":["1"]}',
      `{"products":["1"],"at":"${at}"}`,
      `{"products":["1"],"at":${at + 0.5}}`,
      '["1"]',
    ]) {
      const res = await signed(body);
      expect(res.status, body.slice(0, 40)).toBe(400);
      expect(((await res.json()) as { reason: string }).reason).toMatch(/not JSON|expected \{"products"/);
    }
    expect((await page(PRODUCT)).state).toBe('HIT');
  });

  it('answers 503 without a secret configured, 405 to another method, 413 to a body over 70 KB', async () => {
    const body = change(['1']);
    const unconfigured = await hook(body, { [SIGNATURE_HEADER]: await sign(body) }, { ...env, CATALOGUE_HOOK_SECRET: undefined });
    expect(unconfigured.status).toBe(503);
    expect(await unconfigured.json()).toEqual({ ok: false, reason: 'catalogue hook not configured' });
    const get = await hook('', {}, env, 'GET');
    expect(get.status).toBe(405);
    expect(get.headers.get('Allow')).toBe('POST');
    const big = JSON.stringify({ products: ['1'], at: Date.now(), pad: 'x'.repeat(80 * 1024) });
    expect((await hook(big, { [SIGNATURE_HEADER]: await sign(big) })).status).toBe(413);
  });
});
