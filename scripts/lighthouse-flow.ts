/**
 * `npm run lighthouse:flow`: the first tap on the parts of a page a shopper touches first (issue 42:
 * add to cart, an option, 'Filtry', the menu, the search field), measured with Lighthouse 12 user
 * flows in timespan mode on a throwaway stack with the worker built as deployed (as `npm run
 * lighthouse`, whose helpers it uses: build, stack, Chromium, server-side warm-up, gzip of scripts).
 *
 * Each run is a cold browser context (empty cache, no cookies). The page loads as a phone loads it
 * (Lighthouse's Moto G Power: 412×823 at DPR 1.75, its user agent, touch, the CPU slowed 4×), by a
 * plain navigation that is not measured, until the load event and an idle network: what a shopper
 * sees as a loaded page, not necessarily a hydrated one. Then a Lighthouse timespan starts
 * (throttlingMethod 'devtools', the only one under which Lighthouse reports INP and a timespan's
 * TBT: 4× CPU and its mobile slow-4G network, applied to the page as it is), the element is tapped
 * (touch events, as a phone sends them), the script waits until the answer is visible, then for a
 * quiet network, and the timespan ends. Per run it reads:
 *   - INP: the `interaction-to-next-paint` audit (the tap's input delay + handlers + the next paint);
 *   - TBT of the timespan (`total-blocking-time`);
 *   - the JS the tap loaded: every script requested during the timespan, gzip as `npm run lighthouse`
 *     counts first-load JS, in two parts: the tap's own code, and the page code of other pages that
 *     the first interaction's viewport prefetch loads (decision 029; see splitScripts);
 *   - visible after: from the tap's pointerdown to the first animation frame in which the answer
 *     (panel, overlay, notification…) is in the DOM and visible; unlike INP it includes what the
 *     tap waits for (a lazily loaded chunk, the Shop API's answer), at Lighthouse's slow 4G.
 *
 * Usage: npm run lighthouse:flow [-- --no-build] [-- --runs 5] [-- --only add-to-cart,filters]
 * Prints the median of the runs (default 5) per interaction; writes the last run's flow report to
 * dist/lighthouse/flow-<id>.html. Exits 1 if a run fails (the element is missing or hidden, the
 * answer never shows, Lighthouse records no interaction); prints (does not fail on) INP above 100 ms.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFlow } from 'lighthouse';
import { defaultSettings, throttling } from 'lighthouse/core/config/constants.js';
import type { Browser, Page } from 'puppeteer-core';
import { lighthouseStack, median, type NetworkRecord, scriptBytes, warm } from './lighthouse';
import { root } from './test-stack/stack';

/** The issue's goal for a first tap's INP at 4× CPU slowdown. */
const GOAL_MS = 100;
const CPU_SLOWDOWN = 4;
/** The shop's answer at slow 4G (a lazily loaded chunk, a Shop API round trip) on a busy machine. */
const ANSWER_TIMEOUT_MS = 30_000;

interface Interaction {
  id: string;
  path: string;
  /** What is tapped, in words (the table's first column and the errors). */
  title: string;
  /** CSS selector of the element the shopper taps. */
  tap: string;
  /** The answer the shopper sees: an element matching `selector` (holding `text`), rendered and visible. */
  answer: { selector: string; text?: string };
  /**
   * Taps a shopper makes before the measured one, on the hydrated page, before the timespan (the
   * guard's add to cart is enabled only once every choice is made): [fieldset legend's start, option's name].
   */
  choices?: Array<[string, string]>;
}

