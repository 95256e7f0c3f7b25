/** A Vendure ErrorResult (`errorCode` + `message`) turned into an error the caller must handle (spec §7). */
export class ShopError extends Error {
  constructor(
    readonly errorCode: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ShopError';
  }
}

type ErrorResultLike = { errorCode: string; message: string };

/** Mutation results are `Success | ErrorResult` unions: returns the success, throws the error. */
export function unwrap<T extends object>(result: T): Exclude<T, ErrorResultLike> {
  if (result && typeof result === 'object' && 'errorCode' in result && typeof result.errorCode === 'string') {
    const { errorCode, message, ...details } = result as unknown as ErrorResultLike & Record<string, unknown>;
    throw new ShopError(errorCode, message, details);
  }
  return result as Exclude<T, ErrorResultLike>;
}
