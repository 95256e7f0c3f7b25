import { browserRoutes } from '../../generated/routes';
import type { BrowserRoute } from './route-facts';
import { compilePattern } from './match';

/**
 * The browser's routes: the generated copy of the route table (scripts/build/registry.ts) with
 * what the browser needs to route a link and load its page's code; the payload of a page names
 * its page and layout. The worker's table,
 * with every fact, is worker/pages/route-table.ts; both come from features/*\/route.ts.
 */
export interface Match<R> {
  route: R;
  params: Record<string, string>;
}

/** The first route of `table` whose path or alias matches `pathname` (already canonical: no trailing slash). */
export function matchIn<R extends { path: string; aliases?: readonly string[] }>(table: readonly R[], pathname: string): Match<R> | null {
  for (const route of table) {
    for (const pattern of [route.path, ...(route.aliases ?? [])]) {
      const params = compilePattern(pattern).match(pathname);
      if (params) return { route, params };
    }
  }
  return null;
}

/** Resolves a pathname to its route, as the browser knows it (canonical paths the shop links to). */
export function matchRoute(pathname: string): Match<BrowserRoute> | null {
  return matchIn(browserRoutes, pathname);
}
