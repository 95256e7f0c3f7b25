import type { BrowserContext } from 'playwright-core';
import { baseUrl } from './browser';

/** The seeded demo customer (backend/seed/demo-customer.ts). */
export const DEMO = { email: 'demo@psiaki.test', password: 'Demo1234!' } as const;

/**
 * A GraphQL call through the storefront's /api/shop with the context's cookies (Playwright's
 * `context.request` shares them, and stores the session cookie the worker sets).
 */
export async function shopCall<T>(context: BrowserContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await context.request.post('/api/shop', {
    headers: { 'Content-Type': 'application/json', Origin: baseUrl() },
    data: { query, variables },
  });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  if (!res.ok() || !body.data) throw new Error(`/api/shop answered ${res.status()}: ${JSON.stringify(body.errors ?? body)}`);
  return body.data;
}

/**
 * A shopper with a product in the cart before any page loads, so a personal page (checkout,
 * account) can be measured on its own first load: a guest, or the demo customer logged in.
 */
export async function shopperWithCart(context: BrowserContext, kind: 'guest' | 'customer'): Promise<void> {
  if (kind === 'customer') {
    const { login } = await shopCall<{ login: { __typename: string } }>(context, 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }', {
      u: DEMO.email,
      p: DEMO.password,
    });
    if (login.__typename !== 'CurrentUser') throw new Error(`demo login failed: ${login.__typename}`);
  }
  const { products } = await shopCall<{ products: { items: Array<{ variants: Array<{ id: string; stockLevel: string }> }> } }>(
    context,
    '{ products(options: { take: 20 }) { items { variants { id stockLevel } } } }',
  );
  const variant = products.items.flatMap((p) => p.variants).find((v) => v.stockLevel === 'IN_STOCK');
  if (!variant) throw new Error('no product in stock to put in the cart');
  const { addItemToOrder } = await shopCall<{ addItemToOrder: { __typename: string } }>(
    context,
    'mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }',
    { id: variant.id },
  );
  if (addItemToOrder.__typename !== 'Order') throw new Error(`add to cart failed: ${addItemToOrder.__typename}`);
}
