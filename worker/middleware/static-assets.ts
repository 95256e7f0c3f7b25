import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';
/** The footer's payment and delivery marks (client/public/marki): fixed names that change once in years, so a week without asking. */
const MARKS = 'public, max-age=604800';

/** Files of dist/public that the worker serves (everything else is a page or a miss). */
const STATIC_FILES = /^\/(?:assets\/.+|pliki\/.+|marki\/[a-z0-9-]+\.svg|sw\.js|offline\.html|favicon\.(?:svg|ico)|manifest\.webmanifest)$/;

/**
 * Pipeline step 2. Workers static assets: content-hashed bundles under /assets are
 * immutable for a year; the service worker and other fixed names revalidate.
 */
export const staticAssets: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { pathname } = new URL(c.req.url);
  if (!STATIC_FILES.test(pathname)) return next();
  const res = await c.env.ASSETS.fetch(c.req.raw);
  if (res.status === 404) return c.text('Not found', 404);
  const headers = new Headers(res.headers);
  headers.set('Cache-Control', pathname.startsWith('/assets/') ? IMMUTABLE : pathname.startsWith('/marki/') ? MARKS : REVALIDATE);
  headers.set('X-Content-Type-Options', 'nosniff');
  if (pathname === '/sw.js') headers.set('Service-Worker-Allowed', '/');
  return new Response(res.body, { status: res.status, headers });
};
