/**
 * `npm test`: everything, for real, in order: build, type check, lint, the deploy check
 * (scripts/deploy-check.ts: the production bundle, its size and start-up, its configuration), unit
 * tests (Node), component tests (React Testing Library on happy-dom: the `*.test.tsx` files),
 * backend tests (real Vendure), worker unit tests (workerd + miniflare KV, no backend: the
 * `*.unit.test.ts` files under worker/, `*.server.unit.test.ts` in features/), worker tests
 * (workerd + miniflare KV + the real backend: the other worker tests, `*.server.test.ts` in
 * features/), end-to-end tests (Chromium against the running stack), and in CI (or with
 * `--only node-oldest`) a smoke run on the oldest Node `engines` allows
 * (scripts/node/smoke-oldest.sh: npm start, two pages, one checkout). Ends with one line
 * `N passed, N failed` (totals across all runners) and exits non-zero on any
 * failure. Also in CI (or named): the backend tests and the end-to-end checkout, account,
 * configurator and reviews suites again on the production profile (`backend:production`,
 * `e2e:production`; PostgreSQL, Redis and HAProxy from Debian's packages).
 *
 * The vitest steps but the backend's are the projects of vitest.config.ts, one `--project` each
 * (`npx vitest run --project component` runs one alone).
 *
 * Usage: npm test [-- --only unit,component,worker-unit,worker]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { checkNode } from './node/check-node';

checkNode();

const root = resolve(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules/.bin', name);
const only = (() => {
  const i = process.argv.indexOf('--only');
  return i >= 0 ? new Set(process.argv[i + 1]?.split(',')) : null;
})();

interface Step {
  name: string;
  /** Runs and returns [passed, failed]. */
  run(): [number, number];
}

/** The failed tests of every step, named again at the end: CI keeps only the tail of the output. */
const failures: string[] = [];

interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: {
    name: string;
    message?: string;
    assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
}

/** One line per failed test (or file that failed to run): its file, name and the first line of its error. */
function failedTests(step: string, report: JsonReport): string[] {
  const firstLine = (text = '') =>
    text
      .split('\n')
      .find((l) => l.trim())
      ?.trim()
      .slice(0, 240) ?? '';
  const lines: string[] = [];
  for (const file of report.testResults ?? []) {
    const path = relative(root, file.name);
    const failedHere = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedHere) lines.push(`  ${step}: ${path} > ${a.fullName}\n      ${firstLine(a.failureMessages?.[0])}`);
    if (!failedHere.length && file.message) lines.push(`  ${step}: ${path}\n      ${firstLine(file.message)}`);
  }
  return lines;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

/** A command that is one check: passes when it exits 0. */
const check = (name: string, cmd: string, args: string[]): Step => ({
  name,
  run: () => (run(cmd, args) === 0 ? [1, 0] : [0, 1]),
});

/** A vitest run, counted test by test from its JSON report. */
const vitest = (name: string, args: string[], env: NodeJS.ProcessEnv = {}): Step => ({
  name,
  run() {
    const out = join(mkdtempSync(join(tmpdir(), 'psiaki-test-')), 'report.json');
    const code = run(bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], env);
    if (!existsSync(out)) return [0, 1];
    const report = JSON.parse(readFileSync(out, 'utf8')) as JsonReport;
    failures.push(...failedTests(name, report));
    const failed = report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0);
    return [report.numPassedTests, failed];
  },
});

const steps: Step[] = [
  check('build', 'npx', ['tsx', 'scripts/build.ts']),
  check('backend:build', 'npm', ['run', '--silent', 'backend:build']),
  // Vendure's Dashboard (backend/bin/dashboard.cjs; skipped while its cached build is current)
  check('dashboard:build', 'npm', ['run', '--silent', 'dashboard:build']),
  check('typecheck', 'npm', ['run', '--silent', 'typecheck']),
  check('lint', 'npm', ['run', '--silent', 'lint']),
  // wrangler deploy --dry-run for production: bundle ≤ 1 MB gzip, start-up time, vars and bindings complete
  check('deploy', 'npx', ['tsx', 'scripts/deploy-check.ts']),
  vitest('unit', ['--project', 'unit']),
  vitest('component', ['--project', 'component']),
  vitest('backend', ['--root', 'backend']),
  vitest('worker-unit', ['--project', 'worker-unit']),
  vitest('worker', ['--project', 'worker']),
  vitest('e2e', ['--project', 'e2e']),
  check('node-oldest', 'bash', ['scripts/node/smoke-oldest.sh']),
  // the production-shaped core (PostgreSQL, Redis, worker, two API servers behind HAProxy, SMTP
  // sink; scripts/production/): the backend tests, and the checkout, account, configurator,
  // reviews, Dashboard and fulfilment suites plus a server killed mid-checkout (decision 062)
  vitest('backend:production', ['--root', 'backend'], { TEST_PROFILE: 'production' }),
  vitest('e2e:production', ['--project', 'e2e'], { TEST_PROFILE: 'production' }),
];
/** Steps that fetch or install what a developer's `npm test` should not: they run in CI or when named. */
const ciOnly = new Set(['node-oldest', 'backend:production', 'e2e:production']);

let passed = 0;
let failed = 0;
const summary: string[] = [];
for (const step of steps) {
  if (only ? !only.has(step.name) : ciOnly.has(step.name) && process.env.CI !== 'true') continue;
  console.log(`\n━━ ${step.name} ━━`);
  const started = Date.now();
  const [p, f] = step.run();
  passed += p;
  failed += f;
  summary.push(
    `${f ? '✗' : '✓'} ${step.name.padEnd(14)} ${String(p).padStart(4)} passed ${String(f).padStart(3)} failed  ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (f && (step.name === 'build' || step.name === 'backend:build')) break;
}
if (failures.length) console.log(`\nFailed:\n${failures.join('\n')}`);
console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
