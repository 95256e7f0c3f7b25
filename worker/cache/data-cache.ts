import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { catalogueEpoch } from './catalogue-epoch';

/**
 * Runs `task` after the response is sent when the runtime gives us an
 * ExecutionContext (waitUntil); otherwise (tests calling `app.request` without
 * one) it is awaited, so nothing is left dangling. Failures are logged, never thrown.
 */
export async function afterResponse(c: Context<AppEnv>, task: Promise<unknown>): Promise<void> {
  const guarded = task.catch((error) => console.error('Background task failed', error));
  let ctx: Context<AppEnv>['executionCtx'] | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    ctx = undefined;
  }
  if (ctx) ctx.waitUntil(guarded);
  else await guarded;
}

/** The zone's cache, or null where the runtime has none (it is never required for correctness). */
export function edgeCache(): Cache | null {
  return typeof caches !== 'undefined' && 'default' in caches ? (caches as unknown as { default: Cache }).default : null;
}

/** When a data-cache entry's load began (ms since the Unix epoch), for the catalogue epoch. */
const LOADED_AT_HEADER = 'X-Data-Loaded-At';

/**
 * Backend data shared by many pages (header navigation, facet ids, the
 * collections list), kept in the Cache API for `ttlSeconds`. The key lives on
 * the request's own host under a path no route serves, and includes the Shop
 * API URL so two backends never share entries. Only successful loads are
 * stored: a failing `load` throws and the next request tries again.
 *
 * `catalogue: true` for data derived from the products (the collections' product
 * counts): an entry loaded before the catalogue epoch (worker/cache/catalogue-epoch.ts)
 * is loaded again, as the pages rendered from it are. The category tree, the facets
 * and the top bar are not the products' and keep their TTL.
 *
 * @example const facets = await cachedJson(c, 'facets', 300, () => client.request(getFacets));
 */
export async function cachedJson<T>(
  c: Context<AppEnv>,
  name: string,
  ttlSeconds: number,
  load: () => Promise<T>,
  options: { catalogue?: boolean } = {},
): Promise<T> {
  const cache = edgeCache();
  const origin = new URL(c.req.url).origin;
  const key = new Request(`${origin}/__data/${encodeURIComponent(c.env.VENDURE_SHOP_API)}/${encodeURIComponent(name)}`);
  const [hit, epoch] = await Promise.all([
    cache ? cache.match(key).catch(() => undefined) : undefined,
    options.catalogue ? catalogueEpoch(c.env) : 0,
  ]);
  if (hit && Number(hit.headers.get(LOADED_AT_HEADER) ?? 0) >= epoch) {
    try {
      return (await hit.json()) as T;
    } catch {
      // A corrupt entry is simply reloaded below.
    }
  } else await hit?.body?.cancel();
  const loadedAt = Date.now();
  const value = await load();
  if (cache) {
    const body = new Response(JSON.stringify(value), {
      headers: {
        'Content-Type': 'application/json',
        'Cache-Control': `public, max-age=${ttlSeconds}`,
        [LOADED_AT_HEADER]: String(loadedAt),
      },
    });
    await afterResponse(c, cache.put(key, body));
  }
  return value;
}

/** How long catalogue data is kept (a listing's search, a collection, its sidebar); a catalogue change empties it at once. */
const CATALOGUE_DATA_TTL_SECONDS = 300;

/**
 * Catalogue data shared by the uncached pages that ask for it: a listing's search for every sort
 * and page of the same collection, term and filters; a collection and its sidebar for every one of
 * its listings; a collection's family search for every product in it. Kept CATALOGUE_DATA_TTL_SECONDS,
 * loaded again after a catalogue change (`catalogue: true`, the epoch of worker/cache/catalogue-epoch.ts).
 *
 * @example const remember = catalogueData(c); const { collection } = await remember(`collection:${slug}`, () => client.request(getCollection, { slug }));
 */
export function catalogueData(c: Context<AppEnv>): <T>(key: string, load: () => Promise<T>) => Promise<T> {
  return (key, load) => cachedJson(c, key, CATALOGUE_DATA_TTL_SECONDS, load, { catalogue: true });
}
