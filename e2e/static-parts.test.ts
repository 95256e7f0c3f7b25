import { describe, expect, it } from 'vitest';
import { hydrated, knownToUi, setupBrowser } from './browser';

/*
 * Static parts (client/components/ui/StaticPart.tsx, [decision 118](docs/decisions/118-static-parts-of-pages-are-never-hydrated-and-the-product-image-is-sized-for-phones.md)): the browser's first
 * hydration leaves them as the server rendered them, yet their links still navigate within the
 * app, and a client navigation renders them in the browser with the new page's content.
 */
const browser = setupBrowser();
const PRODUCT = '/p/1/szelki-typu-guard-classic';
const POLL = { timeout: 10_000 };

describe('static parts of a page', () => {
  it("leaves a product's breadcrumbs and description unhydrated; a breadcrumb link is still a client navigation, and the next page renders its own", async () => {
    const { page, errors } = await browser.page();
    await page.goto(PRODUCT);
    await hydrated(page);
    // The buy box is live, the texts are the server's HTML that Preact never walked.
    expect(await knownToUi(page, '.pdp-accordion__button')).toBe(true);
    expect(await knownToUi(page, 'nav.breadcrumbs a')).toBe(false);
    expect(await knownToUi(page, '.pdp-accordion__panel .prose')).toBe(false);
    expect(await page.locator('.pdp-accordion__panel .prose').first().isVisible()).toBe(true);
    // The accordion still opens and closes around a static part.
    await page.getByRole('button', { name: 'Pielęgnacja' }).click();
    await page.getByRole('link', { name: 'Więcej o pielęgnacji' }).waitFor(POLL);

    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 42;
    });
    const trail = page.locator('nav.breadcrumbs a');
    const target = (await trail.last().getAttribute('href'))!;
    await trail.last().click();
    await page.waitForURL(`**${target}`);
    // Same document (a client navigation), and the listing's own trail rendered by the browser.
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    await page.locator('nav.breadcrumbs [aria-current="page"]').waitFor(POLL);
    expect(await page.locator('nav.breadcrumbs').count()).toBe(1);
    expect(await knownToUi(page, 'nav.breadcrumbs li')).toBe(true);

    await page.goBack();
    await page.waitForURL(`**${PRODUCT}`);
    await page.locator('.pdp-accordion__panel .prose').waitFor({ state: 'attached', ...POLL });
    expect(await page.locator('.pdp-accordion__panel .prose').first().textContent()).not.toBe('');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    expect(errors).toEqual([]);
  });

  it("keeps home's category tiles as the server's HTML; a tile opens its category without a reload", async () => {
    const { page, errors } = await browser.page();
    await page.goto('/');
    await hydrated(page);
    expect(await knownToUi(page, '.home-category__link')).toBe(false);
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 42;
    });
    const tile = page.locator('.home-category__link').first();
    const href = (await tile.getAttribute('href'))!;
    await tile.click();
    await page.waitForURL(`**${href}`);
    await page.locator('nav.breadcrumbs').waitFor(POLL);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    // Rendered by the browser this time.
    await page.locator('.home-category__link').first().waitFor(POLL);
    expect(await knownToUi(page, '.home-category__link')).toBe(true);
    expect(errors).toEqual([]);
  });
});
