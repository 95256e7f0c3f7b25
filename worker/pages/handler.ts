import type { Context, MiddlewareHandler } from 'hono';
import { loadPageComponent } from '../../client/page-modules';
import { matchRoute } from './route-table';
import type { PagePayload } from '../../client/router/types';
import { t } from '../../client/texts';
import { type AppEnv, checkEnv, type PageContext, publicConfig } from '../env';
import { loadPage } from './loaders';
import { loadNav } from './nav';
import { loadTopBar } from './top-bar';
import { respond } from '../render/render';
import { safeRedirect } from '../security/redirect';
import { reportError } from '../observability/report';
import { BackendUnavailable } from '../shop/backend';
import { HttpError, retryAfterOf, statusOf } from './errors';
import { runGuards } from './guards';
import { pageUrl, unreadParams } from './page-query';
import type { RouteDef } from './route-table';

/**
 * Pipeline step 4a. A GET whose path matches the route table becomes a page request
 * (`c.var.page`); the route's guards run here, before the edge cache and the loader, so a
 * guard's redirect or cookie applies to cached pages too. Anything else goes on to step 5.
 * The page's URL keeps only the query parameters its route reads (worker/pages/page-query.ts):
 * guards, the edge cache, the loader and the server render never see an ad click id or junk.
 */
export const matchPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
  const url = new URL(c.req.url);
  const match = matchRoute(url.pathname);
  if (!match) return next();
  try {
    checkEnv(c.env);
    const page: PageContext = { c, url: pageUrl(url, match.route), route: match.route, params: match.params };
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
    if ('redirect' in result) return safeRedirect(c, withUnreadParams(c, page, result.redirect), result.status) ?? renderStatus(c, 404);
    const payload: PagePayload = {
      route: page.route.id,
      page: page.route.page,
      layout: page.route.layout,
      params: page.params,
      status: result.status ?? 200,
      head: result.head,
      data: result.data,
      config: publicConfig(c.env),
      nav: await nav,
      topBar: await topBar,
    };
    return await respond(c, payload, page.route.page, await loadPageComponent(page.route.page), page.url);
  } catch (error) {
    return errorPage(c, error);
  }
};

/**
 * A loader's redirect to its own page under the right URL (a product's slug, old listing
 * parameters, a page past the end) keeps the query parameters the route does not read, as the
 * shopper sent them: an ad click id still reaches the analytics of the page it lands on. A
 * redirect anywhere else is the loader's as it is.
 */
function withUnreadParams(c: Context<AppEnv>, page: PageContext, target: string): string {
  if (!target.startsWith('/') || target.startsWith('//')) return target;
  if (matchRoute(new URL(target, page.url).pathname)?.route.id !== page.route.id) return target;
  const unread = unreadParams(new URL(c.req.url), page.route).toString();
  return unread ? `${target}${target.includes('?') ? '&' : '?'}${unread}` : target;
}

/** The error screen with its status (spec §2); never an unhandled exception. */
export async function errorPage(c: Context<AppEnv>, error: unknown): Promise<Response> {
  const status = statusOf(error);
  // A backend outage was reported where it happened (worker/shop/backend.ts); anything else is a bug.
  if (status >= 500 && status !== 503 && !(error instanceof BackendUnavailable)) reportError(error, { kind: 'page' });
  const retryAfter = retryAfterOf(error);
  if (status === 503) c.header('Retry-After', String(retryAfter ?? 5));
  return renderStatus(c, status, error instanceof HttpError && status < 500 ? error.message : undefined);
}

/**
 * How long a 404 waits for the header menu and top bar when they are not in the edge cache: a
 * page that needs no backend data must not wait for a slow backend (they go on loading into the
 * cache after the answer).
 */
const NOT_FOUND_SHELL_BUDGET_MS = 250;

async function withinBudget<T>(c: Context<AppEnv>, load: Promise<T>, fallback: T, ms: number): Promise<T> {
  let timer: number | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  try {
    return await Promise.race([load, late]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    try {
      c.executionCtx.waitUntil(load.then(() => undefined));
    } catch {
      // no ExecutionContext (app.request in tests): the load simply ends on its own
    }
  }
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
  loader: 'none',
  guards: ['checkout', 'language'],
  cache: 'none',
  legacyOnMiss: false,
  indexable: false,
  personal: false,
  hydrate: 'load',
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
  // The header menu on a 404 helps the shopper on; after a 5xx the backend is likely the problem.
  const [nav, topBar] =
    status < 500
      ? await Promise.all([
          withinBudget(c, loadNav(c), [], NOT_FOUND_SHELL_BUDGET_MS),
          withinBudget(c, loadTopBar(c), undefined, NOT_FOUND_SHELL_BUDGET_MS),
        ])
      : [[], undefined];
  const payload: PagePayload = {
    route: 'error',
    page: null,
    layout: 'default',
    params: {},
    status,
    head: {
      title: `${t.error.title} – ${t.shopName}`,
      description: message ?? (status === 404 ? t.error.notFound : t.error.otherText),
      noindex: true,
    },
    data: { status },
    config: publicConfig(c.env),
    nav,
    topBar,
  };
  c.header('Cache-Control', 'no-store');
  return respond(c, payload, null, null);
}
