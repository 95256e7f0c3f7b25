/**
 * `npm start`: the whole shop locally at http://127.0.0.1:8787 —
 * builds the client and keeps rebuilding it on change (scripts/build/watch.ts:
 * bundles, manifest, service worker, static pages from content/pages), starts
 * the dev Vendure backend and blog stand-in (seeding on first run), loads the
 * redirect table into local KV, builds Vendure's Dashboard in parallel (cached by a hash of its
 * inputs: backend/bin/dashboard.cjs), runs `wrangler dev` (which reloads the worker
 * when its sources or the dist/ files it imports change, and the assets when
 * dist/public changes). Ctrl-C stops everything. The worker runs React's development build (its
 * warnings), several times slower to render than the deployed worker: figures come from `npm run
 * load` and `npm run bench`, which build it as deployed (scripts/test-stack/stack.ts startStorefront).
 */
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { type BuildWatcher, watchBuild } from './build/watch';
import { type Started, startProcess } from './test-stack/process';
import { freePort } from '../backend/src/dev/ports';
import { root } from './test-stack/stack';
import { checkNode } from './node/check-node';

checkNode();

const PORT = Number(process.env.PORT ?? 8787);
const running: Started[] = [];
let watcher: BuildWatcher | null = null;

async function main() {
  const step = (text: string) => console.log(`\n▶ ${text}`);
  step('Building the client (rebuilt on every change while the shop runs)');
  watcher = await watchBuild();
  step('Building the backend');
  execFileSync('npm', ['run', '--silent', 'backend:build'], { cwd: root, stdio: 'inherit' });
  // in parallel with the backend's start (and its first seed); skipped when the cached build is current
  const dashboard = buildDashboard();
  step('Starting the Vendure backend (first run seeds the catalogue, ~1 min)');
  const backend = await startProcess('node', [join(root, 'backend/dist/start.js')], {
    cwd: root,
    name: 'backend',
    env: { VENDURE_DISABLE_TELEMETRY: 'true' },
    ready: /BACKEND READY (http:\/\/127\.0\.0\.1:\d+)/,
    timeoutMs: 600_000,
  });
  running.push(backend);
  console.log(`  backend at ${backend.match[1]}`);
  step('Loading the redirect table into local KV');
  execFileSync('npx', ['tsx', 'scripts/redirects.ts', '--local'], { cwd: root, stdio: 'inherit' });
  step(`Starting the worker (wrangler dev) on 127.0.0.1:${PORT}`);
  // A free inspector port, so a test run's own wrangler dev can start next to this one.
  const inspectorPort = await freePort();
  const worker = await startProcess(
    join(root, 'node_modules/.bin/wrangler'),
    ['dev', '--ip', '127.0.0.1', '--port', String(PORT), '--inspector-port', String(inspectorPort), '--show-interactive-dev-session=false'],
    {
      cwd: root,
      name: 'wrangler dev',
      ready: /Ready on http:\/\/127\.0\.0\.1:\d+/,
      timeoutMs: 120_000,
    },
  );
  running.push(worker);
  worker.child.stdout?.pipe(process.stdout);
  worker.child.stderr?.pipe(process.stderr);
  const dashboardBuilt = await dashboard;
  console.log(`\n✔ The shop is running at http://127.0.0.1:${PORT} — Ctrl-C stops everything.`);
  console.log(
    "  The worker runs React's development build (its warnings; several times slower to render than deployed): for figures, `npm run load` / `npm run bench`.",
  );
  console.log(
    dashboardBuilt
      ? `  Dashboard: ${backend.match[1]}/dashboard (staff obsluga@psiaki.test / Obsluga1234!, superadmin superadmin / superadmin)`
      : `  Dashboard: its build failed (above); the shop runs without it — npm run dashboard:build retries`,
  );
  for (const proc of running) {
    proc.child.once('exit', (code) => {
      if (stopping) return;
      console.error(`A process exited (code ${code}); stopping.`);
      void shutdown(1);
    });
  }
}

/** `node backend/bin/dashboard.cjs`: resolves true when the Dashboard is built (or was current). */
function buildDashboard(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'backend/bin/dashboard.cjs')], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  await Promise.all([...running.map((p) => p.stop()), watcher?.stop()]);
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

main().catch(async (error) => {
  console.error(`npm start failed: ${error instanceof Error ? error.message : error}`);
  await shutdown(1);
});
