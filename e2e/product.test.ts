import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../client/lib/price';
import { hydrated, setupBrowser } from './browser';

const browser = setupBrowser();
/** Backend round trips on a slow machine: wait up to 10 s for what the shopper would see. */
const POLL = { timeout: 10_000 };
const GUARD = '/p/1/szelki-typu-guard-classic';

interface Line {
  quantity: number;
  unitPriceWithTax: number;
  linePriceWithTax: number;
  productVariant: { id: string; sku: string; priceWithTax: number };
  customFields: Record<string, unknown>;
}

/** Any Shop API document through the page's own /api/shop proxy and session cookie. */
async function shop<T>(
  page: Page,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ data: T; errors?: Array<{ message: string }> }> {
  return page.evaluate(
    async ([q, v]) => {
      const res = await fetch('/api/shop', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: q, variables: v }),
      });
      return res.json();
    },
    [query, variables] as const,
  );
}

const LINE =
  'quantity unitPriceWithTax linePriceWithTax productVariant { id sku priceWithTax } customFields { configurator podszycie kolorOkuc odblaski raczka dopasowanieRozmiaru customObwodSzyi customObwodKlatki dodatkowyMetr }';

/** getCart, as the storefront names it. */
async function cartLines(page: Page): Promise<Line[]> {
  const { data } = await shop<{ activeOrder: { lines: Line[] } | null }>(page, `query getCart { activeOrder { lines { ${LINE} } } }`);
  return data.activeOrder?.lines ?? [];
}

/** Chooses the 25 mm tape and size M: the guard's variant. */
async function chooseGuardVariant(page: Page): Promise<void> {
  await page
    .getByRole('group', { name: /^Szerokość taśmy/ })
    .getByRole('radio', { name: '25 mm' })
    .check();
  await page
    .getByRole('group', { name: /^Rozmiar/ })
    .getByRole('radio', { name: 'M', exact: true })
    .check();
}

/** Chooses 25 mm, M and a colour for each guard part (everything but the hardware colour). */
async function chooseGuardBasics(page: Page): Promise<void> {
  await chooseGuardVariant(page);
  for (const part of ['Pas szyjny', 'Pas piersiowy', 'Łącznik']) {
    await page
      .getByRole('group', { name: new RegExp(`^${part}`) })
      .getByRole('radio', { name: 'Granatowy' })
      .check();
  }
}

