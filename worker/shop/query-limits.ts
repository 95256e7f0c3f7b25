import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  type DocumentNode,
  GraphQLBoolean,
  GraphQLError,
  GraphQLObjectType,
  GraphQLSchema,
  NoFragmentCyclesRule,
  parse,
  validate,
} from 'graphql';

/**
 * What a document sent to `/api/shop` may cost before the backend sees it (decision 106): GraphQL
 * Armor's rules on graphql-js's parser, not a counter of our own. Every limit follows fragment
 * spreads (a query split into chained fragments is as deep as the query written out) and counts
 * per operation. The numbers sit well above what the storefront's own documents need (the unit
 * test `query-limits.test.ts` runs every document of client/ and worker/ through them and prints
 * the largest figures) and far below what hurts the backend: 17 levels through four chained
 * fragments took 6.4 s and 6 MB there before these limits.
 */
export const QUERY_LIMITS = {
  /** lexical tokens of the whole document: parsing stops at the next one (graphql-js `maxLexicalTokens`) */
  tokens: 2000,
  /**
   * nesting of fields, fragments followed and not counted themselves (our deepest document:
   * getOrderHistory, 9); the backend's own Shop API limit is the same (decision 103): on the
   * seeded catalogue 9 alternating parent/children levels took 0.8 s there, 11 took 5.2 s
   */
  depth: 10,
  /** aliases in one operation (ours: none) */
  aliases: 10,
  /** directives in one operation (ours: at most 2) */
  directives: 10,
  /** GraphQL Armor's cost: 2 per object field, 1 per scalar, ×1.5 a level (our costliest: 520) */
  cost: 2000,
} as const;

/** Why a document was refused: a code for the client and a Polish message for a person. */
interface QueryProblem {
  code: 'BAD_REQUEST' | 'QUERY_TOO_COMPLEX';
  message: string;
  /** which limit (tokens, depth, aliases, directives, cost), for the request log */
  limit?: keyof typeof QUERY_LIMITS;
}

/** The rules run a stub schema: they read the document's shape only, never the backend's types. */
let stubSchema: GraphQLSchema | undefined;
const schema = () =>
  (stubSchema ??= new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLBoolean } } }) }));

const rules = [
  maxDepthRule({ n: QUERY_LIMITS.depth, flattenFragments: true, exposeLimits: false }),
  maxAliasesRule({ n: QUERY_LIMITS.aliases, exposeLimits: false }),
  maxDirectivesRule({ n: QUERY_LIMITS.directives, exposeLimits: false }),
  costLimitRule({ maxCost: QUERY_LIMITS.cost, flattenFragments: true, exposeLimits: false }),
];

/** Which rule refused: Armor's messages are generic (exposeLimits off), so each rule is asked alone. */
function whichLimit(document: DocumentNode): keyof typeof QUERY_LIMITS {
  const names = ['depth', 'aliases', 'directives', 'cost'] as const;
  for (let i = 0; i < rules.length; i++) {
    try {
      validate(schema(), document, [rules[i]!]);
    } catch {
      return names[i]!;
    }
  }
  return 'cost';
}

const TOO_COMPLEX = 'Zapytanie jest zbyt złożone.';

/** The parsed document, or why it may not go on: malformed, or over one of QUERY_LIMITS. */
export function checkQuery(query: string): { document: DocumentNode } | { problem: QueryProblem } {
  let document: DocumentNode;
  try {
    document = parse(query, { noLocation: true, maxLexicalTokens: QUERY_LIMITS.tokens });
  } catch (error) {
    if (error instanceof GraphQLError && error.message.includes('Parsing aborted')) {
      return { problem: { code: 'QUERY_TOO_COMPLEX', message: TOO_COMPLEX, limit: 'tokens' } };
    }
    return { problem: { code: 'BAD_REQUEST', message: 'Niepoprawne zapytanie GraphQL.' } };
  }
  // a fragment that spreads itself is invalid GraphQL (graphql-js's own rule); the backend would refuse it too
  if (validate(schema(), document, [NoFragmentCyclesRule]).length > 0) {
    return { problem: { code: 'BAD_REQUEST', message: 'Niepoprawne zapytanie GraphQL.' } };
  }
  try {
    // Armor's rules throw their GraphQLError (propagateOnRejection); a returned error is the same refusal
    if (validate(schema(), document, rules).length === 0) return { document };
  } catch {
    // refused below
  }
  return { problem: { code: 'QUERY_TOO_COMPLEX', message: TOO_COMPLEX, limit: whichLimit(document) } };
}
