import type { ResultOf } from '../../client/graphql/graphql';
import { getProduct, getRelatedProducts } from './product.graphql.server';
import { IMAGE, imageUrl } from '../../client/lib/image';
import { NEW_BADGE_DAYS, type ProductCardData } from '../../client/lib/product-card';
import { cardSources, toProductCard } from '../listing/product-card.server';
import type { ProductData, ProductImageData, ProductVariantData } from './product-data';
import { REVIEWS_PAGE_SIZE, type ReviewsData, toReviewItem } from '../reviews/review-items';
import { GUARD_COLLECTION } from './product-extras';
import { sortOptionGroups } from './product-options';
import type { Breadcrumb } from '../listing/listing-types';
import { t } from '../../client/texts';
import { breadcrumbList, reviewsJsonLd } from '../../worker/seo/json-ld';
import { type ShopClient, shopClient } from '../../worker/shop/vendure';
import { catalogueData } from '../../worker/cache/data-cache';
import type { Remember } from '../listing/listing.server';
import { htmlToText, sanitiseHtml } from '../../worker/render/html';
import { ROOT_COLLECTION, collectionBreadcrumbs } from '../listing/category.server';
import { type Loader, absoluteUrl } from '../../worker/pages/loader';

type Product = NonNullable<ResultOf<typeof getProduct>['product']>;

const ID = /^[1-9]\d{0,9}$/;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Spec §7/§9: the family list takes 20. */
const FAMILY_TAKE = 20;
const RELATED_SHOWN = 8;
/** Facets shown as product features; the sale and new facets are shown as badges instead. */
const HIDDEN_FACETS = new Set(['promocja', 'nowosc']);
const COLOUR_FACET = 'kolor';
const SIZE_GROUP = 'rozmiar';

/**
 * `/p/{id}/{slug}`: the product with its variants, option groups, extras and
 * Omnibus prices, breadcrumbs from its deepest collection, its family and
 * related products. A non-numeric or unknown id is a miss (→ redirect table →
 * 404); a known id under a wrong or missing slug is a 301 to the right URL,
 * keeping the query.
 */
