import { fingerprint } from '../../worker/ratelimit/limiter';

/**
 * The assistants' carts (decision 112). A cart is a Vendure guest session of its own; the
 * assistant holds only a random handle, and the shopper a random single-use link. MCP_CARTS keeps
 * each under its SHA-256 (a copy of the namespace names no usable handle or link), mapped to the
 * session token, which never leaves the worker. Both expire after a day.
 */

/** How long a cart handle works after create_cart: a day of shopping with an assistant. */
export const CART_TTL_SECONDS = 24 * 60 * 60;
/** How long a cart link works (once) after the assistant asked for it. */
const LINK_TTL_SECONDS = 24 * 60 * 60;

/** 32 random bytes, base64url: what a handle and a link token look like (43 characters). */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

interface CartRecord {
  token: string;
}
interface LinkRecord {
  token: string;
  /** the cart handle's key: adopting the cart ends the assistant's access to it */
  cartKey: string;
}

function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const keyOf = async (kind: 'cart' | 'link', secret: string) => `${kind}:${await fingerprint(secret)}`;
const expiry = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** Whether `text` has the shape of a handle or link token (anything else is not looked up). */
const isSecret = (text: string): boolean => SECRET.test(text);

/** Keeps a new cart's session token under a fresh handle. */
export async function storeCart(kv: KVNamespace, token: string): Promise<{ handle: string; expiresAt: string }> {
  const handle = randomSecret();
  await kv.put(await keyOf('cart', handle), JSON.stringify({ token } satisfies CartRecord), { expirationTtl: CART_TTL_SECONDS });
  return { handle, expiresAt: expiry(CART_TTL_SECONDS) };
}

/** The session token behind a handle; null for a made-up, expired or adopted one (all alike). */
export async function cartToken(kv: KVNamespace, handle: string): Promise<string | null> {
  if (!isSecret(handle)) return null;
  const record = await kv.get<CartRecord>(await keyOf('cart', handle), 'json');
  return record?.token ?? null;
}

/** A single-use link token for the cart behind `handle` (which must exist: see cartToken). */
export async function storeLink(kv: KVNamespace, handle: string, token: string): Promise<{ link: string; expiresAt: string }> {
  const link = randomSecret();
  const record: LinkRecord = { token, cartKey: await keyOf('cart', handle) };
  await kv.put(await keyOf('link', link), JSON.stringify(record), { expirationTtl: LINK_TTL_SECONDS });
  return { link, expiresAt: expiry(LINK_TTL_SECONDS) };
}

/** What a link stands for: the cart's session token; null for a made-up, expired or used link (all alike). */
export async function readLink(kv: KVNamespace, link: string): Promise<LinkRecord | null> {
  if (!isSecret(link)) return null;
  return kv.get<LinkRecord>(await keyOf('link', link), 'json');
}

/**
 * Uses a link up once its cart was adopted: the link and the cart's handle are deleted, so the
 * link works once and the assistant can no longer change a cart the shopper took over.
 */
export async function forgetLink(kv: KVNamespace, link: string, record: LinkRecord): Promise<void> {
  await Promise.all([kv.delete(await keyOf('link', link)), kv.delete(record.cartKey)]);
}
