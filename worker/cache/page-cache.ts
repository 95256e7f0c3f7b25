import type { Context, MiddlewareHandler } from 'hono';
import manifest from '#build/manifest';
import staticPages from '#build/static-pages';
import { pageUrl } from '../pages/page-query';
import { matchRoute, type RouteDef } from '../pages/route-table';
import type { AppEnv } from '../env';
import { BOOT_SOURCE } from '../render/boot';
import { wantsJson } from '../render/render';
import { catalogueEpoch } from './catalogue-epoch';
import { afterResponse, edgeCache } from './data-cache';

/**
 * Edge cache of catalogue pages (docs/architecture.md "Caching").
 *
 * Catalogue HTML and its loader JSON are the same for every shopper: nothing
 * personal is rendered on the server (cart, wishlist and login load after
 * hydration). So they are kept in the Workers Cache API, keyed by URL and
 * variant (HTML or JSON) — never by cookies — and by the build, so a deploy
 * never serves HTML that points at bundles it no longer has. The URL of the key
 * is the page's as the server sees it (worker/pages/page-query.ts): only the query
 * parameters its route reads, sorted, so an ad click id (`?fbclid=…`, `?gclid=…`),
 * a campaign tag or junk is the same entry as the plain page, never a render.
 *
 * The Cache API has no stale-while-revalidate of its own, so it is done here:
 * an entry is fresh for FRESH_SECONDS; after that, for STALE_SECONDS more, it
 * is still served at once while the page is rendered again in the background.
 * A background render that fails (backend down) leaves the stale copy in place.
 *
 * Past both, a copy is kept up to STALE_IF_ERROR_SECONDS (24 h) for one use only: when the
 * page cannot be rendered because the backend is down (a 5xx), that copy is served instead of
 * the error screen, marked `X-Edge-Cache: STALE-IF-ERROR` (stale-if-error, RFC 5861).
 *
 * A copy rendered before the catalogue epoch (worker/cache/catalogue-epoch.ts: the backend's
 * last "the catalogue changed" call) is past both at once: the page is rendered again (a MISS),
 * and the copy is only the stale-if-error fallback.
 */
export const FRESH_SECONDS = 300;
export const STALE_SECONDS = 3600;
export const STALE_IF_ERROR_SECONDS = 24 * 3600;

