import { collapsePaging, firstSegment } from './normalise';
import { legacyListingParams, withListingParams } from './query';
import { BLOG_PLACEHOLDER, fillTokens } from './table';

/**
 * How the table is laid out in KV, and how one key is matched against it. The seeding
 * script writes with `buildBuckets`/`serialiseBucket`; the worker reads with `bucketKvKey`
 * and `matchBucket`. Same module, so the two cannot drift.
 *
 * Layout: BUCKET_COUNT values, `redirects:v1:00` … `redirects:v1:15`. An entry lives in the
 * bucket chosen by a hash of its key's first path segment, so a key's exact entry, the
 * `{token}` patterns that could match it and its `…/page/N` collapse all sit in ONE value:
 * one KV get answers any lookup.
 */
export const KV_PREFIX = 'redirects:v1:';
export const BUCKET_COUNT = 16;

/** One KV value: exact entries by key, and patterns most specific first. */
export interface Bucket {
  exact: Record<string, string>;
  patterns: Array<[from: string, to: string]>;
}

interface BucketSource {
  key: string;
  to: string;
  pattern: boolean;
}

/** FNV-1a, 32 bit: small, stable across runtimes, good enough to spread segments. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function bucketOf(key: string): number {
  return hash(firstSegment(key)) % BUCKET_COUNT;
}

export function bucketKvKey(index: number): string {
  return KV_PREFIX + String(index).padStart(2, '0');
}

/** The KV key holding whatever could match `key`. */
export function kvKeyFor(key: string): string {
  return bucketKvKey(bucketOf(key));
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const isToken = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

/** More literal segments first, then longer, then alphabetical: a stable, most-specific-first order. */
function comparePatterns(a: string, b: string): number {
  const sa = segmentsOf(a);
  const sb = segmentsOf(b);
  const literals = (s: string[]) => s.filter((x) => !isToken(x)).length;
  return literals(sb) - literals(sa) || sb.length - sa.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** Groups entries into KV values, keyed by KV key. Deterministic: same input, same output. */
export function buildBuckets(entries: readonly BucketSource[]): Map<string, Bucket> {
  const buckets = new Map<string, Bucket>();
  for (const entry of entries) {
    const kvKey = kvKeyFor(entry.key);
    let bucket = buckets.get(kvKey);
    if (!bucket) buckets.set(kvKey, (bucket = { exact: {}, patterns: [] }));
    if (entry.pattern) bucket.patterns.push([entry.key, entry.to]);
    else bucket.exact[entry.key] = entry.to;
  }
  return buckets;
}

/** The exact string written to KV: sorted, so an unchanged table gives byte-identical values. */
export function serialiseBucket(bucket: Bucket): string {
  const exact = Object.fromEntries(Object.entries(bucket.exact).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const patterns = [...bucket.patterns].sort(([a], [b]) => comparePatterns(a, b));
  return JSON.stringify({ exact, patterns });
}

/** Reads a KV value back; anything malformed is null (treated as an empty bucket). */
export function parseBucket(value: unknown): Bucket | null {
  const data = typeof value === 'string' ? safeJson(value) : value;
  if (!data || typeof data !== 'object') return null;
  const { exact, patterns } = data as Partial<Bucket>;
  if (!exact || typeof exact !== 'object' || !Array.isArray(patterns)) return null;
  return { exact, patterns };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A hit: the target template, and the path a relative target resolves against. */
export interface Match {
  to: string;
  base: string;
}

/** Re-encodes a token value for a URL segment, keeping escapes the normaliser left in place. */
function encodeSegment(value: string): string {
  return encodeURIComponent(value).replace(/%25([0-9A-F]{2})/gi, '%$1');
}

function matchPattern(pattern: string, key: string): Record<string, string> | null {
  const ps = segmentsOf(pattern);
  const ks = segmentsOf(key);
  if (ps.length !== ks.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i]!;
    if (isToken(p)) params[p.slice(1, -1)] = ks[i]!;
    else if (p !== ks[i]) return null;
  }
  return params;
}

function matchOnce(bucket: Bucket, key: string): Match | null {
  const exact = Object.hasOwn(bucket.exact, key) ? bucket.exact[key] : undefined;
  if (typeof exact === 'string') return { to: exact, base: key };
  for (const [from, to] of bucket.patterns) {
    const params = matchPattern(from, key);
    if (params) {
      const filled = fillTokens(to, (name) => (name in params ? encodeSegment(params[name]!) : undefined));
      return { to: filled, base: key };
    }
  }
  return null;
}

/**
 * Looks a normalised key up in its bucket: the exact entry, else the most specific
 * `{token}` pattern, else the same two for the key with `…/page/N` removed.
 */
export function matchBucket(bucket: Bucket | null, key: string): Match | null {
  if (!bucket) return null;
  const hit = matchOnce(bucket, key);
  if (hit) return hit;
  const collapsed = collapsePaging(key);
  return collapsed ? matchOnce(bucket, collapsed) : null;
}

/** `matchBucket` on the bucket of `key` in a layout built by `buildBuckets`. */
export function lookupKey(buckets: ReadonlyMap<string, Bucket>, key: string): Match | null {
  return matchBucket(buckets.get(kvKeyFor(key)) ?? null, key);
}

export interface ResolveContext {
  /** Origin of the request, e.g. `https://sklep.example`. */
  origin: string;
  /** The blog host (`env.BLOG_URL`). */
  blogUrl: string;
  /** The request's query string: only its old listing parameters are carried over. */
  search?: URLSearchParams;
}

/**
 * The absolute Location for a match: `{blog}` → BLOG_URL, a relative target against the
 * matched path on the request's origin, and old `attributes`/`orderby` → `a`/`sort` on
 * category listings.
 */
export function resolveTarget(match: Match, ctx: ResolveContext): string {
  let url: URL;
  if (match.to.startsWith(BLOG_PLACEHOLDER)) {
    url = new URL(ctx.blogUrl.replace(/\/+$/, '') + (match.to.slice(BLOG_PLACEHOLDER.length) || '/'));
  } else {
    url = new URL(match.to, ctx.origin + match.base);
  }
  return withListingParams(url, ctx.origin, legacyListingParams(ctx.search ?? new URLSearchParams())).href;
}
