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
    /** PostgreSQL's WAL archiving into the backups (decision 114); absent where it does not archive */
    archive?: ServiceState;
}

/** What PostgreSQL says of its archiving (pg_stat_archiver), or undefined when archive_mode is off. */
export const ARCHIVER_SQL = `SELECT current_setting('archive_mode') AS mode, failed_count::int AS failed, last_failed_wal, last_failed_time, last_archived_time
  FROM pg_stat_archiver`;

interface ArchiverRow {
    mode: string;
    failed: number;
    last_failed_wal: string | null;
    last_failed_time: Date | null;
    last_archived_time: Date | null;
}

/**
 * Archiving is down when its last attempt failed (the failed segment waits, and every later one
 * behind it: the RPO grows until it works again).
 */
export function archiveState(row: ArchiverRow | undefined, ms: number): ServiceState | undefined {
    if (!row || row.mode === 'off') return undefined;
    const failing = row.last_failed_time && (!row.last_archived_time || row.last_failed_time > row.last_archived_time);
    if (!failing) return { status: 'up', ms };
    const since = row.last_archived_time ? `last archived at ${row.last_archived_time.toISOString()}` : 'nothing archived yet';
    return { status: 'down', message: `WAL segment ${row.last_failed_wal} could not be archived (${row.failed} failures; ${since})` };
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

export async function checkServices(
    query: (sql: string) => Promise<unknown>,
    redis: IORedis | undefined,
    options: { archive?: boolean } = {},
): Promise<ServicesReport> {
    let archiver: ArchiverRow | undefined;
    const [database, redisState] = await Promise.all([
        timed(async () => {
            if (!options.archive) return query('SELECT 1');
            archiver = ((await query(ARCHIVER_SQL)) as ArchiverRow[])[0];
        }, CHECK_TIMEOUT_MS),
        redis
            ? timed(async () => {
                  const pong = await redis.ping();
                  if (pong !== 'PONG') throw new Error(`PING answered ${pong}`);
              }, CHECK_TIMEOUT_MS)
            : Promise.resolve(undefined),
    ]);
    const archive = database.status === 'up' ? archiveState(archiver, database.ms) : undefined;
    const down = database.status === 'down' || redisState?.status === 'down' || archive?.status === 'down';
    return { status: down ? 'degraded' : 'ok', database, ...(redisState ? { redis: redisState } : {}), ...(archive ? { archive } : {}) };
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
            ['WAL archiving', report.archive],
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
