import { env } from 'cloudflare:workers';

/** The worker's configuration with the rate limits on (the test stacks turn them off). */
export const limitsOn = { ...env, RATE_LIMITS: 'on' };

/** A client address no other test uses, so each test counts from zero. */
export const uniqueAddress = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}-${crypto.randomUUID().slice(0, 8)}`;

/**
 * Waits, if need be, for the next window of the binding (fixed, aligned to the clock in miniflare)
 * so that `seconds` of it remain: a test that makes N attempts "within a minute" must not have
 * its count reset half-way by a window boundary.
 */
export async function freshWindow(seconds: number, periodSeconds = 60): Promise<void> {
  const period = periodSeconds * 1000;
  const left = period - (Date.now() % period);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
