import type { extraOfferFields } from '../../client/graphql/fragments.graphql';
import type { ResultOf } from '../../client/graphql/graphql';
import type { Breadcrumb } from '../listing/listing-types';
import type { ProductCardData } from '../../client/lib/product-card';
import type { ReviewsData } from '../reviews/review-items';

/** An extra as the Shop API returns it (`ProductVariant.extras`): field, label, type, price table, limits. */
export type ExtraOffer = ResultOf<typeof extraOfferFields>;

/** What the product page receives from its loader (`features/product/product.server.ts`), computed once on the server. */
export interface ProductData {
  id: string;
  name: string;
  slug: string;
  /** `/p/{id}/{slug}` */
  href: string;
  /** Sanitised in the worker. */
  descriptionHtml: string;
  /** Facet values worth showing (colour, tape width, tape type), one row per facet. */
  features: Array<{ name: string; values: string }>;
  breadcrumbs: Breadcrumb[];
  images: ProductImageData[];
  /** `szerokosc-tasmy` first. */
  optionGroups: Array<{ id: string; code: string; name: string; options: Array<{ id: string; code: string; name: string }> }>;
  variants: ProductVariantData[];
  /** The variant the page's link chose (`?wariant=ID`, a product feed's link) and its options by group id; null: nothing chosen but groups of one option. */
  preselected: { variantId: string; selection: Record<string, string> } | null;
  /** Created under 30 days before the request (computed in the loader, so server and client agree). */
  isNew: boolean;
  /** The guard harness needs a colour for each part and a hardware colour (spec §5). */
  guard: { parts: string[]; colours: Array<{ code: string; name: string }> } | null;
  /** The size table applies (harnesses and collars with sizes). */
  sizeTable: boolean;
  /** Same family (leaf collection), product id descending, the current product first and active. */
  family: Array<ProductCardData & { active: boolean }>;
  /** Other products of the parent collection. */
  related: ProductCardData[];
  /** Summary and first page of the approved reviews (public: the page stays cacheable). */
  reviews: ReviewsData;
  /** Product safety information (GPSR art. 19): the manufacturer and the warnings, when the backend has them. */
  safety: ProductSafety | null;
}

export interface ProductSafety {
  manufacturer: string;
  /** Postal address, one line per element. */
  address: string[];
  email: string;
  /** Warnings and safety information in Polish, one paragraph each. */
  warnings: string[];
}

export interface ProductImageData {
  id: string;
  preview: string;
  source: string;
  width: number;
  height: number;
}

export interface ProductVariantData {
  id: string;
  name: string;
  sku: string;
  /** Gross price in grosze. */
  price: number;
  /** `staracena`, when higher than the price. */
  oldPrice: number | null;
  /** Lowest price of the 30 days before the reduction (Omnibus), when the backend reports one. */
  omnibusPrice: number | null;
  inStock: boolean;
  /** GTIN-13, when the backend has one (the product identifier beside the SKU, GPSR art. 19). */
  ean: string | null;
  optionIds: string[];
  /** Index into `images` of the variant's own picture. */
  imageIndex: number;
  /** The extras this variant offers, priced by the backend. */
  extras: ExtraOffer[];
}
