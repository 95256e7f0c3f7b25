import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { findRedirect } from '../redirect-hook';
import { safeRedirect, samePath } from '../security/redirect';

/**
 * Pipeline step 1. Canonical host and path, before anything else:
 * - a host containing `ebook` → 301 to MAIN_HOST, same path and query;
 * - `/x/` → 301 to `/x` (query kept), unless the legacy table knows `/x`, in which
 *   case straight to its target, so a legacy URL never costs two hops.
 */
export const canonical: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  if (url.hostname.includes('ebook')) {
    const moved = safeRedirect(c, `${url.protocol}//${c.env.MAIN_HOST}${samePath(url.pathname, url.search)}`, 301);
    if (moved) return moved;
  }
  if (url.pathname.length > 1 && url.pathname.endsWith('/')) {
    const stripped = new URL(url);
    // samePath: "//evil.com/" must become "/evil.com", never the protocol-relative "//evil.com".
    stripped.pathname = samePath(url.pathname.replace(/\/+$/, '') || '/');
    const legacy = await findRedirect(c.env, stripped);
    const moved = safeRedirect(c, legacy ?? samePath(stripped.pathname, stripped.search), 301);
    if (moved) return moved;
  }
  await next();
};
