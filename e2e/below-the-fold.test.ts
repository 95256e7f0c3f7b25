import { describe, expect, it } from 'vitest';
import { hydrated, setupBrowser } from './browser';

/*
 * Below a phone's first screen (decision 123): a product page's texts and reviews, and the product
 * cards after a grid's fourth are laid out only when they near the viewport (content-visibility: auto),
 * yet a shopper who comes back to a listing lands on the card they left.
 */
const browser = setupBrowser();
const PHONE = { width: 412, height: 823 };
const CATEGORY = '/c/dla-psa/akcesoria/szelki';
const PRODUCT = '/p/1/szelki-typu-guard-classic';
const POLL = { timeout: 10_000 };

/** Whether the browser renders `selector`'s first match now (false while its section is skipped). */
const rendered = (selector: string) => (document.querySelector(selector) as Element).checkVisibility({ contentVisibilityAuto: true });

describe('below the first screen', () => {
  it("skips the product page's reviews and later related products until the shopper scrolls to them", async () => {
    const { page, errors } = await browser.page();
    await page.setViewportSize(PHONE);
    await page.goto(PRODUCT);
    await hydrated(page);
    expect(await page.evaluate(rendered, '.pdp-gallery img')).toBe(true);
    expect(await page.evaluate(rendered, '.reviews h2')).toBe(false);
    const fifth = '.pdp-related .products > li:nth-child(5) .card';
    expect(await page.evaluate(rendered, '.pdp-related .products > li:nth-child(1) .card')).toBe(true);
    expect(await page.evaluate(rendered, fifth)).toBe(false);

    await page.locator(fifth).scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(rendered, fifth), POLL).toBe(true);
    // What the shopper sees there: a related product, and its card opens it.
    const related = page.locator(`${fifth} a.card__media`);
    const href = (await related.getAttribute('href'))!;
    await related.click();
    await page.waitForURL(`**${href}`);
    expect(errors).toEqual([]);
  });

  // The router lays everything out while it restores the position: with whole home sections
  // skipped (an earlier try), the card came back 1,065 px higher than it was left without that.
  it.each([
    { page: 'home', path: '/', cards: '.home-section:nth-of-type(2) .products > li', index: 4 },
    { page: 'a category', path: CATEGORY, cards: '.listing .products > li', index: 10 },
  ])('brings a shopper back from a product to the same card of $page, at the same height', async ({ path, cards, index }) => {
    const { page, errors } = await browser.page();
    await page.setViewportSize(PHONE);
    await page.goto(path);
    await hydrated(page);
    const card = page.locator(cards).nth(index);
    const name = (await card.locator('.card__title').textContent())!.trim();
    const top = () => card.evaluate((el) => Math.round(el.getBoundingClientRect().top));
    // Near the top of the screen, with skipped parts of the page above it.
    await card.evaluate(async (el) => {
      scrollBy(0, el.getBoundingClientRect().top - 120);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const before = await top();
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(PHONE.height / 2);

    await card.locator('a.card__media').click();
    await page.waitForURL('**/p/**');
    await page.locator('.pdp-gallery').waitFor(POLL);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === path);
    await card.waitFor(POLL);
    expect((await card.locator('.card__title').textContent())!.trim()).toBe(name);
    await expect.poll(top, POLL).toBe(before);
    expect(errors).toEqual([]);
  });
});
