import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/**
 * The cookie that holds the Vendure session token. HttpOnly: JavaScript never sees the token.
 * On HTTPS it is `__Host-psiaki_session` (the prefix makes browsers refuse it unless it is
 * Secure, host-only and Path=/, so a sibling subdomain cannot plant or overwrite it); on plain
 * http://127.0.0.1 (development) browsers refuse Secure cookies, so the plain name is used.
 */
export const SESSION_COOKIE = 'psiaki_session';
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
/**
 * The cookie lives as long as a Vendure session without use: 30 days, Vendure's
 * `authOptions.sessionDuration` (backend/src/plugins/account-security/session-duration.ts, which a
 * test holds equal to this; decision 105). Written when Vendure hands out a token (login, a new
 * guest session), so a stolen cookie is not good for a year.
 */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const TOKEN = /^[A-Za-z0-9._~+/=-]{1,512}$/;

const isHttps = (c: Context) => new URL(c.req.url).protocol === 'https:';

/**
 * The session token of this request. On HTTPS a token still under the old plain name (set
 * before the `__Host-` prefix) is read too and moved to the prefixed cookie, so carts survive
 * the change.
 */
export function readSessionToken(c: Context): string | undefined {
  const valid = (token: string | undefined) => (token && TOKEN.test(token) ? token : undefined);
  if (!isHttps(c)) return valid(getCookie(c, SESSION_COOKIE));
  const current = valid(getCookie(c, SESSION_COOKIE, 'host'));
  if (current) return current;
  const legacy = valid(getCookie(c, SESSION_COOKIE));
  if (legacy) {
    writeSessionToken(c, legacy);
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true });
  }
  return legacy;
}

/** Stores the token Vendure returned in `vendure-auth-token`. */
export function writeSessionToken(c: Context, token: string): void {
  const common = { httpOnly: true, sameSite: 'Lax', path: '/', maxAge: SESSION_MAX_AGE_SECONDS } as const;
  if (isHttps(c)) setCookie(c, SESSION_COOKIE, token, { ...common, secure: true, prefix: 'host' });
  else setCookie(c, SESSION_COOKIE, token, { ...common, secure: false });
}
