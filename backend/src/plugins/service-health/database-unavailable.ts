/**
 * A request that failed because PostgreSQL could not be reached (restarting, failing over, down)
 * answers HTTP 503 with `Retry-After`, not a 200 carrying the driver's error (issue 43, decision 114):
 * the storefront then shows its "try again" screen or a stale copy, the balancer retries an
 * idempotent request on the other server, and the socket address of the database stays inside.
 */
import { GraphQLError } from 'graphql';
import type { ApolloPlugin } from '../../api-limits/api-of-request';

export const DATABASE_UNAVAILABLE = 'SERVICE_UNAVAILABLE';
export const RETRY_AFTER_SECONDS = 5;

/** Socket failures and PostgreSQL's codes for "not now": admin shutdown, crash shutdown, starting up, connection exceptions. */
const CODES = new Set([
    'ECONNREFUSED',
    'ECONNRESET',
    'EPIPE',
    'ETIMEDOUT',
    '57P01',
    '57P02',
    '57P03',
    '08000',
    '08001',
    '08003',
    '08004',
    '08006',
]);
/** node-postgres's own messages for a lost or refused connection (they carry no code) */
const MESSAGES =
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is not established|the database system is (starting up|shutting down|in recovery)/i;

/** Whether `error` (or what it wraps: GraphQL's originalError, TypeORM's driverError, a cause) is the database out of reach. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
    if (!error || typeof error !== 'object' || depth > 5) return false;
    const e = error as { code?: unknown; message?: unknown; originalError?: unknown; driverError?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
    return [e.originalError, e.driverError, e.cause].some(inner => isDatabaseUnavailable(inner, depth + 1));
}

export function databaseUnavailablePlugin(): ApolloPlugin {
    return {
        async requestDidStart() {
            let unavailable = false;
            return {
                async didEncounterErrors({ errors }) {
                    if (errors.some(e => isDatabaseUnavailable(e))) unavailable = true;
                },
                async willSendResponse({ response }) {
                    if (!unavailable) return;
                    response.http.status = 503;
                    response.http.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
                    response.http.headers.set('cache-control', 'no-store');
                    if (response.body.kind === 'single')
                        response.body.singleResult = {
                            errors: [
                                new GraphQLError('Sklep chwilowo nie ma połączenia z bazą danych. Spróbuj ponownie za kilka sekund.', {
                                    extensions: { code: DATABASE_UNAVAILABLE, retryAfterSeconds: RETRY_AFTER_SECONDS },
                                }).toJSON(),
                            ],
                        };
                },
            };
        },
    };
}
