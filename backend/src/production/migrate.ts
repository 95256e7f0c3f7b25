/**
 * Migrations of the PostgreSQL profile (DATABASE_URL), with Vendure's own tooling:
 *   node backend/dist/src/production/migrate.js run              apply the pending migrations
 *   node backend/dist/src/production/migrate.js generate <name>  write backend/migrations/<timestamp>-<name>.ts
 *                                                                 for the difference between the entities and the database
 *   node backend/dist/src/production/migrate.js check            exit 1 if the entities need a schema change that no
 *                                                                 migration makes (run on a migrated database)
 * (`npm run migrations -- run|generate <name>|check` builds first.) Exits 1 with one line on failure.
 */
process.env.VENDURE_DISABLE_TELEMETRY = 'true';

import { generateMigration, runMigrations } from '@vendure/core';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { BACKEND_DIR, ConfigError, readEnv } from '../env';
import { makeConfig } from '../vendure-config';
import { appliedMigrations, checkPostgres } from './preflight';

function say(message: string) {
    process.stderr.write(`[migrate] ${message}\n`);
}

export async function migrate(command: string, name?: string): Promise<void> {
    const env = readEnv();
    if (!env.database)
        throw new ConfigError('DATABASE_URL is not set: migrations belong to the PostgreSQL profile (SQLite is synchronised)');
    await checkPostgres(env.database);
    // jobs and mail play no part here; keep Redis and SMTP out of it
    const config = makeConfig({ ...env, redis: undefined, smtpUrl: '' }, { synchronize: false });
    if (command === 'run') {
        const before = await appliedMigrations(env.database);
        // Vendure's runMigrations reports on the console and only sets process.exitCode on failure:
        // keep its lines, and turn a failure into our one line
        const said: string[] = [];
        const consoleLog = console.log;
        console.log = (...args: unknown[]) => void said.push(args.map(String).join(' '));
        try {
            await runMigrations(config);
        } catch (e) {
            said.push('An error occurred when running migrations:', (e as Error).message);
        } finally {
            console.log = consoleLog;
        }
        const failed = said.findIndex(l => l.includes('An error occurred when running migrations'));
        if (failed >= 0 || process.exitCode === 1) {
            process.exitCode = 0;
            throw new ConfigError(`migration failed: ${said[failed + 1] ?? 'see the database log'}`);
        }
        const after = await appliedMigrations(env.database);
        say(after.length > before.length ? `applied ${after.slice(before.length).join(', ')}` : `up to date (${after.length} migrations)`);
    } else if (command === 'generate') {
        if (!name || !/^[a-z0-9-]+$/.test(name)) throw new ConfigError('generate needs a name of lowercase letters, digits and dashes');
        const file = await generateMigration(config, { name, outputDir: path.join(BACKEND_DIR, 'migrations') });
        say(file ? `wrote ${path.relative(process.cwd(), file)}` : 'the database already matches the entities: nothing to write');
    } else if (command === 'check') {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psiaki-migration-check-'));
        try {
            const file = await generateMigration(config, { name: 'pending', outputDir: dir });
            if (file) {
                const body = fs.readFileSync(file, 'utf8');
                // bounded: a migration TypeORM just generated from our own entities
                const queries = body.match(/queryRunner\.query\(`[^`]*`/g)?.slice(0, 5) ?? [];
                throw new ConfigError(
                    `the entities need schema changes no migration makes (run "npm run migrations -- generate <name>"): ${queries.map(q => q.slice(19, 140)).join(' | ')}`,
                );
            }
            say('the schema matches the entities');
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    } else {
        throw new ConfigError(`unknown command "${command}" (run, generate <name>, check)`);
    }
}

if (require.main === module) {
    migrate(process.argv[2] ?? 'run', process.argv[3])
        .then(() => process.exit(0))
        .catch(err => {
            process.stderr.write(`[migrate] ${err instanceof ConfigError ? err.message : (err?.stack ?? err)}\n`);
            process.exit(1);
        });
}
