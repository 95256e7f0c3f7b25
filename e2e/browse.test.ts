import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { t } from '../client/texts';
import { backendShopHeaders, baseUrl, hydrated, setupBrowser } from './browser';

const browser = setupBrowser();
/** Backend round trips on a slow machine: wait up to 10 s for what the shopper would see. */
const POLL = { timeout: 10_000 };

/** Asks the test backend directly: the truth the page must show. */
async function backend<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${inject('backendUrl')}/shop-api`, {
    method: 'POST',
    headers: backendShopHeaders(),
    body: JSON.stringify({ query, variables }),
  });
  return ((await res.json()) as { data: T }).data;
}

async function facetValueId(facet: string, value: string): Promise<string> {
  const { facets } = await backend<{ facets: { items: Array<{ code: string; values: Array<{ id: string; code: string }> }> } }>(
    '{ facets { items { code values { id code } } } }',
  );
  return facets.items.find((f) => f.code === facet)!.values.find((v) => v.code === value)!.id;
}

async function searchCount(input: Record<string, unknown>): Promise<number> {
  const data = await backend<{ search: { totalItems: number } }>('query($input: SearchInput!) { search(input: $input) { totalItems } }', {
    input: { groupByProduct: true, take: 0, ...input },
  });
  return data.search.totalItems;
}

/** A page in a context of its own options (no JavaScript), next to the shared helper's. */
async function pageWith(options: Parameters<import('playwright-core').Browser['newContext']>[0]): Promise<Page> {
  const { page } = await browser.page();
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: baseUrl(), locale: 'pl-PL', ...options });
  return context.newPage();
}

const query = (page: Page) => new URL(page.url()).searchParams;
const cards = (page: Page) => page.locator('.listing .products > li');

describe('home page in Chromium', () => {
  it('shows the categories, sale, newest, collections, the Pro-Fit teaser and the latest blog posts, all real', async () => {
    const { page, errors } = await browser.page();
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    await page.goto('/');
    await hydrated(page);

    const categories = page.locator('.home-category__name');
    expect(await categories.allTextContents()).toEqual(['Dla psa', 'Dla człowieka']);
    expect(await page.locator('.home-category__children').first().getByRole('link').allTextContents()).toEqual([
      'Akcesoria',
      'Legowiska',
      'Przysmaki',
      'Zabawki',
    ]);

    const saleId = await facetValueId('promocja', 'wyprzedaz');
    const sale = page.locator('section[aria-labelledby="home-sale"]');
    expect(await sale.getByRole('heading', { level: 2 }).textContent()).toBe('Wyprzedaż');
    expect(await sale.getByRole('link', { name: /^Zobacz wszystkie\s?: Wyprzedaż$/ }).getAttribute('href')).toBe(`/c/dla-psa?a=${saleId}`);
    const saleCards = sale.locator('.card');
    expect(await saleCards.count()).toBe(Math.min(8, await searchCount({ facetValueFilters: [{ and: saleId }] })));
    expect(await sale.locator('.badge--sale').count()).toBe(await saleCards.count());

    const { products } = await backend<{ products: { items: Array<{ name: string }> } }>(
      '{ products(options: { sort: { createdAt: DESC }, take: 8 }) { items { name } } }',
    );
    const newest = page.locator('section[aria-labelledby="home-newest"]');
    expect(await newest.locator('.card__title').allTextContents()).toEqual(products.items.map((p) => p.name));
    expect(await newest.locator('.badge--new').count()).toBeGreaterThan(0);

    const collections = page.locator('section[aria-labelledby="home-collections"] .collection-tile');
    expect(await collections.count()).toBe(8);
    expect(await collections.first().getAttribute('href')).toMatch(/^\/kolekcje\/\d+\/[a-z-]+$/);

    const teaser = page.locator('section.teaser');
    expect(await teaser.getByRole('heading', { level: 2 }).textContent()).toBe('Szelki bezuciskowe Pro-Fit');
    expect(await teaser.getByRole('link').getAttribute('href')).toBe('/pro-fit-studio');

    // The blog stand-in's three newest fixture posts, newest first.
    const fixtures = JSON.parse(readFileSync(resolve(import.meta.dirname, '../backend/stand-ins/fixtures.json'), 'utf8')) as {
      posts: Array<{ title: string; date: string }>;
    };
    const latest = [...fixtures.posts].sort((a, b) => b.date.localeCompare(a.date)).slice(0, 3);
    expect(await page.locator('.post-card__title').allTextContents()).toEqual(latest.map((p) => p.title));
    // One of them carries <script> and onerror in its excerpt: neither reaches the page.
    expect(await page.locator('.posts script, .posts [onerror]').count()).toBe(0);
    expect(dialogs).toBe(0);

    await page.getByRole('link', { name: 'Wszystkie kolekcje' }).click();
    await page.waitForURL('**/kolekcje');
    expect(await page.locator('h1').textContent()).toBe('Kolekcje');
    expect(errors).toEqual([]);
  });
});

describe('category listing in Chromium', () => {
  it('filters, sorts, changes the page size and pages, and changing sort, a filter or the page size drops page', async () => {
    const { page, errors } = await browser.page();
    await page.goto('/c/dla-psa');
    await hydrated(page);
    const total = await searchCount({ collectionSlug: 'dla-psa' });
    expect(await page.locator('.listing__count').textContent()).toBe(t.listing.products(total));
    expect(await cards(page).count()).toBe(20);

    // Pagination: real links, 5 pages visible at most.
    expect(await page.locator('.pagination__page').count()).toBeLessThanOrEqual(5);
    const firstOnPage1 = await cards(page).first().locator('.card__title').textContent();
    await page.getByRole('link', { name: 'Strona 2' }).click();
    await page.waitForURL('**/c/dla-psa?page=2');
    await expect.poll(() => cards(page).first().locator('.card__title').textContent(), POLL).not.toBe(firstOnPage1);
    expect(await page.locator('.pagination__page--current').textContent()).toBe('2');

    // Sort by price: page goes, prices ascend.
    await page.getByLabel('Sortuj').selectOption('PRICE_ASC');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'PRICE_ASC');
    expect(query(page).has('page')).toBe(false);
    await expect
      .poll(async () => {
        const prices = await page.locator('.listing .card__price .price:not(.price--old)').allTextContents();
        const values = prices.map((p) => Number(p.replace(/[^\d,]/g, '').replace(',', '.')));
        return values.length === 20 && values.every((v, i) => i === 0 || values[i - 1]! <= v);
      }, POLL)
      .toBe(true);

    // Page 2 again, then a colour filter: page goes, the count is the backend's.
    await page.getByRole('link', { name: 'Strona 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    const granatowy = await facetValueId('kolor', 'granatowy');
    await page
      .locator('.filters')
      .getByRole('link', { name: /^Granatowy/ })
      .click();
    await page.waitForURL((url) => url.searchParams.get('a') === granatowy);
    expect(query(page).has('page')).toBe(false);
    expect(query(page).get('sort')).toBe('PRICE_ASC');
    const filtered = await searchCount({ collectionSlug: 'dla-psa', facetValueFilters: [{ and: granatowy }] });
    await expect.poll(() => page.locator('.listing__count').textContent(), POLL).toBe(t.listing.products(filtered));
    expect(await page.locator('.filter--on').count()).toBe(1);

    // Page size 40 (from page 2): page goes.
    await page.getByRole('link', { name: 'Wyczyść filtry' }).click();
    await page.waitForURL((url) => !url.searchParams.has('a'));
    await page.getByRole('link', { name: 'Strona 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByLabel('Na stronie').selectOption('40');
    await page.waitForURL((url) => url.searchParams.get('itemsPerPage') === '40');
    expect(query(page).has('page')).toBe(false);
    await expect.poll(() => cards(page).count(), POLL).toBe(40);
    expect(errors).toEqual([]);
  });

  it('switches between grid and list and remembers the choice', async () => {
    const { page } = await browser.page();
    await page.goto('/c/dla-psa/akcesoria');
    await hydrated(page);
    expect(await page.locator('.listing .products').getAttribute('class')).toContain('products--grid');
    await page.getByRole('button', { name: 'Lista', exact: true }).click();
    expect(await page.getByRole('button', { name: 'Lista', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('.listing .products').getAttribute('class')).toContain('products--list');
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.locator('.listing .products').getAttribute('class'), POLL).toContain('products--list');
  });

  it('pages without JavaScript through plain links', async () => {
    const page = await pageWith({ javaScriptEnabled: false });
    await page.goto('/c/dla-psa');
    await page.getByRole('link', { name: 'Strona 3' }).click();
    await page.waitForURL('**/c/dla-psa?page=3');
    expect(await page.locator('.pagination__page--current').textContent()).toBe('3');
  });
});

describe('header navigation and collections in Chromium', () => {
  it('opens the desktop mega menu on hover and focus, closes it on Escape, and its links navigate', async () => {
    const { page, errors } = await browser.page();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Kategorie produktów' });
    const item = nav.locator('.mega').filter({ has: page.getByRole('link', { name: 'Dla psa', exact: true }) });
    const panel = item.locator('.mega__panel');
    expect(await panel.isVisible()).toBe(false);
    await nav.getByRole('link', { name: 'Dla psa', exact: true }).hover();
    await panel.waitFor({ state: 'visible' });
    expect(await panel.getByRole('link', { name: 'Szelki', exact: true }).getAttribute('href')).toBe('/c/dla-psa/akcesoria/szelki');
    await page.keyboard.press('Escape');
    await page.mouse.move(600, 700);
    await panel.waitFor({ state: 'hidden' });

    // Keyboard: focus opens it, the chevron says so.
    await nav.getByRole('link', { name: 'Dla człowieka', exact: true }).focus();
    expect(await page.getByRole('button', { name: 'Podkategorie: Dla człowieka' }).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: 'Podkategorie: Dla człowieka' }).getAttribute('aria-expanded')).toBe('false');

    await nav.getByRole('link', { name: 'Dla psa', exact: true }).hover();
    await panel.getByRole('link', { name: 'Smycze', exact: true }).click();
    await page.waitForURL('**/c/dla-psa/akcesoria/smycze');
    expect(await page.locator('h1').textContent()).toBe('Smycze');
    await panel.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  });

  it("opens the mobile accordion menu, with 'Pokaż wszystkie' links, and closes it on navigation", async () => {
    const { page, errors } = await browser.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Otwórz menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await menu.getByText('Dla psa', { exact: true }).click();
    await menu.getByText('Akcesoria', { exact: true }).click();
    expect(await menu.getByRole('link', { name: /^Pokaż wszystkie\s?: Akcesoria$/ }).getAttribute('href')).toBe('/c/dla-psa/akcesoria');
    await menu.getByRole('link', { name: 'Obroże', exact: true }).click();
    await page.waitForURL('**/c/dla-psa/akcesoria/obroze');
    await menu.waitFor({ state: 'detached' });
    expect(await page.locator('h1').textContent()).toBe('Obroże');
    expect(errors).toEqual([]);
  });

  it('lists the collections and shows one with its products', async () => {
    const { page, errors } = await browser.page();
    await page.goto('/kolekcje');
    await hydrated(page);
    const granatowy = await facetValueId('kolor', 'granatowy');
    await page.locator(`a[href="/kolekcje/${granatowy}/granatowy"]`).click();
    await page.waitForURL(`**/kolekcje/${granatowy}/granatowy`);
    expect(await page.locator('h1').textContent()).toBe('Granatowy');
    const count = await searchCount({ facetValueFilters: [{ and: granatowy }] });
    expect(await page.locator('.listing__count').textContent()).toBe(t.listing.products(count));
    expect(await cards(page).count()).toBe(Math.min(20, count));
    expect(errors).toEqual([]);
  });
});
