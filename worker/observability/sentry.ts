import type { ErrorEvent } from '@sentry/cloudflare';
import type { Bindings } from '../env';

/** An e-mail address anywhere in a string: replaced before an event leaves the worker. */
const EMAIL = /[^\s@"'<>]+@[^\s@"'<>]+\.[a-z]{2,}/gi;
/** A bearer token, a cookie pair or a JWT-like string, in a message. */
const SECRET = /\b(?:Bearer\s+\S+|[A-Za-z0-9_-]*(?:session|token|cookie)[A-Za-z0-9_-]*=\S+|eyJ[\w-]+\.[\w-]+\.[\w-]+)/gi;

const clean = (text: string) => text.replace(EMAIL, '[e-mail]').replace(SECRET, '[secret]');

/**
 * What an event may carry (decision 070): the error, its stack, the request id and route tags,
 * the method and the path without its query. Never a cookie, a header, the query, a body, the
 * user, breadcrumbs (console lines and fetch URLs) or anything shaped like an e-mail address
 * or a token; a shopper's street address only ever travels in bodies, which are never sent.
 */
function scrub(event: ErrorEvent): ErrorEvent {
  if (event.request) {
    const path = event.request.url ? new URL(event.request.url).pathname : undefined;
    event.request = { method: event.request.method, url: path };
  }
  delete event.user;
  delete event.breadcrumbs;
  delete event.extra;
  delete event.contexts?.response;
  return deepClean(event);
}

/** Every string of the event, however deep (messages, transaction name, tags), through `clean`. */
function deepClean<T>(value: T): T {
  if (typeof value === 'string') return clean(value) as T;
  if (Array.isArray(value)) return value.map(deepClean) as T;
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) (value as Record<string, unknown>)[k] = deepClean(v);
  }
  return value;
}

/** The SDK options: off (undefined) without a DSN, so development and tests send nothing. */
export function sentryOptions(env: Bindings) {
  if (!env.SENTRY_DSN) return undefined;
  return {
    dsn: env.SENTRY_DSN,
    environment: env.ENVIRONMENT ?? 'production',
    sendDefaultPii: false,
    // Errors only: traces would cost a request per page view.
    tracesSampleRate: 0,
    beforeSend: scrub,
    beforeBreadcrumb: () => null,
  };
}
