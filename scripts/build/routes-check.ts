/**
 * Every page of the route table must have a chunk in dist/manifest.json: the
 * worker preloads it and the browser loads it on navigation. A page whose
 * module is not `features/<name>/<Page>.tsx` (the build maps page names to
 * chunks by file name) would otherwise only fail at request time.
 */
import type { Manifest } from './client';
import { collectRoutes } from './registry';

const routesFile = 'features/*/route.ts';

/** Page names (in first-seen order, each once) that have no entry in `manifest.pages`. */
export function missingPages(manifest: Pick<Manifest, 'pages'>, pageNames: Iterable<string>): string[] {
  const missing = new Set<string>();
  for (const name of pageNames) {
    if (!Object.hasOwn(manifest.pages, name)) missing.add(name);
  }
  return [...missing];
}

/** The one-line reason the build gives for `missing` (non-empty). */
export function missingPagesMessage(missing: string[]): string {
  const list = missing.join(', ');
  return missing.length === 1
    ? `page ${list} of the route table (${routesFile}) has no chunk in dist/manifest.json: expected features/<name>/${list}.tsx`
    : `pages ${list} of the route table (${routesFile}) have no chunk in dist/manifest.json: expected features/<name>/{page}.tsx for each`;
}

/** The `page` of every route the features declare (scripts/build/registry.ts). */
export async function routePageNames(): Promise<string[]> {
  return (await collectRoutes()).map((route) => route.page);
}

/** Throws a one-line error if a page of the route table has no chunk in `manifest`. */
export async function checkRoutePages(manifest: Pick<Manifest, 'pages'>): Promise<void> {
  const missing = missingPages(manifest, await routePageNames());
  if (missing.length) throw new Error(missingPagesMessage(missing));
}
