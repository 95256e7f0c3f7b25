/**
 * The backup drill (issue 43, decision 114), on a production-profile stack of its own: orders are
 * placed, `npm run backup` takes a full backup, a named restore point is made between two orders,
 * an incremental backup follows; the shop is stopped and its database destroyed. `npm run restore`
 * brings back every order, customer, payment, review and withdrawal row for row; `npm run restore
 * -- --to-point` and `-- --to <time>` bring back the state between the two orders: the first kept,
 * the second not; the shop then starts on the restored folder as it is (`npm run start:production`
 * replays the archive to the target and opens the database) and takes the next order. And archiving
 * that fails is reported by `/health/services` and the log.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { GqlSession } from '../../src/dev/graphql-client';
import { addItemOk, checkoutByTransfer, variantBySku } from '../helpers';

const ROOT = path.resolve(__dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
/** What must survive, compared row by row */
const TABLES = ['order', 'order_line', 'customer', 'address', 'payment', 'product_review', 'withdrawal'];

let stack: ChildProcess | undefined;
let dataDir = '';

/** A stack of its own: `--fresh` (a copy of the seeded shop), or on the drill's folder as restored (`--data`). */
async function startStack(on: 'fresh' | 'restored' = 'fresh'): Promise<Record<string, string>> {
    stack = spawn(
        TSX,
        [
            path.join(ROOT, 'scripts/production/start-production.ts'),
            '--backend-only',
            '--free-ports',
            ...(on === 'fresh' ? ['--fresh'] : ['--data', dataDir]),
            '--servers',
            '1',
        ],
        {
            cwd: ROOT,
            env: { ...process.env, KEEP_PRODUCTION_DATA: '1', BACKEND_LOG_LEVEL: 'error' },
            stdio: ['ignore', 'pipe', 'pipe'],
            detached: true,
        },
    );
    const names = ['DATA', 'SHOP_API_SECRET', 'API PORTS', 'BACKEND READY'];
    let out = '';
    let err = '';
    stack.stderr!.on('data', d => (err += d));
    return new Promise((resolve, reject) => {
        stack!.stdout!.on('data', d => {
            out += d;
            const found = Object.fromEntries(names.map(n => [n, new RegExp(`${n} (\\S+)`).exec(out)?.[1]]));
            if (names.every(n => found[n])) resolve(found as Record<string, string>);
        });
        stack!.once('exit', code => reject(new Error(`the drill's stack exited with ${code}: ${err.slice(-2000)}`)));
    });
}

function stopStack(): Promise<void> {
    const child = stack;
    stack = undefined;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise(resolve => {
        child.once('exit', () => resolve());
        // the orchestrator alone: it stops its services in order (a signal to each would have them restarted)
        process.kill(child.pid!, 'SIGTERM');
    });
}

/**
 * `npm run backup|restore -- --data <the drill's folder> …`, its stderr lines. Asynchronous: a blocked
 * event loop would miss the balancer closing idle keep-alive connections and reuse a closed one.
 */
