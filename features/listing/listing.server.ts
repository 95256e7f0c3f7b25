import { searchProducts, searchSuggestion } from './catalogue.graphql.server';
import type { VariablesOf } from '../../client/graphql/graphql';
import { type ListingParams, listingQuery, SORT_LABELS, SORT_VALUES, type SortValue } from './listing-params';
import type { ProductCardData } from '../../client/lib/product-card';
import { cardSources, toProductCard } from './product-card.server';
import type { FacetGroup, ListingData } from './listing-types';
import type { ShopClient } from '../../worker/shop/vendure';
import type { LoaderRedirect } from '../../worker/pages/loader';

/** The facet-only product request takes 999 (spec §9). */
const ALL_IDS_TAKE = 999;

type SearchInput = VariablesOf<typeof searchProducts>['input'];

interface ListingQuery {
  /** Absent: the whole shop (a search from the overlay's 'Zobacz więcej', decision 051). */
  collectionSlug?: string;
  /**
   * Facet values every product of the listing has (a collection defined by a
   * facet value, /kolekcje/{id}): always filtered on, never offered as filters.
   */
  baseFacetValueIds?: readonly string[];
  params: ListingParams;
  /** Facet code listed first in the filters (spec §9: facet 67 in production). */
  firstFacetCode: string;
  now: number;
  /**
   * Keeps a search's answer for the next request of the same collection, term and filters (any
   * sort or page): the worker's data cache of catalogue data (`catalogueData`), which a catalogue
   * change empties. Absent: every search is asked.
   */
  remember?: Remember;
}

/** Looks a loaded value up by key, or loads and keeps it (worker/cache/data-cache.ts `catalogueData`). */
export type Remember = <T>(key: string, load: () => Promise<T>) => Promise<T>;

const asked: Remember = (_key, load) => load();

/**
 * A listing page: product ids from `search` (collection, facet filters, term;
 * the unfiltered search also gives the facet counts), ordered and paged here,
 * then the page's cards from the catalogue read model (`catalogueCards`, one
 * stored document per product; decision 108). Name and price sorts are done on
 * the search items (see sortSearchItems); with a term and no sort the search's
 * own (relevance) order is kept (decision 050); the default browsing order is
 * product id descending, the date sorts order by the search items' createdAt.
 * A term that finds nothing asks for 'Czy chodziło Ci o'. At most three Shop API
 * calls.
 */
export async function loadListing(client: ShopClient, q: ListingQuery): Promise<Omit<ListingData, 'path'>> {
  const { params } = q;
  const term = params.q || params.phrase || undefined;
  const baseIds = q.baseFacetValueIds ?? [];
  const baseFilters = baseIds.map((id) => ({ and: id }));
  const base: SearchInput = {
    collectionSlug: q.collectionSlug,
    term,
    groupByProduct: true,
    take: ALL_IDS_TAKE,
    facetValueFilters: baseFilters,
  };
  const [field, dir] = (params.sort ?? 'ID_DESC').split('_') as [string, 'ASC' | 'DESC'];
  const dated = field === 'CREATED';
  const remember = q.remember ?? asked;
  const search = (input: SearchInput) =>
    remember(`search:${JSON.stringify([input, dated])}`, () => client.request(searchProducts, { input, dated }));
  const all = await search(base);
  const offered = all.search.facetValues.filter((f) => !baseIds.includes(f.facetValue.id));
  const facetOf = new Map(offered.map((f) => [f.facetValue.id, f.facetValue.facet.id]));
  const selected = params.facetValueIds.filter((id) => facetOf.has(id));
  const groups = new Map<string, string[]>();
  for (const id of selected) groups.set(facetOf.get(id)!, [...(groups.get(facetOf.get(id)!) ?? []), id]);
  const facetValueFilters = [...groups.values()].map((ids) => (ids.length === 1 ? { and: ids[0]! } : { or: ids }));
  const result = selected.length ? await search({ ...base, facetValueFilters: [...baseFilters, ...facetValueFilters] }) : all;
  const ids = orderItems(result.search.items, field, dir, !!term && !params.sort).map((i) => i.productId);
  const totalItems = ids.length;
  const skip = (params.page - 1) * params.itemsPerPage;
  const pageIds = ids.slice(skip, skip + params.itemsPerPage);
  const [products, suggestion] = await Promise.all([
    cardSources(client, pageIds),
    term && totalItems === 0 && !selected.length
      ? client
          .request(searchSuggestion, { term })
          .then((r) => r.searchSuggestion ?? null)
          .catch(() => null)
      : Promise.resolve(null),
  ]);

  const facets = facetGroups(offered, selected, q.firstFacetCode);
  const cards: ProductCardData[] = products.map((p) => toProductCard(p, q.now));
  return {
    params: { ...params, facetValueIds: selected },
    totalItems,
    totalPages: Math.max(1, Math.ceil(totalItems / params.itemsPerPage)),
    products: cards,
    ...(term ? { search: { term, suggestion, wholeShop: !q.collectionSlug } } : {}),
    facets,
    sortOptions: SORT_VALUES.map((value: SortValue) => ({ value, label: SORT_LABELS[value], selected: params.sort === value })),
  };
}

