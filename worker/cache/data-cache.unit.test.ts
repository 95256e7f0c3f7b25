import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { recordCatalogueChange } from './catalogue-epoch';
import { cachedJson, edgeCache } from './data-cache';
import type { AppEnv } from '../env';

/**
 * The data cache's two levels (issue 38): the isolate's memory in front of the Cache API. Each
 * test names its own entries, so the tests do not share them.
 */
const ORIGIN = 'http://127.0.0.1:8787';

/** Runs cachedJson in a request, with a load that counts its calls and answers `value()`. */
function harness<T>(name: string, ttlSeconds: number, value: () => T, options: { catalogue?: boolean } = {}) {
  let loads = 0;
  const app = new Hono<AppEnv>();
  app.get('/', async (c) =>
    c.json(
      await cachedJson(
        c,
        name,
        ttlSeconds,
        async () => {
          loads++;
          return value();
        },
        options,
      ),
    ),
  );
  return {
    get: async () => (await app.request(`${ORIGIN}/`, {}, env)).json() as Promise<T>,
    loads: () => loads,
    cacheKey: new Request(`${ORIGIN}/__data/${encodeURIComponent(env.VENDURE_SHOP_API)}/${encodeURIComponent(name)}`),
  };
}

describe('the data cache: the isolate memory in front of the Cache API', () => {
  it('answers a repeated read from memory, without the Cache API, until the TTL', async () => {
    const h = harness(`memory-${crypto.randomUUID()}`, 1, () => ({ n: 1 }));
    expect(await h.get()).toEqual({ n: 1 });
    expect(await edgeCache()!.match(h.cacheKey)).toBeDefined();
    // gone from the Cache API: a read still finds it in memory
    await edgeCache()!.delete(h.cacheKey);
    expect(await h.get()).toEqual({ n: 1 });
    expect(h.loads()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await h.get()).toEqual({ n: 1 });
    expect(h.loads()).toBe(2);
  });

  it('loads catalogue data again after a catalogue change, memory or not', async () => {
    let n = 0;
    const h = harness(`epoch-${crypto.randomUUID()}`, 300, () => ({ n: ++n }), { catalogue: true });
    expect(await h.get()).toEqual({ n: 1 });
    expect(await h.get()).toEqual({ n: 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await recordCatalogueChange(env);
    expect(await h.get()).toEqual({ n: 2 });
    expect(h.loads()).toBe(2);
  });

  it("gives every read its own copy: a loader changing what it got does not change the next request's", async () => {
    const name = `copy-${crypto.randomUUID()}`;
    const app = new Hono<AppEnv>();
    app.get('/', async (c) => {
      const list = await cachedJson(c, name, 300, async () => [3, 1, 2]);
      const answer = [...list];
      list.sort();
      list.push(99);
      return c.json(answer);
    });
    const read = async () => (await app.request(`${ORIGIN}/`, {}, env)).json();
    expect(await read()).toEqual([3, 1, 2]);
    expect(await read()).toEqual([3, 1, 2]);
    expect(await read()).toEqual([3, 1, 2]);
  });
});
