import { env } from 'cloudflare:workers';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { MCP_CART_LIMIT, MCP_LIMIT, MCP_MAX_BODY_BYTES } from './mcp-api.server';
import { CART_TTL_SECONDS } from './mcp-carts.server';
import { getShippingRates } from '../../worker/shop/shop-policies';
import { shopClient } from '../../worker/shop/vendure';
import { app } from '../../worker/app';
import { freshWindow, limitsOn, uniqueAddress } from '../../worker/ratelimit/test-limits';
import { SESSION_COOKIE } from '../../worker/shop/session';

/**
 * /api/mcp with the SDK's own client (Client + StreamableHTTPClientTransport) against the worker in
 * workerd and the real backend, in each protocol revision it serves; the cart link's page and POST;
 * and the refusals (decision 112). The browser half (the link adopts the cart in /koszyk) is e2e/mcp.test.ts.
 */

const BASE = 'http://127.0.0.1:8787';
const ENDPOINT = `${BASE}/api/mcp`;
const inWorker =
  (vars: typeof env = env) =>
  async (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
    app.request(input instanceof Request ? input : String(input), init, vars);

async function connect(options: { versions?: string[]; modern?: boolean; address?: string; vars?: typeof env } = {}) {
  const client = new Client(
    { name: 'psiaki-test', version: '1.0.0' },
    {
      ...(options.versions ? { supportedProtocolVersions: options.versions } : {}),
      ...(options.modern ? { versionNegotiation: { mode: 'auto' as const } } : {}),
    },
  );
  const transport = new StreamableHTTPClientTransport(new URL(ENDPOINT), {
    fetch: inWorker(options.vars),
    requestInit: { headers: { 'CF-Connecting-IP': options.address ?? uniqueAddress() } },
  });
  await client.connect(transport);
  return client;
}

type Json = Record<string, any>;
async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<{ isError: boolean; text: string; data: Json }> {
  const result = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: Array<{ type: string; text?: string }>;
  };
  const text = result.content.map((c) => c.text ?? '').join('');
  let data: Json = {};
  try {
    data = JSON.parse(text) as Json;
  } catch {
    // an error result: Polish text
  }
  return { isError: !!result.isError, text, data };
}

/** A product of the `obroza` search the assistant can add, and one of its variants in stock. */
async function addableCollar(client: Client): Promise<{ productId: string; variantId: string; name: string }> {
  const found = await call(client, 'search_products', { query: 'obroza', limit: 20 });
  for (const p of found.data.products as Json[]) {
    const product = await call(client, 'get_product', { productId: p.productId });
    const variant = (product.data.variants as Json[]).find((v) => v.inStock);
    if (product.data.addableByAssistant && variant) return { productId: p.productId, variantId: variant.variantId, name: variant.name };
  }
  throw new Error('no addable collar in the seeded catalogue');
}

const rpc = (body: unknown, headers: Record<string, string> = {}, vars: typeof env = env) =>
  app.request(
    ENDPOINT,
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'CF-Connecting-IP': uniqueAddress(),
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
    vars,
  );

