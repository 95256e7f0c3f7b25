import type { Context } from 'hono';
import type { AppEnv } from '../env';

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

/**
 * Backend data shared by many pages (header navigation, facet ids, the
 * collections list), kept in the Cache API for `ttlSeconds`. The key lives on
 * the request's own host under a path no route serves, and includes the Shop
 * API URL so two backends never share entries. Only successful loads are
 * stored: a failing `load` throws and the next request tries again.
 *
 * @example const facets = await cachedJson(c, 'facets', 300, () => client.request(getFacets));
 */
export async function cachedJson<T>(c: Context<AppEnv>, name: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
  const cache = edgeCache();
  const origin = new URL(c.req.url).origin;
  const key = new Request(`${origin}/__data/${encodeURIComponent(c.env.VENDURE_SHOP_API)}/${encodeURIComponent(name)}`);
  const hit = cache ? await cache.match(key).catch(() => undefined) : undefined;
  if (hit) {
    try {
      return (await hit.json()) as T;
    } catch {
      // A corrupt entry is simply reloaded below.
    }
  }
  const value = await load();
  if (cache) {
    const body = new Response(JSON.stringify(value), {
      headers: { 'Content-Type': 'application/json', 'Cache-Control': `public, max-age=${ttlSeconds}` },
    });
    await afterResponse(c, cache.put(key, body));
  }
  return value;
}
