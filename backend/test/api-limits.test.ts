/**
 * The backend's own bounds on a GraphQL request (decision 103): cost limits at validation (depth with
 * fragments followed, aliases, directives, tokens, cost) on both APIs, refused in milliseconds with a
 * 400 and GRAPHQL_VALIDATION_FAILED while the server keeps serving; the execution time limit (unit,
 * with a fake clock); no introspection and no field suggestions in production; PostgreSQL's
 * statement_timeout on the backend's connections.
 */
import { describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { ADMIN_API_LIMITS, SHOP_API_LIMITS } from '../src/api-limits';
import { EXECUTION_TIME_LIMIT, executionDeadlinePlugin } from '../src/api-limits/execution-deadline.plugin';
import { withoutSuggestions } from '../src/api-limits/hide-suggestions.plugin';
import { readEnv } from '../src/env';
import { makeConfig } from '../src/vendure-config';
import { adminLogin, backendUrl, shopApiHeaders } from './helpers';

interface Answer {
    status: number;
    ms: number;
    body: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
}

/** One raw POST, timed client-side; to the Shop API with the worker's secret (production profile, decision 105). */
async function post(api: 'shop-api' | 'admin-api', query: string, token?: string): Promise<Answer> {
    const started = performance.now();
    const res = await fetch(`${backendUrl()}/${api}`, {
        method: 'POST',
        headers: {
            'content-type': 'application/json',
            ...(api === 'shop-api' ? shopApiHeaders() : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query }),
    });
    const body = (await res.json()) as Answer['body'];
    return { status: res.status, ms: performance.now() - started, body };
}

/**
 * `{ collections { items { …F1 } } }` with the chain parent/children split into `fragments` chained
 * fragments (F1 spreads F2, …), `depth` fields deep in all (the leaf `id` counted).
 */
function chainedFragments(depth: number, fragments: number, names = ['parent', 'children']): string {
    const chain = depth - 3; // collections, items, and the leaf id
    const per = Math.ceil(chain / fragments);
    const parts: string[] = [];
    let level = 0;
    for (let f = 1; f <= fragments; f++) {
        let open = '';
        let close = '';
        for (let i = 0; i < per && level < chain; i++, level++) {
            open += `${names[level % names.length]} { `;
            close += ' }';
        }
        const inner = f < fragments ? `...F${f + 1}` : 'id';
        // each fragment ends on a Collection (parent) or a Collection list (children): both Collection
        parts.push(`fragment F${f} on Collection { ${open}${inner}${close} }`);
    }
    return `{ collections { items { ...F1 } } } ${parts.join(' ')}`;
}

const SMALL = '{ activeChannel { code } }';

async function expectRefused(api: 'shop-api' | 'admin-api', query: string, limit: string, token?: string) {
    const r = await post(api, query, token);
    expect(r.status).toBe(400);
    expect(r.body.data ?? null).toBeNull();
    const e = r.body.errors?.find(x => x.extensions?.limit === limit);
    expect(e, JSON.stringify(r.body.errors)).toBeDefined();
    // refused by validation, so before any resolver ran: no timing asserted here (a loaded machine
    // once took 750 ms to answer the refusal, and a timing proves nothing the code does not)
    expect(e!.extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
    // and the server goes on serving
    const after = await post(api, SMALL, token);
    expect(after.status).toBe(200);
    expect(after.body.errors).toBeUndefined();
    expect((after.body.data as { activeChannel: { code: string } }).activeChannel.code).toBeTruthy();
    return r;
}

async function adminToken(): Promise<string> {
    const res = await fetch(`${backendUrl()}/admin-api`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
            query: 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } } }',
            variables: { u: adminLogin().username, p: adminLogin().password },
        }),
    });
    const token = res.headers.get('vendure-auth-token');
    if (!token) throw new Error('no admin token');
    return token;
}

const production = () => inject('databaseUrl') !== '';

