/**
 * `npm run load`: a bounded mixed-traffic test against a throwaway local stack (backend,
 * stand-ins and wrangler dev on free 127.0.0.1 ports): for a fixed time at a fixed concurrency
 * it sends, in turn,
 *   - cached catalogue pages (home, a category, a product, a static page — edge cache hits),
 *   - uncached listing variants (a unique sort/page/filter query each time),
 *   - product pages across the catalogue,
 *   - legacy URLs from the redirect table (301s, one KV read at most),
 *   - cart mutations and cart reads through /api/shop with a handful of shopper sessions,
 * and reports requests/s, latency p50/p99, network errors and the status codes seen.
 * The bar: 0 errors and 0 responses ≥ 500 (exit 1 otherwise). Loopback only; bounded in count
 * (`--max` requests) and time (`--seconds`).
 *
 * Usage: npm run load [-- --seconds 20] [-- --connections 10] [-- --max 20000] [-- --no-build]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { parseTable } from '../redirects';
import { build } from './build';
import { root, startBackend, startStorefront } from './test-stack/stack';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const SECONDS = Math.min(option('seconds', 20), 120);
const CONNECTIONS = Math.min(option('connections', 10), 50);
const MAX_REQUESTS = Math.min(option('max', 20_000), 100_000);

interface Planned {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

async function sessions(base: string, count: number, variants: string[]): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${base}/api/shop`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify({
        query: 'mutation ($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }',
        variables: { id: variants[i % variants.length] },
      }),
    });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.includes('psiaki_session='));
    if (cookie) cookies.push(cookie);
  }
  return cookies;
}

async function main() {
  if (!process.argv.includes('--no-build')) await build();
  const legacy = parseTable(readFileSync(join(root, 'redirects/table.tsv'), 'utf8'))
    .entries.filter((e) => !e.pattern)
    .map((e) => e.from);
  console.log('Starting a throwaway stack…');
  const backend = await startBackend();
  const storefront = await startStorefront(backend);
  const base = storefront.url;
  try {
    const catalogue = (await (
      await fetch(`${base}/api/shop`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: base },
        body: JSON.stringify({ query: '{ products(options: { take: 100 }) { items { id slug variants { id stockLevel } } } }' }),
      })
    ).json()) as {
      data: { products: { items: Array<{ id: string; slug: string; variants: Array<{ id: string; stockLevel: string }> }> } };
    };
    const products = catalogue.data.products.items;
    const variants = products
      .flatMap((p) => p.variants)
      .filter((v) => v.stockLevel === 'IN_STOCK')
      .map((v) => v.id);
    const cookies = await sessions(base, 8, variants);
    const cached = ['/', '/c/dla-psa', `/p/${products[0]!.id}/${products[0]!.slug}`, '/obsluga-klienta/faq'];
    for (const path of cached) await fetch(base + path);
    const sorts = ['NAME_ASC', 'NAME_DESC', 'PRICE_ASC', 'PRICE_DESC', 'CREATED_DESC'];
    let n = 0;
    const next = (): Planned => {
      n += 1;
      const pick = <T>(list: readonly T[]) => list[n % list.length]!;
      switch (n % 10) {
        case 0:
        case 1:
        case 2:
          return { kind: 'cached page', method: 'GET', path: pick(cached) };
        case 3:
          return { kind: 'uncached listing', method: 'GET', path: `/c/dla-psa?sort=${pick(sorts)}&itemsPerPage=40&v=${n}` };
        case 4:
        case 5: {
          const p = products[(n * 7) % products.length]!;
          return { kind: 'product', method: 'GET', path: `/p/${p.id}/${p.slug}` };
        }
        case 6:
          return { kind: 'legacy URL', method: 'GET', path: legacy[(n * 13) % legacy.length]! };
        case 7:
          return {
            kind: 'cart mutation',
            method: 'POST',
            path: '/api/shop',
            headers: { 'Content-Type': 'application/json', Origin: base, Cookie: pick(cookies) },
            body: JSON.stringify({
              query: 'mutation ($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }',
              variables: { id: variants[n % variants.length] },
            }),
          };
        default:
          return {
            kind: 'cart read',
            method: 'POST',
            path: '/api/shop',
            headers: { 'Content-Type': 'application/json', Origin: base, Cookie: pick(cookies) },
            body: JSON.stringify({ query: '{ activeOrder { id totalQuantity totalWithTax } }' }),
          };
      }
    };
    console.log(`Load: ${SECONDS} s, ${CONNECTIONS} connections, at most ${MAX_REQUESTS} requests, against ${base}`);
    const kinds = new Map<string, number>();
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      amount: undefined,
      maxOverallRequests: MAX_REQUESTS,
      requests: [
        {
          setupRequest: (req: Record<string, unknown>) => {
            const planned = next();
            kinds.set(planned.kind, (kinds.get(planned.kind) ?? 0) + 1);
            return { ...req, method: planned.method, path: planned.path, headers: { ...(planned.headers ?? {}) }, body: planned.body };
          },
        },
      ],
    });
    const codes = Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [Number(code), count] as const);
    const serverErrors = codes.filter(([code]) => code >= 500).reduce((s, [, c]) => s + c, 0);
    console.log(
      `\nrequests: ${result.requests.total} (${Math.round(result.requests.average)}/s), latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
    );
    console.log(`mix: ${[...kinds].map(([k, c]) => `${k} ${c}`).join(', ')}`);
    console.log(`status codes: ${codes.map(([code, count]) => `${code}×${count}`).join(', ')}`);
    console.log(`errors: ${result.errors} network, ${result.timeouts} timeouts, ${serverErrors} responses ≥ 500`);
    if (result.errors || result.timeouts || serverErrors) {
      console.error('load: FAILED (the bar is 0 errors and 0 5xx)');
      process.exitCode = 1;
    } else console.log('load: passed (0 errors, 0 5xx)');
  } finally {
    await storefront.stop();
    await backend.stop();
  }
}

main().catch((error) => {
  console.error(`load: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
