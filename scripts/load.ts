/**
 * `npm run load`: a bounded mixed-traffic test against a throwaway local stack (backend,
 * stand-ins and wrangler dev on free 127.0.0.1 ports): for a fixed time at a fixed concurrency
 * it sends, in turn,
 *   - cached catalogue pages (home, a category, a product, a static page — edge cache hits),
 *   - uncached listing variants (a sort, and a page size no listing offers, read as 20: the edge cache
 *     keys by the parameters a listing reads, not by what their values mean, so each is a render),
 *   - product pages across the catalogue,
 *   - legacy URLs from the redirect table (301s, one KV read at most),
 *   - cart mutations and cart reads through /api/shop with a handful of shopper sessions,
 * and reports requests/s, latency p50/p99, network errors and the status codes seen, and the CPU
 * time each process group spent over the run (scripts/test-stack/cpu.ts: the load generator, the
 * worker, the backend; they share the machine's cores) with the worker's and the backend's CPU ms per
 * request. The worker is built as `wrangler deploy` builds it (React's production build, minified:
 * startStorefront's `deployed`), not as `npm start` runs it.
 * The bar: 0 errors and 0 responses ≥ 500 (exit 1 otherwise). Loopback only; bounded in count
 * (`--max` requests) and time (`--seconds`).
 *
 * Profiles (`--profile`): `sqlite` (default: the embedded development backend), `production` (the
 * production-shaped core of scripts/production/: PostgreSQL, Redis, worker, API servers behind
 * HAProxy; `--servers 1,2` runs it once per count), `both` (sqlite, then production). For the
 * production profile it also reports the memory (RSS) of the backend stack's processes, their
 * children included, at rest and the peak under load; `--kill-at S` kills one API server with
 * SIGKILL S seconds into the run (the supervisor restarts it) and counts what failed.
 *
 * Usage: npm run load [-- --seconds 20] [-- --connections 10] [-- --max 20000] [-- --no-build]
 *                     [-- --profile sqlite|production|both] [-- --servers 1,2] [-- --kill-at 8]
 *                     [-- --target api]   (the Shop API alone, no edge worker: the listing's product
 *                                          cards, search, a product, the navigation)
 *                     [-- --freeze-at S]  (SIGSTOP the backend S seconds in, for the rest of the run)
 *
 * `--freeze-at S` is the outage drill (decision 070): the backend is frozen (its processes
 * stopped, so connections hang rather than fail) S seconds into the run. The bar is then 0 hung
 * requests (none unanswered at autocannon's 20 s timeout) and every request started once the
 * circuit breaker has opened — FREEZE_SETTLE_MS after the freeze, the page-data timeout and a
 * margin — answered within 1 s; 503s are expected and counted, not failures.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { parseTable } from '../redirects';
import { build } from './build';
import { cpuMeter, formatCpu, msPerRequest } from './test-stack/cpu';
import { type Backend, root, startBackend, startProductionBackend, startStorefront } from './test-stack/stack';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const SECONDS = Math.min(option('seconds', 20), 120);
const CONNECTIONS = Math.min(option('connections', 10), 50);
const MAX_REQUESTS = Math.min(option('max', 20_000), 100_000);
const KILL_AT = option('kill-at', 0);
const FREEZE_AT = option('freeze-at', 0);
/** After the freeze: the page-data timeout (3 s, worker/shop/backend.ts) for the breaker to open, and a margin. */
const FREEZE_SETTLE_MS = 4_000;
/** The bar once the breaker is open. */
const FROZEN_MAX_MS = 1_000;
const text = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const PROFILE = text('profile', 'sqlite');
/** `site` (default): through the edge worker; `api`: the backend's Shop API alone (what the API servers can carry) */
const TARGET = text('target', 'site');
const SERVER_COUNTS = text('servers', '2')
  .split(',')
  .map(Number)
  .filter((n) => n >= 1 && n <= 4);

