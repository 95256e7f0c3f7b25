import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, setupBrowser } from './browser';

const browser = setupBrowser();
const POLL = { timeout: 10_000 };

/** Puts one piece of the first variant in stock of product 1 (Szelki typu guard Classic, nylon tape) in this page's cart, through /api/shop. */
async function addGuardHarness(page: Page): Promise<void> {
  const added = await page.evaluate(async () => {
    const call = async (query: string, variables: Record<string, unknown> = {}) =>
      (
        (await (
          await fetch('/api/shop', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ query, variables }),
          })
        ).json()) as { data: Record<string, { __typename?: string; variants?: Array<{ id: string; stockLevel: string }> }> }
      ).data;
    const { product } = await call('{ product(id: "1") { variants { id stockLevel } } }');
    const { addItemToOrder } = await call('mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }', {
      id: product!.variants!.find((v) => v.stockLevel !== 'OUT_OF_STOCK')!.id,
    });
    return addItemToOrder!.__typename;
  });
  expect(added).toBe('Order');
}

describe('cart line features (spec §3) in Chromium', () => {
  it("shows the product's features from the backend on the cart line and in the checkout summary", async () => {
    const { page, errors } = await browser.page();
    await page.goto('/kontakt');
    await hydrated(page);
    await addGuardHarness(page);
    await page.reload();
    await hydrated(page);
    await page.getByRole('button', { name: 'Koszyk: 1 sztuka' }).first().click();
    const cart = page.getByRole('dialog', { name: 'Koszyk' });
    await cart.waitFor();
    const line = cart.locator('.cart-line').filter({ hasText: 'Szelki typu guard Classic' });
    await expect.poll(() => line.locator('.line-features').textContent(), POLL).toBe('Rodzaj taśmy: Taśma nylonowa');
    // The variant's own choices stay in the options list, not repeated as features.
    expect(await line.locator('.cart-line__details').textContent()).toMatch(/Rozmiar: /);

    await page.goto('/checkout/customer');
    await hydrated(page);
    const summary = page.locator('.checkout-summary__line').filter({ hasText: 'Szelki typu guard Classic' });
    expect(await summary.locator('.line-features').textContent()).toBe('Rodzaj taśmy: Taśma nylonowa');
    expect(errors).toEqual([]);
  });
});
