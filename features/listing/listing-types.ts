import type { ListingParams, SortValue } from './listing-params';
import type { ProductCardData } from '../../client/lib/product-card';
import type { Breadcrumb } from '../../client/components/ui/Breadcrumbs';

export type { Breadcrumb };

export interface FacetGroup {
  id: string;
  code: string;
  name: string;
  values: Array<{ id: string; name: string; count: number; selected: boolean }>;
}

/** The category sidebar (spec §7 getsidebarnavigation): the parent, the siblings with the current one marked, its children. */
export interface CategorySidebarData {
  /** The parent category; null under a top category. */
  parent: { name: string; href: string } | null;
  /** The current category and its siblings in their order; only the current one has children. */
  items: Array<{ name: string; href: string; current: boolean; children: Array<{ name: string; href: string }> }>;
}

/** A product listing (category, collection, search results). */
export interface ListingData {
  /** Path of this listing, used for every link it builds. */
  path: string;
  params: ListingParams;
  totalItems: number;
  totalPages: number;
  products: ProductCardData[];
  facets: FacetGroup[];
  sortOptions: Array<{ value: SortValue; label: string; selected: boolean }>;
  /** Listings with a search term (`q`/`phrase`): the term, a one-edit correction when nothing was found, whether the whole shop was searched. */
  search?: { term: string; suggestion: string | null; wholeShop: boolean };
}
