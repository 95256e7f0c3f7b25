import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../src/dev/ports';
import { DEMO_STAFF, DEV_INPOST, DEV_KSEF, DEV_ORDER_LINK_SECRET, DEV_P24, DEV_SUPERADMIN } from '../src/env';

declare module 'vitest' {
    export interface ProvidedContext {
        backendUrl: string;
        blogUrl: string;
        mailboxUrl: string;
        /** TEST_PROFILE=production: the database URL of the stack (schema check) */
        databaseUrl: string;
        /** superadmin `user:password` of the Admin API */
        adminLogin: string;
        /** the seeded staff account (role 'Obsługa sklepu') `user:password` */
        staffLogin: string;
        /** the P24 CRC key the backend and the stand-in share (signs notifications) */
        gatewaySecret: string;
        /** ORDER_LINK_SECRET of the backend under test (signs the order status links; tests sign expired ones) */
        orderLinkSecret: string;
        storefrontUrl: string;
        /** the production profile's SHOP_API_SECRET (the Shop API answers only with it); '' on SQLite (no check) */
        shopApiSecret: string;
        /** INPOST_ORGANIZATION_ID and INPOST_WEBHOOK_SECRET of the backend under test (decision 113) */
        inpost: { organizationId: number; webhookSecret: string; token: string };
        /** the invoices' seller NIP, also the KSeF stand-in's taxpayer (decisions 116, 117) */
        sellerNip: string;
        /** LOGIN_FAILURE_LIMIT and LOGIN_FAILURE_WINDOW_SECONDS of the backend under test */
        loginFailures: { limit: number; windowSeconds: number };
    }
}

/**
 * Failed logins per account (decision 105): the production limit, but a window of 20 s instead of
 * 15 min, so a test can see a block end. LOGIN_FAILURE_WINDOW_SECONDS in the environment overrides it.
 */
/**
 * The balancer's limits on the Admin API (decision 105) skip the tests' own address: the suite
 * logs in as the superadmin dozens of times a minute. The limits' own test calls from 127.0.0.2….
 */
const TRUSTED = ['--trusted-address', '127.0.0.1'];

const LOGIN_FAILURES = {
    limit: Number(process.env.LOGIN_FAILURE_LIMIT || 20),
    windowSeconds: Number(process.env.LOGIN_FAILURE_WINDOW_SECONDS || 20),
};
const loginEnv = {
    LOGIN_FAILURE_LIMIT: String(LOGIN_FAILURES.limit),
    LOGIN_FAILURE_WINDOW_SECONDS: String(LOGIN_FAILURES.windowSeconds),
};
/** Every API response says how many SQL statements it cost (`x-sql-statements`): test/sql-budgets.test.ts. */
const sqlCountEnv = { SQL_STATEMENT_COUNT: '1' };
/** The ShipX poll (decision 113) every 2 s, so a test sees it pick up a missed webhook. */
const inpostEnv = { INPOST_POLL_SECONDS: '2' };
/**
 * The online payments' reconciliation every 2 s for sessions at least 20 s old: checkout.test.ts
 * waits for it; the notification tests, done within seconds, send their own notifications first.
 */
const reconcileEnv = { P24_RECONCILE_SECONDS: '2', P24_RECONCILE_MIN_AGE_SECONDS: '20' };
/**
 * KSeF (decision 117): waiting submissions picked up every second and retried after 1 s, 2 s, 4 s…
 * (production: every minute, from 60 s up to 6 h), so ksef.test.ts sees an outage end.
 */
const ksefEnv = { KSEF_POLL_SECONDS: '1', KSEF_RETRY_BASE_SECONDS: '1' };

const BACKEND = path.resolve(__dirname, '..');
let child: ChildProcess | undefined;
let dir: string | undefined;

/** Waits for the start contract's lines on a child's stdout; rejects if it exits first. */
function readyLines(proc: ChildProcess, names: string[]): Promise<Record<string, string>> {
    return new Promise((resolve, reject) => {
        let out = '';
        proc.stdout!.on('data', d => {
            out += d;
            const found = Object.fromEntries(names.map(n => [n, new RegExp(`${n} (\\S+)`).exec(out)?.[1]]));
            if (names.every(n => found[n])) resolve(found as Record<string, string>);
        });
        proc.on('exit', code => reject(new Error(`backend exited with ${code}`)));
    });
}

/**
 * TEST_PROFILE=production: the production-shaped core (PostgreSQL, Redis, worker, two API servers
 * behind HAProxy, SMTP sink) through `npm run start:production`'s own script, on free ports and
 * a copy of the seeded template.
 */