describe('/api/mcp with the SDK client', () => {
  it('initialises (2025-11-25), lists the tools with Polish descriptions and input limits', async () => {
    const client = await connect();
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    expect(client.getServerVersion()?.name).toBe('psiaki');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      ['add_to_cart', 'create_cart', 'get_cart', 'get_cart_link', 'get_product', 'get_shop_policies', 'search_products'].sort(),
    );
    const search = tools.find((t) => t.name === 'search_products')!;
    expect(search.description).toContain('Wyszukuje produkty');
    expect(search.inputSchema.properties?.query).toMatchObject({ maxLength: 100 });
    const add = tools.find((t) => t.name === 'add_to_cart')!;
    expect(add.inputSchema.properties?.quantity).toMatchObject({ maximum: 20 });
    await client.close();
  });

  it('speaks 2025-06-18 and 2026-07-28 too', async () => {
    const older = await connect({ versions: ['2025-06-18'] });
    expect(older.getNegotiatedProtocolVersion()).toBe('2025-06-18');
    expect((await call(older, 'search_products', { query: 'smycz' })).data.products.length).toBeGreaterThan(0);
    const modern = await connect({ modern: true });
    expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect((await modern.listTools()).tools).toHaveLength(7);
    expect((await call(modern, 'search_products', { query: 'smycz' })).data.products.length).toBeGreaterThan(0);
  });

  it('finds "obroża" products for "obroza", with gross prices and product pages', async () => {
    const client = await connect();
    const found = await call(client, 'search_products', { query: 'obroza' });
    expect(found.isError).toBe(false);
    const products = found.data.products as Json[];
    expect(products.length).toBeGreaterThan(0);
    expect(products.some((p) => /obroż/i.test(p.name))).toBe(true);
    expect(products[0]!.url).toMatch(new RegExp(`^${BASE}/p/\\d+/[a-z0-9-]+$`));
    expect(products[0]!.image).toMatch(/^https?:\/\/.+format=jpg/);
    const page = await app.request(products[0]!.url, {}, env);
    expect(page.status).toBe(200);
  });

  it('gives a product with variants, options, prices and stock; a personalised one points to its page', async () => {
    const client = await connect();
    const { productId } = await addableCollar(client);
    const product = await call(client, 'get_product', { productId });
    expect(product.data.name).toBeTruthy();
    const variant = (product.data.variants as Json[])[0]!;
    expect(variant).toMatchObject({ variantId: expect.stringMatching(/^\d+$/), price: { amount: expect.any(Number) } });
    expect(['dostępny', 'ostatnie sztuki', 'niedostępny']).toContain(variant.stock);
    // the guard harness needs its colours chosen in the shop
    const guard = await call(client, 'get_product', { productId: '1' });
    expect(guard.data.addableByAssistant).toBe(false);
    expect(guard.data.personalisation).toContain(`${BASE}/p/1/`);
    const cart = await call(client, 'create_cart');
    const refused = await call(client, 'add_to_cart', {
      cartHandle: cart.data.cartHandle,
      productId: '1',
      variantId: (guard.data.variants as Json[])[0]!.variantId,
      quantity: 1,
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('wymaga personalizacji');
  });

  it('reads the shipping and return policies from the backend', async () => {
    const client = await connect();
    const policies = await call(client, 'get_shop_policies');
    expect((policies.data.shipping as Json[]).length).toBeGreaterThan(0);
    expect(policies.data.shipping[0]).toMatchObject({ name: expect.any(String), price: { amount: expect.any(Number) } });
    expect(policies.data.returns).toMatchObject({ withdrawalDays: 14, returnShippingPaidBy: 'customer' });
    // the backend's own delivery methods and gross prices, none hard-coded
    const { shippingRates } = await shopClient(env).request(getShippingRates);
    expect((policies.data.shipping as Json[]).map((s) => [s.code, Math.round(s.price.amount * 100)])).toEqual(
      shippingRates.map((rate) => [rate.code, rate.priceWithTax]),
    );
  });

  it('builds a cart by handle; its single-use link shows it, adopts it once into a new session, and ends the handle', async () => {
    const client = await connect();
    const collar = await addableCollar(client);
    const created = (await call(client, 'create_cart')).data as { cartHandle: string; expiresAt: string };
    const { cartHandle } = created;
    expect(cartHandle).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Math.abs(Date.parse(created.expiresAt) - Date.now() - CART_TTL_SECONDS * 1000)).toBeLessThan(60_000);
    const added = await call(client, 'add_to_cart', { cartHandle, productId: collar.productId, variantId: collar.variantId, quantity: 2 });
    expect(added.isError).toBe(false);
    expect(added.data.lines).toEqual([expect.objectContaining({ variantId: collar.variantId, quantity: 2 })]);
    const cart = (await call(client, 'get_cart', { cartHandle })).data;
    expect(cart.totalQuantity).toBe(2);
    expect((cart.delivery as Json[]).length).toBeGreaterThan(0);
    const link = await call(client, 'get_cart_link', { cartHandle });
    expect(JSON.stringify(link.data)).not.toMatch(/token/i);
    const url = link.data.url as string;
    expect(url).toMatch(new RegExp(`^${BASE}/asystent/koszyk/[A-Za-z0-9_-]{43}$`));

    const page = await app.request(url, {}, env);
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toContain('no-store');
    const html = await page.text();
    expect(html).toContain(collar.name);
    expect(html).toContain('Przenieś do mojego koszyka');
    // opening the page changed nothing: it can be opened again
    expect((await app.request(url, {}, env)).status).toBe(200);

    expect((await app.request(url, { method: 'POST' }, env)).status).toBe(403);
    expect((await app.request(url, { method: 'POST', headers: { Origin: 'https://evil.example' } }, env)).status).toBe(403);
    const adopted = await app.request(url, { method: 'POST', headers: { Origin: BASE } }, env);
    expect(adopted.status).toBe(303);
    expect(adopted.headers.get('Location')).toBe('/asystent/koszyk');
    const cookie = adopted.headers.get('Set-Cookie') ?? '';
    expect(cookie).toContain(`${SESSION_COOKIE}=`);
    expect(cookie).toContain('HttpOnly');

    const again = await app.request(url, { method: 'POST', headers: { Origin: BASE } }, env);
    expect(again.status).toBe(303);
    expect(again.headers.get('Location')).toBe(new URL(url).pathname);
    expect(again.headers.get('Set-Cookie')).toBeNull();
    const gone = await app.request(url, {}, env);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('wygasł albo został już użyty');
    const ended = await call(client, 'get_cart', { cartHandle });
    expect(ended.isError).toBe(true);
    expect(ended.text).toContain('Nie ma takiego koszyka');
  });

  it("adds the assistant's lines to a shopper's own cart instead of replacing it", async () => {
    const client = await connect();
    const collar = await addableCollar(client);
    // the shopper's own cart: one line of the same collar through /api/shop
    const own = await app.request(
      `${BASE}/api/shop`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: BASE },
        body: JSON.stringify({
          query: 'mutation($v: ID!) { addItemToOrder(productVariantId: $v, quantity: 1) { ... on Order { id } } }',
          variables: { v: collar.variantId },
        }),
      },
      env,
    );
    const session = (own.headers.get('Set-Cookie') ?? '').split(';')[0]!;
    expect(session).toContain(`${SESSION_COOKIE}=`);
    const { cartHandle } = (await call(client, 'create_cart')).data as { cartHandle: string };
    await call(client, 'add_to_cart', { cartHandle, productId: collar.productId, variantId: collar.variantId, quantity: 3 });
    const url = (await call(client, 'get_cart_link', { cartHandle })).data.url as string;
    const adopted = await app.request(url, { method: 'POST', headers: { Origin: BASE, Cookie: session } }, env);
    expect(adopted.status).toBe(303);
    const cart = await app.request(
      `${BASE}/api/shop`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: session },
        body: JSON.stringify({ query: '{ activeOrder { totalQuantity } }' }),
      },
      env,
    );
    expect(((await cart.json()) as Json).data.activeOrder.totalQuantity).toBe(4);
  });
});

