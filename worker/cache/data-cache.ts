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

/** An entry of the isolate's own copy of the data cache: the JSON, when its load began, when it expires. */
interface Held {
  json: string;
  loadedAt: number;
  expiresAt: number;
}

/**
 * The isolate's own copy of the data cache (an isolate serves many requests): a read found here
 * costs no Cache API round trip (1–5 ms at the edge, more under `wrangler dev`) and no I/O; an
 * uncached listing reads five entries (navigation, top bar, collection, sidebar, search). Bounded
 * in bytes (an isolate has 128 MB), the oldest entry dropped first; values are kept as JSON and
 * parsed per read, so a loader may change what it gets without touching the next request's.
 */
const held = new Map<string, Held>();
let heldBytes = 0;
const HELD_MAX_BYTES = 4 * 1024 * 1024;
const HELD_MAX_ENTRY_BYTES = 512 * 1024;

function hold(key: string, entry: Held): void {
  const old = held.get(key);
  if (old) {
    held.delete(key);
    heldBytes -= old.json.length;
  }
  if (entry.json.length > HELD_MAX_ENTRY_BYTES) return;
  held.set(key, entry);
  heldBytes += entry.json.length;
  for (const [oldest, value] of held) {
    if (heldBytes <= HELD_MAX_BYTES) break;
    held.delete(oldest);
    heldBytes -= value.json.length;
  }
}

/** The held JSON of `key` when it is neither expired nor older than the catalogue `epoch`. */
function heldJson(key: string, epoch: number): string | undefined {
  const entry = held.get(key);
  if (!entry) return undefined;
  if (entry.expiresAt > Date.now() && entry.loadedAt >= epoch) return entry.json;
  held.delete(key);
  heldBytes -= entry.json.length;
  return undefined;
}

/**
 * Backend data shared by many pages (header navigation, facet ids, the
 * collections list), kept for `ttlSeconds` in the isolate's memory and in the
 * Cache API (shared by the isolates of a location). The Cache API key lives on
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
  const heldKey = `${c.env.VENDURE_SHOP_API} ${name}`;
  const epoch = options.catalogue ? await catalogueEpoch(c.env) : 0;
  const inMemory = heldJson(heldKey, epoch);
  if (inMemory !== undefined) return JSON.parse(inMemory) as T;
  const cache = edgeCache();
  const origin = new URL(c.req.url).origin;
  const key = new Request(`${origin}/__data/${encodeURIComponent(c.env.VENDURE_SHOP_API)}/${encodeURIComponent(name)}`);
  const hit = cache ? await cache.match(key).catch(() => undefined) : undefined;
  const hitLoadedAt = Number(hit?.headers.get(LOADED_AT_HEADER) ?? 0);
  if (hit && hitLoadedAt >= epoch) {
    try {
      const json = await hit.text();
      const value = JSON.parse(json) as T;
      hold(heldKey, { json, loadedAt: hitLoadedAt, expiresAt: hitLoadedAt + ttlSeconds * 1000 });
      return value;
    } catch {
      // A corrupt entry is simply reloaded below.
    }
  } else await hit?.body?.cancel();
  const loadedAt = Date.now();
  const value = await load();
  const json = JSON.stringify(value) ?? 'null';
  hold(heldKey, { json, loadedAt, expiresAt: loadedAt + ttlSeconds * 1000 });
  if (cache) {
    const body = new Response(json, {
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
 * its listings; a collection's family and related cards for every product in it. Kept CATALOGUE_DATA_TTL_SECONDS,
 * loaded again after a catalogue change (`catalogue: true`, the epoch of worker/cache/catalogue-epoch.ts).
 *
 * @example const remember = catalogueData(c); const { collection } = await remember(`collection:${slug}`, () => client.request(getCollection, { slug }));
 */
export function catalogueData(c: Context<AppEnv>): <T>(key: string, load: () => Promise<T>) => Promise<T> {
  return (key, load) => cachedJson(c, key, CATALOGUE_DATA_TTL_SECONDS, load, { catalogue: true });
}
