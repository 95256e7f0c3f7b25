/**
 * A tiny GraphQL-over-HTTP client with bearer-token sessions, used by the seed (demo customer and
 * orders through the real Shop API), the schema script and the tests.
 */
export class GraphQLError extends Error {
    constructor(
        message: string,
        public errors: Array<{ message: string; extensions?: Record<string, unknown> }>,
    ) {
        super(message);
    }
}

export class GqlSession {
    token: string | undefined;

    constructor(
        public url: string,
        token?: string,
    ) {
        this.token = token;
    }

    /** Sends a query; throws GraphQLError on `errors`, returns `data`. */
    async query<T = any>(query: string, variables?: Record<string, unknown>): Promise<T> {
        const res = await this.raw(query, variables);
        if (res.errors?.length) {
            throw new GraphQLError(res.errors.map((e: any) => e.message).join('; '), res.errors);
        }
        return res.data as T;
    }

    /** Sends a query and returns the whole response body ({ data, errors }). */
    async raw(query: string, variables?: Record<string, unknown>): Promise<{ data?: any; errors?: any[] }> {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (this.token) headers.authorization = `Bearer ${this.token}`;
        const response = await fetch(this.url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
        const newToken = response.headers.get('vendure-auth-token');
        if (newToken) this.token = newToken;
        const text = await response.text();
        try {
            return JSON.parse(text);
        } catch {
            throw new Error(`Non-JSON response ${response.status} from ${this.url}: ${text.slice(0, 200)}`);
        }
    }
}

/** Throws when a mutation returned an ErrorResult (an object with errorCode). */
export function ok<T extends Record<string, any>>(result: T, what: string): T {
    if (result && typeof result === 'object' && 'errorCode' in result && result.errorCode) {
        throw new Error(`${what}: ${result.errorCode} ${result.message ?? ''}`);
    }
    return result;
}
