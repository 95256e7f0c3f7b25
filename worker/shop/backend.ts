import { tryGetContext } from 'hono/context-storage';
import type { AppEnv } from '../env';
import { reportError } from '../observability/report';
import { admit, settle } from './breaker';

/**
 * How long the worker waits for the Shop API, per kind of call (decision 070). A shopper who
 * has waited this long has mostly given up; a shorter wait frees the request and feeds the
 * circuit breaker sooner.
 * - `shell`: the header navigation and the top bar, in every page: the page renders without them.
 * - `page`: a loader's catalogue or account data (Vendure answers these in tens of ms under load).
 * - `read`: a query through /api/shop (cart, search, account).
 * - `cart`: a mutation through /api/shop (add to cart, coupon, address…).
 * - `checkout`: placing the order and paying (`addPaymentToOrder`, the order's state): cut short,
 *   the shopper would not know whether they paid, so these wait longest.
 */
export const TIMEOUTS_MS = { shell: 1_500, page: 3_000, read: 5_000, cart: 8_000, checkout: 15_000 } as const;
export type CallKind = keyof typeof TIMEOUTS_MS;

/**
 * The timeout of one call: its kind's, times the development stack's `BACKEND_TIMEOUT_FACTOR`
 * (worker/env.ts; unset and refused in production, so there it is the kind's as recorded).
 */
export function timeoutFor(kind: CallKind, factor: string | undefined): number {
  const n = Number(factor);
  return TIMEOUTS_MS[kind] * (Number.isInteger(n) && n >= 1 && n <= 10 ? n : 1);
}

/**
 * The header that carries `SHOP_API_SECRET` on every Shop API call: the backend answers no one else
 * (backend/src/plugins/account-security, decision 105). Unset (development stacks), none is sent.
 */
export const SHOP_API_SECRET_HEADER = 'X-Shop-Api-Secret';

/** `init`'s headers with the Shop API's secret added when the worker has one. */
function withShopApiSecret(headers: HeadersInit | undefined, secret: string | undefined): Headers {
  const all = new Headers(headers);
  if (secret) all.set(SHOP_API_SECRET_HEADER, secret);
  return all;
}

/** The backend failed or the breaker is open: the caller answers 503 with `Retry-After`. */
export class BackendUnavailable extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'BackendUnavailable';
  }
}

/** How long the breaker's probe waits for the backend. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * The half-open breaker's probe: the cheapest Shop API query, in the background of the request
 * that found the pause over. Its answer closes the breaker or opens it again.
 */
async function probe(url: string, secret: string | undefined): Promise<void> {
  let ok = false;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: withShopApiSecret({ 'Content-Type': 'application/json', Accept: 'application/json' }, secret),
      body: '{"query":"{ __typename }"}',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    ok = res.status < 500;
    await res.body?.cancel();
  } catch {
    ok = false;
  }
  settle(url, ok, true);
}

/** Seconds a shopper is asked to wait after a backend failure that did not open the breaker. */
const RETRY_AFTER_SECONDS = 5;

/**
 * One POST to the Shop API through the circuit breaker, with the timeout of its kind, its time
 * added to the request's `Server-Timing` and log line. Throws BackendUnavailable at once while the
 * breaker is open, and after a timeout, a connection failure or a gateway error (502/503/504),
 * which also count towards opening it. Any other answer, a 500 included, is returned as it is.
 * Every call carries the worker's `SHOP_API_SECRET` (from the request's env) in `X-Shop-Api-Secret`.
 */
export async function backendFetch(url: string, init: RequestInit, kind: CallKind, timeoutMs?: number): Promise<Response> {
  const admission = admit(url);
  const c = tryGetContext<AppEnv>();
  const facts = c?.get('facts');
  if (!admission.ok) {
    if (facts) facts.breaker = 'open';
    if (admission.probe) {
      const probing = probe(url, c?.env?.SHOP_API_SECRET);
      try {
        c?.executionCtx.waitUntil(probing);
      } catch {
        // no ExecutionContext (app.request in tests): the probe runs on by itself
      }
    }
    throw new BackendUnavailable(`Shop API circuit open (${kind})`, admission.retryAfterSeconds);
  }
  const started = Date.now();
  const waitMs = timeoutMs ?? timeoutFor(kind, c?.env?.BACKEND_TIMEOUT_FACTOR);
  let failure: string | undefined;
  try {
    const headers = withShopApiSecret(init.headers, c?.env?.SHOP_API_SECRET);
    const res = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(waitMs) });
    if (res.status !== 502 && res.status !== 503 && res.status !== 504) return res;
    failure = `Shop API answered ${res.status} (${kind})`;
    await res.body?.cancel();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    failure = timedOut
      ? `Shop API timed out after ${waitMs} ms (${kind})`
      : `Shop API unreachable (${kind}): ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    settle(url, failure === undefined);
    if (facts) {
      facts.backendMs += Date.now() - started;
      facts.backendCalls += 1;
    }
  }
  const error = new BackendUnavailable(failure, RETRY_AFTER_SECONDS);
  reportError(error, { kind: 'backend', callKind: kind });
  throw error;
}
