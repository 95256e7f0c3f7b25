import type { Bindings } from '../env';

/**
 * Turnstile's siteverify, for the account challenge (issue 44, decision 106): after many failed
 * logins for one account from anywhere, its login asks for Cloudflare Turnstile instead of locking
 * the owner out. Which account is challenged, the token's header (`CHALLENGE_TOKEN_HEADER`,
 * `X-Turnstile-Token`) and the 403 `CHALLENGE_REQUIRED` are in ./auth.ts and ./limiter.ts
 * (`challengeRequired`); the browser's side is features/account/turnstile.ts and
 * features/account/TurnstileChallenge.tsx; development and tests verify against the stand-in
 * (backend/stand-ins/turnstile.ts) with Cloudflare's test keys.
 */

/** Siteverify refuses longer tokens; nothing longer is sent (Turnstile docs: at most 2048 characters). */
export const MAX_TOKEN_LENGTH = 2048;

/** How long the worker waits for siteverify: a login must not hang on a slow check. */
const VERIFY_TIMEOUT_MS = 3000;

/** An address siteverify can use: `clientAddress` says `local` where there is none (local tools). */
function isIpAddress(value: string): boolean {
  return /^[0-9.]{7,15}$/.test(value) || (/^[0-9a-f:.]+$/i.test(value) && value.includes(':'));
}

/**
 * Whether Turnstile vouches for `token` (siteverify, Cloudflare's documented contract: a form
 * POST of `secret`, `response`, `remoteip`, `idempotency_key`; `{ success, "error-codes" }` back).
 * Everything short of `success: true` is "no": no token, one longer than Turnstile makes, no
 * secret configured, siteverify unreachable, slow (VERIFY_TIMEOUT_MS), answering an error or
 * something not JSON. Those are logged (error codes only, never the token or the secret) and
 * never become a 500: the shopper is asked again.
 *
 * Not checked: the answer's `hostname` and `action` (the site key is bound to the shop's
 * hostnames in Cloudflare's dashboard; the test keys answer a fixed hostname).
 */
export async function verifyTurnstile(env: Bindings, token: string | undefined, remoteIp: string | undefined): Promise<boolean> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return false;
  if (!env.TURNSTILE_SECRET_KEY) {
    console.error('turnstile: TURNSTILE_SECRET_KEY is not set; every challenge fails (wrangler secret put TURNSTILE_SECRET_KEY)');
    return false;
  }
  const form = new URLSearchParams({
    secret: env.TURNSTILE_SECRET_KEY,
    response: token,
    // siteverify answers a repeated call with the same key as the first, instead of "timeout-or-duplicate"
    idempotency_key: crypto.randomUUID(),
  });
  if (remoteIp && isIpAddress(remoteIp)) form.set('remoteip', remoteIp);
  let res: Response;
  try {
    res = await fetch(env.TURNSTILE_VERIFY_URL, { method: 'POST', body: form, signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS) });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    console.error(`turnstile: siteverify ${timedOut ? `did not answer within ${VERIFY_TIMEOUT_MS} ms` : 'unreachable'}`, String(error));
    return false;
  }
  let answer: { success?: unknown; 'error-codes'?: unknown };
  try {
    answer = (await res.json()) as typeof answer;
  } catch {
    console.error(`turnstile: siteverify answered ${res.status} with something other than JSON`);
    return false;
  }
  if (res.ok && answer?.success === true) return true;
  const codes = Array.isArray(answer?.['error-codes']) ? answer['error-codes'].filter((c) => typeof c === 'string').join(',') : '';
  // A shopper's token that is wrong, spent or expired is an expected refusal; our own secret is not.
  const ours = /secret|bad-request|internal-error/.test(codes) || !res.ok;
  (ours ? console.error : console.warn)(`turnstile: siteverify refused (${res.status}${codes ? `: ${codes}` : ''})`);
  return false;
}
