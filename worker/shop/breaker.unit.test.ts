import { describe, expect, it } from 'vitest';
import { admit, breakerState, FAILURES_TO_OPEN, MAX_OPEN_MS, OPEN_MS, settle } from './breaker';

const backend = () => `http://breaker-${crypto.randomUUID()}.test/shop-api`;

/** One call at `now` that fails (or succeeds); returns whether it was let out. */
function call(url: string, ok: boolean, now: number): boolean {
  const admission = admit(url, now);
  if (admission.ok) settle(url, ok, admission.probe, now);
  return admission.ok;
}

describe('circuit breaker', () => {
  it(`opens after ${FAILURES_TO_OPEN} consecutive failures and refuses at once with the seconds to wait`, () => {
    const url = backend();
    for (let i = 0; i < FAILURES_TO_OPEN; i++) expect(call(url, false, 1_000)).toBe(true);
    expect(breakerState(url, 1_000)).toBe('open');
    expect(admit(url, 1_500)).toEqual({ ok: false, retryAfterSeconds: Math.ceil((OPEN_MS - 500) / 1000) });
  });

  it('forgets failures after a success: only consecutive ones open it', () => {
    const url = backend();
    for (let i = 0; i < 10; i++) {
      expect(call(url, false, i)).toBe(true);
      expect(call(url, true, i)).toBe(true);
    }
    expect(breakerState(url, 10)).toBe('closed');
  });

  it('lets one probe through after the pause; its success closes the breaker', () => {
    const url = backend();
    for (let i = 0; i < FAILURES_TO_OPEN; i++) call(url, false, 0);
    const probe = admit(url, OPEN_MS);
    expect(probe).toEqual({ ok: true, probe: true });
    // While the probe is out, everybody else still fails fast.
    expect(admit(url, OPEN_MS + 10).ok).toBe(false);
    settle(url, true, true, OPEN_MS + 20);
    expect(breakerState(url, OPEN_MS + 20)).toBe('closed');
    expect(admit(url, OPEN_MS + 30)).toEqual({ ok: true, probe: false });
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
