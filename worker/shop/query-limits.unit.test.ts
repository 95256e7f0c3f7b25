/// <reference types="vite/client" />
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { type DocumentNode, GraphQLBoolean, GraphQLObjectType, GraphQLSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { documentText } from '../../client/graphql/graphql';
import { chainedFragments, fanOut } from '../security/hostile-documents';
import { checkQuery, QUERY_LIMITS } from './query-limits';

/**
 * The query limits of /api/shop (worker/shop/query-limits.ts): every document the storefront
 * sends passes them with room to spare, and every hostile shape of the issue-44 probe is refused.
 */

/** Every GraphQL document of client/, features/ and worker/ (gql.tada documents: `kind: 'Document'`). */
const modules = {
  ...import.meta.glob('../../client/graphql/*.graphql.ts', { eager: true }),
  ...import.meta.glob('../../features/*/*.graphql.ts', { eager: true }),
  ...import.meta.glob('../../features/*/*.graphql.server.ts', { eager: true }),
  ...import.meta.glob('../../features/cart/addons.ts', { eager: true }),
  ...import.meta.glob('../pages/guards.ts', { eager: true }),
};
const documents = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports as Record<string, unknown>)
    .filter(([, value]) => (value as { kind?: string } | null)?.kind === 'Document')
    .filter(([, value]) => (value as DocumentNode).definitions.some((d) => d.kind === 'OperationDefinition'))
    .map(([name, value]) => [`${file.replace(/^.*\/(client|worker|features)\//, '$1/')} ${name}`, documentText(value as never)] as const),
);

/** A measure of one rule: the largest n it accepts for a document (found by asking the rule). */
const stub = new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLBoolean } } }) });
function measure(text: string) {
  const document = parse(text);
  const seen: Record<string, number> = {};
  const record = (name: string) => (_: unknown, found: { n: number }) => (seen[name] = Math.max(seen[name] ?? 0, found.n));
  validate(stub, document, [
    maxDepthRule({ n: 1e9, flattenFragments: true, onAccept: [record('depth')] }),
    maxAliasesRule({ n: 1e9, onAccept: [record('aliases')] }),
    maxDirectivesRule({ n: 1e9, onAccept: [record('directives')] }),
    costLimitRule({ maxCost: 1e12, flattenFragments: true, onAccept: [record('cost')] }),
  ]);
  return seen;
}

describe('the storefront’s own documents', () => {
  it('are found (more than 40)', () => expect(documents.length).toBeGreaterThan(40));

  it.each(documents)('%s passes the limits', (_, text) => {
    expect(checkQuery(text)).not.toHaveProperty('problem');
  });

  it('stay under the depth limit and at most half of the alias and cost limits (the figures of decision 106)', () => {
    const largest = { depth: 0, aliases: 0, directives: 0, cost: 0 };
    for (const [, text] of documents) {
      const m = measure(text);
      for (const k of Object.keys(largest) as Array<keyof typeof largest>) largest[k] = Math.max(largest[k], m[k] ?? 0);
    }
    console.log('largest own document figures', largest);
    expect(largest.depth).toBeLessThan(QUERY_LIMITS.depth);
    expect(largest.aliases).toBeLessThanOrEqual(QUERY_LIMITS.aliases / 2);
    expect(largest.cost).toBeLessThanOrEqual(QUERY_LIMITS.cost / 2);
  });
});

describe('hostile documents are refused before the backend', () => {
  const refused = (text: string) => {
    const result = checkQuery(text);
    return 'problem' in result ? result.problem : null;
  };

  it('a query 17 deep split into four chained fragments (229 bytes in the probe), and six fragments 24 deep', () => {
    expect(refused(chainedFragments(17, 4))).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'depth' });
    expect(refused(chainedFragments(24, 6))).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'depth' });
    // the same shape within the limit is fine
    expect(refused(chainedFragments(6, 3))).toBeNull();
  });

  it('the same query written out, and nested inline fragments', () => {
    const deep = `{ facets { items { ${'values { facet { '.repeat(8)} id ${'} } '.repeat(8)} } } }`;
    expect(refused(deep)).toMatchObject({ limit: 'depth' });
    const inline = `{ facets { items { ${'... on Facet { values { facet { '.repeat(8)} id ${'} } } '.repeat(8)} } } }`;
    expect(refused(inline)).toMatchObject({ limit: 'depth' });
  });

  it('fragments spread many times at every level (exponential fields), refused by cost', () => {
    expect(refused(fanOut(8, 4))).toMatchObject({ code: 'QUERY_TOO_COMPLEX' });
  });

  it('many aliases, many directives, too many tokens', () => {
    const aliases = Array.from({ length: 11 }, (_, i) => `a${i}: activeChannel { code }`).join(' ');
    expect(refused(`{ ${aliases} }`)).toMatchObject({ limit: 'aliases' });
    expect(refused(`{ activeChannel { code ${'@include(if: true) '.repeat(11)} } }`)).toMatchObject({ limit: 'directives' });
    expect(refused(`{ activeChannel { ${'code '.repeat(2100)} } }`)).toMatchObject({ limit: 'tokens' });
  });

  it('a cyclic fragment and a malformed document are bad requests, not a hang', () => {
    expect(refused('{ facets { items { ...A } } } fragment A on Facet { ...B } fragment B on Facet { ...A }')).not.toBeNull();
    expect(refused('{ facets { ')).toMatchObject({ code: 'BAD_REQUEST' });
  });
});
