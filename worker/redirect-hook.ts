import { isCataloguePath, matchRoute } from './pages/route-table';
import { samePath } from './security/redirect';
import {
  type Bucket,
  canonicalPath,
  hasLegacyParams,
  kvKeyFor,
  liveQuery,
  matchBucket,
  parseBucket,
  resolveTarget,
  safeDecode,
} from '../redirects';

export interface RedirectEnv {
  REDIRECTS: KVNamespace;
  BLOG_URL: string;
  MAIN_HOST: string;
}

/** Edge cache of a KV read (seconds). 60 is KV's minimum and default: a change is live within about a minute. */
const KV_CACHE_TTL = 60;
/** How long an isolate trusts a bucket it read, including an absent one (ms). */
const MEMO_TTL_MS = 30_000;

/**
 * Buckets this isolate read recently, per namespace (the binding object is stable for the
 * isolate's life). A bucket covers every key that hashes to it, misses included, so repeated
 * misses — a bot walking random paths — cost at most BUCKET_COUNT reads per TTL per isolate.
 * Holds at most BUCKET_COUNT values; only resolved data is kept, never a promise or I/O object.
 */
const memo = new WeakMap<KVNamespace, Map<string, { bucket: Bucket | null; until: number }>>();

async function readBucket(kv: KVNamespace, kvKey: string): Promise<Bucket | null> {
  let buckets = memo.get(kv);
  if (!buckets) memo.set(kv, (buckets = new Map()));
  const now = Date.now();
  const hit = buckets.get(kvKey);
  if (hit && hit.until > now) return hit.bucket;
  try {
    const bucket = parseBucket(await kv.get(kvKey, { type: 'text', cacheTtl: KV_CACHE_TTL }));
    buckets.set(kvKey, { bucket, until: now + MEMO_TTL_MS });
    return bucket;
  } catch (error) {
    // KV unavailable: answer "no redirect" (the 404 page) rather than fail the request; not memoised.
    console.error('redirects: KV read failed', kvKey, error);
    return null;
  }
}

/**
 * A live page reached through a variant of its URL: same origin, canonical path, query kept.
 * Built with URL so the Location is percent-encoded again (a raw `<` or `ł` never goes out).
 */
function toLivePage(url: URL, pathname: string): string {
  return new URL(samePath(pathname, liveQuery(pathname, url.searchParams)), url.origin).href;
}

/**
 * Returns the absolute Location for a legacy URL, or null. At most ONE KV get per call; live
 * routes are never asked.
 *
 * 1. The canonical form (decoded, accents folded, then also lower-cased) is a live page outside
 *    the catalogue: redirect to it if it differs from the request, else null. No KV read —
 *    the seeding script refuses table entries on such paths.
 * 2. Otherwise one bucket (memoised) is read and the key looked up: exact entry, `{token}`
 *    pattern, then the same with `…/page/N` removed.
 * 3. No entry, but the canonical form is a catalogue route (`/c/…`, `/p/…`): redirect to it
 *    (lower case, as catalogue slugs are) when it differs from the request or when old
 *    listing parameters need translating.
 */
export async function findRedirect(env: RedirectEnv, url: URL): Promise<string | null> {
  // Compared decoded: a path that differs from its canonical form only by percent-encoding is the
  // same URL to a browser, and redirecting it would loop.
  const raw = safeDecode(url.pathname);
  const canonical = canonicalPath(url.pathname);
  const candidates = [...new Set([canonical, canonical.toLowerCase()])].filter((path) => matchRoute(path));

  const live = candidates.find((path) => !isCataloguePath(path));
  if (live !== undefined) return live === raw ? null : toLivePage(url, live);

  const key = canonical.toLowerCase();
  const match = matchBucket(await readBucket(env.REDIRECTS, kvKeyFor(key)), key);
  if (match) return resolveTarget(match, { origin: url.origin, blogUrl: env.BLOG_URL, search: url.searchParams });

  const page = candidates.at(-1);
  if (page !== undefined && (page !== raw || hasLegacyParams(url.searchParams))) return toLivePage(url, page);
  return null;
}
