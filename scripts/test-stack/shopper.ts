/**
 * A shopper with a product in the cart, made through the storefront's /api/shop before any page
 * loads, so a personal page (checkout, account) can be measured or checked on its own first load.
 * Shared by the end-to-end tests (e2e/session.ts: Playwright's cookie jar), `npm run lighthouse`
 * and `npm run bench` (`shopperSession`: fetch with the session cookie).
 */

/** The seeded demo customer (backend/seed/demo-customer.ts). */
export const DEMO = { email: 'demo@psiaki.test', password: 'Demo1234!' } as const;

/** One GraphQL call through /api/shop in the shopper's session; answers `data`, throws on errors. */
export type ShopCall = <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;

/**
 * A guest, or the demo customer logged in, with one in-stock product in the cart. The demo
 * customer's cart is kept across logins: when it already holds a line, nothing is added (so many
 * tests in one run don't pile up one variant until its stock runs out).
 */
export async function prepareShopper(call: ShopCall, kind: 'guest' | 'customer'): Promise<void> {
  if (kind === 'customer') {
    const { login } = await call<{ login: { __typename: string } }>(
      'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }',
      {
        u: DEMO.email,
        p: DEMO.password,
      },
    );
    if (login.__typename !== 'CurrentUser') throw new Error(`demo login failed: ${login.__typename}`);
    const { activeOrder } = await call<{ activeOrder: { lines: unknown[] } | null }>('{ activeOrder { lines { id } } }');
    if (activeOrder?.lines.length) return;
  }
  const { products } = await call<{ products: { items: Array<{ variants: Array<{ id: string; stockLevel: string }> }> } }>(
    '{ products(options: { take: 20 }) { items { variants { id stockLevel } } } }',
  );
  const variant = products.items.flatMap((p) => p.variants).find((v) => v.stockLevel === 'IN_STOCK');
  if (!variant) throw new Error('no product in stock to put in the cart');
  const { addItemToOrder } = await call<{ addItemToOrder: { __typename: string } }>(
    'mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }',
    { id: variant.id },
  );
  if (addItemToOrder.__typename !== 'Order') throw new Error(`add to cart failed: ${addItemToOrder.__typename}`);
}

/** A shopper made with `fetch` against the storefront at `base`: the `name=value` of the session cookie. */
export async function shopperSession(base: string, kind: 'guest' | 'customer'): Promise<string> {
  let cookie = '';
  const call: ShopCall = async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${base}/api/shop`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const set = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.includes('psiaki_session='));
    if (set) cookie = set;
    const body = (await res.json()) as { data?: T; errors?: unknown[] };
    if (!res.ok || !body.data) throw new Error(`/api/shop answered ${res.status}: ${JSON.stringify(body.errors ?? body)}`);
    return body.data;
  };
  await prepareShopper(call, kind);
  return cookie;
}