const GUARD = '/p/1/szelki-typu-guard-classic';
const INTERACTIONS: Interaction[] = [
  {
    id: 'add-to-cart',
    path: GUARD,
    title: "add to cart (the guard's six choices made first)",
    tap: '.pdp-add-to-cart',
    answer: { selector: '.notification--success', text: 'Dodano do koszyka' },
    // as e2e/product.test.ts chooses them
    choices: [
      ['Szerokość taśmy', '25 mm'],
      ['Rozmiar', 'M'],
      ['Pas szyjny', 'Granatowy'],
      ['Pas piersiowy', 'Granatowy'],
      ['Łącznik', 'Granatowy'],
      ['Kolor okuć', 'Srebrne'],
    ],
  },
  {
    id: 'option',
    path: GUARD,
    title: "an option of the buy box (the guard's first tape width)",
    tap: '.pdp-variants .pdp-choice-group:first-of-type .pdp-choice:first-of-type',
    answer: { selector: '.pdp-variants .pdp-choice-group:first-of-type .pdp-choice-group__value' },
  },
  {
    id: 'filters',
    path: '/c/dla-psa/akcesoria/szelki',
    title: "'Filtry' on a listing",
    tap: '.listing__filters-toggle',
    answer: { selector: '#filters.filters--open' },
  },
  {
    id: 'menu',
    path: '/',
    title: "the header's menu button",
    tap: '.menu-button',
    answer: { selector: '.panel__dialog.mobile-menu' },
  },
  {
    id: 'search',
    path: '/',
    title: "the header's search field",
    tap: '#search-phrase',
    answer: { selector: '#search-overlay' },
  },
];

/**
 * The flow's config: Lighthouse's default (mobile) settings with its devtools throttling, which
 * applies the slowdown to the real page; the simulated method reports neither INP nor a timespan's TBT.
 */
const FLOW_CONFIG = {
  extends: 'lighthouse:default',
  settings: {
    onlyCategories: ['performance'],
    formFactor: 'mobile' as const,
    screenEmulation: defaultSettings.screenEmulation,
    throttlingMethod: 'devtools' as const,
    throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN },
  },
};

interface Sample {
  inpMs: number;
  tbtMs: number;
  /** gzip bytes of the scripts requested during the timespan that no prefetched page's code accounts for */
  ownJsGzipBytes: number;
  /** gzip bytes of other pages' code the tap's viewport prefetch loaded (decision 029) */
  prefetchJsGzipBytes: number;
  /** what the timespan loaded, for the log: the tap's own scripts, the pages whose code was prefetched */
  loaded: string;
  /** INP's phases (Lighthouse's work-during-interaction), for the log */
  phases: string;
  visibleMs: number;
  /** the element was below the first screen and scrolled to before the timespan */
  scrolled: boolean;
}

/**
 * Every page module's chunks as the build lists them (dist/manifest.json `pages`: the module first,
 * then what it imports): what the router's viewport prefetch of a page's code loads.
 */
function pageCodeLists(): string[][] {
  const manifest = JSON.parse(readFileSync(join(root, 'dist/manifest.json'), 'utf8')) as { pages: Record<string, string[]> };
  return Object.values(manifest.pages);
}

/**
 * Splits the scripts of a timespan: the first tap also starts the viewport prefetch of the page
 * code of the links on screen (decision 029), which the answer does not need. A page module
 * requested in the timespan counts as prefetched with its whole chunk list; the rest is the tap's
 * own code (a shared chunk both need counts as prefetch: the split errs towards the tap's own).
 */
function splitScripts(
  records: NetworkRecord[],
  pages: string[][],
): { own: NetworkRecord[]; prefetch: NetworkRecord[]; prefetchedPages: string[] } {
  const scripts = records.filter((r) => r.resourceType === 'Script');
  const requested = new Set(scripts.map((r) => new URL(r.url).pathname));
  const lists = pages.filter((chunks) => requested.has(chunks[0]!));
  const prefetched = new Set(lists.flat());
  const isPrefetch = (r: NetworkRecord) => prefetched.has(new URL(r.url).pathname);
  return {
    own: scripts.filter((r) => !isPrefetch(r)),
    prefetch: scripts.filter(isPrefetch),
    prefetchedPages: lists.map((chunks) => chunks[0]!.replace(/^.*\/|-[A-Z0-9]{8}\.js$/g, '')),
  };
}

