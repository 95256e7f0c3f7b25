import type { TadaDocumentNode } from 'gql.tada';
import { documentText } from '../graphql/graphql';

/** Thrown when /api/shop or the backend cannot answer (network, 4xx/5xx from the proxy, GraphQL errors). */
export class ShopUnavailableError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ShopUnavailableError';
  }
}

export type ShopRequest = <R, V>(document: TadaDocumentNode<R, V>, variables?: V) => Promise<R>;

/**
 * The browser's only way to Vendure: the worker's same-origin `/api/shop`
 * proxy, which keeps the session token in an HttpOnly cookie.
 */
export const shopRequest: ShopRequest = async (document, variables) => {
  let res: Response;
  try {
    res = await fetch('/api/shop', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ query: documentText(document), variables: variables ?? {} }),
    });
  } catch {
    throw new ShopUnavailableError('Brak połączenia ze sklepem. Sprawdź internet i spróbuj ponownie.', 0);
  }
  const body = (await res.json().catch(() => null)) as { data?: unknown; errors?: Array<{ message: string }> } | null;
  if (!res.ok || !body || body.errors?.length) {
    throw new ShopUnavailableError(
      body?.errors?.[0]?.message ?? 'Sklep jest chwilowo niedostępny. Spróbuj ponownie za chwilę.',
      res.status,
    );
  }
  return body.data as never;
};
