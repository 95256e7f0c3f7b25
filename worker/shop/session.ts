import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/** The cookie that holds the Vendure session token. HttpOnly: JavaScript never sees the token. */
export const SESSION_COOKIE = 'psiaki_session';
const SESSION_MAX_AGE = 365 * 24 * 60 * 60;

function isPlainHttpLocalhost(url: URL): boolean {
  return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]');
}

export function readSessionToken(c: Context): string | undefined {
  const token = getCookie(c, SESSION_COOKIE);
  return token && /^[A-Za-z0-9._~+/=-]{1,512}$/.test(token) ? token : undefined;
}

/** Stores the token Vendure returned in `vendure-auth-token` (Secure except on plain-http localhost). */
export function writeSessionToken(c: Context, token: string): void {
  const url = new URL(c.req.url);
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: !isPlainHttpLocalhost(url),
    sameSite: 'Lax',
    path: '/',
    maxAge: SESSION_MAX_AGE,
  });
}

export function clearSessionToken(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
}
