import { Hono } from 'hono';
import type { AppEnv } from '../../worker/env';
import { clientAddress, consume } from '../../worker/ratelimit/limiter';
import { isSameOrigin } from '../../worker/security/origin';
import { shopTools } from './mcp-shop.server';
import { mcpTexts } from './mcp.texts';

/**
 * Requests to /api/mcp per client address and minute: MCP_LIMITER's `simple.limit` in wrangler.toml,
 * repeated here for the tests. An assistant's shopping turn is a handful of calls.
 */
export const MCP_LIMIT = 60;
/** Carts created per client address and minute (MCP_CART_LIMITER): each is a Vendure session and order. */
export const MCP_CART_LIMIT = 10;
/** Largest request body: the tools' arguments are a few hundred bytes. */
export const MCP_MAX_BODY_BYTES = 16 * 1024;

const h = mcpTexts.http;

/** A JSON-RPC error the protocol layer never reached (HTTP status, code, Polish reason), never cached. */
function refuse(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json(
    { jsonrpc: '2.0', id: null, error: { code, message } },
    { status, headers: { 'Cache-Control': 'no-store', ...headers } },
  );
}

/** Whether the body is a `tools/call` of create_cart (alone or in a batch), which counts on MCP_CART_LIMITER too. */
function createsCart(body: unknown): boolean {
  const calls = Array.isArray(body) ? body : [body];
  return calls.some(
    (m) =>
      !!m &&
      typeof m === 'object' &&
      (m as { method?: unknown }).method === 'tools/call' &&
      (m as { params?: { name?: unknown } }).params?.name === 'create_cart',
  );
}

/**
 * `/api/mcp`: the shop for AI assistants, the Model Context Protocol over Streamable HTTP
 * (decision 112). Before the SDK is even loaded: POST only (stateless: no SSE stream to GET, no
 * session to DELETE), a browser's `Origin` must be the shop's own (no Origin: a non-browser
 * client, fine), rate limited per address, the body bounded and JSON. The shopper's cookies are
 * never read here and none is set: carts travel as explicit handles in the tools' arguments.
 */
export const mcpApi = new Hono<AppEnv>().all('/', async (c) => {
  const facts = c.get('facts');
  if (facts) facts.route = 'api/mcp';
  if (c.req.method !== 'POST') return refuse(405, -32000, h.methodNotAllowed, { Allow: 'POST' });
  const origin = c.req.header('Origin');
  if (origin && !isSameOrigin(origin, c.req.url)) return refuse(403, -32000, h.foreignOrigin);

  const refusal = await consume(c, 'MCP_LIMITER', clientAddress(c));
  if (refusal) {
    if (facts) facts.rateLimited = refusal.limiter;
    return refuse(429, -32000, h.tooMany(refusal.retryAfterSeconds), { 'Retry-After': String(refusal.retryAfterSeconds) });
  }
  if (Number(c.req.header('Content-Length') ?? 0) > MCP_MAX_BODY_BYTES) return refuse(413, -32600, h.tooLarge);
  const raw = await c.req.text();
  if (new TextEncoder().encode(raw).byteLength > MCP_MAX_BODY_BYTES) return refuse(413, -32600, h.tooLarge);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return refuse(400, -32700, `Parse error: ${h.notJson}`);
  }
  if (createsCart(body)) {
    const cartRefusal = await consume(c, 'MCP_CART_LIMITER', clientAddress(c));
    if (cartRefusal) {
      if (facts) facts.rateLimited = cartRefusal.limiter;
      const seconds = cartRefusal.retryAfterSeconds;
      return refuse(429, -32000, h.tooManyCarts(seconds), { 'Retry-After': String(seconds) });
    }
  }

  // The SDK reads the request again (headers, and the body it was given): a copy with the bounded text.
  const headers = new Headers(c.req.raw.headers);
  headers.delete('Cookie'); // never read here: carts are handles in the arguments
  const request = new Request(c.req.url, { method: 'POST', headers, body: raw });
  const { serveMcp } = await import('./mcp-server.server');
  const res = await serveMcp(request, body, shopTools(c), MCP_MAX_BODY_BYTES);
  const answer = new Response(res.body, res);
  answer.headers.set('Cache-Control', 'no-store');
  return answer;
});
