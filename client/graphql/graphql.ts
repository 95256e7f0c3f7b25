import { print } from '@0no-co/graphql.web';
import { initGraphQLTada, type TadaDocumentNode } from 'gql.tada';
import type { introspection } from './graphql-env';

/**
 * `graphql()` typed against the Vendure Shop API schema kept in the repo
 * (backend/schema/shop-api.graphql → client/graphql/graphql-env.d.ts,
 * refreshed by `npm run schema`). A schema change that breaks a document
 * breaks the type check.
 */
export const graphql = initGraphQLTada<{
  introspection: introspection;
  scalars: { DateTime: string; JSON: unknown; Money: number; ID: string };
}>();

export type { FragmentOf, ResultOf, VariablesOf } from 'gql.tada';
export { readFragment } from 'gql.tada';

/**
 * The text of a document as sent to the Shop API. In the browser build this module is
 * replaced by `graphql.browser.ts`, whose documents carry their text and need no printer.
 */
export function documentText<R, V>(document: TadaDocumentNode<R, V>): string {
  return print(document);
}
