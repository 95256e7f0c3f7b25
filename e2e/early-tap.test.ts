import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, knownToUi, setupBrowser } from './browser';

/*
 * Nothing lost before hydration (issue 42, decision 122): a button tapped while its code has not
 * come in yet does its job once it has — the page's (worker/render/boot.ts keeps the tap,
 * client/App.tsx HydratedMark makes it again) and a deferred island's (client/lib/chunks/deferred-island.ts).
 */
const browser = setupBrowser();
const POLL = { timeout: 15_000 };
const BAGS = '/c/dla-psa/akcesoria/dodatki/worki-na-odchody';
const COVER = '/p/52/pokrowiec-na-worki-classic';

/** Holds the scripts matching `pattern` until `release()` is called. */
async function holdScripts(page: Page, pattern: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(pattern, async (route: Route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  return { release, held };
}

describe('a tap before hydration', () => {
  it("adds to the cart when the card's button was tapped before the page's code came in", async () => {
    const { page, errors } = await browser.page();
    const gate = await holdScripts(page, /\/assets\/entry-[^/]+\.js$/);
    // the held module script holds the load event back: the document is enough
    await page.goto(BAGS, { waitUntil: 'domcontentloaded' });
    await expect.poll(() => gate.held.length, POLL).toBe(1);
    const add = page.getByRole('button', { name: 'DODAJ 14,70 zł' });
    await add.click();
    // Not hydrated yet: the tap went to the server's HTML, and no document load followed.
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(page.url()).toMatch(/worki-na-odchody$/);
    gate.release();
    await hydrated(page);
    await page.getByRole('button', { name: 'Koszyk: 1 sztuka' }).waitFor(POLL);
    expect(errors).toEqual([]);
  });

  it("opens the reviews' prompt when 'Napisz opinię' was tapped before the section's code came in", async () => {
    const { page, errors } = await browser.page({ serviceWorkers: 'block' });
    // a phone: the section is far below the first screen, so nothing asks for its code before the tap
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(COVER);
    await hydrated(page);
    // Hydrated page, the reviews section still the server's HTML; from now on every script is held.
    const gate = await holdScripts(page, /\/assets\/.+\.js$/);
    const write = page.locator('section.reviews').getByRole('button', { name: 'Napisz opinię' });
    expect(await knownToUi(page, 'section.reviews .reviews__side button')).toBe(false);
    await write.click();
    await expect.poll(() => gate.held.length, POLL).toBeGreaterThan(0);
    expect(await page.getByText('Opinie mogą wystawiać zalogowani klienci. Zaloguj się, aby ocenić ten produkt.').count()).toBe(0);
    gate.release();
    await page.getByText('Opinie mogą wystawiać zalogowani klienci. Zaloguj się, aby ocenić ten produkt.').waitFor(POLL);
    expect(errors).toEqual([]);
  });
});
