import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { varsSchema } from '../env';
import { timeoutFor, TIMEOUTS_MS } from './backend';
import { admit, breakerState, FAILURES_TO_OPEN, MAX_OPEN_MS, OPEN_MS, settle } from './breaker';

const backend = () => `http://breaker-${crypto.randomUUID()}.test/shop-api`;

/** One call at `now` that fails (or succeeds); returns whether it was let out (a probe it sent counts). */
function call(url: string, ok: boolean, now: number): boolean {
  const admission = admit(url, now);
  if (admission.ok || admission.probe) settle(url, ok, !admission.ok, now);
  return admission.ok || admission.probe;
}

describe('circuit breaker', () => {
  it(`opens after ${FAILURES_TO_OPEN} consecutive failures and refuses at once with the seconds to wait`, () => {
    const url = backend();
    for (let i = 0; i < FAILURES_TO_OPEN; i++) expect(call(url, false, 1_000)).toBe(true);
    expect(breakerState(url, 1_000)).toBe('open');
    expect(admit(url, 1_500)).toEqual({ ok: false, retryAfterSeconds: Math.ceil((OPEN_MS - 500) / 1000), probe: false });
  });

  it('forgets failures after a success: only consecutive ones open it', () => {
    const url = backend();
    for (let i = 0; i < 10; i++) {
      expect(call(url, false, i)).toBe(true);
      expect(call(url, true, i)).toBe(true);
    }
    expect(breakerState(url, 10)).toBe('closed');
  });

  it('after the pause, has the first refused call send one probe; its success closes the breaker', () => {
    const url = backend();
    for (let i = 0; i < FAILURES_TO_OPEN; i++) call(url, false, 0);
    // The caller still fails fast: the probe is sent in the background, not as a shopper's request.
    expect(admit(url, OPEN_MS)).toEqual({ ok: false, retryAfterSeconds: 1, probe: true });
    // While the probe is out, everybody else fails fast too, and sends no second probe.
    expect(admit(url, OPEN_MS + 10)).toMatchObject({ ok: false, probe: false });
    settle(url, true, true, OPEN_MS + 20);
    expect(breakerState(url, OPEN_MS + 20)).toBe('closed');
    expect(admit(url, OPEN_MS + 30)).toEqual({ ok: true });
  });

  it('opens again for twice as long when the probe fails, up to the maximum', () => {
    const url = backend();
    for (let i = 0; i < FAILURES_TO_OPEN; i++) call(url, false, 0);
    let now = OPEN_MS;
    let pause = OPEN_MS;
    for (let round = 0; round < 6; round++) {
      expect(call(url, false, now), `probe ${round}`).toBe(true);
      pause = Math.min(MAX_OPEN_MS, pause * 2);
      expect(admit(url, now + pause - 1).ok).toBe(false);
      now += pause;
    }
    expect(pause).toBe(MAX_OPEN_MS);
  });

  it('keeps one breaker per backend URL', () => {
    const [a, b] = [backend(), backend()];
    for (let i = 0; i < FAILURES_TO_OPEN; i++) call(a, false, 0);
    expect(breakerState(a, 1)).toBe('open');
    expect(breakerState(b, 1)).toBe('closed');
  });
});

describe('timeouts per kind of call', () => {
  it('are the recorded ones unless a development stack multiplies them by a whole number from 1 to 10', () => {
    expect(timeoutFor('page', undefined)).toBe(TIMEOUTS_MS.page);
    expect(timeoutFor('checkout', '1')).toBe(TIMEOUTS_MS.checkout);
    expect(timeoutFor('page', '4')).toBe(4 * TIMEOUTS_MS.page);
    for (const odd of ['0', '11', '2.5', 'x', '', '-3']) expect(timeoutFor('cart', odd), odd).toBe(TIMEOUTS_MS.cart);
  });

  it('cannot be lengthened outside development', () => {
    // production refuses Cloudflare's Turnstile test keys of the development vars: a real-looking key, the secret unset
    const turnstile = { TURNSTILE_SITE_KEY: '0x4AAAAAAAexample', TURNSTILE_SECRET_KEY: undefined, CATALOGUE_HOOK_SECRET: undefined };
    const vars = { ...env, ...turnstile, ENVIRONMENT: 'production', RATE_LIMITS: 'on', BACKEND_TIMEOUT_FACTOR: '4' };
    const parsed = varsSchema.safeParse(vars);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain('BACKEND_TIMEOUT_FACTOR is for development stacks only');
    expect(varsSchema.safeParse({ ...vars, ENVIRONMENT: 'development' }).success).toBe(true);
    expect(varsSchema.safeParse({ ...vars, BACKEND_TIMEOUT_FACTOR: '1' }).success).toBe(true);
  });
});
