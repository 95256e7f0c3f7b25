/**
 * The production profile's own promises (TEST_PROFILE=production only; the other backend tests
 * run against it too): the committed migrations match the entities, and a wrong database URL,
 * an unreachable PostgreSQL or Redis, a refused configuration or a failing migration stop a
 * process with one clear line and exit code 1, within seconds.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { Client } from 'pg';
import { describe, expect, inject, it } from 'vitest';

const DIST = path.resolve(__dirname, '../../dist/src/production');

function run(script: string, args: string[], env: Record<string, string>) {
    const started = Date.now();
    const r = spawnSync(process.execPath, [path.join(DIST, script), ...args], {
        env: { PATH: process.env.PATH ?? '', VENDURE_DISABLE_TELEMETRY: 'true', ...env },
        encoding: 'utf8',
        timeout: 60_000,
    });
    const lines = `${r.stderr}`.trim().split('\n').filter(Boolean);
    return { status: r.status, lines, ms: Date.now() - started };
}

describe('production profile', () => {
    it('the committed migrations make exactly the schema the entities describe', () => {
        const r = run('migrate.js', ['check'], { DATABASE_URL: inject('databaseUrl') });
        expect(r.lines.at(-1)).toBe('[migrate] the schema matches the entities');
        expect(r.status).toBe(0);
    });

    it('an API server refuses a database URL that is not PostgreSQL, in one line', () => {
        const r = run('api-server.js', [], { DATABASE_URL: 'mysql://shop:pw@127.0.0.1:3306/shop' });
        expect(r.status).toBe(1);
        expect(r.lines).toEqual(['[backend] start failed: DATABASE_URL must start with postgres://, got "mysql://…"']);
    });

    it('an API server stops within seconds when PostgreSQL is not reachable', () => {
        const r = run('api-server.js', [], { DATABASE_URL: 'postgres://psiaki:x@127.0.0.1:1/psiaki' });
        expect(r.status).toBe(1);
        expect(r.lines).toHaveLength(1);
        expect(r.lines[0]).toMatch(
            /^\[backend\] start failed: PostgreSQL at psiaki@127\.0\.0\.1:1\/psiaki is not reachable: .*ECONNREFUSED/,
        );
        expect(r.ms).toBeLessThan(15_000);
    });

    it('the worker stops within seconds when Redis is down', () => {
        const r = run('job-worker.js', [], { DATABASE_URL: inject('databaseUrl'), REDIS_URL: 'redis://127.0.0.1:1/0' });
        expect(r.status).toBe(1);
        expect(r.lines).toEqual([expect.stringMatching(/^\[worker\] start failed: Redis at 127\.0\.0\.1:1\/0 is not reachable/)]);
        expect(r.ms).toBeLessThan(15_000);
    });

    it('production refuses the development superadmin, the demo staff password, the gateway key and a missing order-link key', () => {
        const r = run('api-server.js', [], {
            NODE_ENV: 'production',
            DATABASE_URL: inject('databaseUrl'),
            REDIS_URL: 'redis://127.0.0.1:1/0',
            SMTP_URL: 'smtp://127.0.0.1:2525',
            STOREFRONT_URL: 'http://127.0.0.1:8787',
            PAYMENT_GATEWAY_URL: 'http://127.0.0.1:3001/gateway',
            P24_MERCHANT_ID: '100001',
            P24_API_KEY: 'dev-only-p24-api-key-not-for-production',
            P24_CRC: 'dev-only-p24-crc-not-for-production',
            BANK_ACCOUNT_NUMBER: 'PL00',
            BANK_RECIPIENT: 'x',
            BANK_NAME: 'y',
            BACKEND_STAFF_PASSWORD: 'Obsluga1234!',
        });
        expect(r.status).toBe(1);
        expect(r.lines).toHaveLength(1);
        expect(r.lines[0]).toContain('production configuration refused');
        expect(r.lines[0]).toContain('BACKEND_STAFF_PASSWORD must not be the demo staff password');
        expect(r.lines[0]).toContain('must not be the development superadmin/superadmin');
        expect(r.lines[0]).toContain('P24_CRC must be set to the CRC key from the Przelewy24 panel');
        expect(r.lines[0]).toContain('P24_API_KEY must be set to the REST API key');
        expect(r.lines[0]).toContain('ORDER_LINK_SECRET must be set to a random value of at least 32 characters');
        expect(r.lines[0]).toContain('SHOP_API_SECRET must be set to a random value of at least 32 characters');
    });

    it('a migration that fails stops with its reason, and an API server refuses the half-migrated database', async () => {
        const url = new URL(inject('databaseUrl'));
        const admin = new Client({ connectionString: url.toString() });
        await admin.connect();
        await admin.query('DROP DATABASE IF EXISTS broken');
        await admin.query('CREATE DATABASE broken');
        await admin.end();
        url.pathname = '/broken';
        // a table in the way of the first migration
        const broken = new Client({ connectionString: url.toString() });
        await broken.connect();
        await broken.query('CREATE TABLE "collection_asset" (id int)');
        await broken.end();

        const migrate = run('migrate.js', ['run'], { DATABASE_URL: url.toString() });
        expect(migrate.status).toBe(1);
        expect(migrate.lines.at(-1)).toMatch(/^\[migrate\] migration failed: relation "collection_asset" already exists/);

        const server = run('api-server.js', [], { DATABASE_URL: url.toString() });
        expect(server.status).toBe(1);
        expect(server.lines).toEqual([
            expect.stringMatching(/^\[backend\] start failed: the database has 0 of \d+ migrations: run "npm run migrations -- run" first/),
        ]);
    });
});
