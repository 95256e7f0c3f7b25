import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../worker/env';
import { cachedJson } from '../../worker/cache/data-cache';
import { CACHE_STATUS_HEADER, PUBLIC_CACHE_CONTROL } from '../../worker/cache/page-cache';
import { retryAfterOf, statusOf } from '../../worker/pages/errors';
import { type Absolute, loadOverview, loadProducts, staticPages } from './sitemap-sources.server';
import { PROTOCOL_LIMITS, type SitemapEntry, type SitemapLimits, entriesPerFile, sitemapIndex, urlset } from './sitemap-xml';

/**
 * The sitemaps (issue 39, decision 110): `/sitemap.xml`, an index of `/sitemap-{kind}-{n}.xml`
 * (products with their pictures, categories, collections, static pages), and `/robots.txt`, which
 * names the index. URLs are absolute on the shop's canonical origin (the request's protocol and
 * MAIN_HOST, as the pages' canonical links: worker/pages/loader.ts absoluteUrl).
 *
 * What comes from the backend is kept in the data cache (worker/cache/data-cache.ts) with
 * `catalogue: true`: loaded again after the catalogue epoch (worker/cache/catalogue-epoch.ts),
 * else kept CACHE_SECONDS. The query string plays no part: `/sitemap.xml?x` is the same answer.
 */

/** How long a sitemap's catalogue data is kept when no catalogue change comes first. */
const CACHE_SECONDS = 3600;
/** The most products one backend call answers (backend/src/plugins/catalogue/api/sitemap.resolver.ts MAX_SITEMAP_TAKE). */
const BACKEND_PAGE = 1000;

const KINDS = ['products', 'categories', 'collections', 'pages'] as const;
type Kind = (typeof KINDS)[number];
const FILE = /^sitemap-(products|categories|collections|pages)-([1-9]\d{0,5})\.xml$/;

/** The rules of robots.txt (the paths no crawler needs: the API, checkout, the account). */
const ROBOTS_RULES = ['User-agent: *', 'Disallow: /api/', 'Disallow: /checkout', 'Disallow: /my-account'];

const texts = {
  notFound: (name: string) => `Nie ma takiej mapy witryny: ${name}`,
  unavailable: 'Mapa witryny jest chwilowo niedostępna. Spróbuj ponownie za chwilę.',
};

/** The canonical origin of this request: its protocol, the shop's main host. */
function canonicalOrigin(c: Context<AppEnv>): string {
  return `${new URL(c.req.url).protocol}//${c.env.MAIN_HOST}`;
}

/**
 * The sitemaps' routes, mounted in worker/app.ts. `limits`: URLs and bytes per file (the
 * protocol's by default; a test lowers them to see the files split).
 */
export function sitemapRoutes(limits: SitemapLimits = PROTOCOL_LIMITS) {
  const perFile: Record<Kind, number> = {
    products: Math.min(entriesPerFile(limits, true), BACKEND_PAGE),
    categories: entriesPerFile(limits, false),
    collections: entriesPerFile(limits, false),
    pages: entriesPerFile(limits, false),
  };
  const variant = `${limits.maxUrls}:${limits.maxBytes}`;

  return new Hono<AppEnv>()
    .get('/robots.txt', (c) =>
      c.text([...ROBOTS_RULES, '', `Sitemap: ${canonicalOrigin(c)}/sitemap.xml`, ''].join('\n'), 200, {
        'Cache-Control': 'public, max-age=3600',
      }),
    )
    .get('/:file{sitemap[a-z0-9-]*\\.xml}', async (c) => {
      const name = c.req.param('file');
      const origin = canonicalOrigin(c);
      const absolute: Absolute = (path) => origin + path;
      let loaded = false;
      /** Catalogue data through the data cache; `loaded`: this answer needed the backend. */
      const remember = <T>(key: string, load: () => Promise<T>) =>
        cachedJson(
          c,
          `sitemap:${origin}:${variant}:${key}`,
          CACHE_SECONDS,
          () => {
            loaded = true;
            return load();
          },
          { catalogue: true },
        );
      try {
        const overview = await remember('overview', () => loadOverview(c, absolute));
        const pages = staticPages().paths.map((path): SitemapEntry => ({ loc: absolute(path) }));
        const files: Record<Kind, number> = {
          products: Math.ceil(overview.productCount / perFile.products),
          categories: Math.ceil(overview.categories.length / perFile.categories),
          collections: Math.ceil(overview.collections.length / perFile.collections),
          pages: Math.ceil(pages.length / perFile.pages),
        };
        let xml: string;
        if (name === 'sitemap.xml') {
          xml = sitemapIndex(
            KINDS.flatMap((kind) => Array.from({ length: files[kind] }, (_, i) => ({ loc: `${origin}/sitemap-${kind}-${i + 1}.xml` }))),
          );
        } else {
          const match = FILE.exec(name);
          const kind = match?.[1] as Kind | undefined;
          const n = Number(match?.[2]);
          if (!kind || n > files[kind]) return c.text(texts.notFound(name), 404, { 'Cache-Control': 'no-store' });
          const skip = (n - 1) * perFile[kind];
          if (kind === 'products') xml = await remember(name, async () => urlset(await loadProducts(c, absolute, skip, perFile.products)));
          else {
            const list = kind === 'pages' ? pages : overview[kind];
            xml = urlset(list.slice(skip, skip + perFile[kind]));
          }
        }
        return c.body(xml, 200, {
          'Content-Type': 'application/xml; charset=utf-8',
          'Cache-Control': PUBLIC_CACHE_CONTROL,
          [CACHE_STATUS_HEADER]: loaded ? 'MISS' : 'HIT',
        });
      } catch (error) {
        const status = statusOf(error);
        if (status !== 503 && status !== 502) throw error;
        console.error('Sitemap unavailable', error);
        const retry = retryAfterOf(error);
        return c.text(texts.unavailable, 503, { 'Cache-Control': 'no-store', ...(retry ? { 'Retry-After': String(retry) } : {}) });
      }
    });
}
