import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, setupBrowser } from './browser';

const browser = setupBrowser();
/** Backend round trips on a slow machine: wait up to 10 s for what the shopper would see. */
const POLL = { timeout: 10_000 };
const BAGS = '/c/dla-psa/akcesoria/dodatki/worki-na-odchody';

const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('wishlist') ?? 'null') as Array<{ slug: string }> | null);

describe('wishlist in Chromium', () => {
  it('toggling persists across reloads and shows in the sidebar with links, remove and the from-total', async () => {
    const { page, errors } = await browser.page();
    await page.goto(BAGS);
    await hydrated(page);
    const card = page.locator('.card').filter({ hasText: 'Worki na odchody – zestaw 3x15' });
    await card.getByRole('button', { name: 'Dodaj do wishlisty' }).click();
    expect(await card.getByRole('button', { name: 'Usuń z wishlisty' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Wishlista: 1 produkt' }).waitFor();
    expect((await stored(page))?.map((i) => i.slug)).toEqual(['worki-na-odchody-zestaw-3x15']);

    await page.reload();
    await hydrated(page);
    await card.getByRole('button', { name: 'Usuń z wishlisty' }).waitFor();
    const other = page.locator('.card').filter({ hasText: 'Worki na odchody – zestaw 8x15' });
    await other.getByRole('button', { name: 'Dodaj do wishlisty' }).click();
    await page.getByRole('button', { name: 'Wishlista: 2 produkty' }).click();

    const panel = page.getByRole('dialog', { name: 'Wishlista' });
    await panel.waitFor();
    expect(await panel.getByRole('link', { name: 'Worki na odchody – zestaw 3x15' }).getAttribute('href')).toBe(
      '/p/56/worki-na-odchody-zestaw-3x15',
    );
    expect(await panel.locator('.wishlist-total').textContent()).toBe('Razem od 47,60\u00a0zł');
    await panel.getByRole('button', { name: 'Usuń z wishlisty: Worki na odchody – zestaw 8x15' }).click();
    expect(await panel.locator('.wishlist-total').textContent()).toBe('Razem od 14,70\u00a0zł');
    expect(await other.getByRole('button', { name: 'Dodaj do wishlisty' }).getAttribute('aria-pressed')).toBe('false');
    await panel.getByRole('button', { name: 'Usuń z wishlisty: Worki na odchody – zestaw 3x15' }).click();
    await panel.getByText(/Twoja wishlista jest pusta/).waitFor();
    expect(await page.locator('.header-icon__badge').count()).toBe(0);
    expect(await stored(page)).toEqual([]);
    // Focus stayed in the panel after its button went away; Escape closes and gives focus back to the icon.
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('closes on a route change (following an item link)', async () => {
    const { page } = await browser.page();
    await page.goto(BAGS);
    await hydrated(page);
    await page
      .locator('.card')
      .filter({ hasText: 'Worki na odchody – zestaw 3x15' })
      .getByRole('button', { name: 'Dodaj do wishlisty' })
      .click();
    await page.getByRole('button', { name: 'Wishlista: 1 produkt' }).click();
    await page.getByRole('dialog', { name: 'Wishlista' }).getByRole('link', { name: 'Worki na odchody – zestaw 3x15' }).click();
    await page.waitForURL('**/p/56/worki-na-odchody-zestaw-3x15');
    await expect.poll(() => page.getByRole('dialog').count(), POLL).toBe(0);
  });

  it('stays in sync across tabs', async () => {
    const { page } = await browser.page();
    const other = await page.context().newPage();
    await page.goto(BAGS);
    await other.goto(BAGS);
    await hydrated(page);
    await hydrated(other);
    await page.locator('.card').first().getByRole('button', { name: 'Dodaj do wishlisty' }).click();
    await other.getByRole('button', { name: 'Wishlista: 1 produkt' }).waitFor();
    expect(await other.locator('.card').first().getByRole('button', { name: 'Usuń z wishlisty' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('resets a corrupt stored wishlist instead of crashing', async () => {
    const { page, errors } = await browser.page();
    await page.goto(BAGS);
    await page.evaluate(() => localStorage.setItem('wishlist', '{"not": "a list"'));
    await page.reload();
    await hydrated(page);
    await page.getByRole('button', { name: 'Wishlista' }).click();
    await page
      .getByRole('dialog', { name: 'Wishlista' })
      .getByText(/Twoja wishlista jest pusta/)
      .waitFor();
    expect(await page.evaluate(() => localStorage.getItem('wishlist'))).toBeNull();
    expect(errors).toEqual([]);
  });
});
