import { describe, expect, it } from 'vitest';
import { wcagViolations } from './axe-check';
import { baseUrl, hydrated, setupBrowser } from './browser';
import { type PageVisit, pageVisits, resolveVisit } from './page-samples';
import { shopperWithCart } from './session';

/**
 * axe-core with the WCAG 2.0 and 2.1 level A and AA rules (EN 301 549, which the European
 * Accessibility Act asks of a shop: issue 24), every impact, on every page type, in Chromium at
 * phone (390 px) and desktop (1366 px) width after hydration, logged out and logged in, and with
 * the overlays a shopper meets: the cookie banner and welcome modal of a first visit, the cart
 * sidebar, the login modal, the mobile menu (e2e/axe-check.ts).
 */
const browser = setupBrowser();

/** Every visit of every page the route facts list (e2e/page-samples.ts), and the 404 screen. */
const PAGES: PageVisit[] = [
  ...pageVisits(),
  { type: '404', page: 'error', path: '/nie-ma-takiej-strony', routePath: '/nie-ma-takiej-strony' },
];

/** Public pages are checked logged out and logged in (the header, menus and prices differ). */
const RUNS: PageVisit[] = PAGES.flatMap((visit) =>
  visit.session ? [visit] : [visit, { ...visit, type: `${visit.type}, logged in`, session: 'customer' as const }],
);

describe('axe: no WCAG 2.1 A/AA violations', () => {
  for (const visit of RUNS) {
    const { type, session } = visit;
    for (const width of [390, 1366]) {
      it(`${type} (${visit.path ?? `linked from ${visit.linkedFrom}`}) at ${width} px`, async () => {
        const { page } = await browser.page();
        if (session) await shopperWithCart(page.context(), session);
        const path = await resolveVisit(visit, baseUrl());
        await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
        const res = await page.goto(path);
        expect(res?.status()).toBe(type.startsWith('404') ? 404 : 200);
        expect(new URL(page.url()).pathname).toBe(new URL(path, 'http://x').pathname);
        await hydrated(page);
        expect(await wcagViolations(page)).toEqual([]);
      });
    }
  }

  it('first visit: cookie banner and welcome modal', async () => {
    const { page } = await browser.page({ firstVisit: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Akceptuj wszystkie' }).waitFor();
    expect(await wcagViolations(page)).toEqual([]);
  });

  it('open overlays: cart sidebar, login modal, mobile menu', async () => {
    const { page } = await browser.page();
    await shopperWithCart(page.context(), 'guest');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/p/1/szelki-typu-guard-classic');
    await hydrated(page);
    await page
      .getByRole('button', { name: /^Koszyk: / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Koszyk' }).waitFor();
    expect(await wcagViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Koszyk' }).waitFor({ state: 'hidden' });
    await page.locator('nav.bottom-nav').getByRole('button', { name: 'Konto' }).click();
    await page.getByRole('dialog', { name: 'Zaloguj się' }).waitFor();
    expect(await wcagViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Zaloguj się' }).waitFor({ state: 'hidden' });
    await page.locator('nav.bottom-nav').getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    expect(await wcagViolations(page)).toEqual([]);
  });
});