describe('product page in Chromium', () => {
  it('enables add to cart only once every option group, each part colour and the hardware colour are chosen', async () => {
    const { page, errors } = await browser.page();
    await page.goto(GUARD);
    await hydrated(page);
    const add = page.getByRole('button', { name: 'Dodaj do koszyka' });
    expect(await add.isDisabled()).toBe(true);
    expect(
      await page
        .getByText('Aby dodać do koszyka, wybierz: szerokość taśmy, rozmiar, pas szyjny, pas piersiowy, łącznik, kolor okuć.')
        .count(),
    ).toBe(1);
    await chooseGuardBasics(page);
    expect(await add.isDisabled()).toBe(true);
    expect(await page.getByText('Aby dodać do koszyka, wybierz: kolor okuć.').count()).toBe(1);
    await page
      .getByRole('group', { name: 'Kolor okuć' })
      .getByRole('radio', { name: /^Srebrne/ })
      .check();
    expect(await add.isEnabled()).toBe(true);
    expect(await page.locator('.pdp-stock').textContent()).toBe('Dostępny');
    expect(errors).toEqual([]);
  });

  it('refuses an out-of-range neck size at the field, in Polish, and blocks adding until it is corrected', async () => {
    const { page } = await browser.page();
    await page.goto(GUARD);
    await hydrated(page);
    await chooseGuardBasics(page);
    await page
      .getByRole('group', { name: 'Kolor okuć' })
      .getByRole('radio', { name: /^Srebrne/ })
      .check();
    await page.getByRole('checkbox', { name: /^Dopasowanie rozmiaru/ }).check();
    const neck = page.getByRole('textbox', { name: 'Obwód szyi (cm)' });
    await neck.fill('95');
    expect(await neck.getAttribute('aria-invalid')).toBe('true');
    const message = page.locator(`#${await neck.getAttribute('aria-describedby')}`);
    expect(await message.textContent()).toBe('Obwód szyi musi wynosić od 20 do 90 cm.');
    const add = page.getByRole('button', { name: 'Dodaj do koszyka' });
    expect(await add.isDisabled()).toBe(true);
    await neck.fill('45');
    expect(await neck.getAttribute('aria-invalid')).toBeNull();
    expect(await add.isEnabled()).toBe(true);
  });

  it('adds a harness with foam lining and black hardware: the cart line costs the page total and holds the choices', async () => {
    const { page, errors } = await browser.page();
    await page.goto(GUARD);
    await hydrated(page);
    await chooseGuardBasics(page);
    const total = page.getByTestId('product-total');
    const base = await total.textContent();
    expect(base).toBe('149,00\u00a0zł');
    await page
      .getByRole('group', { name: 'Kolor okuć' })
      .getByRole('radio', { name: /^Czarne/ })
      .check();
    await page
      .getByRole('group', { name: 'Podszycie z pianki' })
      .getByRole('radio', { name: /^Podszycie \+/ })
      .check();
    const shown = await total.textContent();
    expect(shown).not.toBe(base);

    await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
    await page.getByRole('button', { name: 'Dodano ✓' }).waitFor();
    await page.getByText('Dodano do koszyka: Szelki typu guard Classic').waitFor();
    await page.getByRole('button', { name: 'Koszyk: 1 sztuka' }).waitFor();
    await page.getByRole('button', { name: 'Dodaj do koszyka' }).waitFor(POLL);

    const lines = await cartLines(page);
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line.productVariant.sku).toBe('PS-001-25-M');
    expect(formatPrice(line.linePriceWithTax)).toBe(shown);
    expect(line.linePriceWithTax).toBeGreaterThan(line.productVariant.priceWithTax);
    expect(line.customFields).toMatchObject({ podszycie: 'tak', kolorOkuc: 'czarny' });
    expect(JSON.parse(String(line.customFields.configurator))).toMatchObject({
      szyja: 'granatowy',
      klatka: 'granatowy',
      lacznik: 'granatowy',
      kolorOkuc: 'czarny',
    });
    expect(errors).toEqual([]);
  });

  it('prices extras sent straight to /api/shop by the backend table, and refuses what the product does not offer', async () => {
    const { page } = await browser.page();
    await page.goto(GUARD);
    await hydrated(page);
    const { data } = await shop<{
      product: {
        variants: Array<{
          id: string;
          stockLevel: string;
          priceWithTax: number;
          extras: Array<{ field: string; options: Array<{ value: string; price: number }> }>;
        }>;
      };
    }>(page, 'query { product(id: "1") { variants { id stockLevel priceWithTax extras { field options { value price } } } } }');
    const variant = data.product.variants.find((v) => v.stockLevel === 'IN_STOCK')!;
    const price = (field: string, value: string) =>
      variant.extras.find((e) => e.field === field)!.options.find((o) => o.value === value)!.price;
    const expected = variant.priceWithTax + price('podszycie', 'tak') + price('kolorOkuc', 'czarny');

    const add = `mutation addToCart($productVariantId: ID!, $quantity: Int!, $customFields: OrderLineCustomFieldsInput) {
      addItemToOrder(productVariantId: $productVariantId, quantity: $quantity, customFields: $customFields) {
        ... on Order { lines { ${LINE} } }
        ... on ErrorResult { errorCode message }
      } }`;
    const added = await shop<{ addItemToOrder: { lines: Line[] } }>(page, add, {
      productVariantId: variant.id,
      quantity: 2,
      customFields: { podszycie: 'tak', kolorOkuc: 'czarny' },
    });
    expect(added.data.addItemToOrder).toHaveProperty('lines');
    const line = added.data.addItemToOrder.lines.find((l) => l.customFields.podszycie === 'tak')!;
    expect(line.unitPriceWithTax).toBe(expected);
    expect(line.linePriceWithTax).toBe(2 * expected);

    // A product that offers no lining (softshell guard): the backend refuses the line.
    const softshell = await shop<{ product: { variants: Array<{ id: string }> } }>(page, 'query { product(id: "3") { variants { id } } }');
    const refused = await shop<{ addItemToOrder: { errorCode?: string } }>(page, add, {
      productVariantId: softshell.data.product.variants[0]!.id,
      quantity: 1,
      customFields: { podszycie: 'tak' },
    });
    expect(refused.data.addItemToOrder.errorCode).toBe('ORDER_INTERCEPTOR_ERROR');
    // An out-of-range neck size is refused again by the backend, with a Polish message.
    const neck = await shop<unknown>(page, add, {
      productVariantId: variant.id,
      quantity: 1,
      customFields: { dopasowanieRozmiaru: true, customObwodSzyi: 95 },
    });
    expect(neck.errors?.[0]?.message).toBe('Obwód szyi musi wynosić od 20 do 90 cm.');
    expect(await cartLines(page)).toHaveLength(1);
  });

  it('converts a typed quantity to a number within 1…99999 and shows a backend error code in Polish', async () => {
    const { page } = await browser.page();
    await page.goto('/p/56/worki-na-odchody-zestaw-3x15');
    await hydrated(page);
    const qty = page.getByRole('spinbutton', { name: 'Ilość' });
    await qty.fill('0');
    await qty.blur();
    expect(await qty.inputValue()).toBe('1');
    await qty.fill('150000');
    await qty.blur();
    expect(await qty.inputValue()).toBe('99999');
    // Vendure allows 999 per order line: ORDER_LIMIT_ERROR, shown at the button in Polish
    await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
    await page.getByRole('alert').filter({ hasText: 'Przekroczono maksymalną liczbę produktów w koszyku.' }).waitFor();
    expect(await cartLines(page)).toHaveLength(0);
  });

  it('cycles the gallery with buttons, arrow keys and thumbnails, and opens the full-size webp on zoom', async () => {
    const { page } = await browser.page();
    await page.goto(GUARD);
    await hydrated(page);
    const live = page.locator('.pdp-gallery__stage [aria-live]');
    expect(await live.textContent()).toBe('Zdjęcie 1 z 5');
    await page.getByRole('button', { name: 'Następne zdjęcie' }).first().click();
    expect(await live.textContent()).toBe('Zdjęcie 2 z 5');
    await page.keyboard.press('ArrowRight');
    expect(await live.textContent()).toBe('Zdjęcie 3 z 5');
    await page.getByRole('list', { name: 'Miniatury zdjęć' }).getByRole('button', { name: 'Zdjęcie 5 z 5' }).click();
    expect(await live.textContent()).toBe('Zdjęcie 5 z 5');
    await page.getByRole('button', { name: /^Powiększ zdjęcie/ }).click();
    const zoom = page.getByRole('dialog');
    await zoom.waitFor();
    expect(await zoom.locator('img').getAttribute('src')).toMatch(/\/assets\/source\/.+\?w=1200&h=1200&mode=resize&format=webp$/);
    await page.keyboard.press('Escape');
    await zoom.waitFor({ state: 'hidden' });
  });

  it('changes the image on a drag past 25% of the width and does not open the zoom after a drag', async () => {
    const { page } = await browser.page();
    await page.goto(GUARD);
    await hydrated(page);
    const main = page.locator('.pdp-gallery__main');
    const box = (await main.boundingBox())!;
    const y = box.y + box.height / 2;
    const live = page.locator('.pdp-gallery__stage [aria-live]');
    // 10% of the width: no change, and the click that ends the drag is swallowed
    await page.mouse.move(box.x + box.width * 0.6, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
    await page.mouse.up();
    expect(await live.textContent()).toBe('Zdjęcie 1 z 5');
    expect(await page.getByRole('dialog').count()).toBe(0);
    // 40% to the left: the next image
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, y, { steps: 8 });
    await page.mouse.up();
    expect(await live.textContent()).toBe('Zdjęcie 2 z 5');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

describe('product safety information (GPSR)', () => {
  it("opens 'Bezpieczeństwo produktu': the manufacturer, the warnings, and the chosen variant's SKU and EAN once the options are chosen", async () => {
    const { page, errors } = await browser.page();
    await page.goto(GUARD);
    await hydrated(page);
    await page.getByRole('button', { name: 'Bezpieczeństwo produktu' }).click();
    const panel = page.getByRole('region', { name: 'Bezpieczeństwo produktu' });
    await panel.waitFor(POLL);
    expect(await panel.getByText('Psiaki Anna Nowak').count()).toBe(1);
    expect(await panel.getByRole('link', { name: 'bezpieczenstwo@psiaki.test' }).getAttribute('href')).toBe(
      'mailto:bezpieczenstwo@psiaki.test',
    );
    expect(await panel.getByText(/Nie zostawiaj psa w obroży ani szelkach bez nadzoru/).count()).toBe(1);
    expect(await panel.getByText('Nr produktu 1 (kod SKU i EAN wariantu pokażemy po wybraniu opcji)').count()).toBe(1);
    await chooseGuardVariant(page);
    await expect.poll(() => panel.getByText(/^SKU PS-001-25-M, EAN 590\d{10}$/).count(), POLL).toBe(1);
    expect(errors).toEqual([]);
  });
});
