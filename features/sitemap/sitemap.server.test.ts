import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import type { RouteFacts } from '../../client/router/route-facts';
import { app } from '../../worker/app';
import { SIGNATURE_HEADER } from '../../worker/cache/catalogue-hook';
import { signCatalogueChange } from '../../worker/cache/test-cache';
import { CACHE_STATUS_HEADER } from '../../worker/cache/page-cache';
import type { AppEnv } from '../../worker/env';
import { matchRoute } from '../../worker/pages/route-table';
import { sitemapRoutes } from './sitemap.server';
import { staticPages } from './sitemap-sources.server';
import { PROTOCOL_LIMITS, type SitemapLimits } from './sitemap-xml';

const BASE = 'http://127.0.0.1:8787';
const RETURNING = 'currency=PLN; country=PL; locale=pl';

type Fetcher = { request: (url: string, init: RequestInit, e: typeof env) => Response | Promise<Response> };
const get = (path: string, e: typeof env = env, on: Fetcher = app) =>
  on.request(`${BASE}${path}`, { headers: { Cookie: RETURNING } }, e) as Promise<Response>;

/** The text of every `<tag>` of an XML document, entities decoded. */
function values(xml: string, tag: string): string[] {
  const decode = (s: string) =>
    s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);
  return [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => decode(m[1]!));
}

/** Every `<url>` of a urlset: its location, its lastmod, its pictures. */
function entries(xml: string): Array<{ loc: string; lastmod: string | undefined; images: string[] }> {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => ({
    loc: values(body!, 'loc')[0]!,
    lastmod: values(body!, 'lastmod')[0],
    images: values(body!, 'image:loc'),
  }));
}

/** The sitemaps an index lists and, per sitemap, its entries (fetched through `on`). */
async function crawl(on: Fetcher = app, e: typeof env = env) {
  const index = await get('/sitemap.xml', e, on);
  expect(index.status).toBe(200);
  const sitemaps = values(await index.text(), 'loc');
  const files = new Map<string, ReturnType<typeof entries>>();
  const bytes = new Map<string, number>();
  for (const loc of sitemaps) {
    expect(loc.startsWith(`${BASE}/sitemap-`), loc).toBe(true);
    const res = await get(new URL(loc).pathname, e, on);
    expect(res.status, loc).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    bytes.set(loc, new TextEncoder().encode(xml).length);
    files.set(loc, entries(xml));
  }
  return { sitemaps, files, bytes, all: [...files.values()].flat() };
}

/** The backend's count of the products a sitemap lists (enabled, with a catalogue document). */
async function productCount(): Promise<number> {
  const res = await fetch(env.VENDURE_SHOP_API, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: '{ catalogueSitemap { productCount } }' }),
  });
  return ((await res.json()) as { data: { catalogueSitemap: { productCount: number } } }).data.catalogueSitemap.productCount;
}

/** The hex HMAC-SHA256 of `body`: what the backend sends to /api/catalogue/changed. */
const sign = (body: string) => signCatalogueChange(body, env.CATALOGUE_HOOK_SECRET!);

/** Sitemaps of these limits, in an app of their own (their cache entries apart from the shop's). */
const limited = (limits: SitemapLimits) => new Hono<AppEnv>().route('/', sitemapRoutes(limits));

/** Backend calls `run` makes, by operation name. */
async function backendCalls(run: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(globalThis, 'fetch');
  try {
    await run();
    return spy.mock.calls
      .map(([, init]) => /"query":"\s*query (\w+)/.exec(String(init?.body ?? ''))?.[1] ?? '')
      .filter((name) => name.startsWith('getsitemap') || name === 'getfacetvaluecounts');
  } finally {
    spy.mockRestore();
  }
}

describe('robots.txt (issue 39)', () => {
  it('names the sitemap index as an absolute URL on the shop host, and keeps its rules', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain(`Sitemap: ${BASE}/sitemap.xml\n`);
    for (const rule of ['User-agent: *', 'Disallow: /api/', 'Disallow: /checkout', 'Disallow: /my-account']) expect(text).toContain(rule);
  });
});

