#!/usr/bin/env node
/**
 * Builds Vendure's Dashboard with our plugins' screens (backend/dashboard/vite.config.mts) into
 * backend/dist-dashboard/ (git-ignored), CACHED: the build is skipped while a hash of its inputs
 * matches the one stored beside the output. Inputs: package-lock.json (the Dashboard's and Vite's
 * versions), backend/dashboard/ (the build), backend/src/ without src/dev/ (the Vendure config the
 * build introspects for the Admin API schema and custom fields, and the plugins' dashboard/ screens).
 *   node backend/bin/dashboard.cjs            build if the inputs changed (about 15 s), else nothing
 *   node backend/bin/dashboard.cjs --force    build anyway
 *   node backend/bin/dashboard.cjs --hash     print the inputs' hash
 * A lock file makes parallel callers (npm start, a test run) wait for one build.
 * Decision 101; docs/dashboard-extensions.md.
 */
'use strict';
const { spawn } = require('child_process');
const { createHash } = require('crypto');
const fs = require('fs');
const path = require('path');

const BACKEND = path.resolve(__dirname, '..');
const ROOT = path.resolve(BACKEND, '..');
const OUT = path.join(BACKEND, 'dist-dashboard');
const STAMP = path.join(OUT, '.inputs-hash');
const LOCK = path.join(BACKEND, 'dist-dashboard.lock');

function inputFiles() {
    const out = [];
    const walk = dir => {
        if (!fs.existsSync(dir)) return;
        for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
            const full = path.join(dir, e.name);
            if (e.isDirectory()) walk(full);
            else if (/\.(ts|tsx|mts|css|json)$/.test(e.name)) out.push(full);
        }
    };
    walk(path.join(BACKEND, 'dashboard'));
    walk(path.join(BACKEND, 'src'));
    const dev = path.join(BACKEND, 'src', 'dev') + path.sep;
    return [path.join(ROOT, 'package-lock.json'), ...out.filter(f => !f.startsWith(dev)).sort()];
}

function inputsHash() {
    const hash = createHash('sha256');
    for (const file of inputFiles()) {
        hash.update(path.relative(ROOT, file) + '\n');
        hash.update(fs.readFileSync(file));
    }
    return hash.digest('hex').slice(0, 16);
}

function isCurrent(hash) {
    try {
        return fs.readFileSync(STAMP, 'utf8').trim() === hash && fs.existsSync(path.join(OUT, 'index.html'));
    } catch {
        return false;
    }
}

function pidAlive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    } catch (e) {
        return e.code === 'EPERM';
    }
}

/** Takes the lock, or waits while a live process holds it; returns false if it waited (then re-check). */
async function lock() {
    for (;;) {
        try {
            fs.writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
            return;
        } catch (e) {
            if (e.code !== 'EEXIST') throw e;
        }
        const holder = Number(fs.readFileSync(LOCK, 'utf8')) || 0;
        if (!holder || !pidAlive(holder)) {
            fs.rmSync(LOCK, { force: true });
            continue;
        }
        await new Promise(r => setTimeout(r, 500));
    }
}

function runVite(log) {
    // the Vite the Dashboard is made for (its peer; backend/package.json), not the root's newer one of vitest
    const vite = path.join(path.dirname(require.resolve('vite/package.json', { paths: [BACKEND] })), 'bin', 'vite.js');
    return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [vite, 'build', '-c', path.join(BACKEND, 'dashboard', 'vite.config.mts')], {
            cwd: BACKEND,
            env: { ...process.env, NODE_ENV: 'production' },
            stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', d => (output += d));
        child.stderr.on('data', d => (output += d));
        child.on('error', reject);
        child.on('exit', code => {
            if (code === 0) resolve();
            else {
                log(output.trim().split('\n').slice(-30).join('\n'));
                reject(new Error(`vite build exited with ${code}`));
            }
        });
    });
}

/** Builds the Dashboard unless the cached build matches its inputs. Resolves with what happened. */
async function ensureDashboard({ force = false, log = m => process.stderr.write(`[dashboard] ${m}\n`) } = {}) {
    let hash = inputsHash();
    if (!force && isCurrent(hash)) return { built: false, hash, ms: 0 };
    await lock();
    try {
        hash = inputsHash();
        if (!force && isCurrent(hash)) return { built: false, hash, ms: 0 };
        const started = Date.now();
        log(`building Vendure's Dashboard (inputs ${hash}) into backend/dist-dashboard/…`);
        fs.rmSync(STAMP, { force: true });
        await runVite(log);
        fs.writeFileSync(STAMP, hash + '\n');
        const ms = Date.now() - started;
        log(`built in ${(ms / 1000).toFixed(1)} s`);
        return { built: true, hash, ms };
    } finally {
        fs.rmSync(LOCK, { force: true });
    }
}

module.exports = { ensureDashboard, inputsHash, DASHBOARD_OUT: OUT };

if (require.main === module) {
    const args = process.argv.slice(2);
    if (args.includes('--hash')) {
        process.stdout.write(inputsHash() + '\n');
    } else {
        ensureDashboard({ force: args.includes('--force') }).then(
            r => {
                if (!r.built) process.stderr.write(`[dashboard] up to date (inputs ${r.hash}), not rebuilt\n`);
            },
            err => {
                process.stderr.write(`[dashboard] build failed: ${err && err.message}\n`);
                process.exit(1);
            },
        );
    }
}
