/**
 * `npm run lighthouse`: builds, starts its own throwaway stack (backend + blog
 * stand-in + wrangler dev on free loopback ports) and runs Lighthouse 12
 * (node API, mobile preset = its default config: Moto G Power viewport,
 * simulated slow 4G and 4x CPU slowdown) in headless Chromium for the home
 * page and a category, printing the four category scores, the core metrics and
 * every audit that is not passing.
 *
 * Before each run the server side is warmed the way production traffic keeps
 * it warm: the page is requested once (edge page cache) and so is every image
 * URL in its HTML (the asset server resizes on first request). The browser
 * side is cold: Lighthouse clears the browser cache and storage itself.
 *
 * Usage: npm run lighthouse [-- --no-build] [-- /other/path …]
 * Writes the full reports to dist/lighthouse/<name>.json.
 * Exits 1 if a run fails; prints (but does not fail on) scores below the goals
 * (performance ≥ 95, accessibility, best practices and SEO = 100).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from './build';
import { CHROMIUM_ARGS, ensureChromium } from './test-stack/chromium';
import { root, startBackend, startStorefront } from './test-stack/stack';

const DEFAULT_PAGES = ['/', '/c/dla-psa/akcesoria/szelki'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const GOALS: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

/** Requests the page and every image its HTML references, so the server side is warm. */
async function warm(url: string): Promise<number> {
  const html = await (await fetch(url)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/\s(?:src|srcSet|srcset)="([^"]+)"/g)) {
    for (const part of m[1]!.replace(/&amp;/g, '&').split(',')) {
      const candidate = part.trim().split(/\s+/)[0];
      if (candidate && /^https?:\/\//.test(candidate)) urls.add(candidate);
      else if (candidate?.startsWith('/')) urls.add(new URL(candidate, url).href);
    }
  }
  await Promise.all([...urls].map((u) => fetch(u).then((r) => r.arrayBuffer()).catch(() => undefined)));
  return urls.size;
}

function slug(path: string): string {
  return path === '/' ? 'home' : path.replace(/^\/|\/$/g, '').replace(/[^a-z0-9]+/gi, '-');
}

async function main() {
  const args = process.argv.slice(2);
  const pages = args.filter((a) => a.startsWith('/'));
  if (!args.includes('--no-build')) await build();
  const chromePath = ensureChromium();
  console.log('Starting a throwaway stack…');
  const backend = await startBackend();
  const storefront = await startStorefront(backend);
  const outDir = join(root, 'dist/lighthouse');
  mkdirSync(outDir, { recursive: true });
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_ARGS });
  let failed = false;
  const rows: string[] = [];
  try {
    for (const path of pages.length ? pages : DEFAULT_PAGES) {
      const url = storefront.url + path;
      const images = await warm(url);
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) {
        failed = true;
        console.error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        continue;
      }
      const file = join(outDir, `${slug(path)}.json`);
      writeFileSync(file, JSON.stringify(lhr, null, 1));
      const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
      rows.push(`${path.padEnd(32)} ${scores.map((s) => String(s).padStart(16)).join('')}`);
      console.log(`\n${path}  (warmed: page + ${images} image URLs; report ${file.replace(`${root}/`, '')})`);
      CATEGORIES.forEach((c, i) => {
        console.log(`  ${c.padEnd(15)} ${String(scores[i]).padStart(3)}${scores[i]! < GOALS[c] ? `   below the goal of ${GOALS[c]}` : ''}`);
      });
      console.log(`  ${METRICS.map((m) => `${m.replace(/-/g, ' ')}: ${lhr.audits[m]?.displayValue ?? '?'}`).join(' · ')}`);
      for (const c of CATEGORIES) {
        for (const ref of lhr.categories[c]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
          console.log(`  ✗ [${c}] ${audit.title}${audit.displayValue ? ` — ${audit.displayValue}` : ''}`);
        }
      }
    }
  } finally {
    await chrome.kill();
    await storefront.stop();
    await backend.stop();
  }
  console.log(`\n${'page'.padEnd(32)} ${CATEGORIES.map((c) => c.padStart(16)).join('')}`);
  for (const row of rows) console.log(row);
  console.log(`goals: ${CATEGORIES.map((c) => `${c} ≥ ${GOALS[c]}`).join(', ')}`);
  if (failed) process.exit(1);
}

main().catch((error) => {
  console.error(`lighthouse: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
