import type { TadaDocumentNode } from 'gql.tada';
import type { graphql as tadaGraphql } from './graphql';

/**
 * The browser's `graphql()` (swapped in for `graphql.ts` by the client build,
 * scripts/build/client.ts `browserGraphql`). The browser only ever sends a document's text
 * to `/api/shop`, so it needs no GraphQL parser or printer: this keeps the source text (and
 * that of its fragments) instead of parsing it, which takes `@0no-co/graphql.web` (~3.5 KB
 * gzip) off every page. Types still come from gql.tada at compile time; `graphql.browser.test.ts`
 * checks that every client document's text here parses to the same document as the real one.
 */
interface LiteDocument {
  kind: 'Document';
  definitions: never[];
  /** This document's own text. */
  __source: string;
  __fragments: readonly LiteDocument[];
}

function collect(doc: LiteDocument, into: LiteDocument[]): void {
  for (const fragment of doc.__fragments) {
    if (into.includes(fragment)) continue;
    into.push(fragment);
    collect(fragment, into);
  }
}

/** The text sent to the Shop API: the document, then each fragment it uses once, `@_unmask` removed. */
export function documentText(document: unknown): string {
  const doc = document as LiteDocument;
  const fragments: LiteDocument[] = [];
  collect(doc, fragments);
  return [doc.__source, ...fragments.map((f) => f.__source)].join('\n').replace(/@_unmask\b/g, '');
}

function lite(source: string, fragments?: readonly unknown[]): LiteDocument {
  return { kind: 'Document', definitions: [], __source: source, __fragments: (fragments ?? []) as LiteDocument[] };
}
lite.scalar = (_name: string, value: unknown) => value;
lite.persisted = () => {
  throw new Error('persisted documents are not used');
};

export const graphql = lite as unknown as typeof tadaGraphql;

/** Fragment masking is a compile-time matter; at run time the data is the data. */
export function readFragment<T>(_fragment: unknown, data: T): T {
  return data;
}

export type { TadaDocumentNode };
