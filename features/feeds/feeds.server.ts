import { Hono, type Context } from 'hono';
import { t } from '../../client/texts';
import { cachedJson } from '../../worker/cache/data-cache';
import type { AppEnv } from '../../worker/env';
import { loadShippingRates } from '../../worker/shop/shop-policies';
import { SELLER } from '../../worker/seo/seller';
import { ceneoFeed } from './ceneo-feed.server';
import { feedItems, loadFeedProducts } from './feed-items.server';
import { googleFeed } from './google-feed.server';

/**
 * How long a feed is kept before it is built again without a catalogue change (Google and Ceneo
 * fetch a feed a few times a day); a catalogue change builds it again on the next request.
 */
const FEED_TTL_SECONDS = 3600;

const FEEDS = {
  google: async (c: Context<AppEnv>, origin: string) => {
    const [products, rates] = await Promise.all([loadFeedProducts(c), loadShippingRates(c)]);
    const items = products.flatMap((p) => feedItems(p, origin, c.env.ASSET_URL));
    return googleFeed(items, rates, { name: t.shopName, url: `${origin}/`, description: t.shopTagline });
  },
  ceneo: async (c: Context<AppEnv>, origin: string) => {
    const products = await loadFeedProducts(c);
    return ceneoFeed(
      products.flatMap((p) => feedItems(p, origin, c.env.ASSET_URL)),
      SELLER.legalName,
    );
  },
} satisfies Record<string, (c: Context<AppEnv>, origin: string) => Promise<string>>;

const text = (body: string, status: 404 | 405 | 503, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } });

/**
 * `GET /feeds/google.xml` and `/feeds/ceneo.xml` (decision 111): the product feeds for Google
 * Merchant Center and Ceneo, one entry per variant, built from the backend's catalogue read model
 * (`catalogueFeed`, 200 products per SQL statement). Kept in the worker's data cache
 * (`cachedJson`, worker/cache/data-cache.ts) for FEED_TTL_SECONDS and built again after a
 * catalogue change (its catalogue epoch). The query string plays no part: `?x=…` is the same feed.
 */
export const feedsApi = new Hono<AppEnv>()
  .all('/:file', async (c) => {
    const match = /^(google|ceneo)\.xml$/.exec(c.req.param('file').slice(0, 20));
    if (!match) return text('Nie ma takiego pliku.', 404);
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD')
      return text('Dozwolone są tylko metody GET i HEAD.', 405, { Allow: 'GET, HEAD' });
    const name = match[1] as keyof typeof FEEDS;
    const origin = `${new URL(c.req.url).protocol}//${c.env.MAIN_HOST}`;
    let xml: string;
    try {
      xml = await cachedJson(c, `feed:${name}`, FEED_TTL_SECONDS, () => FEEDS[name](c, origin), { catalogue: true });
    } catch (error) {
      console.error(`Feed ${name} unavailable`, error);
      return text('Plik jest chwilowo niedostępny. Spróbuj za minutę.', 503, { 'Retry-After': '60' });
    }
    return new Response(c.req.method === 'HEAD' ? null : xml, {
      headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
    });
  })
  .all('*', () => text('Nie ma takiego pliku.', 404));