describe('the sitemaps (issue 39)', () => {
  it(
    'lists every product, category, collection and static page once; each answers 200 itself, is its own canonical, not noindex',
    { timeout: 240_000 },
    async () => {
      const { sitemaps, files, all } = await crawl();
      const kinds = sitemaps.map((loc) => /sitemap-([a-z]+)-\d+\.xml$/.exec(loc)?.[1]);
      expect(new Set(kinds)).toEqual(new Set(['products', 'categories', 'collections', 'pages']));
      const locs = all.map((e) => e.loc);
      expect(new Set(locs).size, 'every URL once').toBe(locs.length);

      const products = all.filter((e) => new URL(e.loc).pathname.startsWith('/p/'));
      expect(products.length).toBe(await productCount());
      expect(products.length).toBeGreaterThanOrEqual(90);
      const categories = all.filter((e) => new URL(e.loc).pathname.startsWith('/c/'));
      // the seeded tree: 36 collections, the root and the empty ones left out; every level down to the 4th
      expect(categories.length).toBeGreaterThanOrEqual(25);
      expect(Math.max(...categories.map((e) => new URL(e.loc).pathname.split('/').length - 2))).toBe(4);
      expect(all.filter((e) => /^\/kolekcje\/\d+\/[a-z0-9-]+$/.test(new URL(e.loc).pathname)).length).toBeGreaterThan(3);
      for (const path of ['/', '/kolekcje', '/pro-fit-studio', '/kontakt', '/pomoc/regulamin', '/obsluga-klienta/faq'])
        expect(locs, path).toContain(`${BASE}${path}`);
      expect(files.size).toBe(4);

      // every URL through the worker, as a crawler would
      const failures: string[] = [];
      const queue = [...locs];
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          for (let loc = queue.shift(); loc; loc = queue.shift()) {
            const res = await get(new URL(loc).pathname);
            const html = await res.text();
            if (res.status !== 200) failures.push(`${loc}: ${res.status} ${res.headers.get('Location') ?? ''}`);
            else if (!html.includes(`<link rel="canonical" href="${loc}"/>`)) failures.push(`${loc}: another canonical`);
            else if (/noindex/.test(res.headers.get('X-Robots-Tag') ?? '') || html.includes('<meta name="robots" content="noindex"/>'))
              failures.push(`${loc}: noindex`);
          }
        }),
      );
      expect(failures).toEqual([]);
    },
  );

  it('lists no excluded URL: every one is a path of an indexable route, without a query', async () => {
    const { all } = await crawl();
    for (const { loc } of all) {
      const url = new URL(loc);
      expect(url.origin).toBe(BASE);
      expect(url.search, loc).toBe('');
      expect(url.pathname, loc).not.toMatch(
        /^\/(?:api|checkout|Checkout|my-account|MyAccount|status-zamowienia|odstapienie-od-umowy|verify|password-reset|newsletter|payment-)/,
      );
      const route = matchRoute(url.pathname)?.route as RouteFacts | undefined;
      expect(route?.indexable, loc).toBe(true);
      expect(route?.personal, loc).toBe(false);
    }
  });

  it('gives every product its last change and its pictures (absolute URLs)', async () => {
    const { all } = await crawl();
    const products = all.filter((e) => new URL(e.loc).pathname.startsWith('/p/'));
    for (const p of products) {
      expect(p.lastmod, p.loc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      // workerd's clock stands still between I/O: a minute of slack
      expect(Date.parse(p.lastmod!)).toBeLessThanOrEqual(Date.now() + 60_000);
      // a product another test file creates meanwhile (product.server.test.ts: `…-test-<time>`) has no picture yet
      if (!/-test-\d+$/.test(new URL(p.loc).pathname)) expect(p.images.length, p.loc).toBeGreaterThan(0);
      for (const image of p.images) expect(image).toMatch(/^https?:\/\/[^/]+\/assets\/.+\?w=1200&h=1200&mode=crop&format=jpg$/);
    }
    // the escaped `&` of a picture's query is XML: the raw body has `&amp;`, never a bare `&`
    const xml = await (await get('/sitemap-products-1.xml')).text();
    expect(xml).toContain('&amp;h=1200');
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it('splits at the URL limit: with 10 a file, several product sitemaps, every URL in exactly one', async () => {
    const whole = (await crawl()).all.map((e) => e.loc).sort();
    const small = await crawl(limited({ maxUrls: 10, maxBytes: PROTOCOL_LIMITS.maxBytes }));
    const productFiles = small.sitemaps.filter((loc) => loc.includes('/sitemap-products-'));
    expect(productFiles.length).toBe(Math.ceil(whole.filter((l) => l.includes('/p/')).length / 10));
    expect(small.sitemaps.filter((loc) => loc.includes('/sitemap-categories-')).length).toBeGreaterThan(1);
    for (const list of small.files.values()) expect(list.length).toBeLessThanOrEqual(10);
    expect(small.all.map((e) => e.loc).sort()).toEqual(whole);
  });

  it('splits at the byte limit: no file over it, every URL in exactly one', async () => {
    const whole = (await crawl()).all.map((e) => e.loc).sort();
    const maxBytes = 500_000;
    const small = await crawl(limited({ maxUrls: PROTOCOL_LIMITS.maxUrls, maxBytes }));
    expect(small.sitemaps.filter((loc) => loc.includes('/sitemap-products-')).length).toBeGreaterThan(1);
    for (const [loc, n] of small.bytes) expect(n, loc).toBeLessThanOrEqual(maxBytes);
    expect(small.all.map((e) => e.loc).sort()).toEqual(whole);
  });

  it('is kept until the catalogue changes: then the next request asks the backend again', async () => {
    await get('/sitemap-products-1.xml');
    let res: Response | undefined;
    expect(await backendCalls(async () => (res = await get('/sitemap-products-1.xml')))).toEqual([]);
    expect(res!.headers.get(CACHE_STATUS_HEADER)).toBe('HIT');
    const body = JSON.stringify({ products: ['1'], at: Date.now() });
    const hook = await app.request(
      `${BASE}/api/catalogue/changed`,
      { method: 'POST', headers: { [SIGNATURE_HEADER]: await sign(body) }, body },
      env,
    );
    expect(hook.status).toBe(200);
    const calls = await backendCalls(async () => (res = await get('/sitemap-products-1.xml')));
    expect(res!.headers.get(CACHE_STATUS_HEADER)).toBe('MISS');
    expect(calls).toContain('getsitemapproducts');
    expect(calls).toContain('getsitemapoverview');
  });

  it('answers /sitemap.xml with junk in the query as the same cached answer, without the backend', async () => {
    const plain = await (await get('/sitemap.xml')).text();
    let res: Response | undefined;
    const calls = await backendCalls(async () => (res = await get('/sitemap.xml?junk=%3Cscript%3E&page=2&sort=x&fbclid=1')));
    expect(calls).toEqual([]);
    expect(res!.status).toBe(200);
    expect(res!.headers.get(CACHE_STATUS_HEADER)).toBe('HIT');
    expect(await res!.text()).toBe(plain);
  });

  it('answers 404 with the reason for a sitemap that does not exist, without the backend', async () => {
    await get('/sitemap.xml');
    for (const path of [
      '/sitemap-products-999.xml',
      '/sitemap-products-0.xml',
      '/sitemap-products-01.xml',
      '/sitemap-orders-1.xml',
      '/sitemap-products-9999999.xml',
    ]) {
      let res: Response | undefined;
      expect(await backendCalls(async () => (res = await get(path))), path).toEqual([]);
      expect(res!.status, path).toBe(404);
      expect(await res!.text(), path).toContain('Nie ma takiej mapy witryny');
    }
    for (const path of ['/sitemap-products-1.xml.gz', '/Sitemap.xml', '/sitemap.xml/'])
      expect((await get(path)).status, path).not.toBe(200);
  });

  it('answers 503 with Retry-After while the backend is down, never a 500', async () => {
    const down = { ...env, VENDURE_SHOP_API: 'http://127.0.0.1:9/shop-api' };
    const res = await get('/sitemap.xml', down, limited({ maxUrls: 7, maxBytes: PROTOCOL_LIMITS.maxBytes }));
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await res.text()).toContain('Mapa witryny jest chwilowo niedostępna');
  });
});

describe('the static pages of the sitemaps come from the route facts', () => {
  it('lists every indexable route and no other; none is left unlisted', () => {
    const { paths, unlisted } = staticPages();
    expect(unlisted).toEqual([]);
    expect(paths).toContain('/');
    expect(paths).toContain('/page/polityka-cookies');
    // the capitalised legacy duplicates are not indexable
    expect(paths).not.toContain('/Regulamin');
  });

  it('reports an indexable route with parameters no sitemap lists, and leaves out a route that is not indexable', () => {
    const base = {
      page: 'XPage',
      loader: 'xLoader',
      layout: 'default',
      guards: [],
      cache: 'edge',
      legacyOnMiss: false,
      personal: false,
      hydrate: 'load',
    } as const;
    const { paths, unlisted } = staticPages([
      { ...base, id: 'blog', path: '/blog/:slug', indexable: true },
      { ...base, id: 'secret', path: '/sekret', indexable: false },
      { ...base, id: 'about', path: '/o-nas', indexable: true },
    ]);
    expect(unlisted).toEqual(['blog']);
    expect(paths).toEqual(['/o-nas']);
  });
});
