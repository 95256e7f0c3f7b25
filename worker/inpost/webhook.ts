import { Hono } from 'hono';
import type { AppEnv, Bindings } from '../env';

/** A ShipX webhook is ~200 bytes; the backend refuses above 16 KB as well. */
const MAX_WEBHOOK_BYTES = 16 * 1024;
const UPSTREAM_TIMEOUT_MS = 10_000;
/** The secret path segment as the backend accepts it (INPOST_WEBHOOK_SECRET: 16–200 of these). */
const SECRET = /^[A-Za-z0-9_-]{1,200}$/;

const NO_STORE = { 'Cache-Control': 'no-store' };

/** The backend's webhook endpoint: same origin as the Shop API (backend/README.md). */
function webhookUrl(env: Pick<Bindings, 'VENDURE_SHOP_API'>, secret: string): string {
  return `${new URL(env.VENDURE_SHOP_API).origin}/inpost/webhook/${secret}`;
}

/**
 * `/api/inpost/webhook/<secret>`: InPost ShipX's status webhooks (decision 113), the address set
 * in InPost's parcel manager. The worker only forwards GET (ShipX checks the address answers 200)
 * and POST with the exact body to the backend, which checks the secret, re-reads the shipment from
 * ShipX and moves the fulfilment; its status and reason come back unchanged. Never cached.
 */
export const inpostWebhookApi = new Hono<AppEnv>().all('/webhook/:secret', async (c) => {
  const secret = c.req.param('secret');
  if (!SECRET.test(secret)) return Response.json({ ok: false, reason: 'not found' }, { status: 404, headers: NO_STORE });
  const method = c.req.method;
  if (method !== 'POST' && method !== 'GET' && method !== 'HEAD')
    return Response.json({ ok: false, reason: 'method not allowed' }, { status: 405, headers: { ...NO_STORE, Allow: 'GET, POST' } });
  let body: ArrayBuffer | undefined;
  if (method === 'POST') {
    const declared = Number(c.req.header('Content-Length') ?? 0);
    if (declared > MAX_WEBHOOK_BYTES) return Response.json({ ok: false, reason: 'body too large' }, { status: 413, headers: NO_STORE });
    body = await c.req.arrayBuffer();
    if (body.byteLength > MAX_WEBHOOK_BYTES)
      return Response.json({ ok: false, reason: 'body too large' }, { status: 413, headers: NO_STORE });
  }
  let upstream: Response;
  try {
    upstream = await fetch(webhookUrl(c.env, secret), {
      method: method === 'HEAD' ? 'GET' : method,
      headers: body ? { 'Content-Type': c.req.header('Content-Type') ?? 'application/json' } : {},
      body,
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch (error) {
    console.error('InPost webhook: backend unreachable', error);
    return Response.json({ ok: false, reason: 'backend unavailable' }, { status: 503, headers: { ...NO_STORE, 'Retry-After': '30' } });
  }
  return new Response(method === 'HEAD' ? null : upstream.body, {
    status: upstream.status,
    headers: { 'Content-Type': upstream.headers.get('Content-Type') ?? 'application/json', ...NO_STORE },
  });
});
