import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../client/lib/price';
import { hydrated, setupBrowser } from './browser';
import { shopInPage } from './session';

/*
 * Shopping on a phone (issue 29), at 390×844 as most shoppers see the shop: the checkout summary
 * follows the shipping step's choice before it is saved; a size whose variant is out of stock is
 * marked before it is chosen; the first product card of a listing is on the first screen; the
 * product page's sticky bar keeps 'Dodaj do koszyka' in reach.
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

interface StockVariant {
  stockLevel: string;
  options: Array<{ name: string; group: { code: string } }>;
}

/** The guard's first variant out of stock in the backend (the seed has 20 mm S), as its width and size names. */
async function soldOutGuard(page: Page): Promise<{ width: string; size: string }> {
  const { product } = await shopInPage<{ product: { variants: StockVariant[] } }>(
    page,
    '{ product(id: "1") { variants { stockLevel options { name group { code } } } } }',
  );
  const out = product.variants.find((v) => v.stockLevel === 'OUT_OF_STOCK');
  if (!out) throw new Error('the seed has no guard variant out of stock');
  const name = (code: string) => out.options.find((o) => o.group.code === code)!.name;
  return { width: name('szerokosc-tasmy'), size: name('rozmiar') };
}

const sizeRadio = (page: Page, name: string | RegExp) =>
  page.getByRole('group', { name: /^Rozmiar/ }).getByRole('radio', { name, exact: typeof name === 'string' });

