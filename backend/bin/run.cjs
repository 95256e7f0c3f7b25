#!/usr/bin/env node
/**
 * Launcher behind the npm scripts (plain JS, runs before anything is compiled):
 *   node backend/bin/run.cjs start            build if needed, seed/copy on first run, start (and build
 *                                             the Dashboard in parallel when stale: bin/dashboard.cjs)
 *   node backend/bin/run.cjs reset [--full]   delete the dev DB and recreate it from the template
 *                                             (--full: reseed the template from scratch first)
 *   node backend/bin/run.cjs build            compile backend/ with tsc to backend/dist/
 *   node backend/bin/run.cjs ensure-built     compile only if a source is newer than the last build
 *   node backend/bin/run.cjs schema           write backend/schema/shop-api.graphql
 *   node backend/bin/run.cjs products-json    regenerate backend/seed/products.json
 */
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const BACKEND = path.resolve(__dirname, '..');
const DIST = path.join(BACKEND, 'dist');
const STAMP = path.join(DIST, '.build-stamp');

function newestSource() {
    let newest = 0;
    const walk = dir => {
        if (!fs.existsSync(dir)) return;
        for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
            const full = path.join(dir, e.name);
            if (e.isDirectory()) walk(full);
            else if (e.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
        }
    };
    for (const d of ['src', 'seed', 'stand-ins', 'scripts', 'migrations']) walk(path.join(BACKEND, d));
    for (const f of ['start.ts', 'tsconfig.json']) newest = Math.max(newest, fs.statSync(path.join(BACKEND, f)).mtimeMs);
    return newest;
}

function build(force) {
    const stale = force || !fs.existsSync(STAMP) || fs.statSync(STAMP).mtimeMs < newestSource();
    if (!stale) return;
    const started = Date.now();
    process.stderr.write('[backend] compiling backend/ (tsc)…\n');
    const tsc = require.resolve('typescript/bin/tsc', { paths: [BACKEND] });
    const r = spawnSync(process.execPath, [tsc, '-p', path.join(BACKEND, 'tsconfig.json')], { stdio: 'inherit' });
    if (r.status !== 0) {
        process.stderr.write('[backend] tsc failed\n');
        process.exit(r.status || 1);
    }
    fs.mkdirSync(DIST, { recursive: true });
    fs.writeFileSync(STAMP, new Date().toISOString() + '\n');
    process.stderr.write(`[backend] compiled in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

async function main() {
    const [command = 'start', ...rest] = process.argv.slice(2);
    process.env.VENDURE_DISABLE_TELEMETRY = 'true';
    switch (command) {
        case 'build':
            build(true);
            return;
        case 'ensure-built':
            build(false);
            return;
        case 'start':
            build(false);
            // Vendure's Dashboard, built in parallel when its cached build is stale (bin/dashboard.cjs)
            require('child_process')
                .spawn(process.execPath, [path.join(__dirname, 'dashboard.cjs')], { stdio: ['ignore', 'ignore', 'inherit'] })
                .on('error', () => undefined);
            require(path.join(DIST, 'start.js'));
            return;
        case 'reset': {
            build(false);
            const { readEnv } = require(path.join(DIST, 'src', 'env.js'));
            const { ensureTemplate, copyTemplate, dbMetaPath } = require(path.join(DIST, 'src', 'dev', 'template.js'));
            const env = readEnv();
            for (const suffix of ['', '-journal', '-wal', '-shm']) fs.rmSync(env.dbPath + suffix, { force: true });
            fs.rmSync(dbMetaPath(env.dbPath), { force: true });
            fs.rmSync(env.assetsDir, { recursive: true, force: true });
            fs.rmSync(env.mailDir, { recursive: true, force: true });
            const meta = await ensureTemplate({ force: rest.includes('--full') });
            copyTemplate(meta, env.dbPath, env.assetsDir);
            process.stderr.write(
                `[backend] ${env.dbPath} reset: ${meta.products} products, ${meta.variants} variants (template ${meta.hash}, seeded ${meta.seededAt})\n`,
            );
            return;
        }
        case 'schema':
            build(false);
            require(path.join(DIST, 'scripts', 'schema.js'))
                .main()
                .catch(err => {
                    process.stderr.write(`[schema] failed: ${err && err.message}\n`);
                    process.exit(1);
                });
            return;
        case 'products-json':
            build(false);
            spawnSync(process.execPath, [path.join(DIST, 'seed', 'write-products-json.js')], { stdio: 'inherit' });
            return;
        default:
            process.stderr.write(`unknown command ${command}; use start | reset [--full] | build | schema | products-json\n`);
            process.exit(2);
    }
}

main().catch(err => {
    process.stderr.write(`[backend] ${err && err.stack ? err.stack : err}\n`);
    process.exit(1);
});
