import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { TestProject } from 'vitest/node';
import { getFreePort } from '../src/dev/util';

declare module 'vitest' {
    export interface ProvidedContext {
        backendUrl: string;
        blogUrl: string;
    }
}

const BACKEND = path.resolve(__dirname, '..');
let child: ChildProcess | undefined;
let dir: string | undefined;

/** Builds backend/ if stale, then starts `node dist/start.js` with a fresh template copy. */
export async function setup(project: TestProject): Promise<void> {
    const build = spawnSync(process.execPath, [path.join(BACKEND, 'bin', 'run.cjs'), 'ensure-built'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('backend build failed');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psiaki-backend-test-'));
    // a known port, so the gateway stand-in can notify the backend itself (no storefront in these tests)
    const port = await getFreePort('127.0.0.1');
    child = spawn(process.execPath, [path.join(BACKEND, 'dist', 'start.js')], {
        env: {
            ...process.env,
            BACKEND_PORT: String(port),
            BLOG_PORT: '0',
            BACKEND_DB: path.join(dir, 'test.sqlite'),
            BACKEND_FRESH: '1',
            PAYMENT_NOTIFY_URL: `http://127.0.0.1:${port}/payments/notify`,
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
}

export async function teardown(): Promise<void> {
    if (child && child.exitCode === null) {
        const exited = new Promise(r => child!.once('exit', r));
        child.kill('SIGTERM');
        await exited;
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
