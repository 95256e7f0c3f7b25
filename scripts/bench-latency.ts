/**
 * `npm run bench:latency`: what one shopper waits for, one request at a time (issue 38, "Numbers").
 * Starts its own stack (throwaway backend and stand-ins, `wrangler dev` with the worker built as
 * deployed: React's production build, minified; loopback only, free ports) and measures sequentially,
 * `--runs` times each (12), the time to the first byte (the answer's headers) and to the last byte:
 * - cached page: a category page already in the edge cache (requested once first; `X-Edge-Cache: HIT`);
 * - uncached listing: a first visit of a category with `itemsPerPage=40`, each URL new (the edge cache
 *   keys on the URL: sort × page × collection vary), checked `MISS` with 40 product cards;
 * - uncached product page: a different product each time, none visited before (`MISS`);
 * - search: a different term each time (`/c/dla-psa?q=…`, the search bar's form), finding products, `MISS`.
 * Also the worker's own `Server-Timing` (`edge;dur`, `backend;dur`: its time and the time it waited on the
 * Shop API). Prints median and p90 per kind, the ratio uncached / cached, and writes
 * bench/latency-results.json (git-ignored).
 *
 * A peer storefront against the same backend, its requests interleaved with ours (one request at a time:
 * in each round the same kinds of pages on both, who goes first alternating round by round, so neither
 * finds the backend warmed by the other more often):
 * - `--peer-dir DIR`: a Next.js storefront (Vendure's Next.js starter by default) the script starts itself
 *   (`next start` on a free loopback port, VENDURE_SHOP_API_URL = our backend's Shop API), built first
 *   with `next build` against that backend when DIR has no build yet or with `--peer-build`;
 * - `--peer URL`: a storefront already running; the script prints the Shop API URL to point it at and
 *   waits (`--peer-wait` seconds, 300) until URL answers. Restart it before each run: every page must be
 *   a first visit for it too.
 * Its pages are URL templates, the starter's by default: `--peer-product '/product/{slug}'`,
 * `--peer-listing '/collection/{collection}?sort={sort}&page={page}'` (`{path}`: our category path),
 * `--peer-search '/search?q={q}'`, `--peer-cached '/collection/{collection}'` (a repeat visit: the
 * peer's own caches, visited once first), `--peer-sorts name-asc,…`, `--peer-page-size 12` (its listing's
 * fixed page size), `--peer-card 'href="/product/'` (what starts a product link on its pages: cards are
 * counted as distinct links). Its first visits are checked by the cards they show.
 *
 * Usage: npm run bench:latency [-- --no-build] [-- --runs 12] [-- --peer-dir DIR [--peer-build]]
 *                              [-- --peer URL [--peer-wait 300]] [-- --peer-product TEMPLATE …]
 * Exits 1 if an answer is not what it should be (status, cache state, cards).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { freePort } from '../backend/src/dev/ports';
import { SORT_VALUES } from '../features/listing/listing-params';
import { build } from './build';
import { type Started, startProcess } from './test-stack/process';
import { type Backend, root, startBackend, startStorefront, type Storefront } from './test-stack/stack';

const argv = process.argv.slice(2);
const text = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : fallback;
};
const number = (name: string, fallback: number, max: number) => {
  const value = Number(text(name, ''));
  return Number.isInteger(value) && value > 0 ? Math.min(value, max) : fallback;
};

const RUNS = number('runs', 12, 50);
/** First visits on both storefronts before the measured ones (outside the measured items): JIT, isolate start, shared data. */
const WARM = 2;
/** Our listing's page size asked for (features/listing/listing-params.ts PAGE_SIZES). */
const OUR_PAGE_SIZE = 40;
/** The category page of the cached figure (the one `npm run bench` measures). */
const CACHED_PATH = ['dla-psa', 'akcesoria', 'szelki'];
/** Where the search bar sends a term (features/search/SearchBar.tsx): the whole shop's listing. */
const OUR_SEARCH = '/c/dla-psa';
const REQUEST_TIMEOUT_MS = 30_000;

/** Vendure's Next.js starter (github.com/vendure-ecommerce/nextjs-starter-vendure), overridable by flag. */
const PEER = {
  url: text('peer', ''),
  dir: text('peer-dir', ''),
  build: argv.includes('--peer-build'),
  waitSeconds: number('peer-wait', 300, 1800),
  product: text('peer-product', '/product/{slug}'),
  listing: text('peer-listing', '/collection/{collection}?sort={sort}&page={page}'),
  search: text('peer-search', '/search?q={q}'),
  cached: text('peer-cached', '/collection/{collection}'),
  sorts: text('peer-sorts', 'name-asc,name-desc,price-asc,price-desc').split(',').filter(Boolean),
  pageSize: number('peer-page-size', 12, 100),
  card: text('peer-card', 'href="/product/'),
};