async function setupProduction(project: TestProject): Promise<void> {
    const root = path.resolve(BACKEND, '..');
    child = spawn(
        path.join(root, 'node_modules/.bin/tsx'),
        [
            path.join(root, 'scripts/production/start-production.ts'),
            '--backend-only',
            '--free-ports',
            '--fresh',
            '--notify-backend',
            ...TRUSTED,
        ],
        {
            cwd: root,
            env: { ...process.env, ...loginEnv, ...sqlCountEnv, ...inpostEnv, ...reconcileEnv, ...ksefEnv },
            stdio: ['ignore', 'pipe', 'inherit'],
            detached: true,
        },
    );
    const lines = await readyLines(child, [
        'BACKEND READY',
        'BLOG READY',
        'MAILBOX READY',
        'STOREFRONT PORT',
        'DATABASE',
        'ADMIN',
        'GATEWAY_SECRET',
        'ORDER_LINK_SECRET',
        'SHOP_API_SECRET',
        'STAFF',
        'INPOST',
        'INVOICE_SELLER',
    ]);
    project.provide('backendUrl', lines['BACKEND READY']);
    project.provide('blogUrl', lines['BLOG READY']);
    project.provide('mailboxUrl', lines['MAILBOX READY']);
    project.provide('databaseUrl', lines['DATABASE']);
    project.provide('adminLogin', lines['ADMIN']);
    project.provide('staffLogin', lines['STAFF']);
    project.provide('gatewaySecret', lines['GATEWAY_SECRET']);
    project.provide('orderLinkSecret', lines['ORDER_LINK_SECRET']);
    project.provide('storefrontUrl', `http://127.0.0.1:${lines['STOREFRONT PORT']}`);
    project.provide('shopApiSecret', lines['SHOP_API_SECRET']);
    project.provide('loginFailures', LOGIN_FAILURES);
    const [organizationId, webhookSecret, token] = lines['INPOST']!.split(':');
    project.provide('inpost', { organizationId: Number(organizationId), webhookSecret: webhookSecret!, token: token! });
    project.provide('sellerNip', lines['INVOICE_SELLER']!);
    // the tests' own Shop API calls (GqlSession) send it, as the storefront worker does
    process.env.SHOP_API_SECRET = lines['SHOP_API_SECRET'];
}

/** Builds backend/ if stale, then starts `node dist/start.js` with a fresh template copy. */
export async function setup(project: TestProject): Promise<void> {
    if (process.env.TEST_PROFILE === 'production') return setupProduction(project);
    const build = spawnSync(process.execPath, [path.join(BACKEND, 'bin', 'run.cjs'), 'ensure-built'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('backend build failed');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psiaki-backend-test-'));
    // a known port, so the gateway stand-in can notify the backend itself (no storefront in these tests)
    const port = await freePort();
    child = spawn(process.execPath, [path.join(BACKEND, 'dist', 'start.js')], {
        env: {
            ...process.env,
            BACKEND_PORT: String(port),
            BLOG_PORT: '0',
            BACKEND_DB: path.join(dir, 'test.sqlite'),
            BACKEND_FRESH: '1',
            PAYMENT_NOTIFY_URL: `http://127.0.0.1:${port}/payments/notify`,
            ...inpostEnv,
            ...reconcileEnv,
            ...ksefEnv,
            ...loginEnv,
            ...sqlCountEnv,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
    });
    const urls = await new Promise<{ backend: string; blog: string }>((resolve, reject) => {
        let out = '';
        child!.stdout!.on('data', d => {
            out += d;
            const b = out.match(/BACKEND READY (http:\/\/\S+)/);
            const g = out.match(/BLOG READY (http:\/\/\S+)/);
            if (b && g) resolve({ backend: b[1], blog: g[1] });
        });
        child!.on('exit', code => reject(new Error(`backend exited with ${code}`)));
    });
    project.provide('backendUrl', urls.backend);
    project.provide('blogUrl', urls.blog);
    project.provide('mailboxUrl', `${urls.backend}/dev-mailbox`);
    project.provide('databaseUrl', '');
    project.provide('adminLogin', `${DEV_SUPERADMIN.identifier}:${DEV_SUPERADMIN.password}`);
    project.provide('staffLogin', `${DEMO_STAFF.identifier}:${DEMO_STAFF.password}`);
    project.provide('gatewaySecret', DEV_P24.crc);
    project.provide('orderLinkSecret', DEV_ORDER_LINK_SECRET);
    project.provide('inpost', {
        organizationId: DEV_INPOST.organizationId,
        webhookSecret: DEV_INPOST.webhookSecret,
        token: DEV_INPOST.token,
    });
    project.provide('sellerNip', DEV_KSEF.nip);
    project.provide('storefrontUrl', 'http://127.0.0.1:8787');
    project.provide('shopApiSecret', '');
    project.provide('loginFailures', LOGIN_FAILURES);
}

export async function teardown(): Promise<void> {
    if (child && child.exitCode === null) {
        const exited = new Promise(r => child!.once('exit', r));
        child.kill('SIGTERM');
        await exited;
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
