import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCataloguePath, matchRoute } from '../../worker/pages/route-table';
import type { RedirectEnv } from '../../worker/redirect-hook';

type RedirectKv = RedirectEnv['REDIRECTS'];
import { buildBuckets, parseTable, serialiseBucket } from '../../redirects';
import { findRedirect } from '../../worker/redirect-hook';
import { runCheck } from './check';
import { loadTable } from './cli';
import { loadCatalogue } from './live-site';

const root = resolve(import.meta.dirname, '../..');
const { entries } = loadTable(resolve(root, 'redirects/table.tsv'), root);
const BASE = 'http://shop.test';
const BLOG = 'http://blog.test';

/** KV holding the table, as the seeding script writes it. */
function kvOf(list = entries) {
  const data = new Map([...buildBuckets(list)].map(([k, b]) => [k, serialiseBucket(b)]));
  return { get: async (key: string) => data.get(key) ?? null } as unknown as RedirectKv;
}

const catalogue = loadCatalogue(root)!;
/** Pages of the seeded catalogue: its categories and `/p/{id}/{slug}`. */
const cataloguePage = (path: string) =>
  catalogue.categories.has(path) || [...catalogue.products].some(([id, slug]) => path === `/p/${id}/${slug}`);

/**
 * A stand-in for the running stack: the foundation's slash rule and miss handling around the
 * real findRedirect; pages of the route table and of the seeded catalogue answer 200, PDFs too.
 */
function stack(kv: RedirectKv, { slashFirst = false } = {}): typeof fetch {
  const env = { REDIRECTS: kv, BLOG_URL: BLOG, MAIN_HOST: 'shop.test' };
  return (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    const redirect = (location: string) => new Response(null, { status: 301, headers: { location } });
    if (url.pathname.length > 1 && url.pathname.endsWith('/')) {
      const stripped = new URL(url);
      stripped.pathname = url.pathname.replace(/\/+$/, '');
      const legacy = slashFirst ? null : await findRedirect(env, stripped);
      return redirect(legacy ?? stripped.pathname + stripped.search);
    }
    const page = isCataloguePath(url.pathname) ? cataloguePage(url.pathname) : matchRoute(url.pathname) !== null;
    if (url.pathname.startsWith('/pliki/') || page) {
      return new Response('ok', { status: 200 });
    }
    const location = await findRedirect(env, url);
    return location ? redirect(location) : new Response('not found', { status: 404 });
  }) as typeof fetch;
}

describe('--check', () => {
  it('passes on the whole table when every entry answers 301 to its target in one hop', async () => {
    const result = await runCheck(entries, { baseUrl: BASE, blogUrl: BLOG, fetch: stack(kvOf()) });
    expect(result.failures).toEqual([]);
    expect(result.requests).toBeGreaterThan(entries.length);
    expect(result.externalTargets).toBeGreaterThan(100);
  });

  it('reports a slash rule that adds a hop in front of the redirect', async () => {
    const result = await runCheck(entries, { baseUrl: BASE, blogUrl: BLOG, fetch: stack(kvOf(), { slashFirst: true }) });
    expect(result.failures.length).toBeGreaterThan(entries.length / 2);
    expect(result.failures).toContainEqual(
      expect.stringMatching(
        /^http:\/\/shop\.test\/akcesoria\/szelki\/ \(line \d+\): 301 → http:\/\/shop\.test\/akcesoria\/szelki, expected → http:\/\/shop\.test\/c\/dla-psa\/akcesoria\/szelki$/,
      ),
    );
  });

  it('reports a source that is missing from KV and a target that is not 200', async () => {
    const small = parseTable(['from\tto', '/stara-strona/\t/c/dla-psa/nie-ma', '/inna/\t/kontakt'].join('\n')).entries;
    const result = await runCheck(small, { baseUrl: BASE, blogUrl: BLOG, fetch: stack(kvOf(small.slice(0, 1))) });
    expect(result.failures).toEqual([
      'http://shop.test/inna/ (line 3): 301 → http://shop.test/inna, expected → http://shop.test/kontakt',
      'http://shop.test/c/dla-psa/nie-ma: 404, expected 200',
    ]);
  });

  it('stops at the time limit and says what it did not check', async () => {
    const slow = (async () => new Promise<Response>((r) => setTimeout(() => r(new Response(null, { status: 200 })), 30))) as typeof fetch;
    const result = await runCheck(entries.slice(0, 50), { baseUrl: BASE, blogUrl: BLOG, fetch: slow, timeoutMs: 50, concurrency: 2 });
    expect(result.failures.some((f) => f.endsWith('not checked, time limit reached'))).toBe(true);
  });

  it('never runs more than 8 requests at once', async () => {
    let inFlight = 0;
    let peak = 0;
    const counting = (async (input: string | URL | Request, init?: RequestInit) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      return stack(kvOf())(input, init);
    }) as typeof fetch;
    await runCheck(entries.slice(0, 60), { baseUrl: BASE, blogUrl: BLOG, fetch: counting, concurrency: 50 });
    expect(peak).toBe(8);
  });
});
