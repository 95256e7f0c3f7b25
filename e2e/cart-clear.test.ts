import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, setupBrowser } from './browser';

const browser = setupBrowser();
const POLL = { timeout: 10_000 };
const BAGS = '/c/dla-psa/akcesoria/dodatki/worki-na-odchody';

/** The cart as the backend holds it, through the page's proxy and session cookie. */
async function backendCart(page: Page): Promise<{ lines: unknown[]; couponCodes: string[] } | null> {
  return page.evaluate(async () => {
    const res = await fetch('/api/shop', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ activeOrder { couponCodes lines { id } } }' }),
    });
    return ((await res.json()) as { data: { activeOrder: never } }).data.activeOrder;
  });
}

describe("'Wyczyść koszyk' in Chromium", () => {
  it('asks first, then empties the cart in the backend, removes the badge, says so and keeps focus in the cart', async () => {
    const { page, errors } = await browser.page();
    await page.goto(BAGS);
    await hydrated(page);
    await page.getByRole('button', { name: 'DODAJ 14,70 zł' }).click();
    await page.getByRole('button', { name: 'Koszyk: 1 sztuka' }).waitFor(POLL);
    await page.getByRole('button', { name: 'DODAJ 14,70 zł' }).click();
    await page.getByRole('button', { name: 'Koszyk: 2 sztuki' }).click();
    const cart = page.getByRole('dialog', { name: 'Koszyk' });
    await cart.getByRole('textbox', { name: 'Kod promocyjny' }).fill('DP10');
    await cart.getByRole('button', { name: 'Zastosuj' }).click();
    await cart.getByText('DP10', { exact: true }).waitFor(POLL);

    // The question replaces the button; focus on the safe choice; Escape cancels without closing the cart.
    await cart.getByRole('button', { name: 'Wyczyść koszyk' }).click();
    const question = cart.getByRole('group', { name: 'Usunąć wszystkie produkty z koszyka?' });
    await question.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Anuluj');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await cart.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Wyczyść koszyk');
    expect((await backendCart(page))?.lines).toHaveLength(1);

    await page.keyboard.press('Enter');
    await question.getByRole('button', { name: 'Tak, wyczyść koszyk' }).click();
    await page.getByText('Koszyk został wyczyszczony.').waitFor(POLL);
    await cart.getByText('Twój koszyk jest pusty.').waitFor(POLL);
    const after = await backendCart(page);
    expect(after?.lines).toEqual([]);
    // The code stays on the order, as the backend keeps it, and comes back with the next product.
    expect(after?.couponCodes).toEqual(['DP10']);
    expect(await page.locator('.header-icon__badge').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Koszyk', exact: true }).count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('dialog');

    await page.reload();
    await hydrated(page);
    expect(await page.locator('.header-icon__badge').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
