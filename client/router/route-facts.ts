/**
 * The facts a route declares in its feature's `route.ts` (features/<name>/route.ts). The build
 * collects them (scripts/build/registry.ts) into the generated registries under `generated/`:
 * the worker's route table with every fact, the browser's copy with only what the browser needs
 * (id, path, page, layout), the page modules, the loader table and the island list
 * (docs/architecture.md, "Feature folders").
 */

/** Layouts of spec §2 "Layouts and shell". */
export type LayoutName = 'default' | 'account' | 'blank';

/**
 * Route guards, by their spec §2 middleware names, run by the worker before the loader
 * (`worker/pages/guards.ts`): `language` sets the first visit's cookies, `seo` the robots
 * header, `status` marks a personal page, `checkout` syncs the order state, `is-authenticated`
 * sends visitors without a customer session home.
 */
export type GuardName = 'checkout' | 'is-authenticated' | 'seo' | 'status' | 'language';
const GUARD_NAMES: readonly GuardName[] = ['checkout', 'is-authenticated', 'seo', 'status', 'language'];

/** Guards of the pages that are the same for everybody. */
const CATALOGUE_GUARDS: readonly GuardName[] = ['checkout', 'language', 'seo'];
/** Guards of a personal page: order-state sync, no-store + noindex (`status`), cookies. */
const PERSONAL_GUARDS: readonly GuardName[] = ['checkout', 'status', 'language'];

/** The facts every catalogue page shares: the same for everybody, kept in the edge cache, indexable. */
export const CATALOGUE_PAGE = {
  layout: 'default',
  guards: CATALOGUE_GUARDS,
  cache: 'edge',
  indexable: true,
  personal: false,
  hydrate: 'load',
} as const satisfies Partial<RouteFacts>;

/** The facts every personal page shares: rendered per request, never cached, `noindex`, never a legacy URL. */
export const PERSONAL_PAGE = {
  layout: 'default',
  guards: PERSONAL_GUARDS,
  cache: 'none',
  legacyOnMiss: false,
  indexable: false,
  personal: true,
  hydrate: 'load',
} as const satisfies Partial<RouteFacts>;

/**
 * Ad click ids and campaign tags (`utm_*`, `fbclid`, `gclid` …): for the analytics in the browser,
 * never read on the server. No route may name one in `query`; a route that reads every parameter
 * (`query: '*'`) still leaves them out (worker/pages/page-query.ts).
 */
export const TRACKING_PARAM =
  /^(?:utm_\w+|fbclid|gclid|gclsrc|gbraid|wbraid|dclid|msclkid|ttclid|twclid|li_fat_id|yclid|igshid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|srsltid|mkt_tok)$/i;

/** A query parameter's name as a route may declare it (`a`, `itemsPerPage`, `attributes[]`). */
const PARAM_NAME = /^[\w.[\]-]{1,64}$/;

/**
 * How the browser hydrates the page: `load` (the page's chunk hydrates the whole page after the
 * first paint; its deferred islands follow on visibility or in `prepare`). The one mode today.
 */
type Hydration = 'load';

export interface RouteFacts {
  /** Unique id, stable across server and client; the payload names the page by it. */
  id: string;
  /** The canonical path pattern (`:name`, `:name?` at the end). */
  path: string;
  /** Other patterns answering the same page (spec §2 capitalised duplicates); the page links the canonical one. */
  aliases?: readonly string[];
  /** The page component: `features/<name>/<page>.tsx` of the same feature, default export. */
  page: string;
  /** The loader: an export of one of the feature's `*.server.ts` modules. */
  loader: string;
  layout: LayoutName;
  /** Run in order before the loader; a guard may answer instead (a redirect home). */
  guards: readonly GuardName[];
  /**
   * `edge`: the same for everybody, kept in the edge cache (worker/cache/page-cache.ts);
   * `none`: rendered per request.
   */
  cache: 'edge' | 'none';
  /**
   * Whether a path this route matches may still be a legacy URL: true for catalogue routes,
   * whose loader alone knows whether the category or product exists (a miss then asks the
   * redirect table); false when the route answers every path it matches itself, so the
   * redirect lookup never spends a KV read on it and the table may not contain it.
   */
  legacyOnMiss: boolean;
  /** Whether its canonical pages belong in search engines' indexes (and the sitemaps). */
  indexable: boolean;
  /** Whether it answers one shopper's own data: never cached anywhere, `noindex`. */
  personal: boolean;
  hydrate: Hydration;
  /**
   * `false`: no page of the shop links to this path (a legacy duplicate that answers links from
   * outside): the browser's copy of the route table leaves it out, so such a link loads as a whole page.
   */
  linked?: boolean;
  /**
   * The query parameters the route's loader or page reads (docs/architecture.md, "Caching"). The
   * server sees only these: the loader's and the page's URL keeps them alone (empty values dropped,
   * sorted by name, the values of one name in their order) and the edge cache keys by them, so
   * `?sort=X&page=2` and `?page=2&sort=X&fbclid=…` are one page. Any other parameter (an ad click
   * id, a campaign tag, junk) stays in the browser's URL for its analytics and plays no part on the
   * server. Left out: none. `'*'`: every parameter but the tracking ones (TRACKING_PARAM), for a page
   * whose parameters the backend's data names (Pro-Fit Studio's design: option group codes, part keys).
   */
  query?: readonly string[] | '*';
  /** Fixed arguments for the loader (e.g. which static page a legacy alias shows). */
  meta?: Readonly<Record<string, string>>;
  /**
   * Visits that show this route's page with the seed data, for the tests that visit every page
   * type (e2e: the first-load JS budget, axe). When left out: the path itself, its optional
   * parameters dropped (a path with a required parameter must list its samples). An empty list:
   * the page needs a token or an order to show, and its own e2e test covers it.
   */
  samples?: readonly RouteSample[];
}