type Kind = 'cached' | 'listing' | 'product' | 'search';
const KINDS: Kind[] = ['cached', 'listing', 'product', 'search'];
const KIND_LABEL: Record<Kind, string> = {
  cached: 'cached page',
  listing: 'uncached listing',
  product: 'uncached product page',
  search: 'search',
};
type Target = 'ours' | 'peer';

interface Sample {
  path: string;
  status: number;
  ttfbMs: number;
  totalMs: number;
  /** bytes on the wire (compressed when the server compressed) */
  wireBytes: number;
  encoding: string;
  /** X-Edge-Cache (ours) */
  cache?: string;
  /** Server-Timing `edge;dur` and `backend;dur` (ours) */
  edgeMs?: number;
  backendMs?: number;
  backendCalls?: number;
  cards: number;
  problem?: string;
}

interface Planned {
  path: string;
  /** what the answer must show */
  check: (sample: Sample, html: string) => string | undefined;
}

/** One GET on a fresh connection, as a first visit with no cookies: headers' arrival and the last byte. */
function get(base: string, path: string): Promise<{ sample: Omit<Sample, 'cards'>; html: string }> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const req = request(
      base + path,
      {
        agent: false,
        headers: {
          Accept: 'text/html,application/xhtml+xml',
          'Accept-Encoding': 'gzip, br',
          'Accept-Language': 'pl-PL,pl;q=0.9',
          'User-Agent': 'Mozilla/5.0 (bench-latency)',
        },
      },
      (res) => {
        const ttfbMs = performance.now() - started;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        res.on('end', () => {
          const totalMs = performance.now() - started;
          const raw = Buffer.concat(chunks);
          const encoding = String(res.headers['content-encoding'] ?? 'identity');
          const body =
            encoding === 'gzip'
              ? gunzipSync(raw)
              : encoding === 'br'
                ? brotliDecompressSync(raw)
                : encoding === 'deflate'
                  ? inflateSync(raw)
                  : raw;
          const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]));
          const timing = serverTiming(headers['server-timing'] ?? '');
          done({
            sample: {
              path,
              status: res.statusCode ?? 0,
              ttfbMs: +ttfbMs.toFixed(2),
              totalMs: +totalMs.toFixed(2),
              wireBytes: raw.byteLength,
              encoding,
              ...(headers['x-edge-cache'] ? { cache: headers['x-edge-cache'] } : {}),
              ...timing,
            },
            html: body.toString('utf8'),
          });
        });
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms: ${base}${path}`)));
    req.on('error', fail);
    req.end();
  });
}

/** `edge;dur=12, backend;dur=8;desc="2 calls", cache;desc="MISS"` (worker/observability/request-log.ts). */
function serverTiming(header: string): Pick<Sample, 'edgeMs' | 'backendMs' | 'backendCalls'> {
  const out: Pick<Sample, 'edgeMs' | 'backendMs' | 'backendCalls'> = {};
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    const dur = params.map((p) => /^dur=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
    const calls = params.map((p) => /^desc="(\d+) calls?"$/.exec(p.trim())?.[1]).find(Boolean);
    if (name === 'edge' && dur) out.edgeMs = Number(dur);
    if (name === 'backend' && dur) out.backendMs = Number(dur);
    if (name === 'backend' && calls) out.backendCalls = Number(calls);
  }
  return out;
}

/** As React writes text: a product's name is looked for on its page. */
const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;');
const ourCards = (html: string) => html.match(/class="card card--/g)?.length ?? 0;
const peerCards = (html: string) => {
  const links = new Set<string>();
  for (let at = html.indexOf(PEER.card); at >= 0; at = html.indexOf(PEER.card, at + 1))
    links.add(html.slice(at, html.indexOf('"', at + PEER.card.length)));
  return links.size;
};

async function measure(base: string, target: Target, planned: Planned): Promise<Sample> {
  const { sample, html } = await get(base, planned.path);
  const cards = target === 'ours' ? ourCards(html) : peerCards(html);
  const full: Sample = { ...sample, cards };
  const problem = sample.status !== 200 ? `status ${sample.status}` : planned.check(full, html);
  if (problem) full.problem = problem;
  return full;
}

// ── what to request: read from the Shop API directly, so no storefront has seen any of it ──

interface Catalogue {
  products: Array<{ id: string; slug: string; name: string }>;
  /** collections by product count, with our path (`dla-psa/akcesoria`) and their deepest slug */
  collections: Array<{ slug: string; path: string; products: number }>;
  terms: string[];
}

async function shopApi<T>(backend: Backend, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${backend.url}/shop-api`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(backend.shopApiSecret ? { 'X-Shop-Api-Secret': backend.shopApiSecret } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const json = (await res.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (!json.data) throw new Error(`Shop API: ${json.errors?.map((e) => e.message).join('; ') ?? res.status}`);
  return json.data;
}

async function readCatalogue(backend: Backend): Promise<Catalogue> {
  const { products, collections } = await shopApi<{
    products: { items: Array<{ id: string; slug: string; name: string }> };
    collections: { items: Array<{ slug: string; breadcrumbs: Array<{ slug: string }> }> };
  }>(
    backend,
    '{ products(options: { take: 100, sort: { id: ASC } }) { items { id slug name } } collections(options: { take: 100 }) { items { slug breadcrumbs { slug } } } }',
  );
  const count = async (input: Record<string, unknown>) =>
    (
      await shopApi<{ search: { totalItems: number } }>(backend, 'query ($input: SearchInput!) { search(input: $input) { totalItems } }', {
        input: { ...input, groupByProduct: true, take: 0 },
      })
    ).search.totalItems;
  const sized: Catalogue['collections'] = [];
  for (const c of collections.items) {
    const path = c.breadcrumbs
      .map((b) => b.slug)
      .filter((s) => s !== '__root_collection__')
      .join('/');
    sized.push({ slug: c.slug, path, products: await count({ collectionSlug: c.slug }) });
  }
  sized.sort((a, b) => b.products - a.products || a.path.localeCompare(b.path));
  // Search terms: words of the product names (5 letters or more), the most common first, each finding products.
  const words = new Map<string, number>();
  for (const p of products.items)
    for (const w of new Set(p.name.toLowerCase().match(/\p{L}{5,}/gu) ?? [])) words.set(w, (words.get(w) ?? 0) + 1);
  const terms: string[] = [];
  for (const [w] of [...words].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    if (terms.length >= RUNS + WARM) break;
    if ((await count({ term: w })) > 0) terms.push(w);
  }
  return { products: products.items, collections: sized, terms };
}

interface Plan {
  ours: Record<Kind, Planned[]>;
  peer: Record<Kind, Planned[]> | null;
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? encodeURIComponent(String(values[key])) : whole));

