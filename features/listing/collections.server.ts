import type { Context } from 'hono';
import { getFacetValueCounts } from './catalogue.graphql.server';
import { parseListingParams } from './listing-params';
import type { CollectionData } from './CollectionPage';
import type { CollectionsData } from './CollectionsPage';
import type { CollectionCard } from '../home/home-types';
import type { Breadcrumb } from './listing-types';
import { t } from '../../client/texts';
import { cachedJson, catalogueData } from '../../worker/cache/data-cache';
import type { AppEnv } from '../../worker/env';
import { breadcrumbList, itemList } from '../../worker/seo/json-ld';
import { type ShopClient, shopClient } from '../../worker/shop/vendure';
import { loadListing, pastLastPage } from './listing.server';
import { type Loader, absoluteUrl } from '../../worker/pages/loader';

/**
 * "Kolekcje" of this shop (docs/decisions/010-a-kolekcja-is-a-value-of-one-facet.md): the seeded Vendure has no
 * collections outside the category tree, so a collection is the set of
 * products sharing one value of the facet COLLECTION_FACET_CODE (colour
 * collections: everything in "Granatowy" — collar, leash and harness that
 * match). Its id is the facet value id, its slug the value code.
 */
const COLLECTIONS_PATH = '/kolekcje';
const COLLECTIONS_TTL_SECONDS = 300;
const ID = /^\d{1,9}$/;

function collectionLink(id: string, slug: string): string {
  return `${COLLECTIONS_PATH}/${id}/${slug}`;
}

type FacetValueCounts = {
  facetValues: ReadonlyArray<{ count: number; facetValue: { id: string; name: string; code: string; facet: { code: string } } }>;
};

/** Collection cards from the catalogue's facet counts: the facet's values that have products, most products first. */
function toCollectionCards(search: FacetValueCounts, facetCode: string): CollectionCard[] {
  return search.facetValues
    .filter((f) => f.facetValue.facet.code === facetCode && f.count > 0)
    .map(({ count, facetValue: v }) => ({
      id: v.id,
      name: v.name,
      slug: v.code,
      link: collectionLink(v.id, v.code),
      count,
    }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'pl'));
}

/** All collections, cached for COLLECTIONS_TTL_SECONDS or until a catalogue change (the home page and /kolekcje share them). */
export function loadCollectionCards(c: Context<AppEnv>, client: ShopClient): Promise<CollectionCard[]> {
  const facetCode = c.env.COLLECTION_FACET_CODE;
  return cachedJson(
    c,
    `collections:${facetCode}`,
    COLLECTIONS_TTL_SECONDS,
    async () => {
      const { search } = await client.request(getFacetValueCounts, { input: { groupByProduct: true, take: 0 } });
      return toCollectionCards(search, facetCode);
    },
    // the counts are the products': a catalogue change loads them again
    { catalogue: true },
  );
}

function collectionsCrumbs(): Breadcrumb[] {
  return [
    { text: 'Home', link: '/' },
    { text: t.collections.title, link: COLLECTIONS_PATH },
  ];
}

/** `/kolekcje`: every collection. */
export const collectionsLoader: Loader<CollectionsData> = async (ctx) => {
  const collections = await loadCollectionCards(ctx.c, shopClient(ctx.c.env));
  const breadcrumbs = collectionsCrumbs();
  const origin = absoluteUrl(ctx, '');
  return {
    data: { collections, breadcrumbs },
    head: {
      title: `${t.collections.title} – ${t.shopName}`,
      description: t.collections.intro,
      canonical: absoluteUrl(ctx, COLLECTIONS_PATH),
      jsonLd: [
        breadcrumbList(breadcrumbs, origin),
        itemList(
          collections.map((col) => col.link),
          origin,
        ),
      ],
    },
  };
};

/**
 * `/kolekcje/{id}/{slug?}`: one collection's products through the category
 * listing (filters, sort, paging). Unknown id → miss (redirect table → 404);
 * a wrong or missing slug → 301 to the right one, query kept.
 */
export const collectionLoader: Loader<CollectionData> = async (ctx) => {
  const id = ctx.params.id ?? '';
  if (!ID.test(id)) return null;
  const client = shopClient(ctx.c.env);
  const collection = (await loadCollectionCards(ctx.c, client)).find((col) => col.id === id);
  if (!collection) return null;
  if (ctx.params.slug !== collection.slug) return { redirect: collection.link + ctx.url.search, status: 301 };

  const listing = await loadListing(client, {
    remember: catalogueData(ctx.c),
    baseFacetValueIds: [collection.id],
    params: parseListingParams(ctx.url.searchParams),
    firstFacetCode: ctx.c.env.FIRST_FACET_CODE,
    now: Date.now(),
  });
  const beyond = pastLastPage(collection.link, listing);
  if (beyond) return beyond;
  const breadcrumbs = [...collectionsCrumbs(), { text: collection.name, link: collection.link }];
  const origin = absoluteUrl(ctx, '');
  const pageSuffix = listing.params.page > 1 ? ` – strona ${listing.params.page}` : '';
  return {
    data: { ...listing, path: collection.link, collection: { id: collection.id, name: collection.name }, breadcrumbs },
    head: {
      title: `${collection.name}${pageSuffix} – ${t.collections.title} – ${t.shopName}`,
      description: `${t.collections.kicker} ${collection.name}: ${t.collections.products(collection.count)}. ${t.collections.intro}`,
      canonical: absoluteUrl(ctx, collection.link + (listing.params.page > 1 ? `?page=${listing.params.page}` : '')),
      noindex: listing.params.facetValueIds.length > 0 || !!listing.params.q,
      jsonLd: [
        breadcrumbList(breadcrumbs, origin),
        itemList(
          listing.products.map((p) => p.href),
          origin,
        ),
      ],
    },
  };
};
