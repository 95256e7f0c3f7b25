import { print } from '@0no-co/graphql.web';
import type { TadaDocumentNode } from 'gql.tada';
import type { Bindings } from '../env';
import { HttpError } from '../pages/errors';
import { BackendUnavailable, backendFetch, type CallKind } from './backend';

export interface ShopClient {
  request<R, V>(document: TadaDocumentNode<R, V>, variables?: V): Promise<R>;
}

/**
 * Server-side Vendure Shop API client, created per request. Catalogue loaders
 * pass no token, so their results are the same for everybody and can be
 * cached; personal loaders pass the shopper's session token.
 * Backend unreachable, slow or failing, or its circuit breaker open → HttpError 503 with the
 * seconds to wait (the error screen asks to retry); `kind` picks the timeout (worker/shop/backend.ts).
 */
export function shopClient(
  env: Pick<Bindings, 'VENDURE_SHOP_API'>,
  options: {
    token?: string;
    timeoutMs?: number;
    kind?: CallKind;
    /** Called with the session token Vendure hands out (`vendure-auth-token`): a new guest session, or a refreshed one. */
    onToken?: (token: string) => void;
  } = {},
): ShopClient {
  return {
    async request(document, variables) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      let res: Response;
      try {
        res = await backendFetch(
          env.VENDURE_SHOP_API,
          { method: 'POST', headers, body: JSON.stringify({ query: print(document), variables: variables ?? {} }) },
          options.kind ?? 'page',
          options.timeoutMs,
        );
      } catch (error) {
        if (error instanceof BackendUnavailable) throw new HttpError(503, error.message, error.retryAfterSeconds);
        throw error;
      }
      if (!res.ok && res.status >= 500) throw new HttpError(503, `Shop API answered ${res.status}`);
      const fresh = res.headers.get('vendure-auth-token');
      if (fresh) options.onToken?.(fresh);
      const body = await readBody(res);
      if (body.errors?.length) {
        console.error('Shop API error', body.errors[0]!.message);
        throw new HttpError(502, body.errors[0]!.message);
      }
      return body.data as never;
    },
  };
}

/**
 * The answer's JSON. The call's timeout still runs while the body arrives, so a slow answer can be
 * cut off after its headers: that, or a dropped connection, is the backend failing (503, retry),
 * and a body that is not JSON is a bad gateway (502), never an unexplained 500.
 */
async function readBody(res: Response): Promise<{ data?: unknown; errors?: Array<{ message: string }> }> {
  try {
    return (await res.json()) as { data?: unknown; errors?: Array<{ message: string }> };
  } catch (error) {
    if (error instanceof SyntaxError) throw new HttpError(502, 'Shop API answered something other than JSON');
    const reason = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError') ? 'timed out' : 'was cut off';
    throw new HttpError(503, `Shop API answer ${reason} while arriving`, BODY_RETRY_AFTER_SECONDS);
  }
}

/** Seconds a shopper is asked to wait after an answer cut off on its way (as after a timeout). */
const BODY_RETRY_AFTER_SECONDS = 5;