/**
 * Items for WARM + RUNS requests of each kind: the first WARM warm the storefronts up, the rest are
 * measured; the same items for both storefronts (their URLs differ), each URL requested once.
 */
function plan(catalogue: Catalogue, withPeer: boolean): Plan {
  const n = WARM + RUNS;
  const fail = (what: string) => {
    throw new Error(`the catalogue has too few ${what} for ${n} requests (${WARM} warm-up + ${RUNS})`);
  };
  // Products spread over the catalogue.
  const { products } = catalogue;
  if (products.length < n) fail('products');
  const chosen = Array.from({ length: n }, (_, i) => products[Math.floor((i * products.length) / n)]!);
  // Listings: collections with full pages of 40, sort × page, the collections taken in turn.
  const full = catalogue.collections.filter((c) => c.products >= OUR_PAGE_SIZE);
  const perCollection = full.map((c) => {
    const list: Array<{ c: (typeof full)[number]; sort: string | null; page: number }> = [];
    for (let page = 1; page * OUR_PAGE_SIZE <= c.products; page++) for (const sort of [null, ...SORT_VALUES]) list.push({ c, sort, page });
    return list;
  });
  const listings: Array<(typeof perCollection)[number][number]> = [];
  for (let round = 0; listings.length < n && perCollection.some((l) => l.length > round); round++)
    for (const list of perCollection) if (list[round] && listings.length < n) listings.push(list[round]!);
  if (listings.length < n) fail(`listing pages of ${OUR_PAGE_SIZE} products`);
  // The peer's listings: the same collection each time, its own sorts and pages, each full.
  const peerCombos = new Map(
    full.map((c) => {
      const list: Array<{ sort: string; page: number }> = [];
      for (let page = 1; page * PEER.pageSize <= c.products; page++) for (const sort of PEER.sorts) list.push({ sort, page });
      return [c.slug, list] as const;
    }),
  );
  const { terms } = catalogue;
  if (terms.length < n) fail('search terms that find products');
  const cachedSlug = CACHED_PATH.at(-1)!;

  const ourCheck =
    (cache: string, cards: (c: number) => boolean, expected: string, name?: string): Planned['check'] =>
    (s, html) =>
      s.cache !== cache
        ? `X-Edge-Cache ${s.cache ?? 'absent'}, not ${cache}`
        : !cards(s.cards)
          ? `${s.cards} product cards, expected ${expected}`
          : name && !html.includes(escapeHtml(name))
            ? `the product's name is not on the page`
            : undefined;
  const ours: Record<Kind, Planned[]> = {
    cached: Array.from({ length: n }, () => ({
      path: `/c/${CACHED_PATH.join('/')}`,
      check: ourCheck('HIT', (c) => c > 0, 'some'),
    })),
    listing: listings.map(({ c, sort, page }) => ({
      path: `/c/${c.path}?${new URLSearchParams({ ...(sort ? { sort } : {}), page: String(page), itemsPerPage: String(OUR_PAGE_SIZE) })}`,
      check: ourCheck('MISS', (k) => k === OUR_PAGE_SIZE, String(OUR_PAGE_SIZE)),
    })),
    product: chosen.map((p) => ({ path: `/p/${p.id}/${p.slug}`, check: ourCheck('MISS', () => true, 'any', p.name) })),
    search: terms.slice(0, n).map((q) => ({
      path: `${OUR_SEARCH}?q=${encodeURIComponent(q)}`,
      check: ourCheck('MISS', (c) => c > 0, 'at least 1'),
    })),
  };
  if (!withPeer) return { ours, peer: null };
  const peerCheck =
    (cards: (c: number) => boolean, expected: string, name?: string): Planned['check'] =>
    (s, html) =>
      !cards(s.cards)
        ? `${s.cards} product links, expected ${expected}`
        : name && !html.includes(escapeHtml(name))
          ? `the product's name is not on the page`
          : undefined;
  const peer: Record<Kind, Planned[]> = {
    cached: Array.from({ length: n }, () => ({
      path: fill(PEER.cached, { collection: cachedSlug, path: CACHED_PATH.join('/') }),
      check: peerCheck((c) => c > 0, 'some'),
    })),
    listing: listings.map(({ c }) => {
      const next = peerCombos.get(c.slug)!.shift();
      if (!next) fail(`listing pages of ${PEER.pageSize} products for the peer in ${c.path}`);
      return {
        path: fill(PEER.listing, { collection: c.slug, path: c.path, sort: next!.sort, page: next!.page, pageSize: PEER.pageSize }),
        check: peerCheck((k) => k === PEER.pageSize, String(PEER.pageSize)),
      };
    }),
    product: chosen.map((p) => ({ path: fill(PEER.product, { slug: p.slug, id: p.id }), check: peerCheck(() => true, 'any', p.name) })),
    search: terms.slice(0, n).map((q) => ({ path: fill(PEER.search, { q }), check: peerCheck((c) => c > 0, 'at least 1') })),
  };
  return { ours, peer };
}

