import type { Context } from 'hono';
import type { RouteFacts } from '../../client/router/route-facts';
import { IMAGE, imageUrl } from '../../client/lib/image';
import { contentPagePaths } from '../content/static-page.server';
import { CATEGORY_SLUG } from '../listing/category.server';
import { loadCollectionCards } from '../listing/collections.server';
import type { AppEnv } from '../../worker/env';
import { routes } from '../../worker/pages/route-table';
import { shopClient } from '../../worker/shop/vendure';
import { getSitemapOverview, getSitemapProducts } from './sitemap.graphql.server';
import type { SitemapEntry } from './sitemap-xml';

/**
 * What the sitemaps list (decision 110), each kind from its source: products and categories from
 * the backend's `catalogueSitemap`, collections from the listing's collection cards (the same the
 * /kolekcje pages answer from), static pages from the route table's facts.
 */

/**
 * Indexable routes with parameters whose pages a sitemap of the catalogue lists (by route id). An
 * indexable route with parameters that is none of these and not a static page is reported by
 * `staticPages` (and fails its unit test), so a new one cannot go unlisted unnoticed.
 */
const CATALOGUE_ROUTES = { product: 'products', category: 'categories', collection: 'collections' } as const;

/** A path segment a page answers as it is: ASCII letters, digits and `-_.~!*'()` (what encodeURIComponent leaves), not `.`/`..`. */
const plainSegment = (s: string) => s.length > 0 && s.length <= 255 && encodeURIComponent(s) === s && !/^\.+$/.test(s);
/** The category route's depth (`/c/:s1/…/:s5`). */
const CATEGORY_DEPTH = 5;

/**
 * The static pages' paths from the route table: every indexable route without parameters, and
 * the content pages of the static page routes' sections. Routes that are not indexable (personal
 * pages, checkout, the legacy duplicates) never come in. `unlisted`: indexable routes with
 * parameters that no sitemap lists.
 */
export function staticPages(table: readonly RouteFacts[] = routes as readonly RouteFacts[]): { paths: string[]; unlisted: string[] } {
  const paths = new Set<string>();
  const unlisted: string[] = [];
  for (const route of table) {
    if (!route.indexable) continue;
    const section = route.loader === 'staticPageLoader' ? route.meta?.section : undefined;
    if (section) for (const path of contentPagePaths(section)) paths.add(path);
    else if (!route.path.includes(':')) paths.add(route.path);
    else if (!(route.id in CATALOGUE_ROUTES)) unlisted.push(route.id);
  }
  return { paths: [...paths].sort(), unlisted };
}

/** What the sitemap index needs, kept in the data cache until the next catalogue change. */
interface SitemapOverview {
  productCount: number;
  categories: SitemapEntry[];
  collections: SitemapEntry[];
}

/** Paths to absolute URLs on the shop's canonical origin (the protocol the request came by, MAIN_HOST). */
export type Absolute = (path: string) => string;

/** The product count, the categories (one backend call) and the collections (the listing's cached cards). */
export async function loadOverview(c: Context<AppEnv>, absolute: Absolute): Promise<SitemapOverview> {
  const client = shopClient(c.env);
  const [{ catalogueSitemap }, collections] = await Promise.all([client.request(getSitemapOverview), loadCollectionCards(c, client)]);
  return {
    productCount: catalogueSitemap.productCount,
    categories: catalogueSitemap.categories
      .filter((cat) => cat.path.length >= 1 && cat.path.length <= CATEGORY_DEPTH && cat.path.every((s) => CATEGORY_SLUG.test(s)))
      .map((cat) => ({ loc: absolute(`/c/${cat.path.join('/')}`), lastmod: String(cat.updatedAt) })),
    collections: collections.filter((col) => plainSegment(col.slug)).map((col) => ({ loc: absolute(col.link) })),
  };
}

/** One file's products: one backend call (`take` is at most the backend's page of 1000). */
export async function loadProducts(c: Context<AppEnv>, absolute: Absolute, skip: number, take: number): Promise<SitemapEntry[]> {
  const { catalogueSitemap } = await shopClient(c.env).request(getSitemapProducts, { skip, take });
  return catalogueSitemap.products
    .filter((p) => plainSegment(p.slug))
    .map((p) => ({
      loc: absolute(`/p/${p.id}/${p.slug}`),
      lastmod: String(p.updatedAt),
      // as the product's structured data names them (features/product/product.server.ts)
      images: p.images.map((preview) => imageUrl(preview, IMAGE.structuredData, c.env.ASSET_URL)),
    }));
}
