/**
 * GraphQL Armor's validation rules (depth with fragments followed, aliases, directives, cost) for one
 * API, as Vendure's `apiOptions.shopApiValidationRules` / `adminApiValidationRules` take them. A
 * refused operation gets one GraphQL error with code GRAPHQL_VALIDATION_FAILED (HTTP 400, from
 * Apollo's validation) and `extensions.limit` naming the limit; no resolver runs. Decision 103.
 */
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';
import type { CostLimits } from './limits';

export type LimitName = keyof CostLimits;

/** What a rule measured for one operation (the measuring script's mode). */
export type Measured = (limit: LimitName, value: number) => void;

/** Armor prefixes its messages with "Syntax Error: ", which they are not. */
const clean = (message: string) => message.replace(/^Syntax Error: /, '');

function callbacks(limit: LimitName, measured?: Measured) {
    return {
        // Armor's default throws out of the validation; report to the context instead, so that Apollo
        // answers with a validation error (400) rather than an internal one (500)
        propagateOnRejection: false,
        onReject: [
            (context: ValidationContext | null, error: GraphQLError) => {
                // bounded: Armor's own message ('… limit of N exceeded, found M.'), a few dozen characters
                measured?.(limit, Number(/found (\d+(?:\.\d+)?)/.exec(error.message)?.[1] ?? NaN));
                context?.reportError(new GraphQLError(clean(error.message), { extensions: { limit } }));
            },
        ],
        onAccept: measured ? [(_: ValidationContext | null, details: { n: number }) => measured(limit, details.n)] : [],
    };
}

/** The four rules for one API's limits. `measured`: also tell every measured value (refused or not). */
export function costLimitRules(limits: CostLimits, measured?: Measured): ValidationRule[] {
    return [
        maxDepthRule({ n: limits.depth, flattenFragments: true, ignoreIntrospection: true, ...callbacks('depth', measured) }),
        maxAliasesRule({ n: limits.aliases, ...callbacks('aliases', measured) }),
        maxDirectivesRule({ n: limits.directives, ...callbacks('directives', measured) }),
        costLimitRule({ maxCost: limits.cost, ignoreIntrospection: true, ...callbacks('cost', measured) }),
    ] as ValidationRule[];
}
