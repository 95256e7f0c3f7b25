import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { app } from '../app';
import { edgeCache } from './data-cache';
import { forgetPage } from './test-cache';
import {
  CACHE_STATUS_HEADER,
  FRESH_SECONDS,
  isCacheable,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
  pageCacheKey,
  STALE_IF_ERROR_SECONDS,
  STALE_SECONDS,
  STORED_AT_HEADER,
} from './page-cache';

const BASE = 'http://127.0.0.1:8787';
const RETURNING = 'currency=PLN; country=PL; locale=pl';
/** A page with no copy in the edge cache (another test of this file may have stored one). */
const uncached = async (path: string) => {
  await forgetPage(`${BASE}${path}`);
  return path;
};
const get = (path: string, headers: Record<string, string> = {}, e = env) =>
  app.request(`${BASE}${path}`, { headers, redirect: 'manual' }, e);

describe('edge cache of catalogue pages', () => {
  it('stores a category page and answers the next request from the cache, whatever the cookies', async () => {
    const path = await uncached('/c/dla-psa/akcesoria');
    const first = await get(path, { Cookie: RETURNING });
    expect(first.status).toBe(200);
    expect(first.headers.get(CACHE_STATUS_HEADER)).toBe('MISS');
    const html = await first.text();
    expect(html).toContain('Akcesoria');

    const second = await get(path, { Cookie: `${RETURNING}; session=someone-elses-session; wishlist=x` });
    expect(second.headers.get(CACHE_STATUS_HEADER)).toBe('HIT');
    expect(second.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(await second.text()).toBe(html);
  });

  it('keeps the HTML and the JSON of a page apart (Accept variant)', async () => {
    const path = await uncached('/kolekcje');
    expect((await get(path, { Cookie: RETURNING })).headers.get(CACHE_STATUS_HEADER)).toBe('MISS');
    const json = await get(path, { Cookie: RETURNING, Accept: 'application/json' });
    expect(json.headers.get(CACHE_STATUS_HEADER)).toBe('MISS');
    const again = await get(path, { Cookie: RETURNING, Accept: 'application/json' });
    expect(again.headers.get(CACHE_STATUS_HEADER)).toBe('HIT');
    expect(again.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(((await again.json()) as { route: string }).route).toBe('collections');
    expect(again.headers.get('Vary')).toBe('Accept');
  });

  it('tells shared caches a returning visitor may share the page: public, s-maxage, stale-while-revalidate, no cookie', async () => {
    for (const path of ['/', '/c/dla-psa', '/kolekcje', '/pomoc/regulamin']) {
      for (const attempt of ['miss', 'hit']) {
        const res = await get(path, { Cookie: RETURNING });
        expect(res.status, `${path} ${attempt}`).toBe(200);
        expect(res.headers.get('Cache-Control'), `${path} ${attempt}`).toBe(PUBLIC_CACHE_CONTROL);
        expect(res.headers.getSetCookie(), `${path} ${attempt}`).toEqual([]);
      }
    }
    expect(PUBLIC_CACHE_CONTROL).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=3600');
  });

  it('gives a first visit its language cookies on a private response, but stores and serves a copy without them', async () => {
    const path = await uncached('/c/dla-czlowieka');
    const first = await get(path);
    expect(first.headers.get('Cache-Control')).toBe(PRIVATE_CACHE_CONTROL);
    expect(
      first.headers
        .getSetCookie()
        .map((c) => c.split('=')[0])
        .sort(),
    ).toEqual(['country', 'currency', 'locale']);
    await first.text();

    // Another first-time visitor: served from the cache, still gets the cookies (added on the way out).
    const other = await get(path);
    expect(other.headers.get(CACHE_STATUS_HEADER)).toBe('HIT');
    expect(other.headers.getSetCookie()).toHaveLength(3);
    expect(other.headers.get('Cache-Control')).toBe(PRIVATE_CACHE_CONTROL);

    // The stored copy itself carries no cookie.
    const stored = await edgeCache()!.match(pageCacheKey(`${BASE}${path}`, 'html'));
    expect(stored?.headers.get('Set-Cookie')).toBeNull();
  });

  it('never stores an error: a 503 while the backend is down, then the real page once it is back', async () => {
    const path = await uncached('/c/dla-psa/zabawki');
    const down = await get(path, { Cookie: RETURNING }, { ...env, VENDURE_SHOP_API: 'http://127.0.0.1:9/shop-api' });
    expect(down.status).toBe(503);
    expect(down.headers.get('Cache-Control')).toBe('no-store');
    expect(down.headers.get(CACHE_STATUS_HEADER)).toBeNull();
    const back = await get(path, { Cookie: RETURNING });
    expect(back.status).toBe(200);
    expect(back.headers.get(CACHE_STATUS_HEADER)).toBe('MISS');
  });

  it('never stores a 404', async () => {
    const path = await uncached('/c/dla-psa/nie-ma-takiej');
    for (const _ of [1, 2]) {
      const res = await get(path, { Cookie: RETURNING });
      expect(res.status).toBe(404);
      expect(res.headers.get(CACHE_STATUS_HEADER)).toBeNull();
      expect(res.headers.get('Cache-Control')).toBe('no-store');
    }
  });

  it('serves a stale copy at once and renders a fresh one in the background (stale-while-revalidate)', async () => {
    const path = await uncached('/c/dla-psa/legowiska');
    const key = pageCacheKey(`${BASE}${path}`, 'html');
    await edgeCache()!.put(
      key,
      new Response('<p>old copy</p>', {
        headers: {
          'Content-Type': 'text/html; charset=UTF-8',
          'Cache-Control': 'public, max-age=3900',
          [STORED_AT_HEADER]: String(Date.now() - (FRESH_SECONDS + 5) * 1000),
        },
      }),
    );
    const stale = await get(path, { Cookie: RETURNING });
    expect(stale.headers.get(CACHE_STATUS_HEADER)).toBe('STALE');
    expect(Number(stale.headers.get('Age'))).toBeGreaterThan(FRESH_SECONDS);
    expect(await stale.text()).toBe('<p>old copy</p>');

    const fresh = await get(path, { Cookie: RETURNING });
    expect(fresh.headers.get(CACHE_STATUS_HEADER)).toBe('HIT');
    expect(await fresh.text()).toContain('Legowiska');
  });

  it('keeps serving the stale copy when the background render fails', async () => {
    const path = await uncached('/c/dla-psa/przysmaki');
    const key = pageCacheKey(`${BASE}${path}`, 'html');
    const old = () =>
      new Response('<p>old copy</p>', {
        headers: {
          'Content-Type': 'text/html',
          'Cache-Control': 'public, max-age=3900',
          [STORED_AT_HEADER]: String(Date.now() - 1_000_000),
        },
      });
    await edgeCache()!.put(key, old());
    const down = { ...env, VENDURE_SHOP_API: 'http://127.0.0.1:9/shop-api' };
    expect(await (await get(path, { Cookie: RETURNING }, down)).text()).toBe('<p>old copy</p>');
    const again = await get(path, { Cookie: RETURNING }, down);
    expect(again.headers.get(CACHE_STATUS_HEADER)).toBe('STALE');
    expect(await again.text()).toBe('<p>old copy</p>');
  });

  it('renders again, and does not serve, a copy past its stale time while the backend works (kept only for stale-if-error)', async () => {
    const path = await uncached('/c/dla-psa');
    await edgeCache()!.put(
      pageCacheKey(`${BASE}${path}`, 'html'),
      new Response('<p>old copy</p>', {
        headers: {
          'Content-Type': 'text/html',
          'Cache-Control': `public, max-age=${STALE_IF_ERROR_SECONDS}`,
          [STORED_AT_HEADER]: String(Date.now() - (FRESH_SECONDS + STALE_SECONDS + 60) * 1000),
        },
      }),
    );
    const res = await get(path, { Cookie: RETURNING });
    expect(res.headers.get(CACHE_STATUS_HEADER)).toBe('MISS');
    expect(await res.text()).not.toContain('old copy');
  });

  it('caches only pages that are the same for everybody, never /api, /checkout or /my-account', () => {
    const EDGE = { cache: 'edge' } as const;
    const PERSONAL = { cache: 'none' } as const;
    const ctx = (method: string, path: string) => ({ req: { method, url: `${BASE}${path}` } }) as Parameters<typeof isCacheable>[0];
    expect(isCacheable(ctx('GET', '/c/dla-psa'), EDGE)).toBe(true);
    expect(isCacheable(ctx('GET', '/p/1/szelki'), EDGE)).toBe(true);
    expect(isCacheable(ctx('GET', '/'), EDGE)).toBe(true);
    expect(isCacheable(ctx('HEAD', '/'), EDGE)).toBe(false);
    expect(isCacheable(ctx('GET', '/my-account/orders'), PERSONAL)).toBe(false);
    expect(isCacheable(ctx('GET', '/checkout/payment'), PERSONAL)).toBe(false);
    expect(isCacheable(ctx('GET', '/payment-check'), PERSONAL)).toBe(false);
    // Even a page name on the list is not cached under a personal path.
    for (const path of ['/api/shop', '/checkout', '/Checkout/Payment', '/my-account', '/MyAccount/OrderHistory']) {
      expect(isCacheable(ctx('GET', path), EDGE), path).toBe(false);
    }
  });

  it('does not put the shop proxy through the page cache', async () => {
    const res = await app.request(
      `${BASE}/api/shop`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: BASE },
        body: JSON.stringify({ query: '{ activeChannel { code } }' }),
      },
      env,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get(CACHE_STATUS_HEADER)).toBeNull();
    expect(res.headers.get('Cache-Control') ?? '').not.toContain('public');
  });
});

