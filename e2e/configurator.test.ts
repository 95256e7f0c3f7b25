import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../client/lib/price';
import { hydrated, setupBrowser } from './browser';
import { firstLoadJs, JS_BUDGET_BYTES } from './first-load';
import { shopInPage } from './session';

const browser = setupBrowser();
/** Backend round trips on a slow machine: wait up to 10 s for what the shopper would see. */
const POLL = { timeout: 10_000 };

interface Line {
  quantity: number;
  linePriceWithTax: number;
  productVariant: { sku: string; priceWithTax: number };
  customFields: Record<string, unknown>;
}

/** getCart, as the storefront names it. */
async function cartLines(page: Page): Promise<Line[]> {
  const data = await shopInPage<{ activeOrder: { lines: Line[] } | null }>(
    page,
    'query getCart { activeOrder { lines { quantity linePriceWithTax productVariant { sku priceWithTax } customFields { configurator kolorOkuc podszycie odblaski } } } }',
  );
  return data.activeOrder?.lines ?? [];
}

/** Option names (by group code) of an in-stock variant of a product, so the test never lands on a sold-out size. */
async function inStockOptions(page: Page, productId: string): Promise<Record<string, string>> {
  const data = await shopInPage<{
    product: { variants: Array<{ stockLevel: string; options: Array<{ name: string; group: { code: string } }> }> };
  }>(page, 'query($id: ID!) { product(id: $id) { variants { stockLevel options { name group { code } } } } }', { id: productId });
  const variant = data.product.variants.find((v) => v.stockLevel === 'IN_STOCK')!;
  return Object.fromEntries(variant.options.map((o) => [o.group.code, o.name]));
}

const preview = (page: Page, part: string) => page.locator(`[data-testid="harness-preview"] [data-part="${part}"]`);
const swatch = (page: Page, part: string, colour: string) => page.getByRole('radio', { name: `${part}: ${colour}`, exact: true });

interface Case {
  path: string;
  productId: string;
  model: string;
  groups: Record<string, RegExp>;
  parts: Array<[label: string, key: string, colour: string, code: string]>;
  /** A part whose colour changes once, to watch the preview follow. */
  recolour: [label: string, key: string, colour: string, code: string];
  extra: (page: Page) => Promise<void>;
  extraFields: Record<string, unknown>;
  hardware: [label: RegExp, code: string];
}

const CASES: Case[] = [
  {
    path: '/pro-fit-studio/guard',
    productId: '1',
    model: 'Szelki typu guard Classic',
    groups: { 'szerokosc-tasmy': /^Szerokość taśmy/, rozmiar: /^Rozmiar/ },
    parts: [
      ['Pas szyjny', 'szyja', 'Granatowy', 'granatowy'],
      ['Pas piersiowy', 'klatka', 'Czerwony', 'czerwony'],
      ['Łącznik', 'lacznik', 'Czarny', 'czarny'],
    ],
    recolour: ['Pas szyjny', 'szyja', 'Czerwony', 'czerwony'],
    extra: (page) =>
      page
        .getByRole('group', { name: 'Podszycie z pianki' })
        .getByRole('radio', { name: /^Podszycie \+/ })
        .check(),
    extraFields: { podszycie: 'tak' },
    hardware: [/^Czarne/, 'czarny'],
  },
  {
    path: '/pro-fit-studio/bezuciski',
    productId: '7',
    model: 'Szelki bezuciskowe Pro-Fit Classic',
    groups: { rozmiar: /^Rozmiar/, kolor: /^Kolor(: .*)?$/ },
    parts: [
      ['Pas szyjny', 'szyja', 'Czarny', 'czarny'],
      ['Pas piersiowy', 'klatka', 'Granatowy', 'granatowy'],
      ['Pas grzbietowy', 'grzbiet', 'Czerwony', 'czerwony'],
    ],
    recolour: ['Pas piersiowy', 'klatka', 'Czerwony', 'czerwony'],
    extra: (page) => page.getByRole('checkbox', { name: /^Odblaski/ }).check(),
    extraFields: { odblaski: 'tak' },
    hardware: [/^Srebrne/, 'srebrny'],
  },
];

