/**
 * What the backend bounds of a GraphQL request (decision 103), as pieces of Vendure's `apiOptions`:
 * cost limits at validation per API (GraphQL Armor: depth, aliases, directives, cost), the token limit
 * before parsing, a time limit on execution, and in production no introspection and no field
 * suggestions. The PostgreSQL statement timeout is in `database()` of vendure-config.ts.
 */
import type { ValidationRule } from 'graphql';
import type { BackendEnv } from '../env';
import type { ApolloPlugin } from './api-of-request';
import { executionDeadlinePlugin } from './execution-deadline.plugin';
import { hideSuggestionsPlugin } from './hide-suggestions.plugin';
import { ADMIN_API_LIMITS, SHOP_API_LIMITS } from './limits';
import { maxTokensPlugin } from './max-tokens.plugin';
import { costLimitRules } from './validation-rules';

export { ADMIN_API_LIMITS, SHOP_API_LIMITS } from './limits';

export interface ApiLimitsOptions {
    shopApiValidationRules: ValidationRule[];
    adminApiValidationRules: ValidationRule[];
    apolloServerPlugins: ApolloPlugin[];
    introspection: boolean;
}

/** `adminApiPath`: as in apiOptions (the plugins see both APIs and tell them apart by it). */
export function apiLimits(env: BackendEnv, adminApiPath: string): ApiLimitsOptions {
    const plugins: ApolloPlugin[] = [
        maxTokensPlugin({ shop: SHOP_API_LIMITS.tokens, admin: ADMIN_API_LIMITS.tokens }, adminApiPath),
        executionDeadlinePlugin({ limitMs: { shop: env.shopApiTimeLimitMs, admin: env.adminApiTimeLimitMs }, adminApiPath }),
    ];
    if (env.production) plugins.push(hideSuggestionsPlugin());
    return {
        shopApiValidationRules: costLimitRules(SHOP_API_LIMITS),
        adminApiValidationRules: costLimitRules(ADMIN_API_LIMITS),
        apolloServerPlugins: plugins,
        // `npm run schema` (gql.tada) introspects a development backend; production answers no one
        introspection: !env.production,
    };
}
