/**
 * `npm run lighthouse`: builds, starts its own throwaway stack (backend + stand-ins + wrangler
 * dev on free loopback ports, the worker built as `wrangler deploy` builds it: React's production
 * build, minified; startStorefront's `deployed`) and runs Lighthouse 12 (node API, mobile preset = its default
 * config: Moto G Power viewport, simulated slow 4G, 4x CPU slowdown) in headless Chromium on
 * every page type, three runs each, and prints the median of each figure:
 *
 *   page | perf | LCP | FCP | TBT | CLS | a11y | best practices | SEO | first-load JS (gzip)
 *
 * First-load JS counts every script the page loaded until the network was idle (Lighthouse's
 * network records), each gzip-compressed here, not only the entry and page chunk.
 *
 * Before each run the server side is warmed the way production traffic keeps it warm: the
 * page is requested once (edge page cache) and so is every image URL in its HTML (the asset
 * server resizes on first request). The browser side is cold: Lighthouse clears the browser
 * cache and storage itself. Personal pages (checkout, account) are measured with a session:
 * the demo customer logs in and a product goes into the cart first; its cookie is put into the
 * browser's cookie jar (Lighthouse clears the HTTP cache before each run but not cookies), so
 * the runs are as cold as the others. A run that ends on another URL (a guard's redirect) fails.
 *
 * Each run's line also gives Chromium's observed first paint: on this machine's headless Chromium
 * the first frame is sometimes presented about a second late (GoogleChrome/lighthouse#17148), and
 * such a run's FCP, LCP and TBT are not comparable with the others.
 *
 * `--floor` measures what the document itself costs: each run is preceded by one of the same page
 * with every script blocked (Lighthouse's `blockedUrlPatterns`), so both see the machine in the
 * same state, and the table adds the medians of those runs (perf, LCP, TBT without scripts). What
 * lies above the floor is the scripts' share; what the floor holds, no change to scripts removes
 * (the HTML's parse, style, layout and paint on a cold renderer of this machine).
 *
 * Usage: npm run lighthouse [-- --no-build] [-- --runs 1] [-- --floor] [-- /one/path /other/path …]
 * Writes the last report of each page to dist/lighthouse/<name>.json.
 * Exits 1 if a run fails; prints (but does not fail on) medians below the goals
 * (performance ≥ 95, accessibility, best practices and SEO = 100; see goalsFor).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { matchRoute } from '../worker/pages/route-table';
import { build } from './build';
import { CHROMIUM_ARGS, ensureChromium } from './test-stack/chromium';
import { shopperSession } from './test-stack/shopper';
import { root, startBackend, startStorefront } from './test-stack/stack';

interface Target {
  path: string;
  /** Needs a shopper with a product in the cart: a guest, or the demo customer logged in (checkout, account). */
  session?: 'guest' | 'customer';
}