/** INP's three phases from Lighthouse's work-during-interaction audit (trace times in µs). */
function inpPhases(audit: { details?: unknown } | undefined): string {
  const items = (
    audit?.details as {
      items?: Array<{ type?: string; interactionType?: string; phases?: Record<string, { startTs: number; endTs: number }> }>;
    }
  )?.items;
  const debug = items?.find((i) => i.type === 'debugdata');
  if (!debug?.phases) return '';
  const ms = (name: string) => {
    const phase = debug.phases![name];
    return phase ? Math.round((phase.endTs - phase.startTs) / 1000) : NaN;
  };
  return `${debug.interactionType}: input delay ${ms('inputDelay')}, processing ${ms('processingDuration')}, presentation ${ms('presentationDelay')} ms`;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A failed run, with what the shopper (or Lighthouse) did not get. */
class RunError extends Error {}

/**
 * The phone Lighthouse emulates, set before the navigation, with the same values its timespan sets
 * again (so the page is not resized when the timespan starts), and the CPU slowed as it will be.
 */
async function emulatePhone(page: Page): Promise<void> {
  const session = await page.createCDPSession();
  const { width, height, deviceScaleFactor, mobile } = defaultSettings.screenEmulation;
  await session.send('Network.setUserAgentOverride', { userAgent: defaultSettings.emulatedUserAgent as string });
  await session.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor, mobile });
  await session.send('Emulation.setTouchEmulationEnabled', { enabled: true });
  await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/**
 * In-page expression, polled every animation frame: true once the answer is rendered and visible;
 * notes the time of the first such frame (window.__flowShownAt) for "visible after".
 */
function answerShown({ selector, text }: Interaction['answer']): string {
  return `(() => {
    const found = [...document.querySelectorAll(${JSON.stringify(selector)})].some((el) =>
      ${text ? `(el.textContent ?? '').includes(${JSON.stringify(text)}) &&` : ''}
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && el.getBoundingClientRect().height > 0);
    if (found && window.__flowShownAt === undefined) window.__flowShownAt = performance.now();
    return found;
  })()`;
}

/** Notes the time stamp of the page's first pointerdown (window.__flowTapAt): the tap. */
const NOTE_TAP = `window.__flowTapAt = undefined; window.__flowShownAt = undefined;
  addEventListener('pointerdown', (event) => { window.__flowTapAt ??= event.timeStamp; }, { capture: true, once: true });`;