describe('/api/mcp refuses what it must', () => {
  const init = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  };

  it('answers a huge body 413, malformed JSON a parse error, other methods 405, a foreign browser 403', async () => {
    const huge = await rpc({ ...init, padding: 'x'.repeat(MCP_MAX_BODY_BYTES) });
    expect(huge.status).toBe(413);
    const malformed = await rpc('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as Json).error.code).toBe(-32700);
    const notRpc = await rpc({ hello: 'world' });
    expect(notRpc.status).toBeGreaterThanOrEqual(400);
    expect(notRpc.status).toBeLessThan(500);
    const get = await app.request(ENDPOINT, {}, env);
    expect(get.status).toBe(405);
    expect(get.headers.get('Allow')).toBe('POST');
    expect((await rpc(init, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await rpc(init, { Origin: BASE })).status).toBe(200);
    const ok = await rpc(init);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('Content-Type')).toContain('application/json');
    expect(ok.headers.get('Set-Cookie')).toBeNull();
    expect(ok.headers.get('mcp-session-id')).toBeNull();
  });

  it('answers an unknown tool, invalid arguments and a made-up cart with a reason, never a 5xx', async () => {
    const client = await connect();
    await expect(client.callTool({ name: 'delete_everything', arguments: {} })).rejects.toThrow(/delete_everything/);
    const invalid = await call(client, 'add_to_cart', { cartHandle: 'x', productId: '1', variantId: '1', quantity: 1000 });
    expect(invalid.isError).toBe(true);
    expect(invalid.text).toContain('najwyżej 20 sztuk');
    expect(invalid.text).toContain('identyfikator koszyka z create_cart');
    const long = await call(client, 'search_products', { query: 'x'.repeat(500) });
    expect(long.isError).toBe(true);
    expect(long.text).toContain('najwyżej 100 znaków');
    expect((await call(client, 'get_product', { productId: '0 OR 1=1' })).text).toContain('identyfikator to liczba');
    expect((await call(client, 'get_product', { productId: '999999' })).text).toBe('Nie ma takiego produktu.');
    const madeUp = await call(client, 'get_cart', { cartHandle: 'A'.repeat(43) });
    expect(madeUp.isError).toBe(true);
    // someone else's cart, adopted by its shopper: the same answer as a made-up one
    const { cartHandle } = (await call(client, 'create_cart')).data as { cartHandle: string };
    const collar = await addableCollar(client);
    await call(client, 'add_to_cart', { cartHandle, productId: collar.productId, variantId: collar.variantId, quantity: 1 });
    const url = (await call(client, 'get_cart_link', { cartHandle })).data.url as string;
    await app.request(url, { method: 'POST', headers: { Origin: BASE } }, env);
    const taken = await call(client, 'get_cart', { cartHandle });
    expect(taken).toEqual(madeUp);
    expect((await call(client, 'get_cart_link', { cartHandle: 'A'.repeat(43) })).text).toBe(madeUp.text);
    expect((await app.request(`${BASE}/asystent/koszyk/${'B'.repeat(43)}`, {}, env)).status).toBe(410);
    expect((await app.request(`${BASE}/asystent/koszyk/%3Cscript%3E`, {}, env)).status).toBe(410);
  });

  it(`answers 429 with Retry-After past ${MCP_LIMIT} requests a minute, and past ${MCP_CART_LIMIT} new carts`, async () => {
    await freshWindow(20);
    const address = uniqueAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= MCP_LIMIT; i++) statuses.push((await rpc(init, { 'CF-Connecting-IP': address }, limitsOn)).status);
    expect(statuses.slice(0, MCP_LIMIT).every((s) => s === 200)).toBe(true);
    const refused = await rpc(init, { 'CF-Connecting-IP': address }, limitsOn);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(((await refused.json()) as Json).error.message).toContain('Zbyt wiele żądań');

    const other = uniqueAddress();
    const create = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'create_cart', arguments: {} } };
    const cartStatuses: number[] = [];
    for (let i = 0; i <= MCP_CART_LIMIT; i++) cartStatuses.push((await rpc(create, { 'CF-Connecting-IP': other }, limitsOn)).status);
    expect(cartStatuses.slice(0, MCP_CART_LIMIT).every((s) => s !== 429)).toBe(true);
    expect(cartStatuses[MCP_CART_LIMIT]).toBe(429);
  });
});
