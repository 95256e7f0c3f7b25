import type { RedisUrl } from './env';

/**
 * The shared cache's Redis client (ioredis): a cache, so a call that cannot be answered at once is a
 * miss, never a wait. ioredis's defaults queue commands while disconnected and retry each up to 20
 * times with a growing pause (about 10 s: what made every uncached catalogue read take 12 s while
 * Redis was down). Here: no offline queue (a call while disconnected fails at once), a call that
 * gets no answer in CACHE_COMMAND_TIMEOUT_MS fails (a hung Redis), and the client reconnects every
 * second at most, so the cache is back within about a second of Redis. 500 ms, not less: the
 * timer also runs out when this process's own event loop was busy for that long while the answer
 * waited in the socket, and a missed cache costs SQL statements (backend/test/sql-budgets.test.ts).
 */
export const CACHE_COMMAND_TIMEOUT_MS = 500;
export function cacheRedisOptions(redis: RedisUrl) {
    return {
        host: redis.host,
        port: redis.port,
        password: redis.password,
        db: redis.db,
        enableOfflineQueue: false,
        commandTimeout: CACHE_COMMAND_TIMEOUT_MS,
        connectTimeout: 1000,
        maxRetriesPerRequest: 0,
        retryStrategy: (attempt: number) => Math.min(attempt * 100, 1000),
    };
}