/** RSS in MB of the given processes and all their descendants (Linux /proc). */
function rssMb(pids: number[]): number {
  const parent = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {}
  }
  const all = new Set(pids);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parent) {
      if (all.has(ppid) && !all.has(pid)) {
        all.add(pid);
        grew = true;
      }
    }
  }
  let kb = 0;
  for (const pid of all) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {}
  }
  return Math.round(kb / 1024);
}

interface Row {
  profile: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  failedPercent: number;
  memory?: { rest: number; peak: number };
  /** CPU ms per request */
  cpu: { worker?: number; backend: number };
}

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
  const rows: Row[] = [];
  const runs: Array<{ label: string; start: () => Promise<Backend> }> = [];
  if (PROFILE === 'sqlite' || PROFILE === 'both') runs.push({ label: 'SQLite, 1 process', start: () => startBackend() });
  if (PROFILE === 'production' || PROFILE === 'both')
    for (const n of SERVER_COUNTS)
      runs.push({
        label: `production, ${n} API server${n > 1 ? 's' : ''}`,
        start: () => startProductionBackend({}, ['--servers', String(n)]),
      });
  if (!runs.length) throw new Error(`--profile must be sqlite, production or both, got "${PROFILE}"`);
  for (const run of runs) {
    console.log(`\n━━ ${run.label}: starting a throwaway stack…`);
    rows.push(await once(run.label, await run.start(), legacy));
  }
  console.log(
    '\n| profile | requests | requests/s | p50 ms | p99 ms | errors (network, timeouts, ≥ 500) | failed | backend memory at rest / peak | CPU ms per request, worker / backend |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.profile} | ${r.requests} | ${r.perSecond} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.failedPercent.toFixed(2)} % | ${r.memory ? `${r.memory.rest} / ${r.memory.peak} MB` : '–'} | ${r.cpu.worker?.toFixed(1) ?? '–'} / ${r.cpu.backend.toFixed(1)} |`,
    );
}

/** The heaviest Shop API reads of the catalogue pages, straight at the backend (or its balancer). */
const API_QUERIES = [
  // a listing page's 40 product cards (features/listing/catalogue.graphql.server.ts ProductCard)
  '{ products(options: { take: 40, skip: SKIP }) { totalItems items { id name slug createdAt featuredAsset { preview } assets { preview } facetValues { id code facet { id code } } optionGroups { id code name } variants { id sku priceWithTax stockLevel customFields { staracena } omnibusPrice options { id code name group { code } } } reviewSummary { average count } } } }',
  '{ search(input: { groupByProduct: true, take: 40, skip: SKIP, sort: { name: ASC } }) { totalItems items { productId productName slug priceWithTax { ... on PriceRange { min max } } } } }',
  '{ product(id: PRODUCT) { id name description variants { id name sku priceWithTax stockLevel omnibusPrice options { code name } } optionGroups { code name options { code name } } facetValues { code name } collections { slug name } reviewSummary { average count } } }',
  '{ collections(options: { topLevelOnly: true, take: 20 }) { items { id name slug children { id name slug children { id name slug } } } } }',
];

