import { print } from '@0no-co/graphql.web';
import { env } from 'cloudflare:workers';
import type { TadaDocumentNode } from 'gql.tada';
import { app } from '../app';

export const ORIGIN = 'http://127.0.0.1:8787';

/**
 * A shopper talking to the worker's /api/shop proxy, with its own cookie jar
 * (only what the worker sets reaches it, as in a browser).
 */
export function shopper(origin: string = ORIGIN) {
  const jar = new Map<string, string>();
  const call = async (body: unknown, headers: Record<string, string> = {}) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.request(
      `${ORIGIN}/api/shop`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin, ...(cookie ? { Cookie: cookie } : {}), ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      },
      env,
    );
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const [name, ...value] = pair!.split('=');
      if (/Max-Age=0/.test(set)) jar.delete(name!);
      else jar.set(name!, value.join('='));
    }
    return res;
  };
  return {
    jar,
    call,
    /** Sends a typed document and returns its data (throws on GraphQL errors). */
    async op<R, V>(document: TadaDocumentNode<R, V>, variables?: V): Promise<R> {
      const res = await call({ query: print(document), variables: variables ?? {} });
      const body = (await res.json()) as { data?: R; errors?: Array<{ message: string }> };
      if (body.errors?.length) throw new Error(`GraphQL: ${body.errors.map((e) => e.message).join('; ')}`);
      return body.data as R;
    },
  };
}
