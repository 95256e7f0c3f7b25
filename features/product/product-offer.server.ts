import { GUARD_COLLECTION } from './product-extras';

/**
 * What a variant's offer is, as the product page shows it and the product feeds and structured
 * data state it (decision 111): one rule each, so the page, Google, Ceneo and the JSON-LD agree.
 */

/** A catalogue variant as the read model gives it (CatalogueVariant). */
interface OfferVariant {
  id: string;
  priceWithTax: number;
  stockLevel: string;
  customFields?: { staracena?: number | null } | null;
  omnibusPrice?: number | null;
}

/** The page's price facts of a variant: the price, the old price (`staracena` when above it), the Omnibus price, whether it can be ordered. */
export function variantPrices(v: OfferVariant): { price: number; oldPrice: number | null; omnibusPrice: number | null; inStock: boolean } {
  const old = v.customFields?.staracena ?? null;
  return {
    price: v.priceWithTax,
    oldPrice: old && old > v.priceWithTax ? old : null,
    omnibusPrice: v.omnibusPrice ?? null,
    inStock: v.stockLevel !== 'OUT_OF_STOCK',
  };
}

/** A price in minor units as the feeds and schema.org write it: `49.00` (Google adds ` PLN`). */
export function decimal(minor: number): string {
  return (minor / 100).toFixed(2);
}

/**
 * A reduction as a feed or structured data may state it (the Omnibus directive, art. 6a of the
 * Polish price-information act): the page shows an old price and the lowest price of the 30 days
 * before the reduction is above today's. That lowest price is the regular price stated; the
 * current price is the sale price. No stated reduction otherwise (no old price, no Omnibus price
 * recorded, or no reduction against it), and the current price is the only price.
 */
export function statedReduction(p: {
  price: number;
  oldPrice: number | null;
  omnibusPrice: number | null;
}): { regular: number; sale: number } | null {
  if (p.oldPrice === null || p.omnibusPrice === null || p.omnibusPrice <= p.price) return null;
  return { regular: p.omnibusPrice, sale: p.price };
}

/** The product page's query parameter that opens it with one variant chosen (`/p/16/slug?wariant=42`). */
export const VARIANT_PARAM = 'wariant';

/** The link that opens a product's page with this variant chosen; a product of one variant has just its page. */
export function variantLink(productPath: string, variantId: string, variantCount: number): string {
  return variantCount > 1 ? `${productPath}?${VARIANT_PARAM}=${encodeURIComponent(variantId)}` : productPath;
}

/**
 * Whether every purchase of the product is made to the shopper's specification: the guard harness
 * is sewn to the colours the shopper picks for each part (the configurator's design, which the
 * page requires), so it is personalised goods without a right of withdrawal (art. 38 pt 3 of the
 * consumer rights act; the backend's withdrawal rules exclude a line with a configurator design).
 * Other products only offer extras, and bought without them they are returned like any other.
 */
export function madeToSpecification(product: {
  collections: ReadonlyArray<{ slug: string }>;
  variants: ReadonlyArray<{ configurator?: unknown }>;
}): boolean {
  return product.collections.some((c) => c.slug === GUARD_COLLECTION) && !!product.variants[0]?.configurator;
}

/**
 * Business days from order to dispatch, as the page 'Czas realizacji zamówienia'
 * (content/pages/obsluga-klienta/czas-realizacji.md) states them per kind of product: collars,
 * harnesses, leashes and car belts are sewn in 3–7 days, mats in 5–10, everything else (treats,
 * toys, products from stock) leaves in 1–2. Matched on the slugs of the product's collections and
 * their ancestors; a product in none of them is a stock product.
 */
const PRODUCTION_DAYS: ReadonlyArray<[slugs: readonly string[], days: { min: number; max: number }]> = [
  [['legowiska', 'maty'], { min: 5, max: 10 }],
  [['szelki', 'obroze', 'smycze', 'pasy-do-samochodu'], { min: 3, max: 7 }],
];
const FROM_STOCK = { min: 1, max: 2 };

/** The product's handling time in business days (see PRODUCTION_DAYS). */
export function handlingDays(collections: ReadonlyArray<{ slug: string; breadcrumbs?: ReadonlyArray<{ slug: string }> }>): {
  min: number;
  max: number;
} {
  const slugs = new Set(collections.flatMap((c) => [c.slug, ...(c.breadcrumbs ?? []).map((b) => b.slug)]));
  return PRODUCTION_DAYS.find(([kinds]) => kinds.some((k) => slugs.has(k)))?.[1] ?? FROM_STOCK;
}

/** Business days in transit from a delivery time as staff write it ('1–2 dni robocze', '2 dni'); null when it names none. */
export function transitDays(deliveryTime: string): { min: number; max: number } | null {
  const m = /(\d{1,2})(?:\s*[–-]\s*(\d{1,2}))?/.exec(deliveryTime.slice(0, 100));
  if (!m) return null;
  const min = Number(m[1]);
  const max = m[2] ? Number(m[2]) : min;
  return max >= min ? { min, max } : null;
}
