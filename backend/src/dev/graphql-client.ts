/**
 * A tiny GraphQL-over-HTTP client with bearer-token sessions, used by the seed (demo customer and
 * orders through the real Shop API), the schema script and the tests.
 *
 * Results are typed by the caller: `session.query<{ product: { id: string } | null }>(text, vars)`,
 * or once per document with `typed<Data, Variables>(text)`. A query given no type gets `unknown`.
 */

/** One entry of the `errors` of a GraphQL response. */
export interface GraphQLErrorEntry {
    message: string;
    path?: Array<string | number>;
    extensions?: Record<string, unknown>;
}

/** The body of a GraphQL response. */
export interface GraphQLResponse<TData> {
    data?: TData | null;
    errors?: GraphQLErrorEntry[];
}

export type Variables = Record<string, unknown>;

declare const dataType: unique symbol;
declare const variablesType: unique symbol;

/** Query text that carries the type of its `data` and of its variables (see `typed`). */
export type TypedDocument<TData, TVariables extends object = Variables> = string & {
    readonly [dataType]?: TData;
    readonly [variablesType]?: TVariables;
};

/** Attaches the result and variable types to a query text, for a document used more than once. */
export function typed<TData, TVariables extends object = Variables>(text: string): TypedDocument<TData, TVariables> {
    return text;
}

/** The `... on ErrorResult { errorCode message }` part of a union result. */
export interface ErrorResult {
    errorCode: string;
    message?: string;
}

/**
 * A union field queried with one fragment per member (`... on Order { … } ... on ErrorResult { … }`):
 * either the fields of `T` or those of `E`, the other member's fields absent. Reading `errorCode`
 * (or an Order field) is allowed on both and may give `undefined`; `ok()` narrows to `T`.
 */
export type OrError<T extends object, E extends object = ErrorResult> =
    (T & { [K in Exclude<keyof E, keyof T>]?: undefined }) | (E & { [K in Exclude<keyof T, keyof E>]?: undefined });

export class GraphQLError extends Error {
    constructor(
        message: string,
        public errors: GraphQLErrorEntry[],
    ) {
        super(message);
    }
}

/** The header the Shop API's secret travels in (plugins/account-security, decision 105). */
const SHOP_API_SECRET_HEADER = 'x-shop-api-secret';

export class GqlSession {
    token: string | undefined;
    /** sent with every request: by default the Shop API's secret when this process has one (SHOP_API_SECRET) */
    headers: Record<string, string>;

    /**
     * `headers`: extra request headers. Without them, a process that runs with the backend's
     * environment (the seed, the tests of the production profile) sends its SHOP_API_SECRET, as
     * the storefront worker does; the Admin API ignores it.
     */
    constructor(
        public url: string,
        token?: string,
        headers?: Record<string, string>,
    ) {
        this.token = token;
        const secret = process.env.SHOP_API_SECRET?.trim();
        this.headers = headers ?? (secret ? { [SHOP_API_SECRET_HEADER]: secret } : {});
    }

    /** Sends a query; throws GraphQLError on `errors`, returns `data`. */
    async query<TData, TVariables extends object = Variables>(
        query: TypedDocument<TData, TVariables>,
        variables?: TVariables,
    ): Promise<TData> {
        const res = await this.raw(query, variables);
        if (res.errors?.length) {
            throw new GraphQLError(res.errors.map(e => e.message).join('; '), res.errors);
        }
        if (res.data == null) throw new Error(`No data in the response from ${this.url}`);
        return res.data;
    }

    /** Sends a query and returns the whole response body ({ data, errors }). */
    async raw<TData, TVariables extends object = Variables>(
        query: TypedDocument<TData, TVariables>,
        variables?: TVariables,
    ): Promise<GraphQLResponse<TData>> {
        const headers: Record<string, string> = { ...this.headers, 'content-type': 'application/json' };
        if (this.token) headers.authorization = `Bearer ${this.token}`;
        const response = await fetch(this.url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
        const newToken = response.headers.get('vendure-auth-token');
        if (newToken) this.token = newToken;
        const text = await response.text();
        try {
            return JSON.parse(text) as GraphQLResponse<TData>;
        } catch {
            throw new Error(`Non-JSON response ${response.status} from ${this.url}: ${text.slice(0, 200)}`);
        }
    }
}

/**
 * Throws when a mutation returned an ErrorResult (an object with a truthy errorCode: a GraphQL
 * error member, or one of Vendure's ErrorResult classes); otherwise returns the result, narrowed to
 * its success member.
 */
export function ok<T extends object>(result: T, what: string): Exclude<T, { errorCode: string }> {
    if (result && typeof result === 'object' && 'errorCode' in result && result.errorCode) {
        const message = 'message' in result && result.message != null ? String(result.message) : '';
        throw new Error(`${what}: ${String(result.errorCode)} ${message}`);
    }
    return result as Exclude<T, { errorCode: string }>;
}
