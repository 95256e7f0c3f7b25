/**
 * `npm run bench`: starts its own stack (throwaway backend + wrangler dev on
 * free loopback ports) and measures, per page type:
 * - SSR render time: median and p95 over 200 renders of the page's real
 *   loader data (fetched from the stack), rendering the same React tree the
 *   worker renders (Document + App), in this Node process (V8, like workerd);
 * - gzip bytes of the JS the document starts (entry, react-dom, page chunks) and of the CSS;
 * - requests/s and p50/p99 latency with autocannon against wrangler dev,
 *   uncached (a first visit per request, where the page reads a parameter: see `unique`) and cached (one URL), 6 s each,
 *   10 connections, loopback only; the worker built as `wrangler deploy` builds it
 *   (React's production build, minified: startStorefront's `deployed`), and the CPU ms
 *   per request it and the backend spent meanwhile (scripts/test-stack/cpu.ts).
 * Checkout and account pages are fetched, rendered and loaded in the session of the demo
 * customer with a product in the cart (never edge-cached: no cached figure).
 * Writes bench/results.json and prints a table.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import type { LoadedPage } from '../client/page-modules';
import type { PagePayload } from '../client/router/types';
import type { DocumentAssets } from '../worker/render/document';
import { type CpuGroup, cpuMeter, msPerRequest } from './test-stack/cpu';
import { shopperSession } from './test-stack/shopper';
import { root, startBackend, startStorefront } from './test-stack/stack';

const RENDERS = 200;
const LOAD_SECONDS = 6;

/**
 * Personal pages (checkout, account) are measured in the session of a logged-in shopper with a cart.
 * `unique`: the query that makes request i a first visit. The edge cache keys on the parameters a
 * page reads (decision 109), so only a page that reads one can be asked uncached again and again: a
 * listing (a page size it does not offer: its own cache entry, rendered with the default size), a
 * configurator (it reads every parameter); never-cached pages (personal, 404) need none. Home,
 * static pages, products and collections read none: their first visits are `npm run bench:latency`'s.
 */
const candidates: Array<{ type: string; path: string; session?: 'customer'; unique?: (i: number) => string }> = [
  { type: 'home', path: '/' },
  { type: 'static page', path: '/obsluga-klienta/faq' },
  { type: 'category', path: '/c/dla-psa/akcesoria/szelki', unique: (i) => `itemsPerPage=${1000 + i}` },
  { type: 'product', path: '/p/1' },
  { type: 'collections', path: '/kolekcje' },
  { type: 'configurator', path: '/pro-fit-studio/guard', unique: (i) => `bench=${i}` },
  { type: 'checkout', path: '/checkout/shipping', session: 'customer', unique: () => '' },
  { type: 'account', path: '/my-account/profile', session: 'customer', unique: () => '' },
  { type: '404', path: '/nie-ma-takiej-strony', unique: () => '' },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

interface Manifest {
  entry: string;
  css: string[];
  pages: Record<string, string[]>;
}

/**
 * React's production build, as the deployed worker runs it (`wrangler deploy` bundles with NODE_ENV
 * "production"; so does the stack's `wrangler dev` here, startStorefront's `deployed`): loaded after
 * the stack has been spawned, so its processes keep their own NODE_ENV, and before anything imports React.
 */
async function loadRenderer() {
  process.env.NODE_ENV = 'production';
  const [{ createElement }, { renderToReadableStream }, routes, pageModules, types, { Document }, { ServerPage, assetsFor }] =
    await Promise.all([
      import('react'),
      import('react-dom/server.edge'),
      import('../client/router/routes'),
      import('../client/page-modules'),
      import('../client/router/types'),
      import('../worker/render/document'),
      import('../worker/render/render'),
    ]);
  return {
    createElement,
    renderToReadableStream,
    Document,
    ServerPage,
    assetsFor,
    ...routes,
    ...pageModules,
    readPayload: types.readPayload,
  };
}
type Renderer = Awaited<ReturnType<typeof loadRenderer>>;

async function renderOnce(r: Renderer, payload: PagePayload, Page: LoadedPage | null, url: string): Promise<number> {
  const { createElement, renderToReadableStream, Document, ServerPage } = r;
  const assets: DocumentAssets = r.assetsFor(payload.page);
  const started = performance.now();
  const stream = await renderToReadableStream(
    createElement(Document, { payload, assets }, createElement(ServerPage, { payload, Page, url })),
  );
  const reader = stream.getReader();
  // Drain the stream: the render is done when the last chunk is read.
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
  return performance.now() - started;
}

type LoadResult = Awaited<ReturnType<typeof load>>;

async function load(url: string, unique: ((i: number) => string) | undefined, stack: CpuGroup[], cookie?: string) {
  let i = 0;
  const cpu = cpuMeter(stack);
  const result = await autocannon({
    url,
    headers: cookie ? { Cookie: cookie } : {},
    connections: 10,
    duration: LOAD_SECONDS,
    requests: unique
      ? [
          {
            setupRequest: (req: { path: string }) => {
              const query = unique(i++);
              return { ...req, path: query ? `${req.path}${req.path.includes('?') ? '&' : '?'}${query}` : req.path };
            },
          },
        ]
      : undefined,
  });
  const { rows } = cpu.stop();
  const perRequest = (name: string) => +msPerRequest(rows, name, result.requests.total).toFixed(2);
  // Network errors and non-2xx answers apart: the 404 page type answers 404 by design.
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    /** CPU ms per request of the worker (wrangler dev: workerd, wrangler) and the backend */
    cpuMs: { worker: perRequest('worker'), backend: perRequest('backend') },
  };
}

