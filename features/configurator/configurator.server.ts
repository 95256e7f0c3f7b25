import { getImageConfig } from '../listing/catalogue.graphql.server';
import type { ResultOf } from '../../client/graphql/graphql';
import type { ShopRequest } from '../../client/lib/shop-api';

/** Collections whose products the two harness configurators dress (spec §2 /pro-fit-studio/guard, /bezuciski). */
export const CONFIGURATOR_COLLECTIONS = { guard: 'szelki-typu-guard', bezuciski: 'szelki-bezuciskowe-pro-fit' } as const;

/** Per product id: colour code → picture of the product in that colour. */
type ImageConfig = Map<string, Map<string, string>>;

/**
 * Pictures per product and colour. A product's colours are its `kolor` facet
 * values; its picture in a colour is the asset named `…-{colour}.{ext}` (how
 * the catalogue names them).
 */
function imagesByColour(result: ResultOf<typeof getImageConfig>): ImageConfig {
  const config: ImageConfig = new Map();
  for (const { product } of result.collection?.productVariants.items ?? []) {
    if (config.has(product.id)) continue;
    const colours = new Map<string, string>();
    for (const value of product.facetValues) {
      if (value.facet.code !== 'kolor') continue;
      const asset = product.assets.find((a) => a.name.replace(/\.[a-z]+$/, '').endsWith(`-${value.code}`));
      if (asset) colours.set(value.code, asset.preview);
    }
    config.set(product.id, colours);
  }
  return config;
}

/** Spec getImageConfig: pictures of the guard harness configurator. */
export async function getImageConfigGuard(request: ShopRequest): Promise<ImageConfig> {
  return imagesByColour(await request(getImageConfig, { slug: CONFIGURATOR_COLLECTIONS.guard }));
}

/** Spec getImageConfigBez: pictures of the no-pressure (bezuciskowe) harness configurator. */
export async function getImageConfigBez(request: ShopRequest): Promise<ImageConfig> {
  return imagesByColour(await request(getImageConfig, { slug: CONFIGURATOR_COLLECTIONS.bezuciski }));
}
