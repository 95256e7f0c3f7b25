import type { Context, MiddlewareHandler } from 'hono';
import { loadPageComponent } from '../../client/page-modules';
import { matchRoute } from '../../client/routes';
import type { PagePayload } from '../../client/router/types';
import { t } from '../../client/texts';
import { type AppEnv, checkEnv, type PageContext, publicConfig } from '../env';
import { loadPage } from '../loaders';
import { loadNav } from '../loaders/nav';
import { loadTopBar } from '../loaders/top-bar';
import { respond } from '../render/render';
import { safeRedirect } from '../security/redirect';
import { HttpError, statusOf } from './errors';
import { runGuards } from './guards';
import type { RouteDef } from '../../client/routes';

/**
 * Pipeline step 4a. A GET whose path matches the route table becomes a page request
 * (`c.var.page`); the route's guards run here, before the edge cache and the loader, so a
 * guard's redirect or cookie applies to cached pages too. Anything else goes on to step 5.
 */
export const matchPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
  const url = new URL(c.req.url);
  const match = matchRoute(url.pathname);
  if (!match) return next();
  try {
    checkEnv(c.env);
    const page: PageContext = { c, url, route: match.route, params: match.params };
    c.set('guarded', true);
    const early = await runGuards(match.route.guards, page);
    if (early) return early;
    c.set('page', page);
  } catch (error) {
    return errorPage(c, error);
  }
  return next();
};

/**
 * Pipeline step 4c. The matched route's loader, then the React SSR stream (or the loader's
 * JSON). A loader that finds nothing ("not found") falls through to the redirect hook.
 */
export const renderPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  const page = c.get('page');
  if (!page) return next();
  try {
    const nav = loadNav(c);
    const topBar = loadTopBar(c);
    const result = await loadPage(page.route.page, page);
    if (!result) return next();
    if ('redirect' in result) return safeRedirect(c, result.redirect, result.status) ?? renderStatus(c, 404);
    const payload: PagePayload = {
      route: page.route.id,
      params: page.params,
      status: result.status ?? 200,
      head: result.head,
      data: result.data,
      config: publicConfig(c.env),
      nav: await nav,
      topBar: await topBar,
    };
    return await respond(c, payload, page.route.page, await loadPageComponent(page.route.page));
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

/**
 * The error screen's own guards (spec §2: route middleware on every page, "checkout and a language
 * one"): a request that matched no route, or failed before its route's guards ran, still gets the
 * first visit's locale, currency and country cookies and the order-state sync.
 */
const ERROR_ROUTE: RouteDef = {
  id: 'error',
  path: '/',
  page: 'HomePage',
  layout: 'default',
  guards: ['checkout', 'language'],
  cache: 'none',
  legacyOnMiss: false,
};

/** Runs the error screen's guards unless the route's own already ran; a guard's failure never hides the screen. */
async function errorScreenGuards(c: Context<AppEnv>): Promise<void> {
  if (c.get('guarded') || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return;
  c.set('guarded', true);
  try {
    await runGuards(ERROR_ROUTE.guards, { c, url: new URL(c.req.url), route: ERROR_ROUTE, params: {} });
  } catch (error) {
    console.error('Error screen guards failed', error);
  }
}

export async function renderStatus(c: Context<AppEnv>, status: number, message?: string): Promise<Response> {
  await errorScreenGuards(c);
  const payload: PagePayload = {
    route: 'error',
    params: {},
    status,
    head: {
      title: `${t.error.title} – ${t.shopName}`,
      description: message ?? (status === 404 ? t.error.notFound : t.error.otherText),
      noindex: true,
    },
    data: { status },
    config: publicConfig(c.env),
    // The header menu on a 404 helps the shopper on; after a 5xx the backend is likely the problem.
    nav: status < 500 ? await loadNav(c) : [],
    topBar: status < 500 ? await loadTopBar(c) : undefined,
  };
  c.header('Cache-Control', 'no-store');
  return respond(c, payload, null, null);
}
