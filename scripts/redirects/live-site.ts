import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isCataloguePath, matchRoute, routes } from '../../worker/pages/route-table';
import { compilePattern } from '../../client/router/match';
import type { LiveSite } from '../../redirects';

/**
 * Route patterns of pages being built alongside the route table (category, product and
 * collection pages). Listed here so the table can point at them before their routes land
 * in `worker/pages/route-table.ts`; once they do, both agree.
 */
export const CATALOGUE_PATTERNS = ['/c/:s1/:s2?/:s3?/:s4?/:s5?', '/p/:id/:slug', '/kolekcje', '/kolekcje/:id/:slug?'];

/** Static files the worker serves from dist/public: the downloadable forms. */
const PDF_FILE = /^\/pliki\/[a-z0-9][a-z0-9-]*\.pdf$/;

interface SeedProduct {
  id: number;
  slug: string;
  path: string;
}

/** The seeded catalogue, when `backend/seed/products.json` is there: product ids and slugs, category paths. */
export interface Catalogue {
  products: Map<string, string>;
  categories: Set<string>;
}

export function loadCatalogue(root: string): Catalogue | null {
  const file = join(root, 'backend/seed/products.json');
  if (!existsSync(file)) return null;
  const list = JSON.parse(readFileSync(file, 'utf8')) as SeedProduct[];
  const products = new Map(list.map((p) => [String(p.id), p.slug]));
  const categories = new Set<string>();
  for (const { path } of list) {
    const parts = path.split('/').filter(Boolean); // ['c', 'dla-psa', …]
    for (let n = 2; n <= parts.length; n++) categories.add('/' + parts.slice(0, n).join('/'));
  }
  return { products, categories };
}

/**
 * The live site as the validator sees it: the route table of `worker/pages/route-table.ts`, the
 * catalogue patterns, the PDF forms, the static pages of `content/pages`, and — when the seed
 * is present — the real category paths and product ids/slugs, so a typo or an invented
 * product id is caught before upload.
 */
export function liveSite(catalogue: Catalogue | null, root: string): LiveSite {
  const catalogueMatchers = CATALOGUE_PATTERNS.map((p) => compilePattern(p));
  return {
    routeServing(pathname) {
      const hit = matchRoute(pathname);
      return hit && !isCataloguePath(pathname) ? hit.route.path : null;
    },
    targetProblem(pathname) {
      if (PDF_FILE.test(pathname)) return null;
      const live = matchRoute(pathname);
      if (live && !isCataloguePath(pathname)) {
        // Static pages: `/{section}/{page}` exists when content/pages/{section}/{page}.md does.
        const section = live.route.meta?.section;
        if (!section) return null;
        const file = `content/pages/${section}/${live.params.pageName ?? 'index'}.md`;
        return existsSync(join(root, file)) ? null : `no static page ${pathname} (${file} does not exist)`;
      }
      const matcher = catalogueMatchers.find((m) => m.match(pathname));
      if (!matcher) {
        const known = [...routes.map((r) => r.path), ...CATALOGUE_PATTERNS, '/pliki/*.pdf'].join(', ');
        return `${pathname} is not a live page (known routes: ${known})`;
      }
      if (!catalogue) return null;
      if (matcher.pattern === '/p/:id/:slug') {
        const { id = '', slug = '' } = matcher.match(pathname)!;
        const seeded = catalogue.products.get(id);
        if (seeded === undefined) return `no product with id ${id} in backend/seed/products.json`;
        if (seeded !== slug) return `product ${id} has the slug "${seeded}", not "${slug}"`;
      }
      if (matcher.pattern.startsWith('/c/') && !catalogue.categories.has(pathname)) {
        return `no category ${pathname} in the seeded catalogue (backend/seed/products.json)`;
      }
      return null;
    },
  };
}
