import {
  type CallToolResult,
  McpServer,
  WebStandardStreamableHTTPServerTransport,
  createMcpHandler,
  isLegacyRequest,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { HttpError } from '../../worker/pages/errors';
import type { ShopTools, ToolAnswer } from './mcp-shop.server';
import { mcpTexts } from './mcp.texts';

/**
 * The MCP side of /api/mcp (decision 112), loaded by mcp-api.server.ts with a dynamic `import()`
 * only when that route is asked, so the SDK is not in the way of any page. Stateless: a new
 * server and transport per request, no session id, JSON answers (no SSE stream). The 2025-era
 * revisions (2025-06-18, 2025-11-25: `initialize`, then one POST per message) go to the SDK's
 * web-standard Streamable HTTP transport; the 2026-07-28 revision (a per-request `_meta`
 * envelope, `server/discover`) to the SDK's per-request handler. Both serve the same tools.
 */

/** Revisions served: the 2026 one by `server/discover`, the first 2025 one offered to `initialize`. */
export const PROTOCOL_VERSIONS = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'];

const t = mcpTexts.tools;
const PRODUCT_ID = z.string().regex(/^[1-9]\d{0,9}$/, 'identyfikator to liczba, np. "12"');
const CART_HANDLE = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'identyfikator koszyka z create_cart');

const readOnly = { readOnlyHint: true, openWorldHint: false } as const;
const cartChange = { readOnlyHint: false, destructiveHint: false, openWorldHint: false } as const;

/** A tool's answer as MCP content: the data as JSON text, or an error result with the Polish reason. */
async function answer(run: () => Promise<ToolAnswer>): Promise<CallToolResult> {
  try {
    const result = await run();
    if ('error' in result) return { isError: true, content: [{ type: 'text', text: result.error }] };
    return { content: [{ type: 'text', text: JSON.stringify(result.data) }] };
  } catch (error) {
    // the backend down or its breaker open: the assistant may retry; anything else is logged
    if (!(error instanceof HttpError)) console.error('MCP tool failed', error);
    return { isError: true, content: [{ type: 'text', text: mcpTexts.results.unavailable }] };
  }
}

function shopServer(tools: ShopTools): McpServer {
  const server = new McpServer(
    { name: 'psiaki', title: mcpTexts.serverTitle, version: '1.0.0' },
    { instructions: mcpTexts.instructions, supportedProtocolVersions: PROTOCOL_VERSIONS },
  );
  server.registerTool(
    'search_products',
    {
      title: t.search.title,
      description: t.search.description,
      inputSchema: z.object({
        query: z.string().trim().min(2, 'co najmniej 2 znaki').max(100, 'najwyżej 100 znaków').describe(t.search.query),
        limit: z.number().int().min(1, 'co najmniej 1').max(20, 'najwyżej 20').default(10).describe(t.search.limit),
      }),
      annotations: readOnly,
    },
    (args) => answer(() => tools.searchProducts(args)),
  );
  server.registerTool(
    'get_product',
    {
      title: t.product.title,
      description: t.product.description,
      inputSchema: z.object({ productId: PRODUCT_ID.describe(t.product.productId) }),
      annotations: readOnly,
    },
    (args) => answer(() => tools.getProduct(args)),
  );
  server.registerTool(
    'get_shop_policies',
    { title: t.policies.title, description: t.policies.description, inputSchema: z.object({}), annotations: readOnly },
    () => answer(() => tools.shopPolicies()),
  );
  server.registerTool(
    'create_cart',
    { title: t.createCart.title, description: t.createCart.description, inputSchema: z.object({}), annotations: cartChange },
    () => answer(() => tools.createCart()),
  );
  server.registerTool(
    'add_to_cart',
    {
      title: t.addToCart.title,
      description: t.addToCart.description,
      inputSchema: z.object({
        cartHandle: CART_HANDLE.describe(t.addToCart.cartHandle),
        productId: PRODUCT_ID.describe(t.addToCart.productId),
        variantId: PRODUCT_ID.describe(t.addToCart.variantId),
        quantity: z
          .number()
          .int('liczba całkowita')
          .min(1, 'co najmniej 1 sztuka')
          .max(20, 'najwyżej 20 sztuk')
          .describe(t.addToCart.quantity),
      }),
      annotations: cartChange,
    },
    (args) => answer(() => tools.addToCart(args)),
  );
  server.registerTool(
    'get_cart',
    {
      title: t.getCart.title,
      description: t.getCart.description,
      inputSchema: z.object({ cartHandle: CART_HANDLE.describe(t.addToCart.cartHandle) }),
      annotations: readOnly,
    },
    (args) => answer(() => tools.getCart(args)),
  );
  server.registerTool(
    'get_cart_link',
    {
      title: t.cartLink.title,
      description: t.cartLink.description,
      inputSchema: z.object({ cartHandle: CART_HANDLE.describe(t.addToCart.cartHandle) }),
      annotations: cartChange,
    },
    (args) => answer(() => tools.cartLink(args)),
  );
  return server;
}

/**
 * Answers one MCP request: `request` carries the body already read and bounded by the caller,
 * `body` its parsed JSON.
 */
export async function serveMcp(request: Request, body: unknown, tools: ShopTools, maxBodyBytes: number): Promise<Response> {
  if (await isLegacyRequest(request, body)) {
    const server = shopServer(tools);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody: body });
    } finally {
      await server.close();
    }
  }
  // No long-lived streams: the endpoint declares nothing to subscribe to, so `subscriptions/listen` is not served.
  if (isListen(body)) return jsonRpcError(methodId(body), -32601, 'Method not found: subscriptions/listen');
  // 'auto' answers with one JSON body unless a tool sends messages before its result, which none of ours do
  const handler = createMcpHandler(() => shopServer(tools), {
    legacy: 'reject',
    maxRequestBodySize: maxBodyBytes,
    onerror: (error) => console.warn('MCP request refused', error.message),
  });
  return handler.fetch(request, { parsedBody: body });
}

const isListen = (body: unknown) => !!body && typeof body === 'object' && (body as { method?: unknown }).method === 'subscriptions/listen';
const methodId = (body: unknown) => {
  const id = (body as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
};

/** A JSON-RPC error answer (HTTP 200: the request was understood, the method is not offered). */
const jsonRpcError = (id: string | number | null, code: number, message: string) =>
  Response.json({ jsonrpc: '2.0', id, error: { code, message } }, { status: 200 });
