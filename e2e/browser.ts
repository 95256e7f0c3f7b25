import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM_ARGS } from '../scripts/test-stack/chromium';

export const baseUrl = () => inject('storefrontUrl');

/**
 * Headers of a test's own Shop API call straight at the backend: on the production profile it
 * answers only with the storefront worker's secret (decision 105); none on SQLite.
 */
export const backendShopHeaders = (): Record<string, string> => ({
  'Content-Type': 'application/json',
  ...(inject('shopApiSecret') ? { 'X-Shop-Api-Secret': inject('shopApiSecret') } : {}),
});

/** The first render has committed: `<html data-hydrated="true">` (docs/decisions/016-tests-wait-for-html-data-hydrated-true.md). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * Whether the browser's runtime (Preact, decision 122) knows the first element matching `selector`:
 * it hydrated or rendered it. Preact keeps its tree of virtual nodes on the root container (`__k`:
 * a node's children) with each node's DOM node (`__e`); the server's HTML of a part it never
 * walked (a static part, a deferred island before its chunk is in) is not in it, except the one
 * element it keeps in that part's place.
 */
export function knownToUi(page: Page, selector: string): Promise<boolean> {
  return page.evaluate(uiKnows, selector);
}

/** The same as a predicate to wait for; false until the root has been hydrated. */
export function uiKnows(selector: string): boolean {
  type VNode = { __e?: Node | null; __k?: Array<VNode | null> | null };
  const el = document.querySelector(selector);
  const root = (document.getElementById('app') as unknown as { __k?: VNode } | null)?.__k;
  if (!el || !root) return false;
  const walk = (vnode: VNode | null | undefined): boolean =>
    !!vnode && (vnode.__e === el || (vnode.__k ?? []).some((child) => walk(child)));
  return walk(root);
}

/**
 * A shopper with a cart and a saved address (the demo customer) from the checkout's start to the
 * payment step: the courier on the shipping step, the billing step as it is.
 */
export async function courierToPayment(page: Page): Promise<void> {
  const poll = { timeout: 15_000 };
  await page.goto('/checkout');
  await page.waitForURL('**/checkout/shipping');
  await hydrated(page);
  await page.getByRole('radio', { name: /^Kurier/ }).check();
  await page.getByRole('button', { name: 'Przejdź do danych do faktury' }).click();
  await page.waitForURL('**/checkout/billing', poll);
  await page.getByRole('button', { name: 'Przejdź do płatności' }).click();
  await page.waitForURL('**/checkout/payment', poll);
  await hydrated(page);
}

/** One Chromium per test file; each test gets a fresh context (no shared cookies or storage). */
/**
 * Contexts start as a returning visitor who has answered the cookie banner and seen the
 * welcome modal, so those overlays stay out of tests about other things; `firstVisit: true`
 * gives a brand-new visitor (the shell's tests).
 */
type PageOptions = {
  firstVisit?: boolean;
  /** 'block': no service worker, so every request of the page passes `page.route` (Playwright does not see what a service worker answers). */
  serviceWorkers?: 'allow' | 'block';
};

export function setupBrowser(): { page: (options?: PageOptions) => Promise<{ page: Page; errors: string[] }> } {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async page(options: PageOptions = {}) {
      const context = await browser.newContext({ baseURL: baseUrl(), locale: 'pl-PL', serviceWorkers: options.serviceWorkers ?? 'allow' });
      if (!options.firstVisit) {
        await context.addCookies([{ name: 'consent', value: '1.000', url: baseUrl() }]);
        await context.addInitScript(() => {
          try {
            localStorage.setItem('psiaki-welcome', 'e2e');
          } catch {
            // about:blank has no storage
          }
        });
      }
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('response', (res) => {
        if (res.status() >= 500) errors.push(`${res.status()} ${res.url()}`);
      });
      return { page, errors };
    },
  };
}
