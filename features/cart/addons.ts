import { graphql, type ResultOf } from '../../client/graphql/graphql';

/** Products suggested in the cart (spec §9 add-ons), by slug; the slugs are configuration (`CART_ADDON_SLUGS`). */
export const getCartAddons = graphql(`
  query getCartAddons($slugs: [String!]!) {
    catalogueCards(slugs: $slugs) {
      id
      name
      slug
      featuredAsset { preview }
      variants {
        id
        name
        priceWithTax
        stockLevel
        options { name }
      }
    }
  }
`);

type AddonProduct = ResultOf<typeof getCartAddons>['catalogueCards'][number];

export interface Addon {
  productId: string;
  slug: string;
  name: string;
  href: string;
  image: string | undefined;
  /** Cheapest price of a variant in stock. */
  price: number;
  /** More than one variant: the price is a "from" price. */
  from: boolean;
  /** One-click add: the only variant in stock at the cheapest price. Null when the shopper must choose (a link instead). */
  variantId: string | null;
  /** What one click adds, when the product has several variants (e.g. "50 g"). */
  variantLabel: string | null;
}

/**
 * Turns the suggested products into offers, in the configured order. A product
 * with nothing in stock is left out. One click adds the cheapest variant in
 * stock; when several variants share that price (e.g. colours), the shopper
 * must choose, so the offer is a link to the product.
 */
export function toAddons(products: readonly AddonProduct[], slugs: readonly string[]): Addon[] {
  const bySlug = new Map(products.map((p) => [p.slug, p]));
  const addons: Addon[] = [];
  for (const slug of slugs) {
    const p = bySlug.get(slug);
    if (!p) continue;
    const inStock = p.variants.filter((v) => v.stockLevel !== 'OUT_OF_STOCK');
    if (inStock.length === 0) continue;
    const price = Math.min(...inStock.map((v) => v.priceWithTax));
    const cheapest = inStock.filter((v) => v.priceWithTax === price);
    const only = cheapest.length === 1 ? cheapest[0]! : null;
    addons.push({
      productId: p.id,
      slug: p.slug,
      name: p.name,
      href: `/p/${p.id}/${p.slug}`,
      image: p.featuredAsset?.preview,
      price,
      from: p.variants.length > 1,
      variantId: only?.id ?? null,
      variantLabel: only && p.variants.length > 1 ? only.options.map((o) => o.name).join(', ') || only.name : null,
    });
  }
  return addons;
}

/** The comma-separated `CART_ADDON_SLUGS` var as a list (blank entries dropped). */
export function parseAddonSlugs(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