describe('Pro-Fit Studio in Chromium', () => {
  it('links both configurators from the landing page, and the home teaser links to the studio', async () => {
    const { page, errors } = await browser.page();
    await page.goto('/');
    expect(await page.locator('a[href="/pro-fit-studio"]').count()).toBeGreaterThan(0);
    await page.goto('/pro-fit-studio');
    await hydrated(page);
    await page.getByRole('link', { name: 'Zaprojektuj: Szelki typu guard' }).click();
    await page.waitForURL('**/pro-fit-studio/guard', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: /Szelki typu guard/ }).waitFor(POLL);
    await page.goBack();
    await page.getByRole('link', { name: 'Zaprojektuj: Szelki bezuciskowe Pro-Fit' }).click();
    await page.waitForURL('**/pro-fit-studio/bezuciski', { waitUntil: 'commit' });
    expect(errors).toEqual([]);
  });

  for (const c of CASES) {
    it(`${c.path}: disabled until every choice (hardware colour last), live preview, one line at the shown price, URL restores the design`, async () => {
      const { page, errors } = await browser.page();
      await page.goto(c.path);
      await hydrated(page);
      const add = page.getByRole('button', { name: 'Dodaj do koszyka' });
      expect(await add.isDisabled()).toBe(true);
      expect(await page.getByText('Aby dodać do koszyka, wybierz: model.').count()).toBe(1);

      await page.getByRole('radio', { name: new RegExp(`^${c.model}`) }).check();
      expect(new URL(page.url()).searchParams.get('model')).not.toBeNull();
      const options = await inStockOptions(page, c.productId);
      for (const [code, group] of Object.entries(c.groups)) {
        await page.getByRole('group', { name: group }).getByRole('radio', { name: options[code]!, exact: true }).check();
      }
      for (const [label, key, colour, code] of c.parts) {
        await swatch(page, label, colour).check();
        expect(await preview(page, key).getAttribute('data-colour')).toBe(code);
      }
      // The preview follows a colour change of one part, and only that part.
      const [label, key, colour, code] = c.recolour;
      const before = await preview(page, key).getAttribute('stroke');
      const others = await Promise.all(c.parts.filter((p) => p[1] !== key).map((p) => preview(page, p[1]).getAttribute('stroke')));
      await swatch(page, label, colour).check();
      expect(await preview(page, key).getAttribute('data-colour')).toBe(code);
      expect(await preview(page, key).getAttribute('stroke')).not.toBe(before);
      expect(await Promise.all(c.parts.filter((p) => p[1] !== key).map((p) => preview(page, p[1]).getAttribute('stroke')))).toEqual(others);
      const colours = Object.fromEntries(c.parts.map(([, k, , cc]) => [k, k === key ? code : cc]));
      await c.extra(page);

      // Everything but the hardware colour: still disabled, and says why.
      expect(await add.isDisabled()).toBe(true);
      expect(await page.getByText('Aby dodać do koszyka, wybierz: kolor okuć.').count()).toBe(1);
      await page.getByRole('group', { name: 'Kolor okuć' }).getByRole('radio', { name: c.hardware[0] }).check();
      expect(await add.isEnabled()).toBe(true);
      expect(await page.locator('[data-testid="harness-preview"] title').textContent()).toContain(`${label}: ${colour}`);

      // The back button steps back through the design (the hardware colour), forward restores it.
      await page.goBack();
      await page.waitForFunction(() => !new URL(location.href).searchParams.has('kolorOkuc'));
      await page.waitForFunction(() => (document.querySelector('.studio__add') as HTMLButtonElement | null)?.disabled === true, null, POLL);
      await page.goForward();
      await page.waitForFunction(
        () => (document.querySelector('.studio__add') as HTMLButtonElement | null)?.disabled === false,
        null,
        POLL,
      );

      // Reloading the URL restores every choice.
      const total = page.getByTestId('studio-total');
      const shown = await total.textContent();
      const url = page.url();
      await page.reload();
      await hydrated(page);
      expect(page.url()).toBe(url);
      expect(await page.getByRole('radio', { name: new RegExp(`^${c.model}`) }).isChecked()).toBe(true);
      for (const [code, group] of Object.entries(c.groups)) {
        expect(
          await page.getByRole('group', { name: group }).getByRole('radio', { name: options[code]!, exact: true }).isChecked(),
          code,
        ).toBe(true);
      }
      for (const [l, k] of c.parts) {
        const name = c.parts.find((p) => p[1] === k)![2];
        expect(await swatch(page, l, k === key ? colour : name).isChecked(), l).toBe(true);
      }
      expect(await page.getByRole('group', { name: 'Kolor okuć' }).getByRole('radio', { name: c.hardware[0] }).isChecked()).toBe(true);
      expect(await total.textContent()).toBe(shown);
      expect(await add.isEnabled()).toBe(true);

      await add.click();
      await page.getByRole('button', { name: 'Dodano ✓' }).waitFor(POLL);
      await page.getByText(`Dodano do koszyka: ${c.model}`).waitFor(POLL);

      const lines = await cartLines(page);
      expect(lines).toHaveLength(1);
      const line = lines[0]!;
      expect(formatPrice(line.linePriceWithTax)).toBe(shown);
      expect(line.customFields).toMatchObject({ ...c.extraFields, kolorOkuc: c.hardware[1] });
      const configurator = JSON.parse(String(line.customFields.configurator)) as Record<string, string>;
      expect(configurator).toMatchObject({ ...colours, kolorOkuc: c.hardware[1] });
      expect(Object.keys(configurator).sort()).toEqual([...Object.keys(colours), 'imageurl', 'kolorOkuc'].sort());
      expect(configurator.imageurl).toMatch(/\/assets\/preview\/.+__preview\.jpg$/);

      // The cart sidebar lists the configuration in Polish.
      await page.getByRole('button', { name: 'Koszyk: 1 sztuka' }).click();
      const cart = page.getByRole('dialog');
      await cart.getByText(c.parts[1]![0]).first().waitFor(POLL);
      expect(await cart.textContent()).toContain('Kolor okuć');
      expect(errors).toEqual([]);
    });
  }

  it('reads a shared link with invalid parameters as not chosen, with no error', async () => {
    const { page, errors } = await browser.page();
    await page.goto('/pro-fit-studio/guard?model=szelki-typu-guard-classic&szyja=mietowy&rozmiar=xxl&kolorOkuc=zloty&podszycie=<b>');
    await hydrated(page);
    expect(await page.getByRole('radio', { name: /^Szelki typu guard Classic/ }).isChecked()).toBe(true);
    expect(await page.locator('[data-testid="harness-preview"] [data-part="szyja"]').getAttribute('data-colour')).toBe('');
    expect(await page.getByRole('button', { name: 'Dodaj do koszyka' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('loads within the 80 KB gzip of every page type on a first visit of /pro-fit-studio/guard, the runtime included, counting every script', async () => {
    const { page } = await browser.page();
    await page.setViewportSize({ width: 390, height: 844 });
    const { bytes, scripts } = await firstLoadJs(page, '/pro-fit-studio/guard');
    console.log(`first-load JS /pro-fit-studio/guard ${(bytes / 1024).toFixed(1)} KB gzip in ${scripts.length} scripts`);
    expect(scripts.some((s) => s.includes('/ConfiguratorPage-'))).toBe(true);
    expect(bytes).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    // and the configurator's code is not part of another page's first load
    const other = await browser.page();
    const loaded: string[] = [];
    other.page.on('request', (req) => {
      if (req.resourceType() === 'script') loaded.push(new URL(req.url()).pathname);
    });
    await other.page.goto('/p/1/szelki-typu-guard-classic', { waitUntil: 'networkidle' });
    expect(loaded.some((s) => s.includes('/ConfiguratorPage-'))).toBe(false);
  });
});
