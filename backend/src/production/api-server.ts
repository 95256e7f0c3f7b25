/**
 * One API server of the production profile (PostgreSQL, Redis, SMTP): Shop API, Admin API and
 * assets; it queues jobs but never runs them (that is job-worker.ts). Several run side by side
 * behind the load balancer; they share nothing but the database, Redis and the asset storage.
 *   node backend/dist/src/production/api-server.js   (env: see src/env.ts; BACKEND_PORT)
 * Prints `API READY http://host:port` when the Shop API answers. SIGTERM/SIGINT: stops accepting
 * connections, finishes the requests in flight (up to 10 s), then exits 0.
 */
process.env.VENDURE_DISABLE_TELEMETRY = 'true';

import { type INestApplication } from '@nestjs/common';
import { bootstrap, NativeAuthenticationMethod, PasswordCipher, TransactionalConnection } from '@vendure/core';
import { ConfigError, DEMO_STAFF, readEnv } from '../env';
import { makeConfig, MIGRATIONS_GLOB } from '../vendure-config';
import { waitForShopApi } from '../dev/util';
import { appliedMigrations, checkPostgres, checkRedis } from './preflight';
import * as fs from 'fs';
import * as path from 'path';

/** Refuses a database that misses committed migrations (a server would fail on missing columns). */
export async function requireMigrated(env: ReturnType<typeof readEnv>): Promise<void> {
    if (!env.database) throw new ConfigError('DATABASE_URL must be set for the production profile');
    await checkPostgres(env.database);
    if (env.redis) await checkRedis(env.redis);
    const dir = path.dirname(MIGRATIONS_GLOB);
    const committed = fs.existsSync(dir) ? fs.readdirSync(dir).filter(f => f.endsWith('.js')).length : 0;
    const applied = (await appliedMigrations(env.database)).length;
    if (applied < committed)
        throw new ConfigError(`the database has ${applied} of ${committed} migrations: run "npm run migrations -- run" first`);
}

/**
 * Refuses a database in which the demo staff account (seeded for development, README) still logs in
 * with the demo password: a production shop must not have a staff login printed in the README.
 */
export async function refuseDemoStaffPassword(app: INestApplication): Promise<void> {
    const method = await app
        .get(TransactionalConnection)
        .rawConnection.getRepository(NativeAuthenticationMethod)
        .findOne({ where: { identifier: DEMO_STAFF.identifier }, select: { id: true, passwordHash: true } });
    if (method && (await app.get(PasswordCipher).check(DEMO_STAFF.password, method.passwordHash)))
        throw new ConfigError(
            `the staff account ${DEMO_STAFF.identifier} still has the demo password from the README: change it (Dashboard, Administratorzy) or set BACKEND_STAFF_PASSWORD before seeding`,
        );
}

export function onStop(close: () => Promise<unknown>, graceMs = 10_000): void {
    let stopping = false;
    const stop = (signal: string) => {
        if (stopping) return;
        stopping = true;
        process.stderr.write(`[backend] ${signal}: finishing requests in flight, then stopping\n`);
        setTimeout(() => process.exit(0), graceMs).unref();
        close().finally(() => process.exit(0));
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
}

async function main() {
    const env = readEnv();
    await requireMigrated(env);
    const app = await bootstrap(makeConfig(env, { synchronize: false }));
    if (env.production)
        await refuseDemoStaffPassword(app).catch(async err => {
            await app.close();
            throw err;
        });
    onStop(() => app.close());
    const base = `http://${env.host}:${env.port}`;
    await waitForShopApi(`${base}/shop-api`, env.shopApiSecret);
    process.stdout.write(`API READY ${base} pid=${process.pid}\n`);
}

if (require.main === module) {
    main().catch(err => {
        process.stderr.write(`[backend] start failed: ${err instanceof ConfigError ? err.message : (err?.stack ?? err)}\n`);
        process.exit(1);
    });
}