// ── the peer storefront ──

/** Runs a command to its end (own process group, killed after `timeoutMs`); rejects with its output's tail on failure. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<void> {
  return new Promise((done, fail) => {
    const child: ChildProcess = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-8000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {}
    }, timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) done();
      else
        fail(
          new Error(
            `${command} ${args.join(' ')} ${code !== null ? `exited with ${code}` : `was killed by ${signal}`}:\n${log.slice(-3000)}`,
          ),
        );
    });
  });
}

async function startPeer(backend: Backend, avoid: number[]): Promise<{ url: string; pid?: number; stop(): Promise<void> }> {
  const shopApiUrl = `${backend.url}/shop-api`;
  if (PEER.url) {
    console.log(`\nPeer: ${PEER.url}. Point it at this backend and (re)start it now, e.g. in its directory:`);
    console.log(`  VENDURE_SHOP_API_URL=${shopApiUrl} NEXT_TELEMETRY_DISABLED=1 npx next start -H 127.0.0.1 -p <port>`);
    console.log(`waiting up to ${PEER.waitSeconds} s for ${PEER.url} to answer…`);
    const until = Date.now() + PEER.waitSeconds * 1000;
    for (;;) {
      const status = await fetch(PEER.url, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (Date.now() > until) throw new Error(`the peer ${PEER.url} did not answer 200 within ${PEER.waitSeconds} s`);
      await new Promise((r) => setTimeout(r, 2000));
    }
    return { url: PEER.url.replace(/\/$/, ''), stop: async () => {} };
  }
  const dir = resolve(PEER.dir);
  const next = join(dir, 'node_modules/next/dist/bin/next');
  if (!existsSync(next)) throw new Error(`--peer-dir ${dir}: no node_modules/next (run npm install there)`);
  const env = { VENDURE_SHOP_API_URL: shopApiUrl, NEXT_TELEMETRY_DISABLED: '1' };
  if (PEER.build || !existsSync(join(dir, '.next/BUILD_ID'))) {
    console.log(`Building the peer (next build in ${dir}) against ${shopApiUrl}…`);
    const started = Date.now();
    // `next build` prerenders the pages' static shells from the backend: this one, as the pages will be served.
    await run(process.execPath, [next, 'build'], dir, env, 15 * 60_000);
    console.log(`peer built in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  const port = await freePort(avoid);
  const proc: Started = await startProcess(process.execPath, [next, 'start', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: dir,
    name: 'next start (peer)',
    env,
    ready: /Ready in/,
    timeoutMs: 120_000,
  });
  console.log(`peer: next start on http://127.0.0.1:${port} (${dir}), Shop API ${shopApiUrl}`);
  return { url: `http://127.0.0.1:${port}`, pid: proc.child.pid, stop: () => proc.stop() };
}

// ── figures ──

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
/** Nearest rank: the 11th of 12. */
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(0.9 * values.length) - 1)]!;