/** One visit of a page for the tests that visit every page type. */
interface RouteSample {
  /**
   * The path (and query) to open, the route's own path when left out; or `linkedFrom`: the first
   * link to this route on that page (for an id the seed assigns).
   */
  path?: string;
  linkedFrom?: string;
  /** Who visits: nobody (a first visit), a guest or a customer with a product in the cart. */
  session?: 'guest' | 'customer';
  /** What the visit shows, when a route has several (e.g. "shipping addresses"). */
  name?: string;
}

/** What the browser knows of a route: enough to route a link to it and load its page's code (the payload names the page and layout it shows). */
export interface BrowserRoute {
  path: string;
  page: string;
}

/**
 * Checks every entry of a route table and returns it. An entry missing a fact, naming an
 * unknown guard or a tracking parameter among the ones it reads, or caching a personal page at the
 * edge is refused by the build
 * (scripts/build/registry.ts) and when the worker starts (worker/app.ts).
 */
export function checkRoutes<R extends RouteFacts>(entries: readonly R[]): readonly R[] {
  const ids = new Set<string>();
  for (const entry of entries as ReadonlyArray<Partial<RouteFacts>>) {
    const name = entry.id ?? entry.path ?? JSON.stringify(entry);
    const fail = (fact: string) => {
      throw new Error(`Route ${name}: ${fact}`);
    };
    if (typeof entry.id !== 'string' || !entry.id) fail('needs an id');
    if (ids.has(entry.id!)) fail('duplicate id');
    ids.add(entry.id!);
    for (const path of [entry.path, ...(entry.aliases ?? [])]) {
      if (typeof path !== 'string' || !path.startsWith('/')) fail('needs a path starting with "/"');
    }
    if (typeof entry.page !== 'string' || !/^[A-Z]\w*Page$/.test(entry.page)) fail('needs a page (a component file name ending in "Page")');
    if (typeof entry.loader !== 'string' || !/^\w+$/.test(entry.loader)) fail('needs a loader (an export name)');
    if (entry.layout !== 'default' && entry.layout !== 'account' && entry.layout !== 'blank') fail('needs a layout');
    if (!Array.isArray(entry.guards)) fail('needs its guards (an empty list when none)');
    for (const guard of entry.guards!) if (!GUARD_NAMES.includes(guard)) fail(`unknown guard "${guard}"`);
    if (entry.cache !== 'edge' && entry.cache !== 'none') fail('needs cache: "edge" or "none"');
    if (typeof entry.legacyOnMiss !== 'boolean') fail('needs legacyOnMiss: true or false');
    if (typeof entry.indexable !== 'boolean') fail('needs indexable: true or false');
    if (typeof entry.personal !== 'boolean') fail('needs personal: true or false');
    if (entry.hydrate !== 'load') fail('needs hydrate: "load"');
    if (entry.linked !== undefined && typeof entry.linked !== 'boolean') fail('linked is true or false');
    if (entry.query !== undefined && entry.query !== '*') {
      if (!Array.isArray(entry.query)) fail('query is a list of parameter names, or "*"');
      for (const param of entry.query as unknown[]) {
        if (typeof param !== 'string' || !PARAM_NAME.test(param)) fail(`query: "${String(param)}" is not a parameter name`);
        if (TRACKING_PARAM.test(param as string)) fail(`query: "${String(param)}" is a tracking parameter, never read on the server`);
      }
      if (new Set(entry.query).size !== entry.query!.length) fail('query names a parameter twice');
    }
    for (const sample of entry.samples ?? [])
      for (const path of [sample.path, sample.linkedFrom])
        if (path !== undefined && (typeof path !== 'string' || !path.startsWith('/')))
          fail('a sample path (or linkedFrom) starts with "/"');
    if (!entry.samples && /\/:[^/?]+(\/|$)/.test(entry.path!)) fail('a path with a required parameter needs its samples');
    const guardedPersonal = entry.guards!.some((g) => g === 'is-authenticated' || g === 'status');
    if (entry.cache === 'edge' && guardedPersonal) fail('a personal page cannot be cached at the edge');
    if (entry.personal && (entry.cache !== 'none' || !entry.guards!.includes('status')))
      fail('a personal page needs cache: "none" and the "status" guard (no-store, noindex)');
    if (entry.indexable && (entry.personal || entry.cache !== 'edge'))
      fail('an indexable page is the same for everybody (cache: "edge", not personal)');
  }
  return entries;
}
