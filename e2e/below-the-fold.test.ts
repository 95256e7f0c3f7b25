import { describe, expect, it } from 'vitest';
import { hydrated, setupBrowser } from './browser';

/*
 * Below a phone's first screen (decision 123): the footer, a product page's lower sections and a
 * listing's later cards are laid out only when they near the viewport (content-visibility: auto),
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
  it("skips the product page's reviews, related products and footer until the shopper scrolls to them", async () => {
    const { page, errors } = await browser.page();
    await page.setViewportSize(PHONE);
    await page.goto(PRODUCT);
    await hydrated(page);
    expect(await page.evaluate(rendered, '.pdp-gallery img')).toBe(true);
    expect(await page.evaluate(rendered, '.pdp-related .card')).toBe(false);
    expect(await page.evaluate(rendered, '.footer__withdrawal a')).toBe(false);

    await page.locator('.footer').scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(rendered, '.footer__withdrawal a'), POLL).toBe(true);
    // What the shopper sees there: the footer's link to the withdrawal form, and it works.
    await page.getByRole('link', { name: 'Odstąp od umowy tutaj' }).click();
    await page.waitForURL('**/odstapienie-od-umowy');
    expect(errors).toEqual([]);
  });

  // Home's sections are far taller than their estimate: without the router laying everything out
  // while it restores the position, the card came back 1,065 px higher than it was left.
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