async function main() {
  const manifest = JSON.parse(readFileSync(join(root, 'dist/manifest.json'), 'utf8')) as Manifest;
  const gz = (path: string) => gzipSync(readFileSync(join(root, 'dist/public', path))).byteLength;
  console.log('Starting a throwaway stack…');
  const backend = await startBackend();
  const storefront = await startStorefront(backend, {}, { deployed: true });
  const stack: CpuGroup[] = [
    { name: 'worker', pids: [storefront.pid] },
    { name: 'backend', pids: [backend.pid] },
  ];
  const r = await loadRenderer();
  const { readPayload, loadPageComponent } = r;
  const results: Array<{
    type: string;
    path: string;
    ssrMedianMs: number;
    ssrP95Ms: number;
    jsGzipBytes: number;
    cssGzipBytes: number;
    uncached: LoadResult | null;
    cached: LoadResult | null;
  }> = [];
  try {
    const sessions = new Map<string, string>();
    for (const { type, path, session, unique } of candidates) {
      if (session && !sessions.has(session)) sessions.set(session, await shopperSession(storefront.url, session));
      const cookie = session ? sessions.get(session) : undefined;
      const res = await fetch(storefront.url + path, {
        headers: { Accept: 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
        redirect: 'follow',
      });
      const payload = readPayload(await res.json());
      if (type !== '404' && payload.route === 'error') {
        console.log(`skip ${type}: ${path} is not live yet`);
        continue;
      }
      const finalPath = new URL(res.url).pathname;
      if (finalPath !== path && session) throw new Error(`${type}: ${path} sent the shopper to ${finalPath}`);
      const Page = payload.page ? await loadPageComponent(payload.page) : null;
      const times: number[] = [];
      for (let i = 0; i < 20; i++) await renderOnce(r, payload, Page, finalPath);
      for (let i = 0; i < RENDERS; i++) times.push(await renderOnce(r, payload, Page, finalPath));
      times.sort((a, b) => a - b);
      // What the document starts (entry, react-dom, the page's chunks); the lazily loaded parts and the
      // cookie banner come on top: e2e/js-budget.test.ts counts every script until the network is idle.
      const assets = r.assetsFor(payload.page);
      const js = [assets.entry, ...assets.preload].reduce((s, p) => s + gz(p), 0);
      const css = manifest.css.reduce((s, p) => s + gz(p), 0);
      const uncached = unique ? await load(storefront.url + finalPath, unique, stack, cookie) : null;
      // 404s and personal pages are never stored by the edge cache, so there is no cached figure for them.
      const cached = type === '404' || session ? null : await load(storefront.url + finalPath, undefined, stack);
      results.push({
        type,
        path: finalPath,
        ssrMedianMs: +percentile(times, 50).toFixed(2),
        ssrP95Ms: +percentile(times, 95).toFixed(2),
        jsGzipBytes: js,
        cssGzipBytes: css,
        uncached,
        cached,
      });
    }
  } finally {
    await storefront.stop();
    await backend.stop();
  }
  mkdirSync(join(root, 'bench'), { recursive: true });
  writeFileSync(
    join(root, 'bench/results.json'),
    JSON.stringify({ date: new Date().toISOString(), renders: RENDERS, loadSeconds: LOAD_SECONDS, results }, null, 2),
  );
  const cpu = (l: LoadResult) => `${l.cpuMs.worker.toFixed(1)}/${l.cpuMs.backend.toFixed(1)}`.padStart(10);
  console.log('\npage type     SSR med  SSR p95   JS gz    CSS gz   uncached rps p50/p99 ms CPU ms/req   cached rps p50/p99 ms CPU ms/req');
  for (const r of results) {
    console.log(
      `${r.type.padEnd(12)} ${`${r.ssrMedianMs} ms`.padStart(8)} ${`${r.ssrP95Ms} ms`.padStart(8)} ${`${(r.jsGzipBytes / 1024).toFixed(1)} KB`.padStart(8)} ${`${(r.cssGzipBytes / 1024).toFixed(1)} KB`.padStart(8)}   ${r.uncached ? `${String(r.uncached.rps).padStart(6)} ${`${r.uncached.p50}/${r.uncached.p99}`.padStart(10)} ${cpu(r.uncached)}` : '     – (bench:latency)          '}   ${r.cached ? `${String(r.cached.rps).padStart(6)} ${`${r.cached.p50}/${r.cached.p99}`.padStart(10)} ${cpu(r.cached)}` : '     – (not cached)'}`,
    );
  }
  console.log(
    "\nCPU ms/req: CPU time per request of the worker (wrangler dev's workerd and wrangler) / the backend over that load run (user + system, scripts/test-stack/cpu.ts); the worker is built as deployed (React's production build, minified)",
  );
  console.log('\nwritten bench/results.json');
}

main().catch((error) => {
  console.error(`bench failed: ${error instanceof Error ? error.stack : error}`);
  process.exit(1);
});
