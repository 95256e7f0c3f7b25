import type { Bindings } from '../env';

/**
 * The catalogue epoch (docs/architecture.md, "Caching"; decision 109): the time (ms since the Unix
 * epoch) of the last catalogue change the backend told the worker of (`POST /api/catalogue/changed`,
 * worker/cache/catalogue-hook.ts). A copy in the edge cache rendered before it is expired: the next
 * request renders the page again (the copy is still the stale-if-error fallback while the backend
 * is down), and so is a data-cache entry holding catalogue data (cachedJson's `catalogue` option).
 *
 * It is one key of the REDIRECTS KV namespace (beside the redirect table's `redirects:v1:*` keys),
 * read at most once a second per isolate: a cacheable request costs one KV read in the second after
 * another one read it, none otherwise. How soon a change shows: locally (`npm start`, the tests'
 * miniflare) within a second; in production, at the location that recorded it within a second
 * too, at every other location when KV has carried the write there, which Cloudflare puts at up
 * to about 60 s (KV is eventually consistent, and a location keeps a value it read up to 60 s).
 * So: within seconds where the backend's call lands, within a minute everywhere.
 */
export const CATALOGUE_EPOCH_KEY = 'catalogue:epoch';
/** How long an isolate keeps the epoch it read before it asks KV again. */
const MEMO_MS = 1000;

interface Memo {
  value: number;
  readAt: number;
  reading?: Promise<number>;
}
/** Per KV namespace (one in production; tests may hand in another). */
const memos = new WeakMap<KVNamespace, Memo>();

/**
 * The catalogue epoch, 0 when no change was ever recorded. A KV failure keeps the last value this
 * isolate knew (logged, never thrown): the cache then serves as it did before the failure.
 */
export async function catalogueEpoch(env: Pick<Bindings, 'REDIRECTS'>): Promise<number> {
  const kv = env.REDIRECTS;
  const memo = memos.get(kv) ?? { value: 0, readAt: Number.NEGATIVE_INFINITY };
  memos.set(kv, memo);
  if (Date.now() - memo.readAt < MEMO_MS) return memo.value;
  // One read at a time per isolate: a burst of requests shares it.
  memo.reading ??= kv
    .get(CATALOGUE_EPOCH_KEY)
    .then((raw) => {
      const value = Number(raw ?? 0);
      if (Number.isFinite(value) && value >= 0) memo.value = Math.max(memo.value, value);
      return memo.value;
    })
    .catch((error: unknown) => {
      console.error('Catalogue epoch unreadable', error);
      return memo.value;
    })
    .finally(() => {
      memo.readAt = Date.now();
      memo.reading = undefined;
    });
  return memo.reading;
}

/**
 * Records a catalogue change now: the new epoch, written to KV and at once to this isolate's
 * memory. Throws when KV refuses the write (KV takes one write a second per key: the caller
 * answers 503 and the backend tries again).
 */
export async function recordCatalogueChange(env: Pick<Bindings, 'REDIRECTS'>): Promise<number> {
  const kv = env.REDIRECTS;
  const memo = memos.get(kv) ?? { value: 0, readAt: Number.NEGATIVE_INFINITY };
  // Never backwards, even if two changes land in the same millisecond or a clock stepped back.
  const epoch = Math.max(Date.now(), memo.value + 1);
  await kv.put(CATALOGUE_EPOCH_KEY, String(epoch));
  memo.value = epoch;
  memo.readAt = Date.now();
  memos.set(kv, memo);
  return epoch;
}
