/**
 * The cost limits of the Shop API and the Admin API (decision 103): how deep, how many aliases,
 * directives and tokens, and what GraphQL Armor's cost estimate an operation may reach before the
 * backend refuses it at validation, before a resolver runs. The numbers are set well above what the
 * storefront's and the Dashboard's own documents need (measured by `measure-documents.ts`).
 */

export interface CostLimits {
    /** field depth, fragments followed (a spread or an inline fragment adds no level) */
    depth: number;
    /** aliases in the operation, fragments followed */
    aliases: number;
    /** directives in the operation, fragments followed */
    directives: number;
    /** lexical tokens of the whole request document, counted before it is parsed */
    tokens: number;
    /** GraphQL Armor's cost estimate (object 2, scalar 1, ×1.5 per level) */
    cost: number;
}

/**
 * The storefront's largest (`measure-documents.ts`, 71 operations): depth 9 (getOrderHistory), no
 * alias, 8 directives (checkoutPage, gql.tada's `@_unmask` counted), cost 4,439 (thankYouPage),
 * 272 tokens (checkoutPage). Depth is the tight one: Collection.parent/children alternating fans
 * out, 9 deep took 0.8 s, 10 deep 1.7 s, 11 deep 5.2 s on the seeded catalogue (the probe's 17 deep
 * did not finish in 120 s and grew the process to 3.4 GB), so one level above the need; the
 * execution time limit bounds what a query under the limits can still cost.
 */
export const SHOP_API_LIMITS: CostLimits = { depth: 10, aliases: 20, directives: 30, tokens: 3000, cost: 20_000 };

/**
 * Vendure's Dashboard 3.7.3 and the shop's extensions (374 operations): depth 8, 18 aliases and
 * cost 21,917 (GetServerConfig), 334 tokens (ModifyOrder). The Dashboard adds custom-field
 * selections at run time, hence the wider margins; the Admin API is staff-only but answers anyone
 * up to validation, so it is bounded too.
 */
export const ADMIN_API_LIMITS: CostLimits = { depth: 15, aliases: 100, directives: 50, tokens: 10_000, cost: 200_000 };
