import { Hono } from 'hono';
import type { AppEnv, Bindings } from '../env';

/** A Przelewy24 notification is ~300 bytes; the backend refuses above 16 KB as well. */
const MAX_NOTIFICATION_BYTES = 16 * 1024;
const UPSTREAM_TIMEOUT_MS = 10_000;

const NO_STORE = { 'Cache-Control': 'no-store' };

/** The backend's notification endpoint: same origin as the Shop API (backend/README.md). */
function notifyUrl(env: Pick<Bindings, 'VENDURE_SHOP_API'>): string {
  return `${new URL(env.VENDURE_SHOP_API).origin}/payments/notify`;
}

/**
 * `POST /api/payments/notify`: Przelewy24's server-to-server notification (`urlStatus`). The
 * worker only forwards the exact body bytes (the `sign` is inside the JSON) to the backend, which
 * checks the sign, verifies the transaction at P24 and settles the order
 * (src/plugins/online-payment, decision record 064); its status and reason come back unchanged.
 * No session, no Origin (P24 is no browser), never cached.
 */
export const paymentsApi = new Hono<AppEnv>().all('/notify', async (c) => {
  if (c.req.method !== 'POST')
    return Response.json({ ok: false, reason: 'method not allowed' }, { status: 405, headers: { ...NO_STORE, Allow: 'POST' } });
  const declared = Number(c.req.header('Content-Length') ?? 0);
  if (declared > MAX_NOTIFICATION_BYTES) return Response.json({ ok: false, reason: 'body too large' }, { status: 413, headers: NO_STORE });
  const body = await c.req.arrayBuffer();
  if (body.byteLength > MAX_NOTIFICATION_BYTES)
    return Response.json({ ok: false, reason: 'body too large' }, { status: 413, headers: NO_STORE });
  const headers: Record<string, string> = { 'Content-Type': c.req.header('Content-Type') ?? 'application/json' };
  let upstream: Response;
  try {
    upstream = await fetch(notifyUrl(c.env), { method: 'POST', headers, body, signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
  } catch (error) {
    console.error('Payment notification: backend unreachable', error);
    // 503: P24 repeats the notification later (3, 5, 15… minutes)
    return Response.json({ ok: false, reason: 'backend unavailable' }, { status: 503, headers: { ...NO_STORE, 'Retry-After': '30' } });
  }
  return new Response(upstream.body, {
    status: upstream.status,
    headers: { 'Content-Type': upstream.headers.get('Content-Type') ?? 'application/json', ...NO_STORE },
  });
});