export const productLoader: Loader<ProductData> = async (ctx) => {
  const id = ctx.params.id ?? '';
  if (!ID.test(id)) return null;
  const client = shopClient(ctx.c.env);
  const { product, productReviews } = await client.request(getProduct, { id, reviewsTake: REVIEWS_PAGE_SIZE });
  if (!product) return null;
  const path = `/p/${product.id}/${product.slug}`;
  if (ctx.url.pathname !== path) return { redirect: path + ctx.url.search, status: 301 };

  const now = Date.now();
  const leaf = deepestCollection(product);
  const parent = leaf?.parent && leaf.parent.slug !== ROOT_COLLECTION ? leaf.parent : null;
  const { family, related } = await loadFamily(client, catalogueData(ctx.c), product.id, leaf?.id ?? null, parent?.id ?? null, now);
  const breadcrumbs: Breadcrumb[] = [
    ...(leaf ? collectionBreadcrumbs(leaf.breadcrumbs) : [{ text: 'Home', link: '/' }]),
    { text: product.name, link: path },
  ];
  const descriptionHtml = sanitiseHtml(product.description);
  const images = productImages(product);
  const variants = product.variants.map((v): ProductVariantData => {
    const old = v.customFields?.staracena ?? null;
    return {
      id: v.id,
      name: v.name,
      sku: v.sku,
      price: v.priceWithTax,
      oldPrice: old && old > v.priceWithTax ? old : null,
      omnibusPrice: v.omnibusPrice ?? null,
      inStock: v.stockLevel !== 'OUT_OF_STOCK',
      ean: v.customFields?.ean ?? null,
      optionIds: v.options.map((o) => o.id),
      imageIndex: Math.max(
        0,
        images.findIndex((i) => i.id === v.featuredAsset?.id),
      ),
      extras: v.extras,
    };
  });
  const colours = product.facetValues.filter((f) => f.facet.code === COLOUR_FACET).map((f) => ({ code: f.code, name: f.name }));
  const isGuard = product.collections.some((c) => c.slug === GUARD_COLLECTION);
  const reviews: ReviewsData = {
    productId: product.id,
    average: product.reviewSummary.average ?? null,
    count: product.reviewSummary.count,
    histogram: product.reviewSummary.histogram,
    items: productReviews.items.map(toReviewItem),
    totalItems: productReviews.totalItems,
    pageSize: REVIEWS_PAGE_SIZE,
  };
  const configurator = product.variants[0]?.configurator ?? null;
  const data: ProductData = {
    id: product.id,
    name: product.name,
    slug: product.slug,
    href: path,
    descriptionHtml,
    features: features(product),
    breadcrumbs,
    images,
    optionGroups: sortOptionGroups(product.optionGroups).map((g) => ({
      id: g.id,
      code: g.code,
      name: g.name,
      options: g.options.map((o) => ({ ...o })),
    })),
    variants,
    isNew: now - Date.parse(product.createdAt) < NEW_BADGE_DAYS * DAY_MS,
    // the parts are the backend's (the same it checks the order line's configurator JSON against)
    guard: isGuard && configurator ? { parts: configurator.parts.map((p) => p.key), colours } : null,
    sizeTable:
      product.optionGroups.some((g) => g.code === SIZE_GROUP) && variants.some((v) => v.extras.some((e) => e.field === 'customObwodSzyi')),
    family,
    related,
    reviews,
    safety: productSafety(product),
  };

  const origin = absoluteUrl(ctx, '');
  const canonical = absoluteUrl(ctx, path);
  const text = htmlToText(descriptionHtml);
  const ogImage = images[0] ? imageUrl(images[0].preview, IMAGE.structuredData, ctx.c.env.ASSET_URL) : undefined;
  return {
    data,
    head: {
      title: `${product.name} – ${t.shopName}`,
      description: text.slice(0, 155) || `${product.name} – ${t.shopTagline.toLowerCase()}.`,
      canonical,
      ogImage,
      jsonLd: [
        { ...productJsonLd(product, variants, images, text, canonical, ctx.c.env.ASSET_URL), ...reviewsJsonLd(reviews) },
        breadcrumbList(breadcrumbs, origin),
      ],
    },
  };
};

