import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { findRedirect } from '../redirect-hook';

/**
 * Pipeline step 1. Canonical host and path, before anything else:
 * - a host containing `ebook` → 301 to MAIN_HOST, same path and query;
 * - `/x/` → 301 to `/x` (query kept), unless the legacy table knows `/x`, in which
 *   case straight to its target, so a legacy URL never costs two hops.
 */
export const canonical: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  if (url.hostname.includes('ebook')) {
    return c.redirect(`${url.protocol}//${c.env.MAIN_HOST}${url.pathname}${url.search}`, 301);
  }
  if (url.pathname.length > 1 && url.pathname.endsWith('/')) {
    const stripped = new URL(url);
    stripped.pathname = url.pathname.replace(/\/+$/, '') || '/';
    const legacy = await findRedirect(c.env, stripped);
    return c.redirect(legacy ?? stripped.pathname + stripped.search, 301);
  }
  await next();
};
