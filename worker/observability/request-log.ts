import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import type { RequestFacts } from './facts';

const RAY = /^[0-9a-f]{16}(?:-[A-Z]{3})?$/;

/** Whether this isolate has served a request before: the first one pays the module start-up. */
let warm = false;

/** The request id: Cloudflare's ray id when it is one, else a random one (local, tests). */
export function requestId(ray: string | undefined): string {
  return ray && RAY.test(ray) ? ray : crypto.randomUUID().replaceAll('-', '').slice(0, 16);
}

/** The pipeline step that answered a request with no page route (no path goes into the log). */
function routeOf(c: Context<AppEnv>, status: number): string {
  const page = c.get('page');
  if (page) return page.route.id;
  const path = new URL(c.req.url).pathname;
  const api = /^\/api\/([a-z]+)/.exec(path);
  if (api) return `api/${api[1]}`;
  if (status >= 300 && status < 400) return 'redirect';
  if (status === 404) return 'not-found';
  return 'static';
}

const timed = (res: Response) => /^(?:text\/html|application\/json)/.test(res.headers.get('Content-Type') ?? '');

/**
 * Pipeline step 0: gives the request its id and facts, and after it is answered writes one JSON
 * log line (Workers Logs indexes its fields) and `Server-Timing` on HTML and JSON answers.
 */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const isolate = warm ? 'warm' : 'cold';
  warm = true;
  const facts: RequestFacts = { id: requestId(c.req.header('cf-ray')), started: Date.now(), backendMs: 0, backendCalls: 0 };
  c.set('facts', facts);
  await next();
  const status = c.res.status;
  facts.route ??= routeOf(c, status);
  const total = Date.now() - facts.started;
  const cache = c.res.headers.get('X-Edge-Cache') ?? undefined;
  try {
    c.res.headers.set('X-Request-Id', facts.id);
    if (timed(c.res)) {
      const timing = [`edge;dur=${total}`, `backend;dur=${facts.backendMs};desc="${facts.backendCalls} calls"`];
      if (cache) timing.push(`cache;desc="${cache}"`);
      if (facts.breaker) timing.push('breaker;desc="open"');
      c.res.headers.set('Server-Timing', timing.join(', '));
    }
  } catch {
    // An answer with immutable headers (a static asset passed through) goes out as it is.
  }
  console.log(
    JSON.stringify({
      message: 'request',
      requestId: facts.id,
      route: facts.route,
      method: c.req.method,
      status,
      cache: cache ?? 'none',
      durationMs: total,
      backendMs: facts.backendMs,
      backendCalls: facts.backendCalls,
      breaker: facts.breaker ?? 'closed',
      ...(facts.rateLimited ? { rateLimited: facts.rateLimited } : {}),
      ...(facts.queryLimit ? { queryLimit: facts.queryLimit } : {}),
      isolate,
    }),
  );
};