describe('edge cache key: the query parameters the page reads, nothing else (issue 38)', () => {
  const PRODUCT = '/p/1/szelki-typu-guard-classic';
  const text = async (path: string) => {
    const res = await get(path, { Cookie: RETURNING });
    expect(res.status, path).toBe(200);
    return { state: res.headers.get(CACHE_STATUS_HEADER), html: await res.text() };
  };

  for (const [page, path] of [
    ['a product page', PRODUCT],
    ['a listing', '/c/dla-psa/akcesoria'],
  ] as const) {
    it(`answers ${page} asked with an ad click id or a campaign tag from the plain page's copy (HIT)`, async () => {
      const plain = await text(await uncached(path));
      expect(plain.state).toBe('MISS');
      for (const query of ['fbclid=IwAR0xYz', 'utm_source=newsletter', 'gclid=Cj0KCQ&utm_source=google&utm_medium=cpc', 'v=77', 'x=junk']) {
        const tagged = await text(`${path}?${query}`);
        expect(tagged.state, query).toBe('HIT');
        expect(tagged.html, query).toBe(plain.html);
      }
      const json = await get(`${path}?fbclid=IwAR0xYz`, { Cookie: RETURNING, Accept: 'application/json' });
      expect(json.headers.get(CACHE_STATUS_HEADER)).toBe('MISS');
      expect((await get(path, { Cookie: RETURNING, Accept: 'application/json' })).headers.get(CACHE_STATUS_HEADER)).toBe('HIT');
    });
  }

  it('never lets tracking parameters or junk reach the backend or the page: a first visit with them renders, and stores, the plain page', async () => {
    const path = await uncached('/c/dla-psa/legowiska');
    const marker = `junk${crypto.randomUUID().slice(0, 8)}`;
    const spy = vi.spyOn(globalThis, 'fetch');
    let tagged: Awaited<ReturnType<typeof text>>;
    let sent: string[];
    try {
      tagged = await text(`${path}?utm_source=${marker}&gclid=${marker}&${marker}=1`);
      sent = await Promise.all(
        spy.mock.calls.map(async ([input, init]) => {
          const request = new Request(input, init);
          return `${request.url} ${request.method === 'POST' ? await request.text() : ''}`;
        }),
      );
    } finally {
      spy.mockRestore();
    }
    expect(tagged.state).toBe('MISS');
    expect(sent.length, 'the loader asked the backend').toBeGreaterThan(0);
    for (const call of sent) expect(call).not.toContain(marker);
    expect(tagged.html).not.toContain(marker);
    // the canonical link and og:url name the plain page
    expect(tagged.html).toContain(`<link rel="canonical" href="http://${env.MAIN_HOST}${path}"/>`);
    expect(tagged.html).toContain(`<meta property="og:url" content="http://${env.MAIN_HOST}${path}"/>`);
    const plain = await text(path);
    expect(plain.state).toBe('HIT');
    expect(plain.html).toBe(tagged.html);
  });

  it('keeps what a listing reads apart: sort, page, a facet value (a) and a search term (q) each have their own entry, MISS then HIT', async () => {
    const base = '/c/dla-psa';
    const queries = ['sort=PRICE_ASC', 'page=2', 'a=1', 'a=1&a=2', 'q=szelki', 'itemsPerPage=40'];
    for (const query of queries) await uncached(`${base}?${query}`);
    await uncached(base);
    const plain = await text(base);
    expect(plain.state).toBe('MISS');
    for (const query of queries) {
      const first = await text(`${base}?${query}`);
      expect(first.state, query).toBe('MISS');
      expect(first.html, query).not.toBe(plain.html);
      expect((await text(`${base}?${query}&fbclid=x`)).state, query).toBe('HIT');
    }
    // the order of the values of one name is the listing's own (its filters in the order chosen)
    expect((await text(`${base}?a=2&a=1`)).state).toBe('MISS');
  });

  it('shares one entry between the orders of the same parameters', async () => {
    const base = '/c/dla-psa';
    await uncached(`${base}?sort=NAME_ASC&page=2`);
    expect((await text(`${base}?page=2&sort=NAME_ASC`)).state).toBe('MISS');
    for (const query of ['sort=NAME_ASC&page=2', 'utm_campaign=x&sort=NAME_ASC&fbclid=y&page=2', 'page=2&q=&sort=NAME_ASC'])
      expect((await text(`${base}?${query}`)).state, query).toBe('HIT');
    expect(pageCacheKey(`${BASE}${base}?sort=NAME_ASC&page=2&gclid=z`, 'html').url).toBe(
      pageCacheKey(`${BASE}${base}?page=2&sort=NAME_ASC`, 'html').url,
    );
  });

  it("keeps the parameters a page does not read on a redirect to the page's right URL (an ad click id reaches the page it lands on)", async () => {
    const res = await get('/p/1?fbclid=IwAR0xYz&utm_source=facebook', { Cookie: RETURNING });
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe(`${PRODUCT}?fbclid=IwAR0xYz&utm_source=facebook`);
    const legacy = await get('/c/dla-psa?attributes=27&gclid=abc', { Cookie: RETURNING });
    expect(legacy.status).toBe(301);
    expect(legacy.headers.get('Location')).toBe('/c/dla-psa?a=27&gclid=abc');
  });
});
