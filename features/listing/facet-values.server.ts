import type { Context } from 'hono';
import { getFacets } from './catalogue.graphql.server';
import { cachedJson } from '../../worker/cache/data-cache';
import type { AppEnv } from '../../worker/env';
import type { ShopClient } from '../../worker/shop/vendure';

/** Facet ids change between backends, codes do not: configuration names facets by code and ids are looked up here. */
const FACETS_TTL_SECONDS = 300;

type Facets = Array<{ id: string; code: string; name: string; values: Array<{ id: string; code: string; name: string }> }>;

/** All facets with their values (getFacet), cached for FACETS_TTL_SECONDS. */
function loadFacets(c: Context<AppEnv>, client: ShopClient): Promise<Facets> {
  return cachedJson(c, 'facets', FACETS_TTL_SECONDS, async () => (await client.request(getFacets)).facets.items);
}

/**
 * The id of a facet value given as `facetCode:valueCode` (e.g. SALE_FACET_VALUE
 * "promocja:wyprzedaz", production facet value 303), or null when the backend has no such value.
 */
export async function facetValueId(c: Context<AppEnv>, client: ShopClient, ref: string): Promise<string | null> {
  const [facetCode, valueCode] = ref.split(':');
  const facet = (await loadFacets(c, client)).find((f) => f.code === facetCode);
  return facet?.values.find((v) => v.code === valueCode)?.id ?? null;
}
