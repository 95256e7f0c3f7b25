import { describe, expect, it } from 'vitest';
import { hydrated, setupBrowser } from './browser';

const browser = setupBrowser();
const HARNESSES = '/c/dla-psa/akcesoria/szelki';

describe('category sidebar in Chromium', () => {
  it('stands beside the products on a desktop, in place of the chips, and a click on a sibling navigates', async () => {
    const { page, errors } = await browser.page();
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(HARNESSES);
    await hydrated(page);
    const sidebar = page.getByRole('navigation', { name: 'Nawigacja po kategoriach' });
    expect(await sidebar.isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Podkategorie' }).isVisible()).toBe(false);
    const box = (await sidebar.boundingBox())!;
    const grid = (await page.locator('.products').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(grid.x);
    expect(box.y).toBeLessThan(grid.y + 50);
    expect(await sidebar.locator('[aria-current="page"]').textContent()).toBe('Szelki');
    await page.screenshot({ path: 'dist/category-sidebar-1366.png' });
    await sidebar.getByRole('link', { name: 'Obroże', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/c/dla-psa/akcesoria/obroze');
    expect(await sidebar.locator('[aria-current="page"]').textContent()).toBe('Obroże');
    expect(errors).toEqual([]);
  });

  it('is hidden on a phone, where the subcategory chips stay', async () => {
    const { page } = await browser.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(HARNESSES);
    await hydrated(page);
    expect(await page.getByRole('navigation', { name: 'Nawigacja po kategoriach' }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Podkategorie' }).isVisible()).toBe(true);
  });
});
