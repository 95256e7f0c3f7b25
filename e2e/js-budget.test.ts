import { describe, expect, it } from 'vitest';
import { baseUrl, setupBrowser } from './browser';
import { firstLoadJs, JS_BUDGET_BYTES } from './first-load';
import { shopperWithCart } from './session';

/*
 * First-load JS budget (performance issue): every script a page loads until the network is
 * idle — entry, page chunks, lazily loaded parts of the shell, anything — gzip-compressed,
 * on a phone-sized viewport, for a first-time visitor (the cookie banner and the welcome modal
 * load too; e2e/first-load.ts). Over 100 KB on any page type fails the run. The figures are
 * printed so the closing notes can quote them.
 */

/** A collection's path, as the collections page links it (its facet value id comes from the seed). */
const FIRST_COLLECTION = 'first collection linked from /kolekcje';

/** One page of every type; personal pages with a shopper who has a product in the cart. */
const PAGE_TYPES: Array<[type: string, path: string, session?: 'guest' | 'customer']> = [
  ['home', '/'],
  ['category', '/c/dla-psa'],
  ['product', '/p/1/szelki-typu-guard-classic'],
  ['static page', '/obsluga-klienta/faq'],
  ['collections', '/kolekcje'],
  ['collection', FIRST_COLLECTION],
  ['password reset', '/password-reset'],
  ['withdrawal form', '/odstapienie-od-umowy'],
  ['order status form', '/status-zamowienia'],
  ['pro-fit studio', '/pro-fit-studio'],
  ['configurator', '/pro-fit-studio/guard'],
  ['404', '/nie-ma-takiej-strony'],
  ['checkout', '/checkout/customer', 'guest'],
  ['checkout (customer)', '/checkout/shipping', 'customer'],
  ['checkout billing', '/checkout/billing', 'customer'],
  ['account', '/my-account/profile', 'customer'],
];

const browser = setupBrowser();

/** Read outside the browser, so the page itself is still a first visit (no cookies set by this request). */
async function firstCollection(): Promise<string> {
  const html = await (await fetch(new URL('/kolekcje', baseUrl()))).text();
  const path = /href="(\/kolekcje\/[^"/]+\/[^"]+)"/.exec(html)?.[1];
  if (!path) throw new Error('/kolekcje links no collection');
  return path;
}

describe('first-load JS of every page type (gzip, until network idle, 390 px)', () => {
  for (const [type, pathOrName, session] of PAGE_TYPES) {
    it(`${type} (${pathOrName}) stays within 100 KB`, async () => {
      const { page } = await browser.page({ firstVisit: true });
      if (session) await shopperWithCart(page.context(), session);
      const path = pathOrName === FIRST_COLLECTION ? await firstCollection() : pathOrName;
      await page.setViewportSize({ width: 390, height: 844 });
      const { bytes, scripts, status } = await firstLoadJs(page, path);
      // The page itself, not where a guard sent it.
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
      console.log(
        `first-load JS ${type.padEnd(12)} ${(bytes / 1024).toFixed(1)} KB gzip in ${scripts.length} scripts (HTTP ${status}): ${scripts.join(' ')}`,
      );
      expect(scripts.length).toBeGreaterThan(0);
      expect(bytes).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    });
  }
});

describe('viewport prefetch waits for the first interaction', () => {
  it("loads other pages' code only after the shopper scrolls", async () => {
    const { page } = await browser.page();
    await page.setViewportSize({ width: 390, height: 844 });
    const { scripts } = await firstLoadJs(page, '/c/dla-psa');
    expect(scripts.some((s) => s.includes('/ProductPage-'))).toBe(false);
    const later: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') later.push(new URL(req.url()).pathname);
    });
    await page.mouse.wheel(0, 600);
    await expect.poll(() => later.some((s) => s.includes('/ProductPage-')), { timeout: 10_000 }).toBe(true);
  });
});
