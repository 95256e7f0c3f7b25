import { getCollection } from '../listing/catalogue.graphql.server';
import { IMAGE, imageUrl } from '../../client/lib/image';
import { sortOptionGroups } from '../product/product-options';
import type { ConfiguratorData, ProFitStudioData, StudioModelData, StudioType } from './types';
import { STUDIO_TYPES } from './types';
import { configuratorTexts } from './configurator.texts';
import { t } from '../../client/texts';
import { shopClient } from '../../worker/shop/vendure';
import { CONFIGURATOR_COLLECTIONS, getImageConfigBez, getImageConfigGuard } from './configurator.server';
import { getStudioModels } from './pro-fit.graphql.server';
import { type Loader, absoluteUrl } from '../../worker/pages/loader';

const T = configuratorTexts.studio;
const studioPath = (type: StudioType) => `/pro-fit-studio/${type}`;

/**
 * `/pro-fit-studio`: what the two harness types are, a picture of each (the
 * featured picture of its collection) and a way into each configurator.
 */
export const proFitStudioLoader: Loader<ProFitStudioData> = async (ctx) => {
  const client = shopClient(ctx.c.env);
  const collections = await Promise.all(
    STUDIO_TYPES.map((type) => client.request(getCollection, { slug: CONFIGURATOR_COLLECTIONS[type] })),
  );
  const data: ProFitStudioData = {
    assetUrl: ctx.c.env.ASSET_URL,
    types: STUDIO_TYPES.map((type, i) => ({
      type,
      href: studioPath(type),
      name: T.types[type]!.name,
      text: T.types[type]!.text,
      image: collections[i]?.collection?.featuredAsset?.preview ?? null,
    })),
  };
  const ogImage = data.types.find((x) => x.image)?.image;
  return {
    data,
    head: {
      title: `${T.title} – ${t.shopName}`,
      description: T.metaDescription,
      canonical: absoluteUrl(ctx, '/pro-fit-studio'),
      ogImage: ogImage ? imageUrl(ogImage, IMAGE.structuredData, ctx.c.env.ASSET_URL) : undefined,
    },
  };
};

/**
 * `/pro-fit-studio/guard` and `/pro-fit-studio/bezuciski` (route meta `type`):
 * the products of the configurator's collection with their pictures per colour
 * (getImageConfig / getImageConfigBez), option groups, variants priced with
 * their extras, and the parts and colours the backend offers. The design
 * itself lives in the query and is read by the page, so this data is the same
 * for every URL of the configurator. A collection without configurable
 * products still renders (with a notice), never a 500.
 */
export const configuratorLoader: Loader<ConfiguratorData> = async (ctx) => {
  const type = ctx.route.meta?.type as StudioType | undefined;
  if (!type || !STUDIO_TYPES.includes(type)) return null;
  const client = shopClient(ctx.c.env);
  const request = <R, V>(document: Parameters<typeof client.request<R, V>>[0], variables?: V) => client.request(document, variables);
  const pictures = await (type === 'guard' ? getImageConfigGuard(request) : getImageConfigBez(request));
  const ids = [...pictures.keys()];
  const { products } = ids.length ? await client.request(getStudioModels, { ids }) : { products: { items: [] } };
  const byId = new Map(products.items.map((p) => [p.id, p]));
  const models: StudioModelData[] = ids.flatMap((id) => {
    const p = byId.get(id);
    const configurator = p?.variants.find((v) => v.configurator)?.configurator;
    if (!p || !configurator || configurator.type !== type) return [];
    const offerSets: StudioModelData['offerSets'] = [];
    const offerIndex = new Map<string, number>();
    const variants = p.variants.map((v) => {
      const key = JSON.stringify(v.extras);
      if (!offerIndex.has(key)) offerIndex.set(key, offerSets.push(v.extras) - 1);
      return {
        id: v.id,
        price: v.priceWithTax,
        optionIds: v.options.map((o) => o.id),
        inStock: v.stockLevel !== 'OUT_OF_STOCK',
        offers: offerIndex.get(key)!,
      };
    });
    return [
      {
        id: p.id,
        slug: p.slug,
        name: p.name,
        href: `/p/${p.id}/${p.slug}`,
        fromPrice: Math.min(...variants.map((v) => v.price)),
        optionGroups: sortOptionGroups(p.optionGroups).map((g) => ({
          id: g.id,
          code: g.code,
          name: g.name,
          options: g.options.map((o) => ({ id: o.id, code: o.code, name: o.name })),
        })),
        offerSets,
        variants,
        parts: configurator.parts.map((x) => ({ key: x.key, label: x.label })),
        colours: configurator.colours.map((c) => ({ code: c.code, name: c.name })),
        pictures: Object.fromEntries(pictures.get(id) ?? []),
        image: p.featuredAsset?.preview ?? null,
      },
    ];
  });
  // The collection's classic model (its first product) leads the model step.
  models.sort((a, b) => Number(a.id) - Number(b.id));
  const names = T.types[type]!;
  const path = studioPath(type);
  const ogImage = models[0]?.image;
  return {
    data: { assetUrl: ctx.c.env.ASSET_URL, type, title: `${T.title}: ${names.name}`, intro: names.text, models },
    head: {
      title: `${names.name} – ${T.title} – ${t.shopName}`,
      description: names.text.slice(0, 155),
      canonical: absoluteUrl(ctx, path),
      ogImage: ogImage ? imageUrl(ogImage, IMAGE.structuredData, ctx.c.env.ASSET_URL) : undefined,
    },
  };
};