describe('a size out of stock is marked before it is chosen', () => {
  it('on the product page: struck through and named niedostępny once its width is chosen, and cannot be added', async () => {
    const page = await phonePage();
    await page.goto('/p/1/szelki-typu-guard-classic');
    await hydrated(page);
    const { width, size } = await soldOutGuard(page);
    await page
      .getByRole('group', { name: /^Szerokość taśmy/ })
      .getByRole('radio', { name: width, exact: true })
      .check();
    const soldOut = sizeRadio(page, `${size} (niedostępny)`);
    expect(await soldOut.count()).toBe(1);
    expect(await soldOut.isChecked()).toBe(false);
    expect(await page.locator('.pdp-choice--sold-out').evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');
    // Other sizes in stock carry no mark.
    expect(await sizeRadio(page, /niedostępny/).count()).toBe(1);

    await soldOut.check();
    await page.getByText('Ten wariant jest chwilowo niedostępny.').waitFor();
    expect(await page.locator('.pdp-add-to-cart').isDisabled()).toBe(true);
    const { activeOrder } = await shopInPage<{ activeOrder: { lines: unknown[] } | null }>(page, '{ activeOrder { lines { id } } }');
    expect(activeOrder?.lines ?? []).toEqual([]);
  });

  it('in Pro-Fit Studio: the same size is marked in the configurator', async () => {
    const page = await phonePage();
    await page.goto('/pro-fit-studio/guard');
    await hydrated(page);
    const { width, size } = await soldOutGuard(page);
    await page.getByRole('radio', { name: /^Szelki typu guard Classic/ }).check();
    await page
      .getByRole('group', { name: /^Szerokość taśmy/ })
      .getByRole('radio', { name: width, exact: true })
      .check();
    expect(await sizeRadio(page, `${size} (niedostępny)`).count()).toBe(1);
    await sizeRadio(page, `${size} (niedostępny)`).check();
    await page.getByText('Ten wariant jest chwilowo niedostępny – wybierz inny rozmiar lub model.').waitFor();
    expect(await page.getByRole('button', { name: 'Dodaj do koszyka' }).isDisabled()).toBe(true);
  });
});

/** The top of the first product card, relative to the top of the first screen. */
const firstCardTop = async (page: Page) => (await page.locator('.products > li').first().boundingBox())!.y;

describe('listings on a phone: the first product on the first screen', () => {
  for (const path of ['/c/dla-psa/akcesoria/obroze', '/c/dla-psa', '/c/dla-psa/akcesoria/szelki', '/c/dla-psa?q=szelki']) {
    it(`${path}: the first card starts within 844 px, with the subcategories in one row and the toolbar in one row`, async () => {
      const page = await phonePage();
      await page.goto(path);
      await hydrated(page);
      expect(await firstCardTop(page)).toBeLessThan(PHONE.height - 100);
      const chips = page.locator('.chips li');
      if ((await chips.count()) > 1) {
        const tops = await chips.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
        expect(new Set(tops).size).toBe(1);
      }
      // Count, 'Filtry' and sort side by side; nothing wider than the screen.
      const count = (await page.locator('.listing__count').boundingBox())!;
      const sort = (await page.getByLabel('Sortuj').boundingBox())!;
      expect(Math.abs(sort.y + sort.height / 2 - (count.y + count.height / 2))).toBeLessThan(12);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    });
  }

  it('keeps the page size and the view in the filters sheet', async () => {
    const page = await phonePage();
    await page.goto('/c/dla-psa/akcesoria/obroze');
    await hydrated(page);
    expect(await page.getByLabel('Na stronie').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Filtry' }).click();
    const sheet = page.getByRole('complementary', { name: 'Filtry' });
    await sheet.getByRole('button', { name: 'Lista', exact: true }).click();
    expect(await page.locator('.products--list').count()).toBe(1);
    await sheet.getByLabel('Na stronie').selectOption('40');
    await page.waitForURL((url) => url.searchParams.get('itemsPerPage') === '40', POLL);
  });
});

const COLLAR = '/p/16/obroza-z-klamra-classic';

interface CartLine {
  quantity: number;
  linePriceWithTax: number;
  productVariant: { id: string };
  customFields: Record<string, unknown>;
}

async function cartLines(page: Page): Promise<CartLine[]> {
  const { activeOrder } = await shopInPage<{ activeOrder: { lines: CartLine[] } | null }>(
    page,
    '{ activeOrder { lines { quantity linePriceWithTax productVariant { id } customFields { odblaski podszycie kolorOkuc } } } }',
  );
  return activeOrder?.lines ?? [];
}

const bar = (page: Page) => page.getByRole('region', { name: 'Szybkie dodawanie do koszyka' });
const barShown = (page: Page) => page.locator('.buy-bar--shown').count();
/** Waits for the bar's slide (0.2 s) to end. */
const settled = (page: Page) => page.waitForTimeout(400);

describe('the sticky add-to-cart bar on a phone', () => {
  it('shows while the main button is out of sight, names the first missing choice, then adds the same line as the main button at its price', async () => {
    const page = await phonePage();
    await page.goto(COLLAR);
    await hydrated(page);
    const main = page.locator('.pdp-add-to-cart');

    // The main button starts far below the first screen: the bar is there, above the bottom navigation.
    await expect.poll(() => barShown(page)).toBe(1);
    await settled(page);
    expect(await bar(page).getByText('od 59,00\u00a0zł').isVisible()).toBe(true);
    const barBox = (await bar(page).boundingBox())!;
    const navBox = (await page.locator('.bottom-nav__list').boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(navBox.y + 1);

    // The main button in view: the bar leaves (and is out of the accessibility tree); past it, it returns.
    await main.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect.poll(() => barShown(page)).toBe(0);
    expect(await bar(page).count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => barShown(page)).toBe(1);

    // Options missing: the bar's button goes to the first missing group and names it.
    const firstGroup = page.locator('.pdp-variants fieldset').first();
    const legend = (await firstGroup.locator('legend').textContent())!.trim();
    await bar(page).getByRole('button', { name: 'Dodaj do koszyka' }).click();
    await bar(page).getByRole('status').getByText(`Aby dodać do koszyka, wybierz: ${legend.toLowerCase()}.`).waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('fieldset')?.querySelector('legend')?.textContent?.trim())).toBe(
      legend,
    );
    expect(await cartLines(page)).toEqual([]);

    // Every group chosen (in-stock options), a paid extra too: the bar shows the page's total.
    const groups = page.locator('.pdp-variants fieldset');
    for (let i = 0; i < (await groups.count()); i++) {
      await groups.nth(i).getByRole('radio').filter({ hasNotText: 'niedostępn' }).first().check();
    }
    const extra = page.locator('.pdp-personalise input[type="checkbox"]').first();
    if ((await extra.count()) > 0) await extra.check();
    const total = (await page.getByTestId('product-total').textContent())!;
    expect(total).not.toMatch(/^od /);
    await page.evaluate(() => window.scrollTo(0, 0));
    // The bar answers an IntersectionObserver, which reports at the next frame: slow under load.
    await expect.poll(() => barShown(page), POLL).toBe(1);
    await settled(page);
    expect(await bar(page).getByText(total, { exact: true }).isVisible()).toBe(true);

    await bar(page).getByRole('button', { name: 'Dodaj do koszyka' }).click();
    await page.getByText(/^Dodano do koszyka: Obroża z klamrą Classic/).waitFor(POLL);
    await settled(page);
    // The notification is lifted above the bar, not covered by it.
    const note = (await page.locator('.notifications').boundingBox())!;
    expect(note.y + note.height).toBeLessThanOrEqual((await bar(page).boundingBox())!.y + 1);
    const [line] = await cartLines(page);
    expect(line?.quantity).toBe(1);
    expect(formatPrice(line!.linePriceWithTax)).toBe(total);

    // The main button adds to the very same line.
    await main.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect.poll(() => main.textContent(), POLL).toBe('Dodaj do koszyka');
    await main.click();
    await expect.poll(async () => (await cartLines(page)).map((l) => l.quantity), POLL).toEqual([2]);
  });
});
