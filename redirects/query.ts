/**
 * Query strings of old URLs. The lookup ignores them (add-to-cart, orderby, fbclid, utm_*,
 * affiliate refs…); only two old listing parameters carry meaning onto a new listing:
 * `attributes` → `a` (numeric facet value ids) and `orderby` → `sort`.
 */

/** Old WooCommerce `orderby` values → the new `sort`; null = no equivalent, dropped. */
export const LEGACY_SORT: Readonly<Record<string, string | null>> = {
  date: 'CREATED_DESC',
  price: 'PRICE_ASC',
  'price-desc': 'PRICE_DESC',
  popularity: null,
  menu_order: null,
};

const LEGACY_PARAMS = ['attributes', 'attributes[]', 'orderby'];

/** Whether a query string carries an old listing parameter. */
export function hasLegacyParams(search: URLSearchParams): boolean {
  return LEGACY_PARAMS.some((name) => search.has(name));
}

/**
 * The listing parameters an old query string translates to, in a stable order
 * (`a` values first, then `sort`). Non-numeric `attributes` and unknown sorts are dropped.
 *
 * @example legacyListingParams(new URLSearchParams('attributes=27&orderby=price&fbclid=x')).toString()
 *          // 'a=27&sort=PRICE_ASC'
 */
export function legacyListingParams(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  const ids = new Set<string>();
  for (const name of ['attributes', 'attributes[]']) {
    for (const value of search.getAll(name)) {
      for (const part of value.split(',')) {
        const id = part.trim();
        if (/^\d{1,9}$/.test(id)) ids.add(String(Number(id)));
      }
    }
  }
  for (const id of ids) out.append('a', id);
  const sort = LEGACY_SORT[search.get('orderby')?.trim().toLowerCase() ?? ''];
  if (sort) out.set('sort', sort);
  return out;
}

/** Listing parameters apply only to category listings. */
export function isListingPath(pathname: string): boolean {
  return pathname === '/c' || pathname.startsWith('/c/');
}

/** Adds translated parameters to `into`; parameters already there win. */
function mergeListingParams(into: URLSearchParams, legacy: URLSearchParams): void {
  const existing = new Set(into.getAll('a'));
  for (const id of legacy.getAll('a')) if (!existing.has(id)) into.append('a', id);
  const sort = legacy.get('sort');
  if (sort && !into.has('sort')) into.set('sort', sort);
}

/**
 * Adds the translated listing parameters to a target URL when it is a category listing on
 * the shop's own origin. Parameters already in the target win.
 */
export function withListingParams(target: URL, origin: string, legacy: URLSearchParams): URL {
  if (target.origin !== origin || !isListingPath(target.pathname)) return target;
  const out = new URL(target);
  mergeListingParams(out.searchParams, legacy);
  return out;
}

/**
 * The query string for a *live* page reached through an old variant of its URL (accents,
 * case, a trailing slash): the shopper's parameters are kept, except the old listing ones,
 * which are translated on category listings and dropped elsewhere.
 *
 * @example liveQuery('/c/dla-psa', new URLSearchParams('attributes=27&page=2')) // '?page=2&a=27'
 */
export function liveQuery(pathname: string, search: URLSearchParams): string {
  const out = new URLSearchParams(search);
  for (const name of LEGACY_PARAMS) out.delete(name);
  if (isListingPath(pathname)) mergeListingParams(out, legacyListingParams(search));
  const text = out.toString();
  return text ? `?${text}` : '';
}

/**
 * For a live category listing requested with old parameters (`/c/dla-psa?attributes=27`),
 * the canonical path and query (`/c/dla-psa?a=27`); null when there is nothing to rewrite.
 * Pure, no KV: the worker can apply it to live listing URLs before rendering.
 */
export function rewriteLegacyListingQuery(url: URL): string | null {
  if (!isListingPath(url.pathname) || !hasLegacyParams(url.searchParams)) return null;
  return url.pathname + liveQuery(url.pathname, url.searchParams);
}