async function onceApi(label: string, backend: Backend): Promise<Row> {
  try {
    let n = 0;
    const pids = backend.pids ?? [];
    const memory = pids.length ? { rest: rssMb(pids), peak: 0 } : undefined;
    const sampler = memory ? setInterval(() => (memory.peak = Math.max(memory.peak, rssMb(pids))), 1000) : undefined;
    console.log(`Load: ${SECONDS} s, ${CONNECTIONS} connections against ${backend.url}/shop-api`);
    const cpu = cpuMeter([{ name: 'backend', pids: [backend.pid] }]);
    const result = await autocannon({
      url: `${backend.url}/shop-api`,
      connections: CONNECTIONS,
      duration: SECONDS,
      maxOverallRequests: MAX_REQUESTS,
      requests: [
        {
          setupRequest: (req: Record<string, unknown>) => {
            n += 1;
            const query = API_QUERIES[n % API_QUERIES.length]!.replace('SKIP', String((n * 40) % 80)).replace(
              'PRODUCT',
              String(1 + (n % 96)),
            );
            // the production profile's Shop API answers only with the worker's secret (decision 105)
            const headers = {
              'content-type': 'application/json',
              ...(backend.shopApiSecret ? { 'x-shop-api-secret': backend.shopApiSecret } : {}),
            };
            return { ...req, method: 'POST', headers, body: JSON.stringify({ query }) };
          },
        },
      ],
    });
    const cpuReport = cpu.stop();
    clearInterval(sampler);
    const serverErrors = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => Number(code) >= 500)
      .reduce((sum, [, { count }]) => sum + count, 0);
    const failed = result.errors + result.timeouts + serverErrors + result.non2xx;
    console.log(
      `requests: ${result.requests.total} (${Math.round(result.requests.average)}/s), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${failed} failed`,
    );
    console.log(`\n${formatCpu(cpuReport, result.requests.total)}\n`);
    if (failed) process.exitCode = 1;
    return {
      profile: `${label}, Shop API alone`,
      requests: result.requests.total,
      perSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: failed,
      failedPercent: (100 * failed) / Math.max(1, result.requests.total),
      memory,
      cpu: { backend: msPerRequest(cpuReport.rows, 'backend', result.requests.total) },
    };
  } finally {
    await backend.stop();
  }
}

