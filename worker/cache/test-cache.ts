import { edgeCache } from './data-cache';
import { pageCacheKey } from './page-cache';

/**
 * For tests: removes a page's copies (HTML and JSON) from the edge cache, so that its next request
 * renders it (a MISS). The page cache keys by the parameters a page reads only, so a query string
 * of its own no longer gives a test a fresh entry. Storage is per test file; a file's tests share it.
 */
export async function forgetPage(url: string): Promise<void> {
  const cache = edgeCache()!;
  await Promise.all([cache.delete(pageCacheKey(url, 'html')), cache.delete(pageCacheKey(url, 'json'))]);
}

/**
 * For tests: the hex HMAC-SHA256 of `body` keyed with `secret`, what the backend sends in
 * `x-catalogue-signature` to /api/catalogue/changed (worker/cache/catalogue-hook.ts).
 */
export async function signCatalogueChange(body: string, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)));
  return [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
}
