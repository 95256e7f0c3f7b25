/** Everything a product card shows (spec §2 "Product card"), computed once in the loader. */
export interface ProductCardData {
  id: string;
  slug: string;
  name: string;
  href: string;
  /** Up to two preview URLs; the second shows on hover. */
  images: string[];
  priceMin: number;
  priceMax: number;
  /** Old price (staracena) of the cheapest variant, when it is on sale. */
  oldPrice: number | null;
  /** Omnibus: lowest price of the 30 days before the reduction of that variant, when the backend reports one. */
  omnibusPrice: number | null;
  badge: 'NEW' | 'SALE' | null;
  colours: Array<{ code: string; name: string }>;
  variantCount: number;
  /** Set when the product can go to the cart straight from the card (one variant, in stock). */
  directVariantId: string | null;
  sku: string;
  inStock: boolean;
  /** Average and count of the approved reviews; null without reviews (the card shows no stars). */
  rating: { average: number; count: number } | null;
}

export const NEW_BADGE_DAYS = 30;
