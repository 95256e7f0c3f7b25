/** An error that carries the HTTP status of the error screen it should produce. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Status of anything thrown: HttpError keeps its own, everything else is 500 (spec §8). */
export function statusOf(error: unknown): number {
  return error instanceof HttpError ? error.status : 500;
}