describe('cost limits at the backend', () => {
    it('refuses the probe: 17 deep in four chained fragments, on the Shop API and the Admin API', async () => {
        const query = chainedFragments(17, 4);
        expect(query.length).toBeLessThan(400);
        const r = await expectRefused('shop-api', query, 'depth');
        expect(r.body.errors!.find(e => e.extensions?.limit === 'depth')!.message).toMatch(/depth limit of 10 exceeded, found 17/);
        await expectRefused('admin-api', query, 'depth', await adminToken());
    });

    it('refuses six chained fragments over facets { values { facet { values … } } }, anonymous', async () => {
        const names = ['values', 'facet'];
        let fragments = '';
        for (let f = 1; f <= 6; f++) {
            const type = 'Facet';
            const inner = f < 6 ? `...G${f + 1}` : 'id';
            fragments += `fragment G${f} on ${type} { ${names[0]} { ${names[1]} { ${names[0]} { ${names[1]} { ${inner} } } } } } `;
        }
        await expectRefused('shop-api', `{ facets { items { ...G1 } } } ${fragments}`, 'depth');
    });

    it('answers a query exactly at the depth limit, and the Admin API allows deeper than the Shop API', async () => {
        // parent { parent { … } }: as deep, without the fan-out of children (the tree is 3 levels)
        const atLimit = await post('shop-api', chainedFragments(SHOP_API_LIMITS.depth, 4, ['parent']));
        expect(atLimit.status).toBe(200);
        expect(atLimit.body.errors).toBeUndefined();
        await expectRefused('shop-api', chainedFragments(SHOP_API_LIMITS.depth + 1, 4, ['parent']), 'depth');
        const token = await adminToken();
        const admin = await post('admin-api', chainedFragments(ADMIN_API_LIMITS.depth, 3, ['parent']), token);
        expect(admin.status).toBe(200);
        expect(admin.body.errors).toBeUndefined();
    });

    it('answers a deep query of the storefront (the category page: collection, its parent chain, breadcrumbs and children)', async () => {
        const r = await post(
            'shop-api',
            `query { collections(options: { take: 5 }) { items { id slug breadcrumbs { id slug name }
                parent { id slug parent { id slug } } children { id slug featuredAsset { preview }
                children { id slug } } } } }`,
        );
        expect(r.status).toBe(200);
        expect(r.body.errors).toBeUndefined();
    });

    it('refuses many aliases', async () => {
        const query = `{ ${Array.from({ length: 200 }, (_, i) => `a${i}: activeChannel { id }`).join(' ')} }`;
        await expectRefused('shop-api', query, 'aliases');
    });

    it('refuses many directives', async () => {
        const query = `{ activeChannel { ${'code @include(if: true) '.repeat(100)} } }`;
        await expectRefused('shop-api', query, 'directives');
    });

    it('refuses a huge token count before parsing, with a 400, not a 500', async () => {
        const query = `{ activeChannel { ${'code '.repeat(20_000)} } }`;
        const r = await expectRefused('shop-api', query, 'tokens');
        expect(r.body.errors![0]!.message).toBe(`Token limit of ${SHOP_API_LIMITS.tokens} exceeded.`);
        await expectRefused('admin-api', `{ activeChannel { ${'code '.repeat(20_000)} } }`, 'tokens', await adminToken());
    });

    it('refuses an expensive but shallow query by its cost', async () => {
        // 10 deep, wide at every level: under the depth limit, over the cost limit
        const wide = (n: number): string =>
            n === 0 ? 'id name slug' : `id name slug parent { ${wide(n - 1)} } children { ${wide(n - 1)} }`;
        await expectRefused('shop-api', `{ collections { items { ${wide(7)} } } }`, 'cost');
    });
});

