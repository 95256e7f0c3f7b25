import { ShopError } from '../../graphql/errors';
import { ShopUnavailableError } from '../shop-api';
import { accountErrorMessages } from '../../texts/account';

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
