import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Bindings } from '../env';
import { bootScriptHash } from '../render/boot';

/** One year, subdomains included (the ebook.* hosts and the blog are ours and on HTTPS). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Exported for its unit test; pages get it through securityHeaders. */
export function csp(env: Bindings, bootHash: string): string {
  const imageOrigins = [env.ASSET_URL, env.BLOG_URL].map((u) => new URL(u).origin).join(' ');
  // Turnstile (the account challenge of the login, worker/ratelimit/turnstile.ts): its script, loaded
  // only when a login is challenged, and the iframe the real widget draws in.
  const turnstile = new URL(env.TURNSTILE_SCRIPT_URL).origin;
  return [
    "default-src 'self'",
    // The one inline script is the boot script (worker/render/boot.ts), allowed by its hash.
    `script-src 'self' ${bootHash} ${turnstile}`,
    `frame-src 'self' ${turnstile}`,
    "style-src 'self'",
    // React sets a few style attributes (progress widths); no inline <style>.
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: ${imageOrigins}`,
    "connect-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Security headers on every response the app produces (pages, JSON, errors, redirects). */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
  c.res.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  c.res.headers.set('X-Frame-Options', 'DENY');
  c.res.headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  // HTTPS only: on plain http the header is meaningless, and local development must stay reachable over http.
  if (new URL(c.req.url).protocol === 'https:') c.res.headers.set('Strict-Transport-Security', HSTS);
  if ((c.res.headers.get('Content-Type') ?? '').startsWith('text/html')) {
    c.res.headers.set('Content-Security-Policy', csp(c.env, await bootScriptHash()));
  }
};
