import { getCollection, getSidebarNavigation } from './catalogue.graphql.server';
import type { ResultOf } from '../../client/graphql/graphql';
import { listingQuery, parseListingParams } from './listing-params';
import type { CategoryData } from './CategoryPage';
import type { Breadcrumb, CategorySidebarData } from './listing-types';
import { t } from '../../client/texts';
import { rewriteLegacyListingQuery } from '../../redirects';
import { htmlToText, sanitiseHtml } from '../../worker/render/html';
import { breadcrumbList, itemList } from '../../worker/seo/json-ld';
import { catalogueData } from '../../worker/cache/data-cache';
import { shopClient } from '../../worker/shop/vendure';
import { loadListing, pastLastPage } from './listing.server';
import { type Loader, absoluteUrl } from '../../worker/pages/loader';

/** A category's slug as the route accepts it (the sitemaps list only these: features/sitemap/). */
export const CATEGORY_SLUG = /^[a-z0-9-]{1,100}$/;
export const ROOT_COLLECTION = '__root_collection__';

/** Breadcrumbs of a collection (spec §3): Home first, the root collection skipped, each link the path so far. */
export function collectionBreadcrumbs(crumbs: Array<{ name: string; slug: string }>): Breadcrumb[] {
  const out: Breadcrumb[] = [{ text: 'Home', link: '/' }];
  let path = '/c';
  for (const c of crumbs) {
    if (c.name === ROOT_COLLECTION || c.slug === ROOT_COLLECTION) continue;
    path += `/${c.slug}`;
    out.push({ text: c.name, link: path });
  }
  return out;
}

type SidebarNavigation = NonNullable<ResultOf<typeof getSidebarNavigation>['collection']>;

/**
 * The category sidebar of the listing at `path` (getsidebarnavigation): the parent (none under a top
 * category, whose parent is the root collection), the current category among its siblings, in
 * their order, and the current one's children. Links append slugs to the path as the chips do.
 */
function categorySidebar(path: string, nav: SidebarNavigation): CategorySidebarData {
  const parentPath = path.slice(0, path.lastIndexOf('/'));
  const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position;
  const underRoot = !nav.parent || nav.parent.slug === ROOT_COLLECTION || parentPath === '/c';
  const siblings = nav.parent?.children?.some((c) => c.id === nav.id) ? [...nav.parent.children].sort(byPosition) : [nav];
  return {
    parent: underRoot ? null : { name: nav.parent!.name, href: parentPath },
    items: siblings.map((s) => {
      const current = s.id === nav.id;
      return {
        name: s.name,
        href: `${parentPath}/${s.slug}`,
        current,
        children: current ? [...(nav.children ?? [])].sort(byPosition).map((c) => ({ name: c.name, href: `${path}/${c.slug}` })) : [],
      };
    }),
  };
}

/**
 * `/c/{slug_1}/…/{slug_5}`: the deepest slug is the collection, and the slugs
 * must be its real parent chain; anything else is a miss (→ redirect table → 404).
 */
export const categoryLoader: Loader<CategoryData> = async (ctx) => {
  const slugs = ['s1', 's2', 's3', 's4', 's5'].map((k) => ctx.params[k]).filter((s): s is string => !!s);
  if (!slugs.length || !slugs.every((s) => CATEGORY_SLUG.test(s))) return null;
  const client = shopClient(ctx.c.env);
  const remember = catalogueData(ctx.c);
  const slug = slugs.at(-1)!;
  const path = `/c/${slugs.join('/')}`;
  const params = parseListingParams(ctx.url.searchParams);
  // A term on a top category's listing searches the whole shop: the overlay's 'Zobacz więcej' leads to
  // /c/dla-psa?q=… (spec §2) and the owner's products are in other top categories (decision 051).
  // A top category is a one-slug path (checked below: the path must be the collection's breadcrumbs).
  const wholeShop = slugs.length === 1 && !!(params.q || params.phrase);
  // The collection, its sidebar and the listing are asked at once (one round instead of two, issue 38):
  // the path names the collection. When it turns out not to be one, the other two are dropped.
  const collectionLoad = remember(`collection:${slug}`, () => client.request(getCollection, { slug }));
  // The sidebar is a help, not the page: without it the listing still answers.
  const sidebarNavigation = remember(`sidebar:${slug}`, () => client.request(getSidebarNavigation, { slug })).catch((error: unknown) => {
    console.error('getsidebarnavigation failed', error);
    return null;
  });
  const listingLoad = loadListing(client, {
    remember,
    collectionSlug: wholeShop ? undefined : slug,
    params,
    firstFacetCode: ctx.c.env.FIRST_FACET_CODE,
    now: Date.now(),
  });
  listingLoad.catch(() => {}); // awaited below only when the collection exists
  const { collection } = await collectionLoad;
  if (!collection) return null;
  const breadcrumbs = collectionBreadcrumbs(collection.breadcrumbs);
  if (breadcrumbs.at(-1)?.link !== path) return null;
  // A live listing asked with old WooCommerce parameters (`?attributes=27&orderby=price`): one hop to
  // the new ones. Legacy paths never get here (not found above), so the table answers them in one hop too.
  const legacy = rewriteLegacyListingQuery(ctx.url);
  if (legacy) return { redirect: legacy, status: 301 };
  const listing = await listingLoad;
  const beyond = pastLastPage(path, listing);
  if (beyond) return beyond;
  const origin = absoluteUrl(ctx, '');
  const data: CategoryData = {
    ...listing,
    path,
    collection: {
      id: collection.id,
      name: collection.name,
      descriptionHtml: sanitiseHtml(collection.description),
      children: [...(collection.children ?? [])]
        .sort((a, b) => a.position - b.position)
        .map((c) => ({ name: c.name, href: `${path}/${c.slug}` })),
    },
    breadcrumbs,
    sidebar: await sidebarNavigation.then((r) => (r?.collection ? categorySidebar(path, r.collection) : null)),
  };
  const pageSuffix = listing.params.page > 1 ? ` – strona ${listing.params.page}` : '';
  return {
    data,
    head: {
      title: `${collection.name}${pageSuffix} – ${t.shopName}`,
      description:
        htmlToText(collection.description).slice(0, 155) ||
        `${collection.name}: ${t.shopTagline.toLowerCase()} – ${t.listing.products(listing.totalItems)}.`,
      canonical: absoluteUrl(
        ctx,
        path + listingQuery({ ...listing.params, sort: null, itemsPerPage: 20, q: listing.params.q, phrase: '' }),
      ),
      noindex: listing.params.facetValueIds.length > 1 || !!params.q,
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
