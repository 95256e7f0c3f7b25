/**
 * A time limit per request on the backend's own work: the deadline is set when execution starts and
 * checked before every field resolver; once it has passed, each further field fails with one error
 * (code EXECUTION_TIME_LIMIT), so no more resolvers run and the request ends. A resolver already
 * waiting on the database is bounded by PostgreSQL's statement_timeout (vendure-config.ts). The
 * worker's own timeout does not stop the backend, this does. Decision 103.
 */
import { GraphQLError } from 'graphql';
import { type ApiName, type ApolloPlugin, apiOfRequest } from './api-of-request';

export const EXECUTION_TIME_LIMIT = 'EXECUTION_TIME_LIMIT';

export interface ExecutionDeadlineOptions {
    /** milliseconds per API; 0 = no limit */
    limitMs: Record<ApiName, number>;
    adminApiPath: string;
    /** the clock (tests give their own) */
    now?: () => number;
}

export function executionDeadlinePlugin(options: ExecutionDeadlineOptions): ApolloPlugin {
    const now = options.now ?? (() => performance.now());
    return {
        async requestDidStart(requestContext) {
            const limit = options.limitMs[apiOfRequest(requestContext, options.adminApiPath)];
            if (!limit) return;
            return {
                async executionDidStart() {
                    const deadline = now() + limit;
                    let exceeded = false;
                    return {
                        willResolveField() {
                            if (exceeded || now() > deadline) {
                                exceeded = true;
                                throw new GraphQLError(`The request took longer than the server's limit of ${limit} ms and was stopped.`, {
                                    extensions: { code: EXECUTION_TIME_LIMIT },
                                });
                            }
                        },
                    };
                },
                async willSendResponse({ response }) {
                    // one error for the request, not one per field that was not resolved
                    if (response.body.kind !== 'single') return;
                    const errors = response.body.singleResult.errors;
                    const first = errors?.findIndex(e => e.extensions?.code === EXECUTION_TIME_LIMIT) ?? -1;
                    if (errors && first >= 0)
                        response.body.singleResult.errors = errors.filter(
                            (e, i) => i === first || e.extensions?.code !== EXECUTION_TIME_LIMIT,
                        );
                },
            };
        },
    };
}