/** Taps the option named `option` in the fieldset whose legend starts with `group` (before the timespan). */
async function choose(page: Page, interaction: Interaction, group: string, option: string): Promise<void> {
  const marked = await page.evaluate(
    (g, o) => {
      const fieldset = [...document.querySelectorAll('fieldset')].find((f) => f.querySelector('legend')?.textContent?.trim().startsWith(g));
      const label = [...(fieldset?.querySelectorAll('label') ?? [])].find((l) => l.textContent?.trim().startsWith(o));
      label?.setAttribute('data-flow-choice', '');
      // mid-screen, clear of the sticky buy bar and the bottom navigation
      label?.scrollIntoView({ block: 'center' });
      return !!label;
    },
    group,
    option,
  );
  if (!marked) throw new RunError(`${interaction.id}: no option '${option}' under '${group}' on ${interaction.path}`);
  await new Promise((r) => setTimeout(r, 300));
  await page.tap('[data-flow-choice]');
  const checked = await page
    .waitForFunction(() => document.querySelector<HTMLInputElement>('[data-flow-choice] input')?.checked, { timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  await page.evaluate(() => document.querySelector('[data-flow-choice]')?.removeAttribute('data-flow-choice'));
  if (!checked) throw new RunError(`${interaction.id}: the tap on '${option}' under '${group}' did not choose it on ${interaction.path}`);
  // Taps closer together than a double tap's window would be read as one.
  await new Promise((r) => setTimeout(r, 400));
}

async function measure(browser: Browser, base: string, interaction: Interaction, pages: string[][], reportFile?: string): Promise<Sample> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await emulatePhone(page);
    const url = base + interaction.path;
    const response = await page.goto(url, { waitUntil: ['load', 'networkidle0'], timeout: 90_000 });
    if (!response?.ok()) throw new RunError(`${interaction.id}: ${url} answered ${response?.status()}`);
    if (interaction.choices) {
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', { timeout: 30_000 });
      for (const [group, option] of interaction.choices) await choose(page, interaction, group, option);
    }
    const target = await page.waitForSelector(interaction.tap, { visible: true, timeout: 15_000 }).catch(() => null);
    if (!target) throw new RunError(`${interaction.id}: nothing to tap: '${interaction.tap}' is missing or hidden on ${interaction.path}`);
    // The last choice's render may still be on its way under the slowdown.
    const enabled = await page
      .waitForFunction((el) => !(el instanceof HTMLButtonElement && el.disabled), { timeout: 10_000 }, target)
      .then(() => true)
      .catch(() => false);
    if (!enabled) {
      const hint = await page.evaluate(() => document.querySelector('.pdp-summary__hint')?.textContent ?? '');
      throw new RunError(
        `${interaction.id}: '${interaction.tap}' is disabled on ${interaction.path}${hint ? ` (the page says: ${hint})` : ''}`,
      );
    }
    // Below the first screen (or under the phone's bottom bars), the shopper scrolls to it first:
    // before the timespan, so the scroll (and what it sets off: viewport prefetch, deferred islands) is not in it.
    const scrolled = await target.evaluate((el) => {
      const { top, bottom } = el.getBoundingClientRect();
      if (top >= 0 && bottom <= innerHeight - 120) return false;
      el.scrollIntoView({ block: 'center' });
      return true;
    });
    if (scrolled) await page.waitForNetworkIdle({ idleTime: 500, timeout: 10_000 }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 500));
    await page.evaluate(NOTE_TAP);

    const flow = await startFlow(page, { config: FLOW_CONFIG, name: `First tap: ${interaction.title}` });
    await flow.startTimespan({ name: interaction.title });
    const shown = page.waitForFunction(answerShown(interaction.answer), { polling: 'raf', timeout: ANSWER_TIMEOUT_MS });
    await target.tap();
    const answered = await shown.then(
      () => true,
      () => false,
    );
    await page.waitForNetworkIdle({ idleTime: 500, timeout: 10_000 }).catch(() => undefined);
    await flow.endTimespan();
    if (!answered)
      throw new RunError(
        `${interaction.id}: no answer within ${ANSWER_TIMEOUT_MS / 1000} s of the tap on '${interaction.tap}': '${interaction.answer.selector}'${interaction.answer.text ? ` with '${interaction.answer.text}'` : ''} never visible`,
      );
    const times = (await page.evaluate('[window.__flowTapAt, window.__flowShownAt]')) as [number | undefined, number | undefined];

    const result = await flow.createFlowResult();
    const lhr = result.steps[0]!.lhr;
    if (lhr.runtimeError) throw new RunError(`${interaction.id}: Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (reportFile) writeFileSync(reportFile, await flow.generateReport());
    const inp = lhr.audits['interaction-to-next-paint']?.numericValue;
    if (inp === undefined) throw new RunError(`${interaction.id}: Lighthouse recorded no interaction (INP not applicable) for the tap`);
    if (times[0] === undefined) throw new RunError(`${interaction.id}: the tap sent no pointerdown to the page`);
    const records = ((lhr.audits['network-requests']?.details as { items?: NetworkRecord[] } | undefined)?.items ?? []) as NetworkRecord[];
    const { own, prefetch, prefetchedPages } = splitScripts(records, pages);
    const ownNames = own.map((r) => new URL(r.url).pathname.replace(/^.*\//, ''));
    return {
      inpMs: inp,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      ownJsGzipBytes: await scriptBytes(own),
      prefetchJsGzipBytes: await scriptBytes(prefetch),
      loaded: [
        ...(ownNames.length ? [`own: ${ownNames.join(', ')}`] : []),
        ...(prefetchedPages.length ? [`prefetched: ${prefetchedPages.join(', ')} (${prefetch.length} files)`] : []),
      ].join('; '),
      phases: inpPhases(lhr.audits['work-during-interaction']),
      visibleMs: times[1]! - times[0],
      scrolled,
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const runsAt = args.indexOf('--runs');
  const runs = runsAt >= 0 ? Math.max(1, Number(args[runsAt + 1]) || 5) : 5;
  const onlyAt = args.indexOf('--only');
  const only = onlyAt >= 0 ? (args[onlyAt + 1] ?? '').split(',').filter(Boolean) : [];
  const unknown = only.filter((id) => !INTERACTIONS.some((i) => i.id === id));
  if (unknown.length || (onlyAt >= 0 && !only.length))
    throw new Error(
      `--only takes ids among ${INTERACTIONS.map((i) => i.id).join(', ')}${unknown.length ? `, not ${unknown.join(', ')}` : ''}`,
    );
  const interactions = only.length ? INTERACTIONS.filter((i) => only.includes(i.id)) : INTERACTIONS;
  const { storefront, browser, outDir, stop } = await lighthouseStack(args);
  const pages = pageCodeLists();
  const failures: string[] = [];
  const table: Array<{ interaction: Interaction; samples: Sample[] }> = [];
  try {
    for (const interaction of interactions) {
      const warmed = await warm(storefront.url + interaction.path);
      if (warmed.status !== 200) {
        failures.push(`${interaction.id}: ${interaction.path} answered ${warmed.status}`);
        continue;
      }
      const samples: Sample[] = [];
      for (let run = 1; run <= runs; run++) {
        try {
          const sample = await measure(
            browser,
            storefront.url,
            interaction,
            pages,
            run === runs ? join(outDir, `flow-${interaction.id}.html`) : undefined,
          );
          samples.push(sample);
          console.log(
            `${interaction.id} run ${run}/${runs}${sample.scrolled ? ' (scrolled to it first)' : ''}: INP ${Math.round(sample.inpMs)} ms${sample.phases ? ` (${sample.phases})` : ''}, TBT ${Math.round(sample.tbtMs)} ms, visible after ${Math.round(sample.visibleMs)} ms, JS ${kb(sample.ownJsGzipBytes)} + prefetch ${kb(sample.prefetchJsGzipBytes)}${sample.loaded ? ` (${sample.loaded})` : ''}`,
          );
        } catch (error) {
          if (!(error instanceof RunError)) throw error;
          failures.push(error.message);
          console.error(`${interaction.id} run ${run}/${runs} failed: ${error.message}`);
          break;
        }
      }
      if (samples.length) table.push({ interaction, samples });
    }
  } finally {
    await stop();
  }
  console.log(
    `\nFirst tap, Lighthouse 12 user flow (timespan), mobile, ${CPU_SLOWDOWN}× CPU and slow 4G (devtools throttling), median of the runs:\n`,
  );
  console.log(
    '| interaction | INP median | TBT median | INP max | visible after (median) | JS the tap loads (gzip): its own | + page code prefetched | runs |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { interaction, samples } of table) {
    const pick = (key: 'inpMs' | 'tbtMs' | 'visibleMs' | 'ownJsGzipBytes' | 'prefetchJsGzipBytes') => median(samples.map((s) => s[key]));
    console.log(
      `| ${interaction.id}: ${interaction.title}, \`${interaction.path}\` | ${Math.round(pick('inpMs'))} ms | ${Math.round(pick('tbtMs'))} ms | ${Math.round(Math.max(...samples.map((s) => s.inpMs)))} ms | ${Math.round(pick('visibleMs'))} ms | ${kb(pick('ownJsGzipBytes'))} | ${kb(pick('prefetchJsGzipBytes'))} | ${samples.length} |`,
    );
  }
  const above = table.filter(({ samples }) => median(samples.map((s) => s.inpMs)) > GOAL_MS).map(({ interaction }) => interaction.id);
  console.log(`\ngoal: INP ≤ ${GOAL_MS} ms${above.length ? `; above: ${above.join(', ')}` : '; every median meets it'}`);
  console.log(`flow reports of the last runs: dist/lighthouse/flow-<id>.html`);
  if (failures.length) {
    console.error(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(`lighthouse:flow: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
