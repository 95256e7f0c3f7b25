/**
 * The cached, seeded TEMPLATE database: `backend/data/template.sqlite` + `template-assets/` +
 * `template.json`, keyed by a hash of the seed sources. A fresh database is a copy of the template
 * (about a second) instead of a new seed (about half a minute). The seed runs in a child process
 * (it boots its own Vendure), guarded by a lock file so parallel starters wait for one seed.
 */
import Database from 'better-sqlite3';
import { spawn } from 'child_process';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { BACKEND_DIR, DATA_DIR } from '../env';

export const TEMPLATE_DB = path.join(DATA_DIR, 'template.sqlite');
export const TEMPLATE_ASSETS = path.join(DATA_DIR, 'template-assets');
export const TEMPLATE_META = path.join(DATA_DIR, 'template.json');
const LOCK = path.join(DATA_DIR, 'template.lock');

export interface TemplateMeta {
    hash: string;
    seededAt: string;
    products: number;
    variants: number;
}

/** Files whose content decides what a seeded database contains (schema and data). */
function seedSourceFiles(): string[] {
    const out: string[] = [];
    const walk = (dir: string) => {
        if (!fs.existsSync(dir)) return;
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
            const full = path.join(dir, entry.name);
            if (entry.isDirectory()) walk(full);
            else if (/\.ts$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) out.push(full);
        }
    };
    walk(path.join(BACKEND_DIR, 'seed'));
    walk(path.join(BACKEND_DIR, 'src'));
    // development plumbing (src/dev/: start, template, dev mailbox, helpers) and the environment
    // reading do not change what a database contains
    const ignoredDir = path.join(BACKEND_DIR, 'src', 'dev') + path.sep;
    const ignored = new Set([path.join(BACKEND_DIR, 'src', 'env.ts'), path.join(BACKEND_DIR, 'seed', 'write-products-json.ts')]);
    return out.filter(f => !f.startsWith(ignoredDir) && !ignored.has(f)).sort();
}

export function seedSourcesHash(): string {
    const hash = crypto.createHash('sha256');
    const vendure = (JSON.parse(fs.readFileSync(require.resolve('@vendure/core/package.json'), 'utf8')) as { version: string }).version;
    hash.update(`vendure ${vendure}\n`);
    // compiler settings change the emitted code (e.g. class-field semantics of entities)
    hash.update(fs.readFileSync(path.join(BACKEND_DIR, 'tsconfig.json')));
    for (const file of seedSourceFiles()) {
        hash.update(path.relative(BACKEND_DIR, file) + '\n');
        hash.update(fs.readFileSync(file));
    }
    return hash.digest('hex').slice(0, 16);
}

export function readTemplateMeta(): TemplateMeta | undefined {
    try {
        return JSON.parse(fs.readFileSync(TEMPLATE_META, 'utf8'));
    } catch {
        return undefined;
    }
}

function templateIsCurrent(hash: string): TemplateMeta | undefined {
    const meta = readTemplateMeta();
    if (meta && meta.hash === hash && fs.existsSync(TEMPLATE_DB) && fs.existsSync(TEMPLATE_ASSETS)) return meta;
    return undefined;
}

function pidAlive(pid: number): boolean {
    try {
        process.kill(pid, 0);
        return true;
    } catch (e) {
        return (e as NodeJS.ErrnoException).code === 'EPERM';
    }
}

async function withLock<T>(fn: () => Promise<T>): Promise<T> {
    fs.mkdirSync(DATA_DIR, { recursive: true });
    for (;;) {
        try {
            const fd = fs.openSync(LOCK, 'wx');
            fs.writeSync(fd, String(process.pid));
            fs.closeSync(fd);
            break;
        } catch (e) {
            if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
            const owner = Number(fs.readFileSync(LOCK, 'utf8') || 0);
            if (owner && !pidAlive(owner)) {
                fs.rmSync(LOCK, { force: true });
                continue;
            }
            await new Promise(r => setTimeout(r, 250));
        }
    }
    try {
        return await fn();
    } finally {
        fs.rmSync(LOCK, { force: true });
    }
}

/** Where the last seed run's own output (progress and errors) is kept. */
export const SEED_LOG = path.join(DATA_DIR, 'seed.log');

/**
 * The lines that say why a seed run failed: from the first error line of its output (a thrown
 * error's `[seed] FAILED`, a native assertion or a module that cannot be loaded) on, at most 12.
 */
export function failureExcerpt(output: string): string {
    const lines = output.split('\n').filter(line => line.trim());
    const first = lines.findIndex(line => /FAILED|Error|error:|Assertion|Cannot find module|did not self-register|ERR_/.test(line));
    return (first >= 0 ? lines.slice(first, first + 12) : lines.slice(-12)).join('\n');
}

/**
 * Runs the seed in a child process into temporary files, then moves them into place. Its output
 * goes to the terminal as it comes and to SEED_LOG; a failure's message carries the lines that
 * say why and where the full log is.
 */