/** GPSR art. 19 information from the product's custom fields; null when the manufacturer is not filled in. */
function productSafety(product: Product): ProductData['safety'] {
  const f = product.customFields;
  if (!f?.producent) return null;
  const lines = (text: string | null | undefined) =>
    (text ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  return { manufacturer: f.producent, address: lines(f.producentadres), email: f.producentemail ?? '', warnings: lines(f.bezpieczenstwo) };
}

/** The collection the product sits deepest in (its leaf); Vendure also lists every ancestor. */
function deepestCollection(product: Product): Product['collections'][number] | null {
  let best: Product['collections'][number] | null = null;
  for (const c of product.collections) if (!best || c.breadcrumbs.length > best.breadcrumbs.length) best = c;
  return best;
}

/** The gallery: every asset in the backend's order, the featured one if there are none. */
function productImages(product: Product): ProductImageData[] {
  const images = product.assets.map((a) => ({ id: a.id, preview: a.preview, source: a.source, width: a.width, height: a.height }));
  if (!images.length && product.featuredAsset) {
    images.push({
      id: product.featuredAsset.id,
      preview: product.featuredAsset.preview,
      source: product.featuredAsset.preview,
      width: 1200,
      height: 1200,
    });
  }
  return images;
}

function features(product: Product): ProductData['features'] {
  const byFacet = new Map<string, { name: string; values: string[] }>();
  for (const f of product.facetValues) {
    if (HIDDEN_FACETS.has(f.facet.code)) continue;
    const entry = byFacet.get(f.facet.id) ?? { name: f.facet.name, values: [] };
    entry.values.push(f.name);
    byFacet.set(f.facet.id, entry);
  }
  return [...byFacet.values()].map((e) => ({ name: e.name, values: e.values.join(', ') }));
}

/**
 * The family (spec §7: groupByProduct, take 20, collectionId of the leaf
 * collection, product id descending; the current product first and active)
 * and related products (the parent collection without the family). Two
 * searches in parallel, then one products-by-id request for the cards. No
 * facetValueIds: a family is one model in its tapes, and narrowing it by a
 * facet would hide the alternatives it exists to show (decision 095).
 */
async function loadFamily(
  client: ShopClient,
  remember: Remember,
  productId: string,
  leafId: string | null,
  parentId: string | null,
  now: number,
) {
  // The same for every product of the collection: the two searches and their products' cards are
  // kept together in the worker's catalogue data, so an uncached product page of a collection seen
  // before asks the backend for the product alone (issue 38).
  const search = (collectionId: string | null) =>
    collectionId
      ? client
          .request(getRelatedProducts, { input: { collectionId, groupByProduct: true, take: FAMILY_TAKE } })
          .then((r) => r.search.items.map((i) => i.productId))
      : Promise.resolve([] as string[]);
  const { familyIds, parentIds, sources } = await remember(`family:${leafId ?? ''}:${parentId ?? ''}`, async () => {
    const [familyIds, parentIds] = await Promise.all([search(leafId), search(parentId)]);
    return { familyIds, parentIds, sources: await cardSources(client, [...new Set([...familyIds, ...parentIds])]) };
  });
  const byIdDesc = (a: string, b: string) => Number(b) - Number(a);
  const family = [...new Set(familyIds)].sort(byIdDesc);
  const related = [...new Set(parentIds)]
    .filter((id) => !family.includes(id) && id !== productId)
    .sort(byIdDesc)
    .slice(0, RELATED_SHOWN);
  const cards = new Map<string, ProductCardData>(sources.map((p) => [p.id, toProductCard(p, now)]));
  const familyCards = family.flatMap((id) => (cards.has(id) ? [{ ...cards.get(id)!, active: id === productId }] : []));
  const current = familyCards.findIndex((c) => c.active);
  if (current > 0) familyCards.unshift(...familyCards.splice(current, 1));
  return { family: familyCards, related: related.flatMap((id) => cards.get(id) ?? []) };
}

/** Minor units as the decimal string schema.org expects ("129.00"). */
function decimalPrice(minor: number): string {
  return (minor / 100).toFixed(2);
}

/**
 * schema.org Product (spec §3): name, brand, image cropped 1200x1200,
 * description, sku, productID, url and an offer with the PLN price (the
 * cheapest variant's) and availability. Serialised by `safeJson`.
 */
function productJsonLd(
  product: Product,
  variants: ProductVariantData[],
  images: ProductImageData[],
  description: string,
  url: string,
  assetUrl: string,
) {
  const cheapest = variants.reduce<ProductVariantData | null>((min, v) => (!min || v.price < min.price ? v : min), null);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    brand: { '@type': 'Brand', name: t.shopName },
    ...(product.customFields?.producent
      ? {
          manufacturer: {
            '@type': 'Organization',
            name: product.customFields.producent,
            ...(product.customFields.producentemail ? { email: product.customFields.producentemail } : {}),
            ...(product.customFields.producentadres
              ? { address: { '@type': 'PostalAddress', streetAddress: product.customFields.producentadres.split('\n').join(', ') } }
              : {}),
          },
        }
      : {}),
    image: images.map((i) => imageUrl(i.preview, IMAGE.structuredData, assetUrl)),
    description,
    sku: cheapest?.sku ?? '',
    ...(cheapest?.ean ? { gtin13: cheapest.ean } : {}),
    productID: product.id,
    url,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'PLN',
      price: decimalPrice(cheapest?.price ?? 0),
      availability: variants.some((v) => v.inStock) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}
