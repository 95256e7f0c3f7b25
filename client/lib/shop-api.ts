import type { TadaDocumentNode } from 'gql.tada';
import { documentText } from '../graphql/graphql';

/** What a login must show before the worker lets it through: Turnstile's public site key and script (worker/ratelimit/turnstile.ts). */
export interface Challenge {
  siteKey: string;
  scriptUrl: string;
}

/**
 * The `extensions` of the first error of a failed answer: the worker's and Vendure's `code`
 * (`RATE_LIMITED`, `CHALLENGE_REQUIRED`, …) and what goes with it (`retryAfter`; the challenge's
 * `siteKey` and `scriptUrl`). Unchecked: read through features/account/account-errors.ts.
 */
type ErrorExtensions = Readonly<Record<string, unknown>>;

/** Thrown when /api/shop or the backend cannot answer (network, 4xx/5xx from the proxy, GraphQL errors). */
export class ShopUnavailableError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly extensions: ErrorExtensions = {},
  ) {
    super(message);
  }
}

/** Headers a call may add: only the ones the worker reads. */
interface ShopRequestOptions {
  headers?: {
    /** The Turnstile widget's token, on a login repeated after CHALLENGE_REQUIRED. */
    'X-Turnstile-Token'?: string;
  };
}

export type ShopRequest = <R, V>(document: TadaDocumentNode<R, V>, variables?: V, options?: ShopRequestOptions) => Promise<R>;

/**
 * The browser's only way to Vendure: the worker's same-origin `/api/shop`
 * proxy, which keeps the session token in an HttpOnly cookie. This module is in every page's
 * first load: what reads an error's `extensions` lives with the forms that need it.
 */
export const shopRequest: ShopRequest = async (document, variables, options) => {
  let res: Response;
  try {
    res = await fetch('/api/shop', {
      method: 'POST',
      headers: { ...options?.headers, 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ query: documentText(document), variables: variables ?? {} }),
    });
  } catch {
    throw new ShopUnavailableError('Brak połączenia ze sklepem. Sprawdź internet i spróbuj ponownie.', 0);
  }
  const body = (await res.json().catch(() => null)) as {
    data?: unknown;
    errors?: Array<{ message: string; extensions?: ErrorExtensions }>;
  } | null;
  if (!res.ok || !body || body.errors?.length) {
    const first = body?.errors?.[0];
    throw new ShopUnavailableError(
      first?.message ?? 'Sklep jest chwilowo niedostępny. Spróbuj ponownie za chwilę.',
      res.status,
      first?.extensions,
    );
  }
  return body.data as never;
};
