/**
 * The state of the services an API server or the job worker depends on (issue 43, decision 114):
 * PostgreSQL (a `SELECT 1`) and Redis (a `PING`), each with a short timeout, so a lost service is
 * reported within about a second instead of hanging the report.
 */
import IORedis from 'ioredis';
import type { RedisUrl } from '../../env';
import { cacheRedisOptions } from '../../redis-options';

export type ServiceState = { status: 'up'; ms: number } | { status: 'down'; message: string };

export interface ServicesReport {
    /** 'ok': every service answers; 'degraded': at least one does not (the shop runs on, with less) */
    status: 'ok' | 'degraded';
    database: ServiceState;
    /** absent where the process runs without Redis (development) */
    redis?: ServiceState;
}

export const CHECK_TIMEOUT_MS = 1000;

async function timed(check: () => Promise<unknown>, timeoutMs: number): Promise<ServiceState> {
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    try {
        await Promise.race([
            check(),
            new Promise((_, reject) => {
                timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
            }),
        ]);
        return { status: 'up', ms: Date.now() - started };
    } catch (e) {
        return { status: 'down', message: (e as Error).message || String(e) };
    } finally {
        clearTimeout(timer);
    }
}

/** A Redis client for the checks only: like the cache's, a call while disconnected fails at once. */
export function redisForChecks(redis: RedisUrl): IORedis {
    const client = new IORedis({ ...cacheRedisOptions(redis), commandTimeout: CHECK_TIMEOUT_MS });
    // its connection errors are what the report and the log lines say; not logged once per retry
    client.on('error', () => undefined);
    return client;
}

export async function checkServices(query: (sql: string) => Promise<unknown>, redis: IORedis | undefined): Promise<ServicesReport> {
    const [database, redisState] = await Promise.all([
        timed(() => query('SELECT 1'), CHECK_TIMEOUT_MS),
        redis
            ? timed(async () => {
                  const pong = await redis.ping();
                  if (pong !== 'PONG') throw new Error(`PING answered ${pong}`);
              }, CHECK_TIMEOUT_MS)
            : Promise.resolve(undefined),
    ]);
    const down = database.status === 'down' || redisState?.status === 'down';
    return { status: down ? 'degraded' : 'ok', database, ...(redisState ? { redis: redisState } : {}) };
}

/**
 * One line per change of a service's state, for the operator's log (and any alert reading it):
 * `[health] Redis lost: …` when it stops answering, `[health] Redis back after 4.2 s` when it
 * answers again.
 */
export class ServiceWatch {
    private lostAt = new Map<string, number>();

    constructor(private write: (line: string) => void) {}

    observe(report: ServicesReport, now = Date.now()): void {
        const named: Array<[string, ServiceState | undefined]> = [
            ['PostgreSQL', report.database],
            ['Redis', report.redis],
        ];
        for (const [name, state] of named) {
            if (!state) continue;
            const since = this.lostAt.get(name);
            if (state.status === 'down' && since === undefined) {
                this.lostAt.set(name, now);
                this.write(`[health] ${name} lost: ${state.message}`);
            } else if (state.status === 'up' && since !== undefined) {
                this.lostAt.delete(name);
                this.write(`[health] ${name} back after ${((now - since) / 1000).toFixed(1)} s`);
            }
        }
    }
}