describe('introspection and field suggestions', () => {
    it('production: refuses introspection and suggests no field names; development: introspection answers (npm run schema)', async () => {
        const intro = await post('shop-api', '{ __schema { queryType { name } } }');
        const misspelt = await post('shop-api', '{ activeChanel { id } }');
        expect(misspelt.status).toBe(400);
        if (production()) {
            expect(intro.status).toBe(400);
            expect(intro.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
            expect(intro.body.data ?? null).toBeNull();
            expect(misspelt.body.errors?.[0]?.message).toBe('Cannot query field "activeChanel" on type "Query".');
            const enumTypo = await post('shop-api', '{ search(input: { sort: { name: ASCC } }) { totalItems } }');
            expect(JSON.stringify(enumTypo.body.errors)).not.toMatch(/Did you mean/);
        } else {
            expect(intro.status).toBe(200);
            expect((intro.body.data as { __schema: { queryType: { name: string } } }).__schema.queryType.name).toBe('Query');
            expect(misspelt.body.errors?.[0]?.message).toMatch(/Did you mean "activeChannel"/);
        }
    });

    it('withoutSuggestions strips every form graphql-js uses', () => {
        expect(withoutSuggestions('Cannot query field "orderStatu" on type "Query". Did you mean "orderStatus"?')).toBe(
            'Cannot query field "orderStatu" on type "Query".',
        );
        expect(withoutSuggestions('Value "ASCC" does not exist in "SortOrder" enum. Did you mean the enum value "ASC"?')).toBe(
            'Value "ASCC" does not exist in "SortOrder" enum.',
        );
        expect(withoutSuggestions('Unknown argument "optins" on field "Query.products". Did you mean "options"?')).toBe(
            'Unknown argument "optins" on field "Query.products".',
        );
    });

    it('makeConfig: introspection off and the suggestion mask on only in production', () => {
        const env = readEnv();
        const dev = makeConfig(env, { synchronize: false }).apiOptions;
        const prod = makeConfig({ ...env, production: true }, { synchronize: false }).apiOptions;
        expect(dev.introspection).toBe(true);
        expect(prod.introspection).toBe(false);
        expect(prod.apolloServerPlugins!.length).toBe(dev.apolloServerPlugins!.length + 1);
        expect(prod.shopApiValidationRules!.length).toBe(4);
        expect(prod.adminApiValidationRules!.length).toBe(4);
    });
});

describe('execution time limit', () => {
    /** Drives the plugin's hooks as Apollo does, on a fake clock. */
    async function fieldHook(path: string, limitMs: { shop: number; admin: number }, clock: { t: number }) {
        const plugin = executionDeadlinePlugin({ limitMs, adminApiPath: 'admin-api', now: () => clock.t });
        const rc = { contextValue: { req: { originalUrl: path } } } as never;
        const listener = await plugin.requestDidStart!(rc);
        if (!listener) return undefined;
        const execution = await listener.executionDidStart!(rc);
        return { resolve: () => (execution as { willResolveField: (x: unknown) => unknown }).willResolveField({}), listener };
    }

    it('lets fields resolve until the deadline, then stops every further one with EXECUTION_TIME_LIMIT', async () => {
        const clock = { t: 1000 };
        const run = (await fieldHook('/shop-api', { shop: 5000, admin: 30_000 }, clock))!;
        expect(() => run.resolve()).not.toThrow();
        clock.t += 4999;
        expect(() => run.resolve()).not.toThrow();
        clock.t += 2;
        let error: unknown;
        try {
            run.resolve();
        } catch (e) {
            error = e;
        }
        expect((error as { extensions: { code: string } }).extensions.code).toBe(EXECUTION_TIME_LIMIT);
        expect((error as Error).message).toMatch(/limit of 5000 ms/);
        // once stopped, stopped (even if the clock were to go back)
        clock.t = 0;
        expect(() => run.resolve()).toThrow();
    });

    it('uses the Admin API its own limit, and 0 means none', async () => {
        const clock = { t: 0 };
        const admin = (await fieldHook('/admin-api?languageCode=pl', { shop: 5000, admin: 30_000 }, clock))!;
        clock.t = 29_000;
        expect(() => admin.resolve()).not.toThrow();
        clock.t = 30_001;
        expect(() => admin.resolve()).toThrow(/30000 ms/);
        expect(await fieldHook('/shop-api', { shop: 0, admin: 30_000 }, clock)).toBeUndefined();
    });

    it('answers one error for the request, not one per field', async () => {
        const clock = { t: 0 };
        const run = (await fieldHook('/shop-api', { shop: 10, admin: 10 }, clock))!;
        const timeout = { message: 'x', extensions: { code: EXECUTION_TIME_LIMIT } };
        const other = { message: 'y', extensions: { code: 'FORBIDDEN' } };
        const response = {
            body: { kind: 'single', singleResult: { data: null, errors: [timeout, other, { ...timeout }, { ...timeout }] } },
        };
        await run.listener.willSendResponse!({ response } as never);
        expect(response.body.singleResult.errors).toEqual([timeout, other]);
    });

    it('the configured limits (defaults 5 s and 30 s) leave normal requests alone', async () => {
        const env = readEnv();
        expect(env.shopApiTimeLimitMs).toBe(Number(process.env.SHOP_API_TIME_LIMIT_MS || 5000));
        expect(env.adminApiTimeLimitMs).toBe(Number(process.env.ADMIN_API_TIME_LIMIT_MS || 30_000));
        const r = await post('shop-api', '{ products(options: { take: 20 }) { items { id name variants { id priceWithTax } } } }');
        expect(r.status).toBe(200);
        expect(r.body.errors).toBeUndefined();
    });
});

describe('PostgreSQL statement_timeout', () => {
    const postgresEnv = () => ({
        ...readEnv(),
        database: { host: '127.0.0.1', port: 5432, username: 'u', password: 'p', database: 'd' },
    });

    it("the production profile's pool sets statement_timeout and idle_in_transaction_session_timeout (defaults 15 s, 60 s)", () => {
        const options = makeConfig(postgresEnv(), { synchronize: false }).dbConnectionOptions as { extra: Record<string, unknown> };
        expect(options.extra.statement_timeout).toBe(15_000);
        expect(options.extra.idle_in_transaction_session_timeout).toBe(60_000);
        const tuned = makeConfig({ ...postgresEnv(), dbStatementTimeoutMs: 250, dbIdleInTransactionTimeoutMs: 0 }, { synchronize: false })
            .dbConnectionOptions as { extra: Record<string, unknown> };
        expect(tuned.extra.statement_timeout).toBe(250);
        expect(tuned.extra.idle_in_transaction_session_timeout).toBe(0);
    });

    it.runIf(inject('databaseUrl') !== '')(
        'PostgreSQL cancels a longer statement (57014) on a connection made with those options',
        async () => {
            const { extra } = makeConfig({ ...postgresEnv(), dbStatementTimeoutMs: 200 }, { synchronize: false }).dbConnectionOptions as {
                extra: pg.ClientConfig;
            };
            const client = new pg.Client({ ...extra, connectionString: inject('databaseUrl') });
            await client.connect();
            try {
                expect((await client.query('SHOW statement_timeout')).rows[0]).toEqual({ statement_timeout: '200ms' });
                const error = await client.query('SELECT pg_sleep(2)').then(
                    () => undefined,
                    (e: { code?: string }) => e,
                );
                expect(error?.code).toBe('57014');
                // the connection stays usable
                expect((await client.query('SELECT 1 AS one')).rows[0]).toEqual({ one: 1 });
            } finally {
                await client.end();
            }
        },
    );
});
