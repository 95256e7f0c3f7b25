import { BackendUnavailable } from '../shop/backend';

/** An error that carries the HTTP status of the error screen it should produce. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** 503 only: seconds the shopper is asked to wait (`Retry-After`). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Status of anything thrown: HttpError keeps its own, a backend outage is 503, everything else is 500 (spec §8). */
export function statusOf(error: unknown): number {
  if (error instanceof HttpError) return error.status;
  return error instanceof BackendUnavailable ? 503 : 500;
}

/** `Retry-After` seconds of a 503 (a backend outage), or undefined. */
export function retryAfterOf(error: unknown): number | undefined {
  if (error instanceof BackendUnavailable) return error.retryAfterSeconds;
  return error instanceof HttpError ? error.retryAfterSeconds : undefined;
}
