import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { recordCatalogueChange } from './catalogue-epoch';

/** 1000 ids of up to 64 characters, quoted, with the JSON around them. */
const MAX_BODY_BYTES = 70 * 1024;
const MAX_PRODUCTS = 1000;
const PRODUCT_ID = /^[\w-]{1,64}$/;
const SIGNATURE = /^[0-9a-f]{64}$/i;
/**
 * How far a call's `at` may be from the worker's clock. The signature covers it, so a captured call
 * replayed later than this is refused (it could only move the epoch again, making every edge copy
 * render anew: the cost of a change, at will).
 */
export const MAX_CALL_AGE_MS = 5 * 60 * 1000;
/** The header holding the hex HMAC-SHA256 of the raw body, keyed with CATALOGUE_HOOK_SECRET. */
export const SIGNATURE_HEADER = 'x-catalogue-signature';

const NO_STORE = { 'Cache-Control': 'no-store' };
const answer = (body: Record<string, unknown>, status: number, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...NO_STORE, ...headers } });

/** The HMAC key of a secret, imported once per isolate. */
let hmacKey: { secret: string; key: Promise<CryptoKey> } | undefined;
function keyFor(secret: string): Promise<CryptoKey> {
  if (hmacKey?.secret !== secret) {
    const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    hmacKey = { secret, key };
  }
  return hmacKey.key;
}

/** Whether `signature` (hex) is the HMAC-SHA256 of `body` under `secret`, compared in constant time. */
async function signedBy(secret: string, body: ArrayBuffer, signature: string): Promise<boolean> {
  if (!SIGNATURE.test(signature)) return false;
  const given = new Uint8Array(32);
  for (let i = 0; i < 32; i++) given[i] = Number.parseInt(signature.slice(i * 2, i * 2 + 2), 16);
  const expected = await crypto.subtle.sign('HMAC', await keyFor(secret), body);
  return crypto.subtle.timingSafeEqual(expected, given);
}

/** The product ids and the sending time of a valid body, or null. */
function change(raw: unknown): { products: string[]; at: number } | null {
  const { products, at } = (raw ?? {}) as { products?: unknown; at?: unknown };
  if (typeof at !== 'number' || !Number.isSafeInteger(at)) return null;
  if (!Array.isArray(products) || products.length < 1 || products.length > MAX_PRODUCTS) return null;
  return products.every((id) => typeof id === 'string' && PRODUCT_ID.test(id)) ? { products: products as string[], at } : null;
}

/**
 * `POST /api/catalogue/changed` `{"products": ["16", "17"], "at": 1795000000000}` (1 to 1000 ids,
 * as strings; `at` the sending time in ms): the backend's server-to-server call when a product's
 * card or page changed (price, stock state, picture, an approved review). Signed:
 * `x-catalogue-signature` is the hex HMAC-SHA256 of the raw body keyed with the secret both share
 * (CATALOGUE_HOOK_SECRET); a call whose `at` is more than 5 minutes from the worker's clock is
 * refused (a replay). A valid call records a new
 * catalogue epoch (worker/cache/catalogue-epoch.ts), which expires every copy in the edge cache
 * rendered before it; the ids are checked, not used (one epoch for the whole catalogue).
 *
 * No session, no Origin (the backend is no browser), never cached. Cheap for a caller without the
 * secret: a bounded body and one HMAC before anything is parsed or written. Answers `{ ok, reason }`:
 * 503 without a secret configured, 405, 413, 401 (signature missing or wrong, or a stale call), 400
 * (not JSON, or not the shape above), 503 with Retry-After when KV refuses the write (one write a second per
 * key), else 200 `{ ok: true, epoch, products }`.
 */
export const catalogueApi = new Hono<AppEnv>().all('/changed', async (c) => {
  if (c.req.method !== 'POST') return answer({ ok: false, reason: 'method not allowed' }, 405, { Allow: 'POST' });
  const secret = c.env.CATALOGUE_HOOK_SECRET;
  if (!secret) return answer({ ok: false, reason: 'catalogue hook not configured' }, 503);
  if (Number(c.req.header('Content-Length') ?? 0) > MAX_BODY_BYTES) return answer({ ok: false, reason: 'body too large' }, 413);
  const body = await c.req.arrayBuffer();
  if (body.byteLength > MAX_BODY_BYTES) return answer({ ok: false, reason: 'body too large' }, 413);
  const signature = c.req.header(SIGNATURE_HEADER)?.trim();
  if (!signature) return answer({ ok: false, reason: `missing ${SIGNATURE_HEADER}` }, 401);
  if (!(await signedBy(secret, body, signature))) return answer({ ok: false, reason: 'bad signature' }, 401);
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return answer({ ok: false, reason: 'body is not JSON' }, 400);
  }
  const valid = change(parsed);
  if (!valid)
    return answer({ ok: false, reason: `expected {"products": [1 to ${MAX_PRODUCTS} product ids as strings], "at": ms since 1970}` }, 400);
  if (Math.abs(Date.now() - valid.at) > MAX_CALL_AGE_MS)
    return answer({ ok: false, reason: 'stale call: at is more than 5 minutes from now' }, 401);
  const { products } = valid;
  let epoch: number;
  try {
    epoch = await recordCatalogueChange(c.env);
  } catch (error) {
    console.error('Catalogue epoch not recorded', error);
    return answer({ ok: false, reason: 'change not recorded, try again' }, 503, { 'Retry-After': '1' });
  }
  return answer({ ok: true, epoch, products: products.length }, 200);
});