/** Every page type; a path that is not live yet (404) is reported and skipped. */
const DEFAULT_TARGETS: Target[] = [
  { path: '/' },
  { path: '/c/dla-psa/akcesoria/szelki' },
  { path: '/p/1/szelki-typu-guard-classic' },
  { path: '/obsluga-klienta/faq' },
  { path: '/pro-fit-studio/guard' },
  // opened cold from the link in an order's e-mails (decision 102); here its form
  { path: '/status-zamowienia' },
  { path: '/checkout/customer', session: 'guest' },
  // A logged-in customer skips the customer step; the demo customer has addresses saved.
  { path: '/checkout/shipping', session: 'customer' },
  { path: '/my-account/profile', session: 'customer' },
  { path: '/my-account/orders', session: 'customer' },
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const GOALS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
/**
 * Personal pages with a session (checkout, account) are held to accessibility only: they are
 * `noindex` on purpose (SEO's "page is blocked from indexing" then fails by design) and are not
 * the pages a phone opens cold. Personal pages without one (the withdrawal form, the order status
 * page: a link from an e-mail opens them cold) are held to everything but SEO, for the same reason.
 */
const goalsFor = (target: Target): Category[] => {
  if (target.session) return ['accessibility'];
  const personal = matchRoute(target.path.split('?')[0]!)?.route.cache === 'none';
  return personal ? CATEGORIES.filter((c) => c !== 'seo') : [...CATEGORIES];
};

interface Figures {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  jsGzipBytes: number;
  /** With every script blocked (`--floor` only): the document's own cost. */
  floorPerformance?: number;
  floorLcpMs?: number;
  floorTbtMs?: number;
}

/** Chromium's own first paint in a run (not Lighthouse's simulation), in ms from navigation. */
function observedFirstPaint(lhr: { audits: Record<string, { details?: unknown }> }): number {
  const items = (lhr.audits.metrics?.details as { items?: Array<{ observedFirstPaint?: number }> } | undefined)?.items;
  return items?.[0]?.observedFirstPaint ?? NaN;
}

/** The parts of a Lighthouse report the table reads. */
interface Report {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
  finalDisplayedUrl?: string;
}

/** A category's score out of 100 (0 when Lighthouse gave none). */
const scoreOf = (lhr: Report, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
/** An audit's measured value (NaN when Lighthouse gave none). */
const numericOf = (lhr: Report, audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
/** A run that ended on another URL than the one asked for (a guard's redirect) does not measure the page: says so. */
function endedElsewhere(lhr: Report, url: string, label: string): boolean {
  if (lhr.finalDisplayedUrl === url) return false;
  console.error(`${label}: ended on ${lhr.finalDisplayedUrl}, not the page asked for`);
  return true;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Requests the page and every image its HTML references, so the server side is warm. */
export async function warm(url: string, cookie?: string): Promise<{ status: number; images: number }> {
  const res = await fetch(url, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' });
  const html = await res.text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/\s(?:src|srcSet|srcset)="([^"]+)"/g)) {
    for (const part of m[1]!.replace(/&amp;/g, '&').split(',')) {
      const candidate = part.trim().split(/\s+/)[0];
      if (candidate && /^https?:\/\//.test(candidate)) urls.add(candidate);
      else if (candidate?.startsWith('/')) urls.add(new URL(candidate, url).href);
    }
  }
  await Promise.all(
    [...urls].map((u) =>
      fetch(u)
        .then((r) => r.arrayBuffer())
        .catch(() => undefined),
    ),
  );
  return { status: res.status, images: urls.size };
}

function slug(path: string): string {
  return path === '/' ? 'home' : path.replace(/^\/|\/$/g, '').replace(/[^a-z0-9]+/gi, '-');
}

export interface NetworkRecord {
  url: string;
  resourceType?: string;
}

/** gzip bytes of every script the run loaded (fetched again here and compressed, once per URL). */
export async function scriptBytes(records: NetworkRecord[], cookie?: string): Promise<number> {
  const scripts = [...new Set(records.filter((r) => r.resourceType === 'Script').map((r) => r.url))];
  const sizes = await Promise.all(
    scripts.map(
      async (url) =>
        gzipSync(Buffer.from(await (await fetch(url, { headers: cookie ? { Cookie: cookie } : {} })).arrayBuffer())).byteLength,
    ),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

/**
 * Builds (unless `--no-build` is in `args`), starts a throwaway stack with the worker built as
 * deployed, and Chromium driven by puppeteer; `stop` takes all of it down.
 */
export async function lighthouseStack(args: string[]) {
  if (!args.includes('--no-build')) await build();
  const chromePath = ensureChromium();
  console.log('Starting a throwaway stack…');
  const backend = await startBackend();
  const storefront = await startStorefront(backend, {}, { deployed: true });
  const outDir = join(root, 'dist/lighthouse');
  mkdirSync(outDir, { recursive: true });
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_ARGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const stop = async () => {
    await browser.disconnect();
    await chrome.kill();
    await storefront.stop();
    await backend.stop();
  };
  return { storefront, browser, port: chrome.port, outDir, stop };
}

async function main() {
  const args = process.argv.slice(2);
  const runsAt = args.indexOf('--runs');
  const runs = runsAt >= 0 ? Math.max(1, Number(args[runsAt + 1]) || 3) : 3;
  const withFloor = args.includes('--floor');
  const paths = args.filter((a) => a.startsWith('/'));
  const targets = paths.length ? paths.map((path) => DEFAULT_TARGETS.find((t) => t.path === path) ?? { path }) : DEFAULT_TARGETS;
  const { storefront, browser, port, outDir, stop } = await lighthouseStack(args);
  let failed = false;
  const table: Array<{ target: Target; figures: Figures }> = [];
  try {
    for (const target of targets) {
      const url = storefront.url + target.path;
      const cookie = target.session ? await shopperSession(storefront.url, target.session) : undefined;
      const [cookieName, cookieValue] = cookie ? [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)] : [];
      if (cookieName && cookieValue)
        await browser.setCookie({ name: cookieName, value: cookieValue, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' });
      else await browser.deleteMatchingCookies({ name: 'psiaki_session' });
      const warmed = await warm(url, cookie);
      if (warmed.status === 404) {
        console.log(`\n${target.path}: not live (404), skipped`);
        continue;
      }
      const samples: Figures[] = [];
      for (let run = 1; run <= runs; run++) {
        let floor: Pick<Figures, 'floorPerformance' | 'floorLcpMs' | 'floorTbtMs'> = {};
        if (withFloor) {
          const bare = await lighthouse(url, {
            port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            blockedUrlPatterns: ['*.js'],
          });
          const flhr = bare?.lhr;
          if (!flhr || flhr.runtimeError) throw new Error(`Lighthouse without scripts failed for ${url}: ${flhr?.runtimeError?.message}`);
          if (endedElsewhere(flhr, url, `${target.path} without scripts`)) {
            failed = true;
            break;
          }
          floor = {
            floorPerformance: scoreOf(flhr, 'performance'),
            floorLcpMs: numericOf(flhr, 'largest-contentful-paint'),
            floorTbtMs: numericOf(flhr, 'total-blocking-time'),
          };
          console.log(
            `${target.path} run ${run}/${runs} without scripts: perf ${floor.floorPerformance}, LCP ${(floor.floorLcpMs! / 1000).toFixed(2)} s, TBT ${Math.round(floor.floorTbtMs!)} ms, first paint observed at ${Math.round(observedFirstPaint(flhr))} ms`,
          );
        }
        const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const { lhr } = result;
        if (lhr.runtimeError) {
          failed = true;
          console.error(`${target.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          break;
        }
        if (endedElsewhere(lhr, url, target.path)) {
          failed = true;
          break;
        }
        writeFileSync(join(outDir, `${slug(target.path)}.json`), JSON.stringify(lhr, null, 1));
        const records = ((lhr.audits['network-requests']?.details as { items?: NetworkRecord[] } | undefined)?.items ??
          []) as NetworkRecord[];
        const figures: Figures = {
          performance: scoreOf(lhr, 'performance'),
          accessibility: scoreOf(lhr, 'accessibility'),
          'best-practices': scoreOf(lhr, 'best-practices'),
          seo: scoreOf(lhr, 'seo'),
          lcpMs: numericOf(lhr, 'largest-contentful-paint'),
          fcpMs: numericOf(lhr, 'first-contentful-paint'),
          tbtMs: numericOf(lhr, 'total-blocking-time'),
          cls: numericOf(lhr, 'cumulative-layout-shift'),
          jsGzipBytes: await scriptBytes(records, cookie),
          ...floor,
        };
        samples.push(figures);
        console.log(
          `${target.path} run ${run}/${runs}: perf ${figures.performance}, LCP ${(figures.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(figures.tbtMs)} ms, a11y ${figures.accessibility}, first paint observed at ${Math.round(observedFirstPaint(lhr))} ms`,
        );
        if (run === runs) {
          for (const c of CATEGORIES) {
            for (const ref of lhr.categories[c]?.auditRefs ?? []) {
              const audit = lhr.audits[ref.id];
              if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
              console.log(`  ✗ [${c}] ${audit.title}${audit.displayValue ? ` — ${audit.displayValue}` : ''}`);
            }
          }
        }
      }
      if (!samples.length) continue;
      const pick = (key: keyof Figures) => median(samples.map((s) => s[key] ?? NaN));
      table.push({
        target,
        figures: Object.fromEntries((Object.keys(samples[0]!) as Array<keyof Figures>).map((k) => [k, pick(k)])) as unknown as Figures,
      });
    }
  } finally {
    await stop();
  }
  console.log(`\nMedian of ${runs} run(s), Lighthouse 12 mobile preset (simulated slow 4G, 4x CPU):\n`);
  const floorHeading = withFloor ? ' without scripts: perf, LCP, TBT |' : '';
  console.log(`| page | perf | LCP | FCP | TBT | CLS | a11y | best practices | SEO | first-load JS (gzip) |${floorHeading}`);
  console.log(`|---|---|---|---|---|---|---|---|---|---|${withFloor ? '---|' : ''}`);
  for (const { target, figures: f } of table) {
    const floorCell = withFloor ? ` ${f.floorPerformance}, ${(f.floorLcpMs! / 1000).toFixed(2)} s, ${Math.round(f.floorTbtMs!)} ms |` : '';
    console.log(
      `| \`${target.path}\` | ${f.performance} | ${(f.lcpMs / 1000).toFixed(2)} s | ${(f.fcpMs / 1000).toFixed(2)} s | ${Math.round(f.tbtMs)} ms | ${f.cls.toFixed(3)} | ${f.accessibility} | ${f['best-practices']} | ${f.seo} | ${(f.jsGzipBytes / 1024).toFixed(1)} KB |${floorCell}`,
    );
  }
  const below = table.flatMap(({ target, figures }) =>
    goalsFor(target)
      .filter((c) => figures[c] < GOALS[c])
      .map((c) => `${target.path} ${c} ${figures[c]} < ${GOALS[c]}`),
  );
  console.log(
    `\ngoals: ${CATEGORIES.map((c) => `${c} ≥ ${GOALS[c]}`).join(', ')} (personal pages: accessibility only with a session, all but SEO without)${below.length ? `\nbelow: ${below.join('; ')}` : '\nall medians meet the goals'}`,
  );
  if (failed) process.exit(1);
}

// Run as `npm run lighthouse`; imported by scripts/lighthouse-flow.ts for its helpers only.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error) => {
    console.error(`lighthouse: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
