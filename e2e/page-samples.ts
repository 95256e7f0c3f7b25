import { routes } from '../worker/pages/route-table';

/** One visit of a page type, for the tests that visit every page (JS budget, axe). */
export interface PageVisit {
  /** What the report calls it: the route id, and the sample's name when it has one. */
  type: string;
  page: string;
  /** The path to open; or the page whose first link to the route to follow (an id the seed assigns). */
  path?: string;
  linkedFrom?: string;
  routePath: string;
  session?: 'guest' | 'customer';
}

/**
 * The visits of every page, derived from the route facts (features/<name>/route.ts, `samples`):
 * a page's visits are the samples its routes list; a page whose routes list none is visited at its
 * first route's own path (optional parameters dropped); an empty list leaves a page to its own e2e
 * test (it needs a token or an order). A new page is visited without editing any list here.
 */
export function pageVisits(): PageVisit[] {
  const visits: PageVisit[] = [];
  const pages = [...new Set(routes.map((r) => r.page))];
  for (const page of pages) {
    const own = routes.filter((r) => r.page === page);
    const listed = own.filter((r) => r.samples);
    if (listed.length) {
      for (const route of listed)
        for (const sample of route.samples!)
          visits.push({
            type: sample.name ? `${route.id}: ${sample.name}` : route.id,
            page,
            routePath: route.path,
            ...(sample.linkedFrom ? { linkedFrom: sample.linkedFrom } : { path: sample.path ?? defaultPath(route.path) }),
            ...(sample.session ? { session: sample.session } : {}),
          });
    } else {
      const first = own[0]!;
      visits.push({ type: first.id, page, routePath: first.path, path: defaultPath(first.path) });
    }
  }
  return visits;
}

/** A route's own path with its optional parameters dropped (`/my-account/:pageName?` → `/my-account`). */
function defaultPath(pattern: string): string {
  return pattern.replace(/\/:[^/]+\?/g, '') || '/';
}

/** The first link on `linkedFrom` to a path of the route's pattern (fetched outside the browser: no cookies). */
export async function resolveVisit(visit: PageVisit, baseUrl: string): Promise<string> {
  if (visit.path) return visit.path;
  const html = await (await fetch(new URL(visit.linkedFrom!, baseUrl))).text();
  const prefix = visit.routePath.split('/:')[0]!;
  const path = new RegExp(`href="(${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[^"]+)"`).exec(html)?.[1];
  if (!path) throw new Error(`${visit.linkedFrom} links no page of ${visit.routePath}`);
  return path;
}
