/**
 * The one parser and link builder for listing query parameters (spec §2
 * "Listing query parameters", §5 sort rules, §9 page sizes). Bad values fall
 * back silently; they never produce an error.
 */
export const SORT_VALUES = ['NAME_ASC', 'NAME_DESC', 'PRICE_ASC', 'PRICE_DESC', 'CREATED_ASC', 'CREATED_DESC'] as const;
export type SortValue = (typeof SORT_VALUES)[number];

/** Polish labels of the sort options (spec §9). */
export const SORT_LABELS: Record<SortValue, string> = {
  NAME_ASC: 'Nazwa: A–Z',
  NAME_DESC: 'Nazwa: Z–A',
  PRICE_ASC: 'Cena: od najniższej',
  PRICE_DESC: 'Cena: od najwyższej',
  CREATED_ASC: 'Data: od najstarszych',
  CREATED_DESC: 'Data: od najnowszych',
};

export const PAGE_SIZES = [20, 40, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
const DEFAULT_PAGE_SIZE: PageSize = 20;
const MAX_PAGE = 10_000;
const MAX_FACETS = 30;
const MAX_TERM = 100;

export interface ListingParams {
  page: number;
  /** null = the default order, product id descending. */
  sort: SortValue | null;
  itemsPerPage: PageSize;
  /** Facet value ids (`a`), numeric only, de-duplicated, in the order given. */
  facetValueIds: string[];
  q: string;
  phrase: string;
}

/**
 * Every query parameter a listing reads (parseListingParams): its route facts' `query`, the only
 * parameters its loader sees and the edge cache keys by (client/router/route-facts.ts).
 */
export const LISTING_QUERY = ['a', 'itemsPerPage', 'page', 'phrase', 'q', 'sort'] as const;

export function parseListingParams(search: string | URLSearchParams): ListingParams {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const pageRaw = query.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageRaw) ? Math.min(Math.max(Number(pageRaw), 1), MAX_PAGE) : 1;
  const sortRaw = query.get('sort') ?? '';
  const sort = (SORT_VALUES as readonly string[]).includes(sortRaw) ? (sortRaw as SortValue) : null;
  const sizeRaw = Number(query.get('itemsPerPage') ?? '');
  const itemsPerPage = (PAGE_SIZES as readonly number[]).includes(sizeRaw) ? (sizeRaw as PageSize) : DEFAULT_PAGE_SIZE;
  const facetValueIds = [
    ...new Set(
      query
        .getAll('a')
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter((v) => /^\d{1,9}$/.test(v)),
    ),
  ].slice(0, MAX_FACETS);
  const q = (query.get('q') ?? '').trim().slice(0, MAX_TERM);
  const phrase = (query.get('phrase') ?? '').trim().slice(0, MAX_TERM);
  return { page, sort, itemsPerPage, facetValueIds, q, phrase };
}

/** Query string of a listing with defaults left out (page 1, default sort, 20 per page). */
export function listingQuery(params: ListingParams): string {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  if (params.phrase) query.set('phrase', params.phrase);
  for (const id of params.facetValueIds) query.append('a', id);
  if (params.sort) query.set('sort', params.sort);
  if (params.itemsPerPage !== DEFAULT_PAGE_SIZE) query.set('itemsPerPage', String(params.itemsPerPage));
  if (params.page > 1) query.set('page', String(params.page));
  const s = query.toString();
  return s ? `?${s}` : '';
}

/**
 * Link to the same listing with some parameters changed. Changing the sort,
 * the filters or the page size returns to page 1 (the `page` parameter goes).
 */
export function listingHref(path: string, current: ListingParams, change: Partial<ListingParams>): string {
  const next = { ...current, ...change };
  if (('sort' in change || 'facetValueIds' in change || 'itemsPerPage' in change || 'q' in change) && !('page' in change)) {
    next.page = 1;
  }
  return path + listingQuery(next);
}

/** Toggles one facet value id in the filter set. */
export function toggleFacet(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}
