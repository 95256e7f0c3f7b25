import { type ProductCardData, NEW_BADGE_DAYS } from '../../client/lib/product-card';
import type { ResultOf } from '../../client/graphql/graphql';
import { getProductsByIds, type productCardFields } from './catalogue.graphql.server';
import type { ShopClient } from '../../worker/shop/vendure';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A product as the card fragment (`ProductCard`) brings it from the Shop API. */
export type CardSource = ResultOf<typeof productCardFields>;

/**
 * Cards of products by id from the backend's catalogue read model, in the order of `ids` (unknown
 * ones left out; at most 100). The JSON is the backend's `CatalogueCard`, whose fields the fragment
 * names; backend/test/catalogue-read-model.test.ts holds it equal to `catalogueCards`, field by field.
 */
export async function cardSources(client: ShopClient, ids: readonly string[]): Promise<CardSource[]> {
  if (!ids.length) return [];
  const { catalogueCardsJson } = await client.request(getProductsByIds, { ids: [...ids] });
  return catalogueCardsJson as CardSource[];
}

/** Maps a Shop API product to its card; `now` comes from the loader so server and client agree. */
export function toProductCard(p: CardSource, now: number): ProductCardData {
  const variants = p.variants.length ? p.variants : [];
  const cheapest = variants.reduce<CardSource['variants'][number] | null>(
    (min, v) => (!min || v.priceWithTax < min.priceWithTax ? v : min),
    null,
  );
  const prices = variants.map((v) => v.priceWithTax);
  const old = cheapest?.customFields?.staracena ?? null;
  const onSale = variants.some((v) => (v.customFields?.staracena ?? 0) > v.priceWithTax);
  const isNew = now - Date.parse(p.createdAt) < NEW_BADGE_DAYS * DAY_MS;
  const images = [p.featuredAsset?.preview, ...p.assets.map((a) => a.preview)].filter((x): x is string => !!x);
  const colours = new Map<string, string>();
  for (const v of variants) for (const o of v.options) if (o.group.code === 'kolor') colours.set(o.code, o.name);
  const inStock = variants.some((v) => v.stockLevel !== 'OUT_OF_STOCK');
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    href: `/p/${p.id}/${p.slug}`,
    images: [...new Set(images)].slice(0, 2),
    priceMin: prices.length ? Math.min(...prices) : 0,
    priceMax: prices.length ? Math.max(...prices) : 0,
    oldPrice: old && cheapest && old > cheapest.priceWithTax ? old : null,
    omnibusPrice: old && cheapest && old > cheapest.priceWithTax ? (cheapest.omnibusPrice ?? null) : null,
    badge: onSale ? 'SALE' : isNew ? 'NEW' : null,
    colours: [...colours].map(([code, name]) => ({ code, name })),
    variantCount: variants.length,
    directVariantId: variants.length === 1 && inStock ? variants[0]!.id : null,
    sku: cheapest?.sku ?? '',
    inStock,
    rating:
      p.reviewSummary.count > 0 && p.reviewSummary.average !== null
        ? { average: p.reviewSummary.average, count: p.reviewSummary.count }
        : null,
  };
}
