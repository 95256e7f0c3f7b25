import { ShopError } from '../../client/graphql/errors';
import { type Challenge, ShopUnavailableError } from '../../client/lib/shop-api';
import { accountErrorMessages } from './account.texts';

/**
 * What the shopper reads for a failed account operation: our Polish text for a known Vendure
 * error code, else the backend's own message (spec §8: register and reset show the server's
 * message), else `fallback`. The worker's answers (429 rate limit, 503) are Polish already.
 */
export function accountMessage(error: unknown, fallback: string): string {
  if (error instanceof ShopError) return accountErrorMessages[error.errorCode] ?? (error.message || fallback);
  if (error instanceof ShopUnavailableError) return error.message || fallback;
  return fallback;
}

/** The Vendure error code of a failed operation, if it was one. */
export const errorCodeOf = (error: unknown): string | null => (error instanceof ShopError ? error.errorCode : null);

/** The worker's or GraphQL error's `extensions.code` of a request the proxy refused (`RATE_LIMITED`, `CHALLENGE_REQUIRED`, …). */
export const proxyCodeOf = (error: unknown): string | null =>
  error instanceof ShopUnavailableError && typeof error.extensions.code === 'string' ? error.extensions.code : null;

/**
 * The Turnstile challenge a refused login asks for: the worker's 403 `CHALLENGE_REQUIRED` with the
 * widget's public site key and script (worker/ratelimit/turnstile.ts), if it was one.
 */
export function challengeOf(error: unknown): Challenge | null {
  if (proxyCodeOf(error) !== 'CHALLENGE_REQUIRED') return null;
  const { siteKey, scriptUrl } = (error as ShopUnavailableError).extensions;
  return typeof siteKey === 'string' && typeof scriptUrl === 'string' ? { siteKey, scriptUrl } : null;
}