async function once(label: string, backend: Backend, legacy: string[]): Promise<Row> {
  if (TARGET === 'api') return onceApi(label, backend);
  // the production timeouts of worker/shop/backend.ts, not the development stack's longer ones; built as deployed
  const storefront = await startStorefront(backend, { BACKEND_TIMEOUT_FACTOR: '1' }, { deployed: true });
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
          // a parameter the listing does not read (`v=`) would be the cached entry of the plain listing (decision 109)
          return { kind: 'uncached listing', method: 'GET', path: `/c/dla-psa?sort=${pick(sorts)}&itemsPerPage=${1000 + n}` };
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
    const pids = backend.pids ?? [];
    const memory = pids.length ? { rest: rssMb(pids), peak: 0 } : undefined;
    const sampler = memory ? setInterval(() => (memory.peak = Math.max(memory.peak, rssMb(pids))), 1000) : undefined;
    const frozen = FREEZE_AT ? (backend.apiServerPids?.length ? backend.apiServerPids : backend.pid ? [-backend.pid] : []) : [];
    let frozenAt = 0;
    const freezer = frozen.length
      ? setTimeout(() => {
          console.log(`  SIGSTOP backend (${frozen.join(', ')}) at ${FREEZE_AT} s`);
          for (const pid of frozen) process.kill(pid, 'SIGSTOP');
          frozenAt = Date.now();
        }, FREEZE_AT * 1000)
      : undefined;
    const responses: Array<{ start: number; ms: number; status: number }> = [];
    const killer =
      KILL_AT && backend.apiServerPids?.[0]
        ? setTimeout(() => {
            console.log(`  kill -9 API server 1 (pid ${backend.apiServerPids![0]}) at ${KILL_AT} s`);
            process.kill(backend.apiServerPids![0]!, 'SIGKILL');
          }, KILL_AT * 1000)
        : undefined;
    const cpu = cpuMeter([
      { name: 'worker', pids: [storefront.pid] },
      { name: 'backend', pids: [backend.pid] },
    ]);
    const running = autocannon({
      url: base,
      // a request still unanswered after 20 s is hung (every backend timeout of the worker is shorter)
      timeout: 20,
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
    running.on('response', (_client: unknown, status: number, _bytes: number, ms: number) =>
      responses.push({ start: Date.now() - ms, ms: Math.round(ms), status }),
    );
    const result = await running;
    const cpuReport = cpu.stop();
    clearInterval(sampler);
    clearTimeout(killer);
    clearTimeout(freezer);
    if (frozenAt) for (const pid of frozen) process.kill(pid, 'SIGCONT');
    const codes = Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [Number(code), count] as const);
    const serverErrors = codes.filter(([code]) => code >= 500).reduce((s, [, c]) => s + c, 0);
    console.log(
      `\nrequests: ${result.requests.total} (${Math.round(result.requests.average)}/s), latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
    );
    console.log(`mix: ${[...kinds].map(([k, c]) => `${k} ${c}`).join(', ')}`);
    console.log(`status codes: ${codes.map(([code, count]) => `${code}×${count}`).join(', ')}`);
    console.log(`errors: ${result.errors} network, ${result.timeouts} timeouts, ${serverErrors} responses ≥ 500`);
    if (memory)
      console.log(`backend memory (RSS, all processes of the stack): ${memory.rest} MB at rest, ${memory.peak} MB peak under load`);
    console.log(`\n${formatCpu(cpuReport, result.requests.total)}\n`);
    if (serverErrors) {
      // which requests failed and why, as the worker logged them (its request line, and any error it printed)
      const lines = storefront
        .output()
        .split('\n')
        .filter((l) => /"status":5\d\d|Error|error/.test(l) && !/"status":503/.test(l))
        .slice(-10);
      console.log(`the worker's last lines about errors:\n${lines.map((l) => `  ${l.slice(0, 400)}`).join('\n')}`);
    }
    const failed = result.errors + result.timeouts + serverErrors;
    const failedPercent = (100 * failed) / Math.max(1, result.requests.total + result.errors + result.timeouts);
    if (FREEZE_AT) {
      if (!frozenAt) throw new Error(`the run ended before --freeze-at ${FREEZE_AT} s`);
      const settled = frozenAt + FREEZE_SETTLE_MS;
      const before = responses.filter((r) => r.start < frozenAt);
      const during = responses.filter((r) => r.start >= frozenAt && r.start < settled);
      const after = responses.filter((r) => r.start >= settled);
      const slow = after.filter((r) => r.ms > FROZEN_MAX_MS);
      const p = (list: typeof responses, q: number) => [...list].sort((a, b) => a.ms - b.ms)[Math.floor(q * (list.length - 1))]?.ms ?? 0;
      const max = (list: typeof responses) => list.reduce((m, r) => Math.max(m, r.ms), 0);
      const unavailable = after.filter((r) => r.status === 503).length;
      console.log(
        `backend up:             ${before.length} responses, p50 ${p(before, 0.5)} ms, p99 ${p(before, 0.99)} ms, max ${max(before)} ms`,
      );
      console.log(`frozen, breaker opening: ${during.length} responses, p50 ${p(during, 0.5)} ms, max ${max(during)} ms`);
      console.log(
        `frozen, breaker open:   ${after.length} responses (${unavailable} × 503), p50 ${p(after, 0.5)} ms, p99 ${p(after, 0.99)} ms, max ${max(after)} ms, ${slow.length} over ${FROZEN_MAX_MS} ms`,
      );
      console.log(`hung (no answer within 20 s): ${result.timeouts}, network errors: ${result.errors}`);
      if (result.timeouts || result.errors || slow.length || !after.length) {
        console.error(
          `load: FAILED (the bar with a frozen backend is 0 hung and every answer within ${FROZEN_MAX_MS} ms once the breaker is open)`,
        );
        process.exitCode = 1;
      } else console.log('load: passed (backend frozen: 0 hung, every answer within 1 s once the breaker opened)');
    } else if (KILL_AT ? failedPercent > 1 : failed) {
      // with a server killed on purpose the bar is the issue's ≤ 1 % of requests; otherwise none at all
      console.error(`load: FAILED (${KILL_AT ? 'more than 1 % failed with a server killed' : 'the bar is 0 errors and 0 5xx'})`);
      process.exitCode = 1;
    } else console.log(`load: passed (${failed} failed)`);
    return {
      profile: label,
      requests: result.requests.total,
      perSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: failed,
      failedPercent,
      memory,
      cpu: {
        worker: msPerRequest(cpuReport.rows, 'worker', result.requests.total),
        backend: msPerRequest(cpuReport.rows, 'backend', result.requests.total),
      },
    };
  } finally {
    await storefront.stop();
    await backend.stop();
  }
}

main().catch((error) => {
  console.error(`load: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
