import type { ResultOf } from '../../client/graphql/graphql';
import { getProduct, getProductFamily } from './product.graphql.server';
import { IMAGE, imageUrl } from '../../client/lib/image';
import { NEW_BADGE_DAYS, type ProductCardData } from '../../client/lib/product-card';
import { type CardSource, toProductCard } from '../listing/product-card.server';
import type { ProductData, ProductImageData, ProductVariantData } from './product-data';
import { REVIEWS_PAGE_SIZE, type ReviewsData, toReviewItem } from '../reviews/review-items';
import { sortOptionGroups } from './product-options';
import type { Breadcrumb } from '../listing/listing-types';
import { t } from '../../client/texts';
import { breadcrumbList, offerShippingDetails, returnPolicy, reviewsJsonLd } from '../../worker/seo/json-ld';
import { type ShippingRate, loadShippingRates } from '../../worker/shop/shop-policies';
import {
  VARIANT_PARAM,
  decimal,
  handlingDays,
  madeToSpecification,
  statedReduction,
  variantLink,
  variantPrices,
} from './product-offer.server';
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
  const [{ product, productReviews }, rates] = await Promise.all([
    client.request(getProduct, { id, reviewsTake: REVIEWS_PAGE_SIZE }),
    loadShippingRates(ctx.c),
  ]);
  if (!product) return null;
  const path = `/p/${product.id}/${product.slug}`;
  // `?wariant=ID` (a feed's link) opens the page with that variant chosen; any other value is the plain page
  const asked = ctx.url.searchParams.getAll(VARIANT_PARAM);
  const chosen = asked.length === 1 && product.variants.length > 1 ? (product.variants.find((v) => v.id === asked[0]) ?? null) : null;
  if (ctx.url.pathname !== path || (asked.length > 0 && !chosen))
    return { redirect: chosen ? variantLink(path, chosen.id, product.variants.length) : path, status: 301 };

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
  const variants = product.variants.map((v): ProductVariantData => ({
    id: v.id,
    name: v.name,
    sku: v.sku,
    ...variantPrices(v),
    ean: v.customFields?.ean ?? null,
    optionIds: v.options.map((o) => o.id),
    imageIndex: Math.max(
      0,
      images.findIndex((i) => i.id === v.featuredAsset?.id),
    ),
    extras: v.extras,
  }));
  const colours = product.facetValues.filter((f) => f.facet.code === COLOUR_FACET).map((f) => ({ code: f.code, name: f.name }));
  const personalised = madeToSpecification(product);
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
    preselected: chosen ? { variantId: chosen.id, selection: selectionOf(chosen.options, product.optionGroups) } : null,
    isNew: now - Date.parse(product.createdAt) < NEW_BADGE_DAYS * DAY_MS,
    // the parts are the backend's (the same it checks the order line's configurator JSON against)
    guard: personalised && configurator ? { parts: configurator.parts.map((p) => p.key), colours } : null,
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
        {
          ...productJsonLd(
            { product, variants, images, description: text, url: canonical, origin, rates, personalised },
            ctx.c.env.ASSET_URL,
          ),
          ...reviewsJsonLd(reviews),
        },
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
  // The same for every product of the collection: the two searches and their products' cards (one
  // request, catalogueFamilyJson) are kept together in the worker's catalogue data, so an uncached
  // product page of a collection seen before asks the backend for the product alone (issue 38).
  const { familyIds, parentIds, sources } = await remember(`family:${leafId ?? ''}:${parentId ?? ''}`, async () => {
    if (!leafId && !parentId) return { familyIds: [] as string[], parentIds: [] as string[], sources: [] as CardSource[] };
    const { catalogueFamilyJson } = await client.request(getProductFamily, { collectionId: leafId, parentId, take: FAMILY_TAKE });
    const { family, parent, cards } = catalogueFamilyJson as { family: string[]; parent: string[]; cards: CardSource[] };
    return { familyIds: family, parentIds: parent, sources: cards };
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

/** Option group id → the variant's option in it: the page's selection of a variant. */
function selectionOf(options: ReadonlyArray<{ id: string }>, groups: Product['optionGroups']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const g of groups) {
    const option = g.options.find((o) => options.some((vo) => vo.id === o.id));
    if (option) out[g.id] = option.id;
  }
  return out;
}

/** Option groups whose choice is a colour; every other group (tape width, size, length, weight) sizes the product. */
const COLOUR_GROUPS = new Set(['kolor']);

interface ProductJsonLdInput {
  product: Product;
  variants: ProductVariantData[];
  images: ProductImageData[];
  description: string;
  /** the page's canonical URL */
  url: string;
  origin: string;
  rates: ShippingRate[];
  /** made to the shopper's specification: offers not returnable */
  personalised: boolean;
}

/**
 * schema.org structured data of the product page (spec §3; Google's merchant listings and product
 * variants, decision 111): a product of one variant is a Product with its Offer; one of several is
 * a ProductGroup (`productGroupID`, `variesBy`, `hasVariant`) whose every variant is a Product
 * with its GTIN, its own URL (the page with it chosen) and its Offer. An Offer states the price
 * the page shows (with the Omnibus price struck through during a reduction), availability,
 * condition, shipping per delivery method to Poland and the return policy (none for personalised
 * goods). Serialised by `safeJson`.
 */
function productJsonLd(input: ProductJsonLdInput, assetUrl: string) {
  const { product, variants, images, description, url, origin, rates, personalised } = input;
  const image = images.map((i) => imageUrl(i.preview, IMAGE.structuredData, assetUrl));
  const handling = handlingDays(product.collections);
  const brand = { '@type': 'Brand', name: t.shopName };
  const manufacturer = product.customFields?.producent
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
    : {};
  const offer = (v: ProductVariantData, offerUrl: string) => {
    const reduction = statedReduction(v);
    return {
      '@type': 'Offer',
      url: offerUrl,
      priceCurrency: 'PLN',
      price: decimal(v.price),
      ...(reduction
        ? {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              priceType: 'https://schema.org/StrikethroughPrice',
              price: decimal(reduction.regular),
              priceCurrency: 'PLN',
            },
          }
        : {}),
      availability: v.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      shippingDetails: offerShippingDetails(rates, v.price, handling),
      hasMerchantReturnPolicy: returnPolicy(!personalised, origin),
    };
  };
  const groupsById = new Map(product.optionGroups.map((g) => [g.id, g]));
  const variantProduct = (v: ProductVariantData) => {
    // in the page's order of the groups (tape width first)
    const options = sortOptionGroups(product.optionGroups).flatMap((g) =>
      g.options.filter((o) => v.optionIds.includes(o.id)).map((o) => ({ group: g.code, name: o.name })),
    );
    const colour = options.filter((o) => COLOUR_GROUPS.has(o.group)).map((o) => o.name);
    const size = options.filter((o) => !COLOUR_GROUPS.has(o.group)).map((o) => o.name);
    const link = origin + variantLink(new URL(url).pathname, v.id, variants.length);
    return {
      '@type': 'Product',
      name: v.name,
      sku: v.sku,
      ...(v.ean ? { gtin13: v.ean } : {}),
      image: images[v.imageIndex] ? imageUrl(images[v.imageIndex]!.preview, IMAGE.structuredData, assetUrl) : image[0],
      url: link,
      ...(size.length ? { size: size.join(', ') } : {}),
      ...(colour.length ? { color: colour.join(', ') } : {}),
      offers: offer(v, link),
    };
  };
  if (variants.length === 1) {
    const only = variants[0]!;
    return {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      brand,
      ...manufacturer,
      image,
      description,
      sku: only.sku,
      ...(only.ean ? { gtin13: only.ean } : {}),
      productID: product.id,
      url,
      offers: offer(only, url),
    };
  }
  const varies = new Set(
    [...groupsById.values()].map((g) => (COLOUR_GROUPS.has(g.code) ? 'https://schema.org/color' : 'https://schema.org/size')),
  );
  return {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    name: product.name,
    brand,
    ...manufacturer,
    image,
    description,
    url,
    productGroupID: product.id,
    variesBy: [...varies],
    hasVariant: variants.map(variantProduct),
  };
}
