import type { Context, MiddlewareHandler } from 'hono';
import { matchRoute, pageModules } from '../../client/routes';
import type { PagePayload } from '../../client/router/types';
import { t } from '../../client/texts';
import { type AppEnv, checkEnv, publicConfig } from '../env';
import { cachedPage, isCacheable, storePage } from '../cache/page-cache';
import { loaders } from '../loaders';
import { loadNav } from '../loaders/nav';
import { respond } from '../render/render';
import { HttpError, statusOf } from './errors';
import { type PageContext, runMiddleware } from './middleware';

/**
 * Pipeline step 4. A request whose path matches the route table runs the route's
 * named middleware, then its loader, then renders. No route, or a loader that
 * returns null ("not found"), falls through to the redirect hook (step 5).
 */
export const pageRoutes: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
  const url = new URL(c.req.url);
  const match = matchRoute(url.pathname);
  if (!match) return next();
  const { route, params } = match;
  try {
    checkEnv(c.env);
    const ctx: PageContext = { c, url, route, params };
    const early = await runMiddleware(route.middleware, ctx);
    if (early) return early;
    const cacheable = isCacheable(c, route.page);
    const cached = cacheable ? await cachedPage(c) : null;
    if (cached) return cached;
    const nav = loadNav(c);
    const result = await loaders[route.page](ctx);
    if (!result) return next();
    if ('redirect' in result) return c.redirect(result.redirect, result.status);
    const payload: PagePayload = {
      route: route.id,
      params,
      status: result.status ?? 200,
      head: result.head,
      data: result.data,
      config: publicConfig(c.env),
      nav: await nav,
    };
    const Page = (await pageModules[route.page]()).default;
    const res = await respond(c, payload, route.page, Page);
    return cacheable ? await storePage(c, res) : res;
  } catch (error) {
    return errorPage(c, error);
  }
};

/** The error screen with its status (spec §2); never an unhandled exception. */
export async function errorPage(c: Context<AppEnv>, error: unknown): Promise<Response> {
  const status = statusOf(error);
  if (status >= 500) console.error('Page error', error);
  return renderStatus(c, status, error instanceof HttpError ? error.message : undefined);
}

export async function renderStatus(c: Context<AppEnv>, status: number, message?: string): Promise<Response> {
  const payload: PagePayload = {
    route: 'error',
    params: {},
    status,
    head: { title: `${t.error.title} – ${t.shopName}`, description: message ?? (status === 404 ? t.error.notFound : t.error.otherText), noindex: true },
    data: { status },
    config: publicConfig(c.env),
    // The header menu on a 404 helps the shopper on; after a 5xx the backend is likely the problem.
    nav: status < 500 ? await loadNav(c) : [],
  };
  c.header('Cache-Control', 'no-store');
  return respond(c, payload, null, null);
}