async function npm(script: 'backup' | 'restore', args: string[]): Promise<{ status: number | null; lines: string[]; ms: number }> {
    const started = Date.now();
    const child = spawn(TSX, [path.join(ROOT, `scripts/production/${script}.ts`), '--data', dataDir, ...args], {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', d => (err += d));
    const status = await new Promise<number | null>(resolve => child.once('exit', code => resolve(code)));
    return { status, lines: err.trim().split('\n'), ms: Date.now() - started };
}

const secret = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(readFileSync(path.join(dataDir, 'secrets.env'), 'utf8'))![1]!;

/** Every row of TABLES, as JSON text per table (the order of ids). */
async function rows(port: number): Promise<Record<string, string[]>> {
    const db = new Client({ host: '127.0.0.1', port, user: 'psiaki', password: secret('PG_PASSWORD'), database: 'psiaki' });
    await db.connect();
    try {
        const all: Record<string, string[]> = {};
        for (const t of TABLES) all[t] = (await db.query(`SELECT row_to_json(t)::text AS r FROM "${t}" t ORDER BY id`)).rows.map(r => r.r);
        return all;
    } finally {
        await db.end();
    }
}

/**
 * What one order weighs in the database, for the restore time of a bigger shop: the bytes of its rows
 * (order, lines, payments, history, its guest customer and address, its session) as PostgreSQL
 * stores them, without indexes; and the whole database's size.
 */
async function weights(port: number, code: string): Promise<{ orderBytes: number; databaseBytes: number }> {
    const db = new Client({ host: '127.0.0.1', port, user: 'psiaki', password: secret('PG_PASSWORD'), database: 'psiaki' });
    await db.connect();
    try {
        const r = await db.query(
            `WITH o AS (SELECT * FROM "order" WHERE code = $1)
             SELECT (SELECT sum(pg_column_size(o.*)) FROM o)
                  + coalesce((SELECT sum(pg_column_size(l.*)) FROM order_line l, o WHERE l."orderId" = o.id), 0)
                  + coalesce((SELECT sum(pg_column_size(p.*)) FROM payment p, o WHERE p."orderId" = o.id), 0)
                  + coalesce((SELECT sum(pg_column_size(h.*)) FROM history_entry h, o WHERE h."orderId" = o.id), 0)
                  + coalesce((SELECT sum(pg_column_size(c.*)) FROM customer c, o WHERE c.id = o."customerId"), 0)
                  + coalesce((SELECT sum(pg_column_size(a.*)) FROM address a, o WHERE a."customerId" = o."customerId"), 0)
                  + coalesce((SELECT sum(pg_column_size(s.*)) FROM session s, o WHERE s."activeOrderId" = o.id), 0) AS bytes,
                    pg_database_size(current_database()) AS size`,
            [code],
        );
        return { orderBytes: Number(r.rows[0].bytes), databaseBytes: Number(r.rows[0].size) };
    } finally {
        await db.end();
    }
}

/** PostgreSQL's binaries of Debian's newest installed version (as the profile uses) */
function postgresBin(): string {
    const base = '/usr/lib/postgresql';
    const version = readdirSync(base)
        .filter(v => existsSync(path.join(base, v, 'bin/postgres')))
        .sort((a, b) => Number(b) - Number(a))[0]!;
    return path.join(base, version, 'bin/postgres');
}

/**
 * PostgreSQL alone on the restored cluster (as the database's user; no archiving: a look, not the
 * shop): it replays the archive up to the target and opens; then the rows.
 */
async function restoredRows(): Promise<{ rows: Record<string, string[]>; recoveryMs: number }> {
    const port = 18700 + Math.floor(Math.random() * 100);
    const args = ['-D', path.join(dataDir, 'pg'), '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
    const asRoot = process.getuid?.() === 0;
    const started = Date.now();
    const pg = asRoot
        ? spawn('setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', postgresBin(), ...args], {
              stdio: ['ignore', 'pipe', 'pipe'],
          })
        : spawn(postgresBin(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    await new Promise<void>((resolve, reject) => {
        const seen = (d: Buffer) => {
            log += d;
            if (/database system is ready to accept connections/.test(log)) resolve();
        };
        pg.stdout!.on('data', seen);
        pg.stderr!.on('data', seen);
        pg.once('exit', code => reject(new Error(`PostgreSQL on the restored cluster exited with ${code}: ${log.slice(-1500)}`)));
    });
    const recoveryMs = Date.now() - started;
    try {
        return { rows: await rows(port), recoveryMs };
    } finally {
        await new Promise(resolve => {
            pg.once('exit', resolve);
            pg.kill('SIGINT');
        });
    }
}

async function placeOrder(url: string, shopSecret: string, email: string): Promise<string> {
    const s = new GqlSession(`${url}/shop-api`, undefined, { 'x-shop-api-secret': shopSecret });
    await addItemOk(s, (await variantBySku(s, 'PS-056')).id, 1);
    const placed = await checkoutByTransfer(s, email);
    expect(placed.state).toBe('PaymentAuthorized');
    return placed.code;
}

afterAll(async () => {
    await stopStack();
    if (dataDir && existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * One drill in three steps that run in order and share what they found (a step's timeout is its
 * own: the whole drill, two shop starts, four backups and three restores, takes minutes on a loaded
 * machine). A step finds the previous one's results or fails at once.
 */
describe('backup drill (production profile)', () => {
    const STEP_TIMEOUT = 300_000;
    const t0 = Date.now();
    /** Where the drill is, with the time since it began: a step that times out shows how far it came. */
    const mark = (what: string) => console.log(`[backup drill] ${what} at ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    let shopSecret = '';
    let orders: { before: string; first: string; second: string } | undefined;
    let live: Record<string, string[]> = {};
    let weight = { orderBytes: 0, databaseBytes: 0 };
    let betweenAt = '';
    let timings = { full: 0, incr: 0 };
    let restored:
        { all: number; recovery: number; toPoint: number; pointRecovery: number; toTime: number; timeRecovery: number } | undefined;
    let between: { rows: Record<string, string[]> } | undefined;

    it(
        'backs up (full, a named point, incremental) the running shop; broken archiving is named by /health/services; a restore under the running shop is refused',
        async () => {
            const started = await startStack();
            mark('the shop started on a fresh folder');
            dataDir = started.DATA!;
            const url = started['BACKEND READY']!;
            shopSecret = started.SHOP_API_SECRET!;
            const port = Number(/^pg1-port=(\d+)$/m.exec(readFileSync(path.join(dataDir, 'pgbackrest.conf'), 'utf8'))![1]);

            const before = await placeOrder(url, shopSecret, 'drill-before@psiaki.test');
            const full = await npm('backup', ['--full']);
            expect(full.status).toBe(0);
            expect(full.lines.join('\n')).toMatch(/\[backup\] full backup \S+F in [\d.]+ s/);
            const first = await placeOrder(url, shopSecret, 'drill-first@psiaki.test');
            expect((await npm('backup', ['--point', 'drill-between'])).status).toBe(0);
            // a moment between the two orders too, for a restore by time
            await new Promise(r => setTimeout(r, 1100));
            betweenAt = new Date().toISOString();
            await new Promise(r => setTimeout(r, 1100));
            const second = await placeOrder(url, shopSecret, 'drill-second@psiaki.test');
            const incr = await npm('backup', []);
            mark('three orders placed, backed up full, to a point and incrementally');
            expect(incr.status).toBe(0);
            expect(incr.lines.join('\n')).toMatch(/\[backup\] incr backup \S+I in [\d.]+ s/);
            live = await rows(port);
            weight = await weights(port, second);
            timings = { full: full.ms, incr: incr.ms };
            expect(live.order!.some(r => r.includes(second))).toBe(true);
            expect(live.payment!.length).toBeGreaterThanOrEqual(3);

            // archiving broken (the repository unwritable for the database's user): the API server's
            // /health/services names it, and its log says so once
            const apiPort = Number(started['API PORTS']!.split(',')[0]);
            const archiveDir = path.join(dataDir, 'backups/pgbackrest/archive');
            const mode = statSync(archiveDir).mode & 0o777;
            chmodSync(archiveDir, 0o000);
            try {
                const db = new Client({ host: '127.0.0.1', port, user: 'psiaki', password: secret('PG_PASSWORD'), database: 'psiaki' });
                await db.connect();
                await db.query('CREATE TABLE drill_wal (id int); DROP TABLE drill_wal');
                await db.query('SELECT pg_switch_wal()');
                await db.end();
                await expect
                    .poll(
                        async () => {
                            const res = await fetch(`http://127.0.0.1:${apiPort}/health/services`);
                            const body = (await res.json()) as { archive?: { status: string; message?: string } };
                            return { code: res.status, archive: body.archive?.status };
                        },
                        { timeout: 30_000, interval: 500 },
                    )
                    .toEqual({ code: 503, archive: 'down' });
                await expect
                    .poll(() => readFileSync(path.join(dataDir, 'logs/api-server-1.log'), 'utf8'), { timeout: 10_000 })
                    .toMatch(/\[health\] WAL archiving lost: WAL segment \w+ could not be archived/);
            } finally {
                chmodSync(archiveDir, mode);
            }

            // a restore under the running shop is refused, with the reason
            const refused = await npm('restore', []);
            expect(refused.status).toBe(1);
            expect(refused.lines.at(-1)).toMatch(/^\[restore\] FAILED: PostgreSQL is running: stop the shop/);
            orders = { before, first, second };
        },
        STEP_TIMEOUT,
    );

    it(
        'with the shop stopped and its database destroyed: every row back; to a named point and to a time between two orders, the first kept, the second not',
        async () => {
            expect(orders, 'the backup step did not finish').toBeDefined();
            const { before, first, second } = orders!;
            await stopStack();
            rmSync(path.join(dataDir, 'pg'), { recursive: true, force: true });

            mark('the shop stopped, its database destroyed');
            const all = await npm('restore', []);
            expect(all.status).toBe(0);
            const back = await restoredRows();
            for (const t of TABLES) expect({ table: t, rows: back.rows[t] }).toEqual({ table: t, rows: live[t] });

            mark('everything restored and compared');
            const toPoint = await npm('restore', ['--to-point', 'drill-between']);
            expect(toPoint.status).toBe(0);
            between = await restoredRows();
            const codes = between.rows.order!.join('\n');
            expect(codes).toContain(before);
            expect(codes).toContain(first);
            expect(codes).not.toContain(second);
            expect(between.rows.payment!.length).toBe(live.payment!.length - 1);

            // npm run restore -- --to <time>: the same moment by the clock
            const toTime = await npm('restore', ['--to', betweenAt]);
            expect(toTime.status).toBe(0);
            const atTime = await restoredRows();
            expect(atTime.rows.order).toEqual(between.rows.order);
            expect(atTime.rows.payment).toEqual(between.rows.payment);
            restored = {
                all: all.ms,
                recovery: back.recoveryMs,
                toPoint: toPoint.ms,
                pointRecovery: between.recoveryMs,
                toTime: toTime.ms,
                timeRecovery: atTime.recoveryMs,
            };
        },
        STEP_TIMEOUT,
    );

    it(
        'the shop started on the restored folder sells again and is backed up on its new timeline',
        async () => {
            expect(restored, 'the restore step did not finish').toBeDefined();
            const second = orders!.second;

            // the shop itself on the restored folder: it opens the database at the restored moment and
            // sells again (a new order, its code after the restored ones; the sequences were restored too)
            const reopening = Date.now();
            const reopened = await startStack('restored');
            mark('the shop started on the restored folder');
            const reopenMs = Date.now() - reopening;
            const reopenedUrl = reopened['BACKEND READY']!;
            const shopSecretAfter = reopened.SHOP_API_SECRET!;
            expect(shopSecretAfter).toBe(shopSecret);
            const next = await placeOrder(reopenedUrl, shopSecretAfter, 'drill-after@psiaki.test');
            const afterRows = await rows(Number(/^pg1-port=(\d+)$/m.exec(readFileSync(path.join(dataDir, 'pgbackrest.conf'), 'utf8'))![1]));
            expect(afterRows.order!.join('\n')).toContain(next);
            expect(afterRows.order!.join('\n')).not.toContain(second);
            expect(afterRows.payment!.length).toBe(between!.rows.payment!.length + 1);
            // and it is backed up again: a backup of the new timeline
            const afterBackup = await npm('backup', []);
            expect(afterBackup.status, afterBackup.lines.join('\n')).toBe(0);
            await stopStack();
            // the estimate for 100,000 orders: their rows (×2 for indexes and page space) on top of this
            // database, restored at the speed measured here; plus the replay of the WAL since the last backup
            const restoreBytesPerMs = weight.databaseBytes / restored!.all;
            const bigBytes = weight.databaseBytes + 100_000 * weight.orderBytes * 2;
            console.log(
                `[backup drill] database ${(weight.databaseBytes / 1e6).toFixed(1)} MB, one order's rows ${weight.orderBytes} B; ` +
                    `restore ${(restoreBytesPerMs / 1e3).toFixed(1)} MB/s; estimate for 100,000 orders: ${(bigBytes / 1e6).toFixed(0)} MB, ` +
                    `restore ≈ ${(bigBytes / restoreBytesPerMs / 1000).toFixed(0)} s + WAL replay + start ${(reopenMs / 1000).toFixed(0)} s`,
            );
            console.log(
                `[backup drill] full backup ${timings.full} ms, incremental ${timings.incr} ms; restore of everything ${restored!.all} ms + recovery ${restored!.recovery} ms; ` +
                    `to the point ${restored!.toPoint} ms + recovery ${restored!.pointRecovery} ms; to a time ${restored!.toTime} ms + recovery ${restored!.timeRecovery} ms; ` +
                    `the shop started on the restored folder in ${reopenMs} ms and took order ${next}; rows compared: ${TABLES.map(t => `${t} ${live[t]!.length}`).join(', ')}`,
            );
        },
        STEP_TIMEOUT,
    );
});
