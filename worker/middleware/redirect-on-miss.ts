import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { findRedirect } from '../redirect-hook';
import { safeRedirect } from '../security/redirect';

/** Pipeline step 5: a request the app has no page for may be a legacy URL (≤ 1 KV read). */
export const redirectOnMiss: MiddlewareHandler<AppEnv> = async (c, next) => {
  const location = await findRedirect(c.env, new URL(c.req.url));
  return (location && safeRedirect(c, location, 301)) || next();
};
