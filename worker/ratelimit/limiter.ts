import type { Context } from 'hono';
import { edgeCache } from '../cache/data-cache';
import type { AppEnv, Bindings } from '../env';
import { LIMITERS, type LimiterName } from './limiters';

export { type LimiterName };

/** A refusal: which limit, and how long to wait. */
export interface Refusal {
  limiter: LimiterName;
  retryAfterSeconds: number;
  /** a login that must first pass a Turnstile challenge: none was sent, or the one sent failed */
  challenge?: 'required' | 'failed';
}

/** The client's address: Cloudflare's `CF-Connecting-IP`; one shared bucket where there is none (local tools). */
export function clientAddress(c: Context<AppEnv>): string {
  return c.req.header('CF-Connecting-IP') ?? 'local';
}

/**
 * A key that names an account, an e-mail or a session without holding it: the first 128 bits of
 * its SHA-256, so no e-mail address or token sits in the limiter's (or the block's) keys.
 */
export async function fingerprint(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether the limits are enforced: `RATE_LIMITS=off` (development only) lets test stacks log in freely. */
function limitsEnforced(env: Bindings): boolean {
  return !(env.RATE_LIMITS === 'off' && env.ENVIRONMENT === 'development');
}

/**
 * Whether a login of an account that failed too often from anywhere asks for a challenge: with
 * the limits, and in a development stack with the limits off when `LOGIN_CHALLENGE=on` (the e2e
 * test of the challenge).
 */
export function challengeEnforced(env: Bindings): boolean {
  return limitsEnforced(env) || env.LOGIN_CHALLENGE === 'on';
}

/**
 * Counts one attempt for `key` on `limiter`; a refusal when the binding says the key is over its
 * limit in this window. The window is the binding's, fixed, so the wait is at most its period.
 */
export async function consume(c: Context<AppEnv>, limiter: LimiterName, key: string): Promise<Refusal | null> {
  if (!limitsEnforced(c.env)) return null;
  const { success } = await c.env[limiter].limit({ key });
  return success ? null : { limiter, retryAfterSeconds: LIMITERS[limiter].period };
}

/**
 * Blocks recorded by recordFailure, in this isolate (a bounded map of numbers) and in the
 * location's Cache API, which every isolate of the location reads: the binding counts but cannot
 * be asked without counting, so "is this key over?" is remembered beside it.
 */
const blocks = new Map<string, number>();
const MAX_BLOCKS = 10_000;

function blockUrl(c: Context<AppEnv>, limiter: LimiterName, key: string): string {
  return `${new URL(c.req.url).origin}/__ratelimit/${limiter}/${encodeURIComponent(key)}`;
}

/**
 * A refusal when `key` was blocked on `limiter` by its failures, without counting anything.
 * `force`: asked although the limits are off (the caller checked `challengeEnforced`).
 */
export async function blocked(
  c: Context<AppEnv>,
  limiter: LimiterName,
  key: string,
  now = Date.now(),
  force = false,
): Promise<Refusal | null> {
  if (!force && !limitsEnforced(c.env)) return null;
  const id = `${limiter}|${key}`;
  let until = blocks.get(id) ?? 0;
  if (until <= now) {
    const hit = await edgeCache()
      ?.match(blockUrl(c, limiter, key))
      .catch(() => undefined);
    until = Number((await hit?.text()) ?? 0);
  }
  return until > now ? { limiter, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) } : null;
}

/**
 * Counts a failure (a wrong password) for `key` after the backend answered. The binding refuses
 * the failure that reaches its limit — so its `simple.limit` is one below the failures allowed —
 * and that refusal blocks the key for one period: the next attempt is refused by `blocked`
 * before any backend call. Success is never counted, so a shopper who types the password right
 * fifteen times a minute is never locked out by it. The block lasts the limiter's `hold` where it
 * has one, else its period. `force`: counted although the limits are off (see `blocked`).
 */
export async function recordFailure(c: Context<AppEnv>, limiter: LimiterName, key: string, now = Date.now(), force = false): Promise<void> {
  if (!force && !limitsEnforced(c.env)) return;
  const { success } = await c.env[limiter].limit({ key });
  if (success) return;
  const holdSeconds = holdOf(limiter);
  const until = now + holdSeconds * 1000;
  blocks.delete(`${limiter}|${key}`);
  blocks.set(`${limiter}|${key}`, until);
  if (blocks.size > MAX_BLOCKS) blocks.delete(blocks.keys().next().value!);
  await edgeCache()
    ?.put(blockUrl(c, limiter, key), new Response(String(until), { headers: { 'Cache-Control': `max-age=${holdSeconds}` } }))
    .catch((error: unknown) => console.error('rate limit: block not stored', error));
}

const holdOf = (limiter: LimiterName): number => {
  const spec: { period: number; hold?: number } = LIMITERS[limiter];
  return spec.hold ?? spec.period;
};

/**
 * The 403 of a login that must pass a Turnstile challenge first: a Polish message, and what the
 * browser needs to show the widget (the public site key and the widget's script); the login is
 * sent again with the widget's token in `X-Turnstile-Token`. Never cached, no cookie.
 */
export function challengeRequired(refusal: Refusal, env: Bindings): Response {
  const message =
    refusal.challenge === 'failed'
      ? 'Nie udało się potwierdzić, że nie jesteś robotem. Zaznacz pole ponownie, a zalogujemy Cię.'
      : 'Na to konto było wiele nieudanych prób logowania. Potwierdź, że nie jesteś robotem, a zalogujemy Cię.';
  const body = {
    errors: [{ message, extensions: { code: 'CHALLENGE_REQUIRED', siteKey: env.TURNSTILE_SITE_KEY, scriptUrl: env.TURNSTILE_SCRIPT_URL } }],
  };
  return Response.json(body, { status: 403, headers: { 'Cache-Control': 'no-store' } });
}

/** The 429 every limit answers with: a Polish message, `Retry-After`, never cached, no cookie. */
export function tooManyAttempts(refusal: Refusal, shape: 'graphql' | 'json' = 'graphql'): Response {
  const seconds = refusal.retryAfterSeconds;
  const message = `Zbyt wiele prób. Odczekaj ${seconds} s i spróbuj ponownie.`;
  const body =
    shape === 'graphql' ? { errors: [{ message, extensions: { code: 'RATE_LIMITED', retryAfter: seconds } }] } : { error: message };
  return Response.json(body, { status: 429, headers: { 'Retry-After': String(seconds), 'Cache-Control': 'no-store' } });
}
