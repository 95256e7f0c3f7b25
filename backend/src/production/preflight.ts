/**
 * Checks of the production profile's services before Vendure starts, so that a wrong
 * DATABASE_URL, a stopped PostgreSQL or Redis, or a database without its migrations stops the
 * start within seconds with one line saying which and why (Vendure/TypeORM would otherwise retry
 * for half a minute and print a stack).
 */
import { Client } from 'pg';
import IORedis from 'ioredis';
import { ConfigError, type PostgresUrl, type RedisUrl } from '../env';

function clientOf(db: PostgresUrl): Client {
    return new Client({
        host: db.host,
        port: db.port,
        user: db.username,
        password: db.password,
        database: db.database,
        connectionTimeoutMillis: 5000,
    });
}

export async function checkPostgres(db: PostgresUrl): Promise<void> {
    const client = clientOf(db);
    const where = `${db.username}@${db.host}:${db.port}/${db.database}`;
    try {
        await client.connect();
        await client.query('SELECT 1');
    } catch (e) {
        throw new ConfigError(`PostgreSQL at ${where} is not reachable: ${(e as Error).message || (e as { code?: string }).code}`);
    } finally {
        await client.end().catch(() => undefined);
    }
}

/** Names of the migrations in the database's `migrations` table (empty when it has none yet). */
export async function appliedMigrations(db: PostgresUrl): Promise<string[]> {
    const client = clientOf(db);
    await client.connect();
    try {
        const exists = await client.query(`SELECT to_regclass('public.migrations') AS t`);
        if (!exists.rows[0].t) return [];
        const rows = await client.query('SELECT name FROM migrations ORDER BY id');
        return rows.rows.map(r => String(r.name));
    } finally {
        await client.end().catch(() => undefined);
    }
}

export async function checkRedis(redis: RedisUrl): Promise<void> {
    const client = new IORedis({
        host: redis.host,
        port: redis.port,
        password: redis.password,
        db: redis.db,
        lazyConnect: true,
        connectTimeout: 3000,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
    });
    client.on('error', () => undefined);
    try {
        await client.connect();
        const pong = await client.ping();
        if (pong !== 'PONG') throw new Error(`PING answered ${pong}`);
    } catch (e) {
        throw new ConfigError(`Redis at ${redis.host}:${redis.port}/${redis.db} is not reachable: ${(e as Error).message}`);
    } finally {
        client.disconnect();
    }
}
