import { getCollection, getNewestProductIds, getProductSale, getRootCollections } from '../listing/catalogue.graphql.server';
import { imageUrl } from '../../client/lib/image';
import { cardSources, toProductCard } from '../listing/product-card.server';
import type { HomeCategory, HomeData, ProductSection } from './home-types';
import { t } from '../../client/texts';
import { getLastPosts } from '../content/wordpress.server';
import { type ShopClient, shopClient } from '../../worker/shop/vendure';
import { loadCollectionCards } from '../listing/collections.server';
import { facetValueId } from '../listing/facet-values.server';
import { textExcerpt } from '../../worker/render/html';
import { type Loader, absoluteUrl } from '../../worker/pages/loader';
import { organizationJsonLd, websiteJsonLd } from '../../worker/seo/json-ld';
import { loadShippingRates } from '../../worker/shop/shop-policies';

/** Products per home section (two rows of four on a desktop, four rows of two on a phone). */
const HOME_PRODUCTS = 8;
const HOME_COLLECTIONS = 8;
const HOME_POSTS = 3;
/**
 * The harness configurator teaser: the Pro-Fit collection's name, text and
 * picture from the backend, linking to Pro-Fit Studio.
 */
const TEASER_COLLECTION_SLUG = 'szelki-bezuciskowe-pro-fit';
const TEASER_LINK = '/pro-fit-studio';

/** Cards of products by id, in the order of `ids`. */
async function cardsByIds(client: ShopClient, ids: string[], now: number) {
  return (await cardSources(client, ids)).map((p) => toProductCard(p, now));
}

/**
 * Home `/`: the top categories with their children, sale products
 * (getproductsale: a search by the sale facet value, SALE_FACET_VALUE, whose id
 * is looked up by code), the newest products, the collections, the Pro-Fit
 * teaser and the latest blog posts (getLastPosts). Everything but the headings
 * comes from the backend or the blog; the blog is optional (down or slow → no
 * posts section), the backend is not (→ 503 error screen).
 */
export const homeLoader: Loader<HomeData> = async (ctx) => {
  const { c } = ctx;
  const client = shopClient(c.env);
  const now = Date.now();

  const saleSection = async (listingBase: string): Promise<ProductSection | null> => {
    const saleId = await facetValueId(c, client, c.env.SALE_FACET_VALUE);
    if (!saleId) return null;
    const { search } = await client.request(getProductSale, {
      input: { facetValueFilters: [{ and: saleId }], groupByProduct: true, take: HOME_PRODUCTS },
    });
    const products = await cardsByIds(
      client,
      search.items.map((i) => i.productId),
      now,
    );
    return products.length ? { link: `${listingBase}?a=${saleId}`, products } : null;
  };

  const { collections: roots } = await client.request(getRootCollections);
  const categories: HomeCategory[] = roots.items.map((col) => ({
    name: col.name,
    link: `/c/${col.slug}`,
    description: textExcerpt(col.description, 220),
    image: col.featuredAsset?.preview ?? null,
    children: [...(col.children ?? [])]
      .sort((a, b) => a.position - b.position)
      .map((child) => ({ name: child.name, link: `/c/${col.slug}/${child.slug}` })),
  }));
  // The sale and newest listings live under the first top category (spec: /c/dla-psa?a=… is the sale listing).
  const listingBase = categories[0]?.link ?? '/c/dla-psa';

  const [sale, newestCards, collections, teaserCollection, posts, rates] = await Promise.all([
    saleSection(listingBase),
    client.request(getNewestProductIds, { take: HOME_PRODUCTS }).then((r) =>
      cardsByIds(
        client,
        r.products.items.map((p) => p.id),
        now,
      ),
    ),
    loadCollectionCards(c, client),
    client.request(getCollection, { slug: TEASER_COLLECTION_SLUG }),
    getLastPosts(c.env, HOME_POSTS),
    loadShippingRates(c),
  ]);

  const teaser = teaserCollection.collection;
  const data: HomeData = {
    categories,
    sale,
    newest: newestCards.length ? { link: `${listingBase}?sort=CREATED_DESC`, products: newestCards } : null,
    collections: collections.slice(0, HOME_COLLECTIONS),
    teaser: teaser
      ? {
          name: teaser.name,
          text: textExcerpt(teaser.description, 220),
          link: TEASER_LINK,
          image: teaser.featuredAsset?.preview ?? null,
        }
      : null,
    posts,
  };
  const ogImage = categories.find((cat) => cat.image)?.image;
  return {
    data,
    head: {
      title: `${t.shopName} – ${t.shopTagline}`,
      description: 'Spersonalizowane obroże, szelki, smycze i akcesoria dla psów, szyte ręcznie w Polsce.',
      canonical: absoluteUrl(ctx, '/'),
      ogImage: ogImage ? imageUrl(ogImage, { w: 1200, h: 630, format: 'jpg' }, c.env.ASSET_URL) : undefined,
      // the shop itself (issue 39): the seller with its policies, and the site
      jsonLd: [organizationJsonLd(absoluteUrl(ctx, ''), rates), websiteJsonLd(absoluteUrl(ctx, ''))],
    },
  };
};
