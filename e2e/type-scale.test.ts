import { describe, expect, it } from 'vitest';
import { hydrated, setupBrowser } from './browser';
import { shopperWithCart } from './session';

/**
 * The type scale (decision 127): every text a page shows is set in one of a few sizes and two
 * weights. Each other size or weight is one more font Chromium sets up in a page's first layout,
 * which halved that layout's longest task on a phone when the pages went from 22–32 to the
 * scale's combinations.
 */
const browser = setupBrowser();

/** px at the root's 16 px: 0.75, 0.875, 1, 1.25, 1.5, 1.75, 2.25rem, and 4rem for the 404 page's number. */
const SIZES = [12, 14, 16, 20, 24, 28, 36, 64];
const WEIGHTS = ['400', '700'];

const PAGES: Array<[type: string, path: string, guest?: true]> = [
  ['home', '/'],
  ['listing', '/c/dla-psa/akcesoria/szelki'],
  ['product', '/p/1/szelki-typu-guard-classic'],
  ['cart', '/cart', true],
  ['checkout step', '/checkout/customer', true],
];

describe('the type scale', () => {
  for (const [type, path, guest] of PAGES) {
    it(`${type} (${path}) sets its text in the scale's sizes and weights on a phone`, async () => {
      const { page } = await browser.page();
      if (guest) await shopperWithCart(page.context(), 'guest');
      await page.setViewportSize({ width: 412, height: 823 });
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await hydrated(page);
      const fonts = await page.evaluate(() => {
        const found: Record<string, string> = {};
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const el = node.parentElement;
          if (!el || !node.textContent?.trim() || el.closest('script, style, template')) continue;
          const style = getComputedStyle(el);
          if (style.display === 'none') continue;
          const parent = el.parentElement;
          found[`${parseFloat(style.fontSize)} ${style.fontWeight}`] ??=
            `${el.tagName.toLowerCase()}.${el.className} in ${parent?.tagName.toLowerCase()}.${parent?.className}`;
        }
        return found;
      });
      const outside = Object.entries(fonts)
        .filter(([font]) => {
          const [size, weight] = font.split(' ');
          return !SIZES.includes(Number(size)) || !WEIGHTS.includes(weight!);
        })
        .map(([font, where]) => `${font} (${where})`);
      expect(outside).toEqual([]);
      expect(Object.keys(fonts).length).toBeGreaterThan(2);
    });
  }
});