/** What browsers and any shared cache in front of the worker are told about a cacheable page. */
export const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${FRESH_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`;
/**
 * A response that sets cookies (the first visit's currency/country/locale
 * cookies) must not be stored by a shared cache; the edge cache keeps a
 * cookie-less copy of it instead.
 */
export const PRIVATE_CACHE_CONTROL = 'private, max-age=0';
/**
 * HIT, STALE (served while revalidating), STALE-IF-ERROR (an old copy while the backend is down),
 * MISS or REVALIDATED: for people and tests reading responses.
 */
export const CACHE_STATUS_HEADER = 'X-Edge-Cache';
/**
 * Time (ms since the Unix epoch) the render of a cached copy began: the backend's data in it is at
 * least that fresh (its age counts from then, and the catalogue epoch compares with it). Stripped
 * before the copy goes out.
 */
export const STORED_AT_HEADER = 'X-Edge-Stored-At';

/**
 * Personal whatever page they show: a second lock behind the route table's `cache: 'edge'`
 * (worker/pages/route-table.ts), which alone says whether a page is the same for everybody.
 */
const NEVER_CACHED = /^\/(?:api|checkout|my-?account)(?:\/|$)/i;

/**
 * The build a cached page belongs to: its bundles and the content of the static pages (a
 * Markdown edit changes no bundle name, yet must not be hidden behind an old copy — in
 * `npm start`'s watch mode, or after a content-only deploy), and the inline boot script: the
 * CSP sent with a cached page allows the current script's hash only, so a copy holding another
 * version of it would never start its bundles. Hashed once per isolate.
 */
let buildId: string | undefined;
function currentBuildId(): string {
  buildId ??= `${manifest.entry}|${manifest.css.join(',')}|${fnv1a(JSON.stringify(staticPages))}|${fnv1a(BOOT_SOURCE)}`;
  return buildId;
}

/** FNV-1a, 32 bit: a cheap fingerprint, not a security hash. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** Requests the background revalidation makes: they skip the lookup and store what they render. */
const revalidating = new WeakSet<Request>();
/** Cache keys being revalidated by this isolate, so a burst of stale hits renders the page once. */
const inflight = new Set<string>();

/** Whether this request for a page of `route` may be answered from, and stored in, the edge cache. */
export function isCacheable(c: Context<AppEnv>, route: Pick<RouteDef, 'cache'>): boolean {
  return c.req.method === 'GET' && route.cache === 'edge' && !NEVER_CACHED.test(new URL(c.req.url).pathname);
}

/** Renders a request through the whole app again (the background revalidation). */
type Rerender = (request: Request, env: AppEnv['Bindings'], ctx: Context<AppEnv>['executionCtx'] | undefined) => Promise<Response>;

/**
 * Pipeline step 4b: the edge cache in front of the loader and renderer. A cacheable page
 * request (`c.var.page`, set by step 4a) is answered from the cache when it can be; else the
 * rendered page is stored on its way out. `rerender` is how a stale hit renders the page
 * again in the background: the app passes itself, so this module never imports it.
 */
export function edgePageCache(rerender: Rerender): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const page = c.get('page');
    if (!page || !isCacheable(c, page.route)) return next();
    const lookup = await lookupPage(c, rerender);
    if (lookup?.response) return lookup.response;
    const renderedAt = Date.now();
    await next();
    if (lookup?.expired && c.res.status >= 500) {
      const fallback = lookup.expired;
      c.res = undefined;
      c.res = fallback;
      return;
    }
    await lookup?.expired?.body?.cancel();
    const stored = await storePage(c, c.res, renderedAt);
    // Replaced, not merged: Hono copies the old response's headers onto a new one.
    c.res = undefined;
    c.res = stored;
  };
}

/**
 * The cache key: the page's URL with only the query parameters its route reads, in order of name
 * (worker/pages/page-query.ts; cookies and other headers play no part), the variant and the build.
 */
export function pageCacheKey(url: string | URL, variant: 'html' | 'json'): Request {
  const requested = new URL(url);
  const key = pageUrl(requested, matchRoute(requested.pathname)?.route);
  key.searchParams.set('__edge', `${variant}|${currentBuildId()}`);
  return new Request(key.toString(), { method: 'GET' });
}

function cacheKey(c: Context<AppEnv>): Request {
  return pageCacheKey(c.get('page')?.url ?? c.req.url, wantsJson(c) ? 'json' : 'html');
}

/**
 * A cached copy of this page to answer with (`response`), or one past its stale time or rendered
 * before the catalogue epoch, kept for a backend failure (`expired`), or null. Headers set on `c`
 * before the lookup (the language cookies, X-Robots-Tag) are added to the copy on the way out. A
 * stale copy triggers a background render.
 */
async function lookupPage(c: Context<AppEnv>, rerender: Rerender): Promise<{ response?: Response; expired?: Response } | null> {
  const cache = edgeCache();
  if (!cache || revalidating.has(c.req.raw)) return null;
  const key = cacheKey(c);
  const [hit, epoch] = await Promise.all([cache.match(key).catch(() => undefined), catalogueEpoch(c.env)]);
  if (!hit) return null;
  const storedAt = Number(hit.headers.get(STORED_AT_HEADER) ?? 0);
  const age = Math.max(0, Math.floor((Date.now() - storedAt) / 1000));
  if (!(age <= STALE_IF_ERROR_SECONDS)) return null;
  const outdated = !(storedAt >= epoch);
  const state = outdated
    ? 'STALE-IF-ERROR'
    : age <= FRESH_SECONDS
      ? 'HIT'
      : age <= FRESH_SECONDS + STALE_SECONDS
        ? 'STALE'
        : 'STALE-IF-ERROR';
  const headers = new Headers(hit.headers);
  headers.delete(STORED_AT_HEADER);
  headers.set('Age', String(age));
  headers.set(CACHE_STATUS_HEADER, state);
  // Too old to show unless the page cannot be rendered: held back, never stored by a shared cache.
  // Built apart from `c`: c.body() would share the headers it prepares with the page rendered next.
  if (state === 'STALE-IF-ERROR') {
    headers.set('Cache-Control', 'no-store');
    return { expired: new Response(hit.body, { status: 200, headers }) };
  }
  const res = withCacheControl(c.body(hit.body as ReadableStream, { status: 200, headers }));
  if (state === 'STALE') await afterResponse(c, revalidate(c, key, rerender));
  return { response: res };
}

/**
 * Stores a freshly rendered cacheable page (200 only; never one that already
 * chose its own Cache-Control) without its cookies, marked with the time its
 * render began, and returns the response to send with the right Cache-Control.
 */
async function storePage(c: Context<AppEnv>, res: Response, renderedAt: number): Promise<Response> {
  if (res.status !== 200 || res.headers.has('Cache-Control') || !res.body) return res;
  const out = new Response(res.body, res);
  const cache = edgeCache();
  if (cache) {
    const copy = out.clone();
    const headers = new Headers(copy.headers);
    headers.delete('Set-Cookie');
    headers.set('Cache-Control', `public, max-age=${STALE_IF_ERROR_SECONDS}`);
    headers.set(STORED_AT_HEADER, String(renderedAt));
    // Buffered first: a render that fails half-way must not be kept.
    const stored = copy.arrayBuffer().then((body) => cache.put(cacheKey(c), new Response(body, { status: 200, headers })));
    await afterResponse(c, stored);
  }
  out.headers.set(CACHE_STATUS_HEADER, revalidating.has(c.req.raw) ? 'REVALIDATED' : 'MISS');
  return withCacheControl(out);
}

/** Public shared-cache headers, unless the response sets a cookie. */
function withCacheControl(res: Response): Response {
  res.headers.set('Cache-Control', res.headers.has('Set-Cookie') ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
  return res;
}

/** Renders the page again through the whole app and stores it (storePage does the storing). */
async function revalidate(c: Context<AppEnv>, key: Request, rerender: Rerender): Promise<void> {
  if (inflight.has(key.url)) return;
  inflight.add(key.url);
  try {
    const request = new Request(c.get('page')?.url ?? c.req.url, { headers: { Accept: wantsJson(c) ? 'application/json' : 'text/html' } });
    revalidating.add(request);
    let ctx: Context<AppEnv>['executionCtx'] | undefined;
    try {
      ctx = c.executionCtx;
    } catch {
      ctx = undefined;
    }
    const res = await rerender(request, c.env, ctx);
    await res.arrayBuffer();
  } finally {
    inflight.delete(key.url);
  }
}