function runSeed(db: string, assets: string): Promise<{ products: number; variants: number; seededAt: string }> {
    const script = path.join(BACKEND_DIR, 'dist', 'seed', 'seed.js');
    fs.mkdirSync(DATA_DIR, { recursive: true });
    const logFile = fs.createWriteStream(SEED_LOG);
    return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [script, '--db', db, '--assets', assets], {
            stdio: ['ignore', 'pipe', 'pipe'],
            env: { ...process.env, VENDURE_DISABLE_TELEMETRY: 'true' },
        });
        let out = '';
        let err = '';
        child.stdout.on('data', d => (out += d));
        child.stderr.on('data', d => {
            err += d;
            if (err.length > 200_000) err = err.slice(-100_000);
            logFile.write(d);
            process.stderr.write(d);
        });
        child.on('error', reject);
        child.on('close', (code, signal) => {
            logFile.end();
            if (code !== 0) {
                const how = signal ? `was killed by ${signal}` : code === null ? 'crashed' : `exited with code ${code}`;
                return reject(new Error(`seed ${how}:\n${failureExcerpt(err)}\n(full log: ${SEED_LOG})`));
            }
            try {
                resolve(JSON.parse(out.trim().split('\n').pop()!));
            } catch (e) {
                reject(new Error(`seed printed no result: ${out}`));
            }
        });
    });
}

/**
 * Makes sure a template for the current seed sources exists (seeding one if not) and returns its
 * metadata. `force` reseeds even when the template is current.
 */
export async function ensureTemplate(options: { force?: boolean; log?: (m: string) => void } = {}): Promise<TemplateMeta> {
    const log = options.log ?? ((m: string) => process.stderr.write(`[backend] ${m}\n`));
    const hash = seedSourcesHash();
    if (!options.force) {
        const current = templateIsCurrent(hash);
        if (current) return current;
    }
    return withLock(async () => {
        if (!options.force) {
            const current = templateIsCurrent(hash); // someone else seeded while we waited
            if (current) return current;
        }
        log(`seeding the template database (seed sources ${hash}); this takes about half a minute…`);
        const started = Date.now();
        const tmpDb = `${TEMPLATE_DB}.${process.pid}.tmp`;
        const tmpAssets = `${TEMPLATE_ASSETS}.${process.pid}.tmp`;
        const result = await runSeed(tmpDb, tmpAssets);
        fs.rmSync(TEMPLATE_META, { force: true });
        fs.rmSync(TEMPLATE_DB, { force: true });
        fs.rmSync(TEMPLATE_ASSETS, { recursive: true, force: true });
        fs.renameSync(tmpDb, TEMPLATE_DB);
        fs.renameSync(tmpAssets, TEMPLATE_ASSETS);
        const meta: TemplateMeta = { hash, seededAt: result.seededAt, products: result.products, variants: result.variants };
        fs.writeFileSync(TEMPLATE_META, JSON.stringify(meta, null, 2) + '\n');
        log(`template seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${meta.products} products, ${meta.variants} variants`);
        return meta;
    });
}

/** Sidecar metadata of a working database: which template it came from. */
export function dbMetaPath(dbPath: string): string {
    return `${dbPath}.meta.json`;
}

/**
 * Copies the template to `dbPath` (+ assets) and moves every datetime in it forward by the time
 * since the template was seeded, so "created 5 days ago", the top-bar countdown and the price history
 * stay relative to now however old the template is.
 */
export function copyTemplate(meta: TemplateMeta, dbPath: string, assetsDir: string): void {
    fs.mkdirSync(path.dirname(dbPath), { recursive: true });
    for (const suffix of ['', '-journal', '-wal', '-shm']) fs.rmSync(dbPath + suffix, { force: true });
    fs.copyFileSync(TEMPLATE_DB, dbPath);
    fs.rmSync(assetsDir, { recursive: true, force: true });
    fs.cpSync(TEMPLATE_ASSETS, assetsDir, { recursive: true });
    const shiftSeconds = Math.round((Date.now() - Date.parse(meta.seededAt)) / 1000);
    if (shiftSeconds > 60) shiftDates(dbPath, shiftSeconds);
    fs.writeFileSync(
        dbMetaPath(dbPath),
        JSON.stringify({ hash: meta.hash, copiedAt: new Date().toISOString(), shiftedBySeconds: shiftSeconds }, null, 2) + '\n',
    );
}

function shiftDates(dbPath: string, seconds: number): void {
    const db = new Database(dbPath);
    try {
        const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as Array<{
            name: string;
        }>;
        db.transaction(() => {
            for (const { name } of tables) {
                const columns = db.prepare(`PRAGMA table_info("${name}")`).all() as Array<{ name: string; type: string }>;
                for (const column of columns) {
                    if (!column.type.toLowerCase().startsWith('datetime')) continue;
                    db.prepare(
                        `UPDATE "${name}" SET "${column.name}" = strftime('%Y-%m-%d %H:%M:%f', "${column.name}", '+${seconds} seconds') WHERE "${column.name}" IS NOT NULL`,
                    ).run();
                }
            }
        })();
    } finally {
        db.close();
    }
}
