import type { Context } from 'hono';
import type { ResultOf } from '../../client/graphql/graphql';
import { IMAGE, imageUrl } from '../../client/lib/image';
import { t } from '../../client/texts';
import type { AppEnv } from '../../worker/env';
import { htmlToText } from '../../worker/render/html';
import { shopClient } from '../../worker/shop/vendure';
import { collectionBreadcrumbs } from '../listing/category.server';
import type { getProduct } from '../product/product.graphql.server';
import { handlingDays, madeToSpecification, statedReduction, variantLink, variantPrices } from '../product/product-offer.server';
import { sortOptionGroups } from '../product/product-options';
import { getCatalogueFeed } from './feeds.graphql.server';

/** A product as the read model's page document brings it (CatalogueProduct, the product page's shape). */
type FeedProduct = NonNullable<ResultOf<typeof getProduct>['product']>;

/** Google's limits: a title of 150 characters, a description of 5,000, 10 additional images. */
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;
const MORE_IMAGES_MAX = 10;

/** One variant as both feeds list it: everything a feed states, worked out once, the way the product page does. */
export interface FeedItem {
  /** the variant's id: the offer's id in both feeds */
  id: string;
  productId: string;
  /** the product has other variants (Google's item group) */
  grouped: boolean;
  title: string;
  /** plain text of the product's description */
  description: string;
  /** absolute: the product page with this variant chosen */
  link: string;
  image: string;
  moreImages: string[];
  /** gross price in grosze, as the page shows it */
  price: number;
  /** the Omnibus reduction the page shows (statedReduction), or null */
  reduction: { regular: number; sale: number } | null;
  inStock: boolean;
  ean: string | null;
  sku: string;
  brand: string;
  manufacturer: string | null;
  /** the product's deepest collection and its ancestors, top first (the page's breadcrumb) */
  categoryPath: string[];
  /** slugs of every collection the product is in, and of their ancestors */
  collectionSlugs: string[];
  /** the variant's options with their group's code, tape width first */
  options: Array<{ group: string; name: string }>;
  /** business days from order to dispatch */
  handling: { min: number; max: number };
  /** made to the shopper's specification (no GTIN needed, not returnable) */
  personalised: boolean;
}

/**
 * Every enabled product's page document, product id ascending: `catalogueFeed` page after page
 * (200 products and one SQL statement each at the backend).
 */
export async function loadFeedProducts(c: Context<AppEnv>): Promise<FeedProduct[]> {
  const client = shopClient(c.env);
  const products: FeedProduct[] = [];
  let after: number | null = 0;
  while (after !== null) {
    const page: ResultOf<typeof getCatalogueFeed>['catalogueFeed'] = (await client.request(getCatalogueFeed, { after })).catalogueFeed;
    products.push(...(page.items as FeedProduct[]));
    after = page.next ?? null;
  }
  return products;
}

/** The collection a product sits deepest in (the product page's breadcrumb comes from it). */
function deepest(product: FeedProduct): FeedProduct['collections'][number] | null {
  let best: FeedProduct['collections'][number] | null = null;
  for (const col of product.collections) if (!best || col.breadcrumbs.length > best.breadcrumbs.length) best = col;
  return best;
}

/** The feed items of a product: one per variant, on `origin` (the shop's absolute address); none for a product without a picture. */
export function feedItems(product: FeedProduct, origin: string, assetUrl: string): FeedItem[] {
  const path = `/p/${product.id}/${product.slug}`;
  const image = (preview: string) => imageUrl(preview, IMAGE.structuredData, assetUrl);
  const gallery = product.assets.length ? product.assets : product.featuredAsset ? [product.featuredAsset] : [];
  // Google refuses an item without a picture, and a shopper would skip it: such a product waits for one
  if (!gallery.length) return [];
  const leaf = deepest(product);
  const categoryPath = leaf
    ? collectionBreadcrumbs(leaf.breadcrumbs)
        .slice(1)
        .map((b) => b.text)
    : [];
  const collectionSlugs = [...new Set(product.collections.flatMap((col) => [col.slug, ...col.breadcrumbs.map((b) => b.slug)]))];
  const description = htmlToText(product.description).slice(0, DESCRIPTION_MAX);
  const handling = handlingDays(product.collections);
  const personalised = madeToSpecification(product);
  const groups = sortOptionGroups(product.optionGroups);
  return product.variants.map((v) => {
    const prices = variantPrices(v);
    const own = gallery.find((a) => a.id === v.featuredAsset?.id) ?? gallery[0];
    return {
      id: v.id,
      productId: product.id,
      grouped: product.variants.length > 1,
      title: v.name.slice(0, TITLE_MAX),
      description: description || v.name,
      link: origin + variantLink(path, v.id, product.variants.length),
      image: image((own ?? gallery[0]!).preview),
      moreImages: gallery
        .filter((a) => a !== own)
        .slice(0, MORE_IMAGES_MAX)
        .map((a) => image(a.preview)),
      price: prices.price,
      reduction: statedReduction(prices),
      inStock: prices.inStock,
      ean: v.customFields?.ean || null,
      sku: v.sku,
      brand: t.shopName,
      manufacturer: product.customFields?.producent || null,
      categoryPath,
      collectionSlugs,
      // in the page's order of the groups (tape width first)
      options: groups.flatMap((g) =>
        g.options.filter((o) => v.options.some((vo) => vo.id === o.id)).map((o) => ({ group: g.code, name: o.name })),
      ),
      handling,
      personalised,
    };
  });
}