interface Summary {
  medianMs: number;
  p90Ms: number;
  ttfbMedianMs: number;
  ttfbP90Ms: number;
  /** the worker's own time and its wait on the Shop API (Server-Timing), medians */
  edgeMedianMs?: number;
  backendMedianMs?: number;
  backendCalls?: number;
  cards: number;
  wireKiB: number;
}

function summarise(samples: Sample[]): Summary {
  const of = (f: (s: Sample) => number | undefined) => samples.map(f).filter((v): v is number => v !== undefined);
  const round = (v: number) => +v.toFixed(1);
  const edge = of((s) => s.edgeMs);
  const backend = of((s) => s.backendMs);
  const calls = of((s) => s.backendCalls);
  return {
    medianMs: round(median(of((s) => s.totalMs))),
    p90Ms: round(p90(of((s) => s.totalMs))),
    ttfbMedianMs: round(median(of((s) => s.ttfbMs))),
    ttfbP90Ms: round(p90(of((s) => s.ttfbMs))),
    ...(edge.length ? { edgeMedianMs: round(median(edge)) } : {}),
    ...(backend.length ? { backendMedianMs: round(median(backend)) } : {}),
    ...(calls.length ? { backendCalls: median(calls) } : {}),
    cards: median(of((s) => s.cards)),
    wireKiB: round(median(of((s) => s.wireBytes)) / 1024),
  };
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function main() {
  if (PEER.url && PEER.dir) throw new Error('give --peer URL or --peer-dir DIR, not both');
  if (!argv.includes('--no-build')) await build();
  console.log('Starting a throwaway stack…');
  const backend = await startBackend();
  console.log(`backend: ${backend.url} (Shop API ${backend.url}/shop-api)`);
  let storefront: Storefront | undefined;
  let peer: Awaited<ReturnType<typeof startPeer>> | undefined;
  const withPeer = Boolean(PEER.url || PEER.dir);
  const samples: Record<Target, Record<Kind, Sample[]>> = {
    ours: { cached: [], listing: [], product: [], search: [] },
    peer: { cached: [], listing: [], product: [], search: [] },
  };
  let loadBefore = '';
  let loadAfter = '';
  try {
    storefront = await startStorefront(backend, { BACKEND_TIMEOUT_FACTOR: '1' }, { deployed: true });
    console.log(`storefront: ${storefront.url}`);
    if (withPeer)
      peer = await startPeer(backend, [backend.storefrontPort, new URL(backend.url).port, new URL(storefront.url).port].map(Number));
    const catalogue = await readCatalogue(backend);
    const { ours, peer: peerPlan } = plan(catalogue, withPeer);
    const bases: Record<Target, string> = { ours: storefront.url, peer: peer?.url ?? '' };
    const plans: Partial<Record<Target, Record<Kind, Planned[]>>> = { ours, ...(peerPlan ? { peer: peerPlan } : {}) };
    const targets = Object.keys(plans) as Target[];

    // Warm-up: each kind WARM times on items the measured requests do not use; the cached page's first visit stores it.
    console.log(`Warm-up: ${WARM} first visits of each kind${withPeer ? ' on both storefronts' : ''}…`);
    for (let i = 0; i < WARM; i++)
      for (const kind of KINDS)
        for (const target of targets) {
          const { sample } = await get(bases[target], plans[target]![kind][i]!.path);
          if (sample.status !== 200) throw new Error(`warm-up ${target} ${kind} ${sample.path}: status ${sample.status}`);
        }

    loadBefore = loadAverage();
    console.log(`Measuring: ${RUNS} rounds, one request at a time (load average ${loadBefore})…`);
    for (let i = WARM; i < WARM + RUNS; i++) {
      // who goes first alternates round by round: both find the backend as warm as the other left it
      const order = (i - WARM) % 2 === 0 ? targets : [...targets].reverse();
      for (const kind of KINDS)
        for (const target of order) samples[target][kind].push(await measure(bases[target], target, plans[target]![kind][i]!));
      process.stdout.write('.');
    }
    process.stdout.write('\n');
    loadAfter = loadAverage();
  } finally {
    await peer?.stop();
    await storefront?.stop();
    await backend.stop();
  }

  const summaries = {
    ours: Object.fromEntries(KINDS.map((k) => [k, summarise(samples.ours[k])])) as Record<Kind, Summary>,
    ...(withPeer ? { peer: Object.fromEntries(KINDS.map((k) => [k, summarise(samples.peer[k])])) as Record<Kind, Summary> } : {}),
  };
  const problems = (['ours', 'peer'] as const).flatMap((t) =>
    KINDS.flatMap((k) => samples[t][k].filter((s) => s.problem).map((s) => `${t} ${KIND_LABEL[k]} ${s.path}: ${s.problem}`)),
  );
  mkdirSync(join(root, 'bench'), { recursive: true });
  writeFileSync(
    join(root, 'bench/latency-results.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        runs: RUNS,
        loadAverage: { before: loadBefore, after: loadAfter },
        ...(withPeer ? { peer: { ...PEER, url: peer?.url ?? PEER.url } } : {}),
        summaries,
        samples: withPeer ? samples : { ours: samples.ours },
        problems,
      },
      null,
      2,
    ),
  );

  const ms = (v: number | undefined) => (v === undefined ? '–' : v.toFixed(1));
  const cell = (s: Summary) => `${ms(s.medianMs)} / ${ms(s.p90Ms)}`;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
  console.log(`\nSequential, ${RUNS} each, ms to the last byte (median / p90), TTFB median; the worker built as deployed.`);
  const header = ['page', 'ours total', 'ours TTFB', 'worker / Shop API ms (Server-Timing)', 'cards', '× cached'];
  if (withPeer) header.push('peer total', 'peer TTFB', 'cards', '× peer repeat visit', 'ours / peer');
  console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const kind of KINDS) {
    const o = summaries.ours[kind];
    const row = [
      KIND_LABEL[kind],
      cell(o),
      ms(o.ttfbMedianMs),
      `${ms(o.edgeMedianMs)} / ${ms(o.backendMedianMs)}${o.backendCalls !== undefined ? ` (${o.backendCalls} calls)` : ''}`,
      String(o.cards),
      ratio(o.medianMs, summaries.ours.cached.medianMs),
    ];
    if (summaries.peer) {
      const p = summaries.peer[kind];
      row.push(
        cell(p),
        ms(p.ttfbMedianMs),
        String(p.cards),
        ratio(p.medianMs, summaries.peer.cached.medianMs),
        ratio(o.medianMs, p.medianMs),
      );
    }
    console.log(`| ${row.join(' | ')} |`);
  }
  console.log(
    "\nServer-Timing: the worker's own time to its answer (`edge`) and the time its Shop API calls took, summed (`backend`), medians",
  );
  console.log(`load average (1, 5, 15 min): ${loadBefore} before the measured rounds, ${loadAfter} after`);
  if (withPeer)
    console.log(
      `peer: ${peer?.url}; its "cached page" is a repeat visit (${PEER.cached}: visited once first; its data caches, no page cache), its listing shows ${PEER.pageSize} products`,
    );
  console.log('written bench/latency-results.json');
  if (problems.length) {
    console.error(`\n${problems.length} answers were not what they should be:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(`bench:latency failed: ${error instanceof Error ? error.stack : error}`);
  process.exit(1);
});
