import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import { app } from '../app';
import { CACHE_STATUS_HEADER, FRESH_SECONDS, pageCacheKey, STALE_SECONDS, STORED_AT_HEADER } from '../cache/page-cache';
import { edgeCache } from '../cache/data-cache';
import { forgetPage } from '../cache/test-cache';
import { FAILURES_TO_OPEN, OPEN_MS } from './breaker';

const BASE = 'http://127.0.0.1:8787';
const RETURNING = 'currency=PLN; country=PL; locale=pl';

/**
 * The worker pointed at a pass-through to the test backend that these tests take down and bring
 * back (scripts/test-stack/switchable-backend.ts). Each test has its own breaker: the breaker is
 * per backend URL, and a query string Vendure ignores makes a new one.
 */
function backendSwitch() {
  const { url, control } = inject('switchableBackend');
  // the production timeouts (the development stack's factor would make the first calls wait 4× as long)
  const vars = { ...env, BACKEND_TIMEOUT_FACTOR: '1', VENDURE_SHOP_API: `${url}/shop-api?breaker=${crypto.randomUUID()}` };
  return {
    vars,
    set: async (mode: 'up' | 'refuse' | 'hang') => expect(await (await fetch(`${control}/${mode}`, { method: 'POST' })).text()).toBe(mode),
    get: async (path: string) => {
      const started = Date.now();
      const res = await app.request(`${BASE}${path}`, { headers: { Cookie: RETURNING } }, vars);
      const body = await res.text();
      return { res, body, ms: Date.now() - started };
    },
  };
}
/**
 * An open breaker answers without calling the backend (its mark is in Server-Timing); the time bound
 * only tells that from waiting out a call's timeout (page data 3 s), since a loaded CI machine can
 * take a few hundred milliseconds for any request. The measured times are printed (under 100 ms on
 * an idle machine, README "Fail fast").
 */
const NO_WAIT_MS = 1000;
/** A listing with no copy in the edge cache (the cache keys by the parameters a page reads only). */
const uncached = async () => {
  const path = '/c/dla-psa?sort=NAME_DESC';
  await forgetPage(`${BASE}${path}`);
  return path;
};

describe('fail fast: the circuit breaker around backend calls', () => {
  it('after the first failures of a frozen backend, answers an uncached page 503 without waiting for it (Server-Timing: breaker open), and closes again when the backend returns', async () => {
    const backend = backendSwitch();
    await backend.set('up');
    expect((await backend.get(await uncached())).res.status).toBe(200);
    try {
      await backend.set('hang');
      // The first pages wait out their timeouts (page data 3 s) until three calls have failed.
      for (let i = 0; i < FAILURES_TO_OPEN; i++) {
        const slow = await backend.get(await uncached());
        expect(slow.res.status).toBe(503);
        if (slow.res.headers.get('Server-Timing')?.includes('breaker')) break;
      }
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const fast = await backend.get(await uncached());
        times.push(fast.ms);
        expect(fast.res.status, `request ${i}`).toBe(503);
        expect(fast.ms, `request ${i}: ${fast.ms} ms`).toBeLessThan(NO_WAIT_MS);
        expect(Number(fast.res.headers.get('Retry-After'))).toBeGreaterThan(0);
        expect(fast.res.headers.get('Server-Timing')).toContain('breaker;desc="open"');
        expect(fast.body).toContain('<html');
      }
      const api = Date.now();
      const shop = await app.request(
        `${BASE}/api/shop`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: BASE },
          body: JSON.stringify({ query: '{ activeOrder { id } }' }),
        },
        backend.vars,
      );
      const apiMs = Date.now() - api;
      console.info(`breaker open: pages answered 503 in ${times.join(', ')} ms, /api/shop in ${apiMs} ms`);
      expect(apiMs).toBeLessThan(NO_WAIT_MS);
      expect(shop.status).toBe(503);
      expect(shop.headers.get('Content-Type')).toContain('application/json');
      expect(Number(shop.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(((await shop.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code).toBe(
        'BACKEND_UNAVAILABLE',
      );

      // The backend returns: after the pause the next request sends a probe (and still answers at
      // once); the probe's success closes the breaker and pages render again.
      await backend.set('up');
      await new Promise((resolve) => setTimeout(resolve, OPEN_MS + 200));
      let status = 0;
      for (let i = 0; i < 20 && status !== 200; i++) {
        const next = await backend.get(await uncached());
        status = next.res.status;
        if (status !== 200) {
          expect(next.ms).toBeLessThan(NO_WAIT_MS);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      expect(status).toBe(200);
    } finally {
      await backend.set('up');
    }
  }, 40_000);

  it('answers an unknown path 404 without waiting for a frozen backend', async () => {
    const backend = backendSwitch();
    try {
      await backend.set('hang');
      const notFound = await backend.get(`/to-nie-istnieje-${crypto.randomUUID().slice(0, 8)}`);
      expect(notFound.res.status).toBe(404);
      expect(notFound.ms).toBeLessThan(1000);
    } finally {
      await backend.set('up');
    }
  });

  it('serves a catalogue page past its stale time from the edge cache while the backend is down, marked', async () => {
    const backend = backendSwitch();
    const path = '/c/dla-psa?sort=PRICE_ASC';
    const put = () =>
      edgeCache()!.put(
        pageCacheKey(`${BASE}${path}`, 'html'),
        new Response('<p>old copy</p>', {
          headers: {
            'Content-Type': 'text/html; charset=UTF-8',
            'Cache-Control': 'public, max-age=86400',
            [STORED_AT_HEADER]: String(Date.now() - (FRESH_SECONDS + STALE_SECONDS + 600) * 1000),
          },
        }),
      );
    try {
      await put();
      await backend.set('refuse');
      const stale = await backend.get(path);
      expect(stale.res.status).toBe(200);
      expect(stale.res.headers.get(CACHE_STATUS_HEADER)).toBe('STALE-IF-ERROR');
      expect(stale.res.headers.get('Cache-Control')).toBe('no-store');
      expect(Number(stale.res.headers.get('Age'))).toBeGreaterThan(FRESH_SECONDS + STALE_SECONDS);
      expect(stale.body).toBe('<p>old copy</p>');
    } finally {
      await backend.set('up');
    }
  });
});
