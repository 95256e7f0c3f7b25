/**
 * An AI assistant shops with the SDK's own client (Client + StreamableHTTPClientTransport) at the
 * running stack's /api/mcp, then its user opens the cart link in Chromium (decision 112): the cart
 * opens with the assistant's product, and the link opened a second time adopts nothing. Both states
 * of the link's page (its cart, and used) are checked with axe (the page samples cannot reach them).
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { wcagViolations } from './axe-check';
import { baseUrl, hydrated, setupBrowser } from './browser';

const browser = setupBrowser();
const POLL = { timeout: 10_000 };

type Json = Record<string, any>;

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Json> {
  const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ text?: string }> };
  const text = result.content.map((c) => c.text ?? '').join('');
  if (result.isError) throw new Error(`${name}: ${text}`);
  return JSON.parse(text) as Json;
}

/** The cart as the backend holds it, through the page's own proxy and session cookie. */
async function backendLines(page: Page): Promise<Array<{ quantity: number; productVariant: { id: string } }>> {
  return page.evaluate(async () => {
    const res = await fetch('/api/shop', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ activeOrder { lines { quantity productVariant { id } } } }' }),
    });
    return ((await res.json()) as { data: { activeOrder: { lines: never[] } | null } }).data.activeOrder?.lines ?? [];
  });
}

describe('an assistant builds a cart over MCP; its user opens it in the shop', () => {
  it('finds "obroża" for "obroza", adds a collar, and the link puts it in the cart of the shopper once', async () => {
    const client = new Client({ name: 'e2e-assistant', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl()}/api/mcp`)));
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('get_cart_link');

    const found = await call(client, 'search_products', { query: 'obroza', limit: 20 });
    expect(found.products.some((p: Json) => /obroż/i.test(p.name))).toBe(true);
    let chosen: { productId: string; variantId: string; name: string } | null = null;
    for (const p of found.products as Json[]) {
      const product = await call(client, 'get_product', { productId: p.productId });
      const variant = (product.variants as Json[]).find((v) => v.inStock);
      if (product.addableByAssistant && variant && /obroż/i.test(product.name)) {
        chosen = { productId: product.productId, variantId: variant.variantId, name: product.name };
        break;
      }
    }
    expect(chosen).not.toBeNull();
    const { cartHandle } = await call(client, 'create_cart');
    await call(client, 'add_to_cart', { cartHandle, productId: chosen!.productId, variantId: chosen!.variantId, quantity: 1 });
    const { url } = await call(client, 'get_cart_link', { cartHandle });
    await client.close();

    const { page, errors } = await browser.page();
    await page.goto(url);
    await hydrated(page);
    expect(await page.getByRole('heading', { name: 'Koszyk od asystenta' }).count()).toBe(1);
    expect(await wcagViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Przenieś do mojego koszyka' }).click();
    // the shop has no cart page (its cart is a sidebar; /koszyk is a legacy redirect): the page after the POST opens it
    await page.waitForURL('**/asystent/koszyk', POLL);
    await hydrated(page);
    const cart = page.getByRole('dialog', { name: 'Koszyk' });
    await cart.waitFor(POLL);
    await expect.poll(() => cart.getByText(chosen!.name).count(), POLL).toBeGreaterThan(0);
    expect(await backendLines(page)).toEqual([{ quantity: 1, productVariant: { id: chosen!.variantId } }]);

    // the second opening: the page says the link is used, and there is nothing to adopt
    const second = await page.goto(url);
    expect(second?.status()).toBe(410);
    expect(await page.getByRole('alert').textContent()).toContain('wygasł albo został już użyty');
    expect(await page.getByRole('button', { name: 'Przenieś do mojego koszyka' }).count()).toBe(0);
    expect(await wcagViolations(page)).toEqual([]);
    expect(await backendLines(page)).toEqual([{ quantity: 1, productVariant: { id: chosen!.variantId } }]);
    expect(errors.filter((e) => !e.includes('410'))).toEqual([]);
  });
});
