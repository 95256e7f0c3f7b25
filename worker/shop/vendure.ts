import { print } from '@0no-co/graphql.web';
import type { TadaDocumentNode } from 'gql.tada';
import type { Bindings } from '../env';
import { HttpError } from '../pages/errors';

const DEFAULT_TIMEOUT_MS = 5000;

export interface ShopClient {
  request<R, V>(document: TadaDocumentNode<R, V>, variables?: V): Promise<R>;
}

/**
 * Server-side Vendure Shop API client, created per request. Catalogue loaders
 * pass no token, so their results are the same for everybody and can be
 * cached; personal loaders pass the shopper's session token.
 * Backend unreachable, slow or failing → HttpError 503 (the error screen asks to retry).
 */
export function shopClient(env: Pick<Bindings, 'VENDURE_SHOP_API'>, options: { token?: string; timeoutMs?: number } = {}): ShopClient {
  return {
    async request(document, variables) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      let res: Response;
      try {
        res = await fetch(env.VENDURE_SHOP_API, {
          method: 'POST',
          headers,
          body: JSON.stringify({ query: print(document), variables: variables ?? {} }),
          signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        });
      } catch (error) {
        console.error('Shop API unreachable', error);
        throw new HttpError(503, 'Shop API unreachable');
      }
      if (!res.ok && res.status >= 500) throw new HttpError(503, `Shop API answered ${res.status}`);
      const body = (await res.json()) as { data?: unknown; errors?: Array<{ message: string }> };
      if (body.errors?.length) {
        console.error('Shop API error', body.errors);
        throw new HttpError(502, body.errors[0]!.message);
      }
      return body.data as never;
    },
  };
}
