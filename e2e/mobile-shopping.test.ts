import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, setupBrowser } from './browser';

/*
 * Shopping on a phone (issue 29), at 390×844 as most shoppers see the shop: the checkout summary
 * follows the shipping step's choice before it is saved.
 */

const browser = setupBrowser();
const PHONE = { width: 390, height: 844 };
/** Backend round trips on a slow machine: wait up to 15 s for what the shopper would see. */
const POLL = { timeout: 15_000 };
const BAGS = '/c/dla-psa/akcesoria/dodatki/worki-na-odchody';

async function phonePage(): Promise<Page> {
  const { page } = await browser.page();
  await page.setViewportSize(PHONE);
  return page;
}

const summaryRow = (page: Page, cls: string) => page.locator(`.checkout-summary__${cls}`);

describe('the checkout summary keeps up with the shipping step', () => {
  it('shows the courier at 16,99 zł and the total with it as soon as the courier is chosen, before the step is saved', async () => {
    const page = await phonePage();
    await page.goto(BAGS);
    await hydrated(page);
    await page.getByRole('button', { name: 'DODAJ 14,70 zł' }).click();
    await page.getByRole('button', { name: /^Koszyk: \d+ szt/ }).waitFor();
    await page.goto('/checkout/customer');
    await hydrated(page);
    await page.getByLabel('Adres e-mail').fill(`podsumowanie-${Date.now().toString(36)}@psiaki.test`);
    await page.getByLabel('Imię').fill('Ala');
    await page.getByLabel('Nazwisko').fill('Nowak');
    await page.getByLabel('Telefon').fill('601 234 567');
    await page.getByRole('button', { name: 'Przejdź do dostawy' }).click();
    await page.waitForURL('**/checkout/shipping', POLL);
    await hydrated(page);

    let saves = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/shop') && /setOrderShipping/.test(r.postData() ?? '')) saves += 1;
    });
    await page.getByRole('radio', { name: /^Kurier/ }).check();
    await expect.poll(() => summaryRow(page, 'shipping').textContent()).toBe('Dostawa: Kurier16,99\u00a0zł');
    // 14,70 zł + 16,99 zł
    expect(await summaryRow(page, 'total').textContent()).toBe('Do zapłaty31,69\u00a0zł');
    expect(await page.getByText('wybierzesz w następnym kroku').count()).toBe(0);

    // The address appears in the summary as it is typed.
    await page.locator('#shipping-streetName').fill('Długa');
    await page.locator('#shipping-streetNumber').fill('1');
    await page.locator('#shipping-postalCode').fill('31-100');
    await page.locator('#shipping-city').fill('Kraków');
    await expect.poll(() => summaryRow(page, 'ship-to').textContent()).toBe('Dostawa doDługa 1, 31-100 Kraków');

    // Another method: its price and total at once.
    await page.getByRole('radio', { name: /InPost Paczkomat/ }).check();
    await expect.poll(() => summaryRow(page, 'total').textContent()).toBe('Do zapłaty27,69\u00a0zł');
    expect(await summaryRow(page, 'shipping').textContent()).toBe('Dostawa: InPost Paczkomat 24/712,99\u00a0zł');
    // Nothing was saved to the order: the preview is the page's own.
    expect(saves).toBe(0);
    expect(page.url()).toMatch(/\/checkout\/shipping$/);
  });
});
