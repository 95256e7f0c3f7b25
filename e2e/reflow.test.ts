import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, setupBrowser } from './browser';
import { shopperWithCart } from './session';

/**
 * WCAG 2.1 AA (issue 24): reflow at 320 CSS px (1.4.10: no horizontal scrolling, nothing cut
 * off) and text resized to 200 % (1.4.4, here as the root font size, which the stylesheet's rem
 * and em sizes follow) on a desktop width, on home, a listing, a product and a checkout step.
 */
const browser = setupBrowser();

const PAGES: Array<[type: string, path: string, guest?: true]> = [
  ['home', '/'],
  ['listing', '/c/dla-psa/akcesoria/szelki'],
  ['product', '/p/1/szelki-typu-guard-classic'],
  ['checkout step', '/checkout/customer', true],
];

/** What sticks out to the right of the viewport: the page's own width, and the visible elements past its edge. */
async function overflow(page: Page): Promise<{ scrollWidth: number; width: number; outside: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('main *, header *, footer *'))) {
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height || box.right <= width + 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.closest('[aria-hidden="true"], [hidden], .visually-hidden')) continue;
      // inside a scroller that scrolls on its own (a row of chips, a gallery), sticking out is by design
      let scroller = el.parentElement;
      let scrolls = false;
      while (scroller && scroller !== document.body) {
        const s = getComputedStyle(scroller);
        if (
          (s.overflowX === 'auto' || s.overflowX === 'scroll' || s.overflowX === 'hidden' || s.overflowX === 'clip') &&
          scroller.getBoundingClientRect().right <= width + 1
        ) {
          scrolls = true;
          break;
        }
        scroller = scroller.parentElement;
      }
      if (!scrolls) outside.push(`${el.tagName.toLowerCase()}.${el.className} → ${Math.round(box.right)}`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, outside: outside.slice(0, 5) };
  });
}

describe('reflow and text size', () => {
  for (const [type, path, guest] of PAGES) {
    it(`${type} (${path}) reflows at 320 px without horizontal scrolling`, async () => {
      const { page } = await browser.page();
      if (guest) await shopperWithCart(page.context(), 'guest');
      await page.setViewportSize({ width: 320, height: 640 });
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await hydrated(page);
      const found = await overflow(page);
      expect(found.outside).toEqual([]);
      expect(found.scrollWidth).toBeLessThanOrEqual(found.width);
    });

    it(`${type} (${path}) keeps its content with text at 200 % on a 1366 px screen`, async () => {
      const { page } = await browser.page();
      if (guest) await shopperWithCart(page.context(), 'guest');
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(path);
      await hydrated(page);
      const before = await page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('h1')!).fontSize));
      // through the CSSOM: the page's CSP (style-src 'self') refuses an injected <style>
      await page.evaluate(() => document.documentElement.style.setProperty('font-size', '200%', 'important'));
      const after = await page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('h1')!).fontSize));
      expect(after).toBeGreaterThan(before * 1.5);
      const found = await overflow(page);
      expect(found.outside).toEqual([]);
      expect(found.scrollWidth).toBeLessThanOrEqual(found.width);
    });
  }
});

describe('the desktop header at the usual text size', () => {
  for (const width of [1024, 1280, 1366]) {
    it(`stays one row at ${width} px`, async () => {
      const { page } = await browser.page();
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await hydrated(page);
      const rows = await page.evaluate(() => {
        const tops = Array.from(document.querySelectorAll<HTMLElement>('.header__inner > *'))
          .filter((el) => el.getBoundingClientRect().height > 0)
          .map((el) => {
            // items of one row share their vertical centre (align-items: center); a wrapped one sits ≥ 40 px lower
            const box = el.getBoundingClientRect();
            return Math.round((box.top + box.height / 2) / 40);
          });
        return new Set(tops).size;
      });
      expect(rows).toBe(1);
    });
  }
});