type FacetValueResult = {
  count: number;
  facetValue: { id: string; name: string; code: string; facet: { id: string; name: string; code: string } };
};

/** Facet values grouped by facet, the configured first facet first, values sorted by id descending (spec §7). */
function facetGroups(values: readonly FacetValueResult[], selected: readonly string[], firstFacetCode: string): FacetGroup[] {
  const groups = new Map<string, FacetGroup>();
  for (const { count, facetValue: v } of values) {
    const group = groups.get(v.facet.id) ?? { id: v.facet.id, code: v.facet.code, name: v.facet.name, values: [] };
    group.values.push({ id: v.id, name: v.name, count, selected: selected.includes(v.id) });
    groups.set(v.facet.id, group);
  }
  for (const g of groups.values()) g.values.sort((a, b) => Number(b.id) - Number(a.id));
  return [...groups.values()].sort(
    (a, b) => Number(b.code === firstFacetCode) - Number(a.code === firstFacetCode) || a.name.localeCompare(b.name, 'pl'),
  );
}

type SearchItem = {
  productId: string;
  productName: string;
  createdAt?: unknown;
  priceWithTax: { min?: number; max?: number; value?: number };
};

/**
 * The listing's order of search items: name and price sorts (sortSearchItems), date sorts by
 * createdAt, a term without a sort in the search's relevance order, otherwise (the default
 * browsing order) product id descending. Ties keep product id descending.
 */
function orderItems<T extends SearchItem>(items: readonly T[], field: string, dir: 'ASC' | 'DESC', relevance: boolean): T[] {
  if (field === 'NAME' || field === 'PRICE') return sortSearchItems(items, field, dir);
  if (relevance) return [...items];
  const byIdDesc = (a: T, b: T) => Number(b.productId) - Number(a.productId);
  if (field !== 'CREATED') return [...items].sort(byIdDesc);
  const sign = dir === 'ASC' ? 1 : -1;
  const time = (i: T) => Date.parse(String(i.createdAt ?? '')) || 0;
  return [...items].sort((a, b) => sign * (time(a) - time(b)) || byIdDesc(a, b));
}

const polish = new Intl.Collator('pl', { sensitivity: 'base', numeric: true });

/**
 * Name and price order of listing items. Done here rather than by the search:
 * grouped by product, Vendure's search sorts prices by the net price of the
 * dearest variant (a treat "od 7,49 zł" landed among 28 zł items) and names
 * byte-wise (Ł after Z). The card shows the lowest gross price ('od'), so that
 * is what PRICE sorts by; names sort in Polish order. Ties keep the default
 * order (product id descending).
 */
export function sortSearchItems<T extends SearchItem>(items: readonly T[], field: 'NAME' | 'PRICE', dir: 'ASC' | 'DESC'): T[] {
  const sign = dir === 'ASC' ? 1 : -1;
  const price = (i: SearchItem) => i.priceWithTax.min ?? i.priceWithTax.value ?? 0;
  return [...items].sort(
    (a, b) =>
      sign * (field === 'PRICE' ? price(a) - price(b) : polish.compare(a.productName, b.productName)) ||
      Number(b.productId) - Number(a.productId),
  );
}

/**
 * A page number past the last page is not answered with an empty list (a soft 404 to search
 * engines, a dead end to shoppers): it redirects (302, the catalogue changes) to the last page,
 * same filters and sort. Decision: docs/decisions/028-listing-pages-past-the-end-redirect-to-the-last-page.md.
 */
export function pastLastPage(path: string, listing: Pick<ListingData, 'params' | 'totalPages'>): LoaderRedirect | null {
  if (listing.params.page <= listing.totalPages) return null;
  return { redirect: path + listingQuery({ ...listing.params, page: listing.totalPages }), status: 302 };
}
