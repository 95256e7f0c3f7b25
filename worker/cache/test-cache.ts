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
