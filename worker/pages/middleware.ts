import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { MiddlewareName, RouteDef } from '../../client/routes';
import type { AppEnv } from '../env';
import { HttpError } from './errors';

export interface PageContext {
  c: Context<AppEnv>;
  url: URL;
  route: RouteDef;
  params: Record<string, string>;
}

/** A named route middleware: returns a Response to answer instead of the page (e.g. a guard redirect). */
export type PageMiddleware = (ctx: PageContext) => Promise<Response | void> | Response | void;

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Spec §3 cookies: currency (PLN), country (PL) and locale (pl), one year, set when absent. */
const language: PageMiddleware = ({ c }) => {
  const defaults: Array<[string, string]> = [
    ['currency', 'PLN'],
    ['country', 'PL'],
    ['locale', 'pl'],
  ];
  for (const [name, value] of defaults) {
    if (getCookie(c, name)) continue;
    setCookie(c, name, value, { path: '/', maxAge: YEAR_SECONDS, sameSite: 'Lax', secure: new URL(c.req.url).protocol === 'https:' });
  }
};

/** Search-engine hygiene: pages with query parameters beyond the route's own are not indexed twice. */
const seo: PageMiddleware = ({ c }) => {
  c.header('X-Robots-Tag', 'index, follow');
};

/** Payment return and account status pages: personal and never indexed or cached. */
const status: PageMiddleware = ({ c }) => {
  c.header('X-Robots-Tag', 'noindex');
  c.header('Cache-Control', 'private, no-store');
};

/**
 * Order state guard (spec §4). The cart lives in the shopper's session, which
 * only the /api/shop proxy and personal pages read; catalogue pages carry no
 * personal state, so on them this is a no-op by design (the browser's cart
 * store performs the AddingItems transition after hydration).
 */
const checkout: PageMiddleware = () => {};

/** Account-only pages: without a signed-in customer the visitor goes home (spec §6). */
const isAuthenticated: PageMiddleware = ({ c }) => {
  if (!getCookie(c, 'session')) return c.redirect('/', 302);
};

export const middlewareRegistry: Record<MiddlewareName, PageMiddleware> = {
  checkout,
  'is-authenticated': isAuthenticated,
  seo,
  status,
  language,
};

/** Runs a route's middleware in order; an unregistered name is a 500 'Unknown middleware' (spec §2). */
export async function runMiddleware(names: readonly string[], ctx: PageContext): Promise<Response | void> {
  const registry = middlewareRegistry as Record<string, PageMiddleware | undefined>;
  if (names.some((name) => !Object.hasOwn(registry, name))) throw new HttpError(500, 'Unknown middleware');
  for (const name of names) {
    const res = await registry[name]!(ctx);
    if (res) return res;
  }
}
