import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, setupBrowser } from './browser';

const browser = setupBrowser();
/** Backend round trips on a slow machine: wait up to 10 s for what the shopper would see. */
const POLL = { timeout: 10_000 };
const BAGS = '/c/dla-psa/akcesoria/dodatki/worki-na-odchody';
const ACCESSORIES = '/c/dla-psa/akcesoria/dodatki';

/** The cart as the backend holds it (through the same proxy and session cookie as the page). */
async function backendCart(
  page: Page,
): Promise<{ lines: Array<{ quantity: number; productVariant: { name: string } }>; couponCodes: string[] } | null> {
  return page.evaluate(async () => {
    const res = await fetch('/api/shop', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ activeOrder { couponCodes lines { quantity productVariant { name } } } }' }),
    });
    return ((await res.json()) as { data: { activeOrder: never } }).data.activeOrder;
  });
}

/** Adds the 3x15 waste-bag set (one variant, 14,70 zł) with its card's DODAJ button. */
async function addBags(page: Page): Promise<void> {
  await page.goto(BAGS);
  await hydrated(page);
  await page.getByRole('button', { name: 'DODAJ 14,70 zł' }).click();
  await page.getByRole('button', { name: 'Koszyk: 1 sztuka' }).waitFor();
}

describe('cart sidebar in Chromium', () => {
  it('adds a product, changes quantity, applies and removes DP10, refuses a wrong code for 5 s and keeps the cart over a reload', async () => {
    const { page, errors } = await browser.page();
    await page.goto(BAGS);
    await hydrated(page);
    // Badge only above 0.
    expect(await page.locator('.header-icon__badge').count()).toBe(0);
    await page.getByRole('button', { name: 'DODAJ 14,70 zł' }).click();
    await page.getByRole('button', { name: 'Koszyk: 1 sztuka' }).click();

    const cart = page.getByRole('dialog', { name: 'Koszyk' });
    await cart.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('dialog');
    await expect.poll(() => cart.getByRole('link', { name: 'Worki na odchody – zestaw 3x15' }).count(), POLL).toBe(1);
    const image = cart.locator('.cart-line__image');
    expect(await image.getAttribute('src')).toMatch(/w=200&h=200&mode=crop&format=webp/);
    const progress = cart.getByRole('progressbar', { name: 'Postęp do darmowej dostawy' });
    expect(await progress.getAttribute('aria-valuenow')).toBe('6');
    expect(await cart.getByText('Do darmowej dostawy brakuje Ci jeszcze 234,31 zł.').count()).toBe(1);

    await cart.getByRole('button', { name: 'Zwiększ ilość: Worki na odchody – zestaw 3x15' }).click();
    await expect.poll(() => progress.getAttribute('aria-valuenow'), POLL).toBe('12');
    await expect.poll(() => cart.locator('.cart-summary__total dd').textContent(), POLL).toBe('29,40\u00a0zł');
    expect(await cart.getByText('Do darmowej dostawy brakuje Ci jeszcze 219,61 zł.').count()).toBe(1);

    // A typed quantity (a string) is sent as a number; 17 × 14,70 zł = 249,90 zł is above 249 zł.
    const qty = cart.getByRole('spinbutton', { name: 'Ilość: Worki na odchody – zestaw 3x15' });
    await qty.fill('17');
    await qty.press('Enter');
    await expect.poll(() => cart.getByText('Gratulacje! Masz darmową dostawę.').count(), POLL).toBe(1);
    expect(await cart.getByRole('progressbar').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Koszyk: 17 sztuk' }).count()).toBe(1);
    expect((await backendCart(page))?.lines[0]?.quantity).toBe(17);

    // DP10, typed in lower case: the discount is listed with its description and amount, the input gives way to the code.
    await cart.getByRole('textbox', { name: 'Kod promocyjny' }).fill('dp10');
    await cart.getByRole('button', { name: 'Zastosuj' }).click();
    await expect.poll(() => cart.getByText('DP10', { exact: true }).count(), POLL).toBe(1);
    expect(await cart.getByRole('textbox', { name: 'Kod promocyjny' }).count()).toBe(0);
    const discount = cart.locator('.cart-summary__discount');
    expect(await discount.locator('dt').textContent()).toBe('Druga szansa -10%');
    expect(await discount.locator('dd').textContent()).toBe('−24,99\u00a0zł');
    expect(await cart.locator('.cart-summary__total dd').textContent()).toBe('224,91\u00a0zł');
    // After the discount the subtotal is no longer above 249 zł: the backend would charge delivery, and so says the cart.
    expect(await cart.getByText('Do darmowej dostawy brakuje Ci jeszcze 24,10 zł.').count()).toBe(1);
    expect((await backendCart(page))?.couponCodes).toEqual(['DP10']);

    await cart.getByRole('button', { name: 'Usuń kod promocyjny DP10' }).click();
    await cart.getByRole('textbox', { name: 'Kod promocyjny' }).waitFor();
    expect(await cart.locator('.cart-summary__discount').count()).toBe(0);
    expect((await backendCart(page))?.couponCodes).toEqual([]);

    const input = cart.getByRole('textbox', { name: 'Kod promocyjny' });
    await input.fill('NIEMA-TAKIEGO');
    await input.press('Enter');
    const message = cart.getByText('Błędny kod promocyjny');
    await message.waitFor();
    const shownAt = Date.now();
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await message.waitFor({ state: 'detached', timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4_500);
    expect(await input.getAttribute('aria-invalid')).toBeNull();

    await page.reload();
    await hydrated(page);
    await page.getByRole('button', { name: 'Koszyk: 17 sztuk' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Koszyk' }).getByRole('spinbutton').inputValue(), POLL).toBe('17');
    expect(errors).toEqual([]);
  });

  it('rolls a refused quantity back with a message and keeps what the backend holds', async () => {
    const { page } = await browser.page();
    await addBags(page);
    await page.getByRole('button', { name: 'Koszyk: 1 sztuka' }).click();
    const cart = page.getByRole('dialog', { name: 'Koszyk' });
    const qty = cart.getByRole('spinbutton', { name: 'Ilość: Worki na odchody – zestaw 3x15' });
    await qty.waitFor();
    // Above Vendure's limit per order: refused (ORDER_LIMIT_ERROR).
    await qty.fill('5000');
    await qty.press('Enter');
    await page.getByText('Przekroczono maksymalną liczbę sztuk w zamówieniu. Przywróciliśmy poprzednią ilość.').waitFor();
    await expect.poll(() => qty.inputValue(), POLL).toBe('1');
    expect((await backendCart(page))?.lines[0]?.quantity).toBe(1);
    // Zero is ignored (spec §5): nothing is sent, the field shows the cart's quantity again.
    await qty.fill('0');
    await qty.press('Enter');
    expect(await qty.inputValue()).toBe('1');
    expect((await backendCart(page))?.lines).toHaveLength(1);
  });

  it('two quick clicks on + end where the backend is', async () => {
    const { page } = await browser.page();
    await addBags(page);
    await page.getByRole('button', { name: 'Koszyk: 1 sztuka' }).click();
    const plus = page.getByRole('button', { name: 'Zwiększ ilość: Worki na odchody – zestaw 3x15' });
    await plus.click();
    await plus.click();
    await plus.click();
    await page.getByRole('button', { name: 'Koszyk: 4 sztuki' }).waitFor();
    await expect.poll(async () => (await backendCart(page))?.lines[0]?.quantity, POLL).toBe(4);
    await expect.poll(() => page.locator('.cart-line[aria-busy="true"]').count(), POLL).toBe(0);
    expect(await page.getByRole('spinbutton').inputValue()).toBe('4');
  });

  it('offers the configured add-ons: one click adds the cheapest variant, a colour choice is a link', async () => {
    const { page, errors } = await browser.page();
    await addBags(page);
    await page.getByRole('button', { name: 'Koszyk: 1 sztuka' }).click();
    const cart = page.getByRole('dialog', { name: 'Koszyk' });
    const addons = cart.getByRole('region', { name: 'Może Ci się przydać' });
    await addons.waitFor();
    // The bags are already in the cart, so they are not suggested again.
    expect(await addons.getByRole('link', { name: 'Worki na odchody – zestaw 3x15' }).count()).toBe(0);
    expect(await addons.getByRole('link', { name: 'Zobacz warianty: Pokrowiec na worki Classic' }).getAttribute('href')).toBe(
      '/p/52/pokrowiec-na-worki-classic',
    );
    expect(await addons.getByText('35,00 zł').count()).toBe(1);
    await addons.getByRole('button', { name: 'Dodaj do koszyka: Suszone żwacze wołowe (50 g)' }).click();
    await page.getByRole('button', { name: 'Koszyk: 2 sztuki' }).waitFor();
    expect((await backendCart(page))?.lines.map((l) => l.productVariant.name)).toEqual([
      'Worki na odchody – zestaw 3x15',
      'Suszone żwacze wołowe – 50 g',
    ]);
    await expect.poll(() => cart.getByRole('link', { name: 'Suszone żwacze wołowe' }).count(), POLL).toBe(1);
    expect(errors).toEqual([]);
  });

  it('removes a line, then offers to go back to shopping, which closes the panel and returns focus', async () => {
    const { page } = await browser.page();
    await addBags(page);
    const icon = page.getByRole('button', { name: 'Koszyk: 1 sztuka' });
    await icon.focus();
    await page.keyboard.press('Enter');
    const cart = page.getByRole('dialog', { name: 'Koszyk' });
    await cart.getByRole('button', { name: 'Usuń z koszyka: Worki na odchody – zestaw 3x15' }).click();
    await cart.getByText('Twój koszyk jest pusty.').waitFor();
    expect(await page.locator('.header-icon__badge').count()).toBe(0);
    expect((await backendCart(page))?.lines).toEqual([]);
    await cart.getByRole('button', { name: 'Wróć do zakupów' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Koszyk');
  });

  it('traps focus in the open cart, closes on Escape and unlocks page scroll', async () => {
    const { page } = await browser.page();
    await addBags(page);
    await page.getByRole('button', { name: 'Koszyk: 1 sztuka' }).click();
    const cart = page.getByRole('dialog', { name: 'Koszyk' });
    await cart.getByRole('link', { name: 'Przejdź do kasy' }).waitFor();
    expect(await cart.getAttribute('aria-modal')).toBe('true');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    expect(await cart.getByRole('link', { name: 'Przejdź do kasy' }).getAttribute('href')).toBe('/checkout');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Koszyk: 1 sztuka');
  });

  it('keeps at most 3 notifications, dropping the oldest', async () => {
    const { page } = await browser.page();
    await page.goto(ACCESSORIES);
    await hydrated(page);
    const names = await page
      .locator('.card')
      .filter({ has: page.getByRole('button', { name: /^DODAJ/ }) })
      .locator('.card__title')
      .allTextContents();
    expect(names.length).toBeGreaterThanOrEqual(4);
    // Each card by its title: a clicked button reads "Dodano ✓" for a second.
    const card = (name: string) => page.locator('.card').filter({ has: page.getByRole('heading', { name, exact: true }) });
    for (const name of names.slice(0, 4))
      await card(name)
        .getByRole('button', { name: /^DODAJ/ })
        .click();
    await page.getByRole('button', { name: 'Koszyk: 4 sztuki' }).waitFor();
    await expect
      .poll(() => page.locator('.notification').allTextContents(), POLL)
      .toEqual(names.slice(1, 4).map((n) => `Dodano do koszyka: ${n}×`));
  });
});

describe('promotion flags in Chromium', () => {
  it('?blackweek applies BLACKWEEK24 with a notice', async () => {
    const { page } = await browser.page();
    await page.goto('/?blackweek');
    await hydrated(page);
    await page.getByText('Kod BLACKWEEK24 został dodany do koszyka.').waitFor();
    expect((await backendCart(page))?.couponCodes).toEqual(['BLACKWEEK24']);
  });

  it('?secondchance stores a timestamp and applies DP10; a day later the coupon is removed', async () => {
    const { page } = await browser.page();
    await page.goto(`${BAGS}?secondchance`);
    await hydrated(page);
    // The timestamp is stored once DP10 is applied. (Probe the backend only then: a first request without the
    // session cookie would start a session of its own.)
    await expect.poll(() => page.evaluate(() => localStorage.getItem('secondchance')), POLL).not.toBeNull();
    expect((await backendCart(page))?.couponCodes).toEqual(['DP10']);
    const stamp = Number(await page.evaluate(() => localStorage.getItem('secondchance')));
    expect(Math.abs(Date.now() - stamp)).toBeLessThan(60_000);
    await page.getByRole('button', { name: 'DODAJ 14,70 zł' }).click();
    await page.getByRole('button', { name: 'Koszyk: 1 sztuka' }).click();
    await page.getByRole('dialog', { name: 'Koszyk' }).getByText('DP10', { exact: true }).waitFor();

    // 30 hours later (24–168 h band): the next page load removes the coupon and keeps the timestamp.
    await page.evaluate(() => localStorage.setItem('secondchance', String(Date.now() - 30 * 3_600_000)));
    await page.goto(BAGS);
    await hydrated(page);
    await expect.poll(async () => (await backendCart(page))?.couponCodes, POLL).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('secondchance'))).not.toBeNull();
  });
});
