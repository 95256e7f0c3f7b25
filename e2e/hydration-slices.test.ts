import { describe, expect, it } from 'vitest';
import { hydrated, knownToUi, setupBrowser, uiKnows } from './browser';

/*
 * Hydration slices (client/components/ui/HydrationSlice.tsx, decision 125): the page's first
 * hydration leaves the header, the buy box's parts, the product cards and the filters to slices
 * hydrated one a task right after it. Once `<html data-hydrated>` is set every slice is live, and a
 * tap while slices still wait is answered as if they had never waited.
 */
const browser = setupBrowser();
const PHONE = { width: 390, height: 844 };
const POLL = { timeout: 15_000 };
const CATEGORY = '/c/dla-psa/akcesoria/szelki';

describe('hydration slices', () => {
  it('has every slice live once the page is hydrated: the header, the buy box, the cards and the filters', async () => {
    const { page, errors } = await browser.page();
    await page.setViewportSize(PHONE);
    await page.goto('/p/1/szelki-typu-guard-classic');
    await hydrated(page);
    expect(await knownToUi(page, '.search input')).toBe(true);
    expect(await knownToUi(page, '.header-icons button')).toBe(true);
    expect(await knownToUi(page, '.pdp-gallery__main')).toBe(true);
    expect(await knownToUi(page, '.pdp-personalise input, .pdp-personalise button')).toBe(true);
    expect(await knownToUi(page, '.bottom-nav a, .bottom-nav button')).toBe(true);
    // the product's texts stay the server's HTML inside their slice (decision 118)
    expect(await knownToUi(page, '.pdp-accordion__panel .prose')).toBe(false);

    await page.goto(CATEGORY);
    await hydrated(page);
    // the first screen's card is live; one further down waits until it nears the viewport (decision 126)
    expect(await knownToUi(page, '.products > li:first-child a')).toBe(true);
    expect(await knownToUi(page, '.products > li:last-child a')).toBe(false);
    expect(await knownToUi(page, '#filters button')).toBe(true);
    await page.locator('.products > li:last-child').scrollIntoViewIfNeeded();
    await page.waitForFunction(uiKnows, '.products > li:last-child a', POLL);
    expect(errors).toEqual([]);
  });

  it('hydrates a card below the first screen with the wishlist and the view as they are when it nears the viewport', async () => {
    const { page, errors } = await browser.page();
    await page.setViewportSize(PHONE);
    await page.goto(CATEGORY);
    await hydrated(page);
    const last = page.locator('.products > li:last-child');
    await last.getByRole('button', { name: 'Dodaj do wishlisty' }).click();
    await page.getByRole('button', { name: 'Wishlista: 1 produkt' }).waitFor(POLL);

    // a new visit (a reload would keep the scroll, with the card in view)
    await page.goto(CATEGORY);
    await hydrated(page);
    await page.getByRole('button', { name: 'Wishlista: 1 produkt' }).waitFor(POLL);
    // still the server's HTML down there: not hydrated, and the server knows no wishlist
    expect(await knownToUi(page, '.products > li:last-child a')).toBe(false);
    expect(await last.locator('.wish').getAttribute('aria-pressed')).toBe('false');
    // the view changes while the card waits
    await page.getByRole('button', { name: 'Filtry' }).click();
    const sheet = page.getByRole('complementary', { name: 'Filtry' });
    await sheet.getByRole('button', { name: 'Lista', exact: true }).click();
    await page.locator('.products--list').waitFor(POLL);
    await page.keyboard.press('Escape');

    await last.scrollIntoViewIfNeeded();
    await page.waitForFunction(uiKnows, '.products > li:last-child a', POLL);
    const wish = last.getByRole('button', { name: 'Usuń z wishlisty' });
    await wish.waitFor(POLL);
    expect(await wish.getAttribute('aria-pressed')).toBe('true');
    expect(await last.locator('article').getAttribute('class')).toContain('card--list');
    // and it answers: the heart takes the product off the wishlist
    await wish.click();
    await page.getByRole('button', { name: 'Wishlista', exact: true }).waitFor(POLL);
    expect(await last.getByRole('button', { name: 'Dodaj do wishlisty' }).getAttribute('aria-pressed')).toBe('false');
    expect(errors).toEqual([]);
  });

  it("answers a tap on 'Filtry' made while the cards and the filters still wait for their slices", async () => {
    const { page, errors } = await browser.page();
    await page.setViewportSize(PHONE);
    // A slow phone: the slices take seconds, so the tap lands between the page's first hydration and its last slice.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    // And the slices' turns (timers of 0 ms) stretched to 150 ms until the page is hydrated: with
    // the cards below the first screen waiting for the viewport (decision 126) only a few slices
    // are left, and the tap must still land among them.
    await page.addInitScript(() => {
      const setTimer = window.setTimeout.bind(window);
      window.setTimeout = ((run: () => void, ms?: number, ...rest: unknown[]) =>
        setTimer(run, document.documentElement.dataset.hydrated === 'true' ? ms : Math.max(ms ?? 0, 150), ...rest)) as typeof setTimeout;
    });
    // Noted in the capture phase, before anything of the page's: was the page still hydrating its slices?
    await page.addInitScript(() => {
      addEventListener(
        'pointerdown',
        () => {
          const app = document.getElementById('app') as (HTMLElement & { __k?: unknown }) | null;
          (window as unknown as { __tapDuringSlices: boolean }).__tapDuringSlices =
            !!app?.__k && document.documentElement.dataset.hydrated !== 'true';
        },
        { capture: true },
      );
    });
    await page.goto(CATEGORY);
    // the root is hydrated (Preact's tree on #app), the slices are not done
    await page.waitForFunction(() => !!(document.getElementById('app') as HTMLElement & { __k?: unknown }).__k, undefined, {
      polling: 10,
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Filtry' }).click();
    expect(await page.evaluate(() => (window as unknown as { __tapDuringSlices?: boolean }).__tapDuringSlices)).toBe(true);
    const sheet = page.getByRole('complementary', { name: 'Filtry' });
    await sheet.getByRole('button', { name: 'Lista', exact: true }).waitFor(POLL);
    expect(await page.locator('#filters').getAttribute('class')).toContain('filters--open');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await hydrated(page);
    expect(await page.locator('#filters').getAttribute('class')).toContain('filters--open');
    expect(errors).toEqual([]);
  });
});
