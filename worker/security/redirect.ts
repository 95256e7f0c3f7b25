import type { Context } from 'hono';
import type { AppEnv, Bindings } from '../env';

/**
 * The one gate every redirect the worker sends goes through (issue: open redirect in the
 * slash rule). A Location is allowed when it is
 * - a path on our host: exactly one `/` followed by something other than `/` or `\` (browsers
 *   read `//x` and `/\x` as another host), or `/` itself; or
 * - an absolute http(s) URL without credentials whose host is on the allow-list: the main host,
 *   the blog's host (blog targets of the legacy table) and the payment gateway's host.
 * A same-origin absolute URL on a host that is not ours (a foreign `Host` header) becomes its
 * path, so the answer never names another host. Control characters (CR/LF, tab, NUL) are
 * refused outright: they would split headers or be silently dropped by browsers.
 */
const SAFE_PATH = /^\/(?![/\\])/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

interface RedirectPolicy {
  /** The request's URL (its origin is "our host" for relative answers). */
  requestUrl: string;
  /** Hosts (with port) an absolute Location may name. */
  allowedHosts: readonly string[];
}

/** The hosts of the configuration that redirects may lead to. */
export function allowedRedirectHosts(env: Pick<Bindings, 'MAIN_HOST' | 'BLOG_URL'> & { PAYMENT_GATEWAY_URL?: string }): string[] {
  const hosts = [env.MAIN_HOST];
  for (const url of [env.BLOG_URL, env.PAYMENT_GATEWAY_URL]) {
    if (!url) continue;
    try {
      hosts.push(new URL(url).host);
    } catch {
      // A malformed URL adds nothing (env validation reports it).
    }
  }
  return hosts;
}

/** The Location to send for `target`, or null when it may not be sent. */
export function safeLocation(target: string, policy: RedirectPolicy): string | null {
  if (!target || CONTROL.test(target)) return null;
  if (target.startsWith('/')) return target === '/' || SAFE_PATH.test(target) ? target : null;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return null;
  if (policy.allowedHosts.includes(url.host)) return url.href;
  const own = new URL(policy.requestUrl);
  if (url.origin === own.origin) {
    const path = url.pathname + url.search + url.hash;
    return SAFE_PATH.test(path) || path === '/' ? path : null;
  }
  return null;
}

/**
 * A same-host Location for a request path: every run of leading slashes or backslashes
 * collapses to one, so `//evil.com/` → `/evil.com`. Used by the slash rule and the legacy
 * redirect hook for the paths they derive from the request.
 *
 * @example samePath('//evil.com', '?a=1') // '/evil.com?a=1'
 */
export function samePath(pathname: string, search = ''): string {
  return pathname.replace(/^[/\\]+/, '/') + search;
}

/**
 * A redirect to `target` when the gate allows it, else null: the caller answers otherwise
 * (the 404 screen, or the next pipeline step). Every `c.redirect` of the worker goes here.
 */
export function safeRedirect(c: Context<AppEnv>, target: string, status: 301 | 302 | 303 | 307 | 308): Response | null {
  const location = safeLocation(target, { requestUrl: c.req.url, allowedHosts: allowedRedirectHosts(c.env) });
  if (location === null) {
    console.warn('Redirect refused:', JSON.stringify(target.slice(0, 200)));
    return null;
  }
  return c.redirect(location, status);
}
