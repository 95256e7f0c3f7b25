/**
 * `npm run start:production`: the shop on the production-shaped core (decision 062):
 * PostgreSQL + Redis as our own processes (data in .production/, git-ignored; Debian packages
 * installed when missing and run as root), migrations, a seed on the first run, the stand-ins
 * with an SMTP sink, Vendure's worker, two API servers behind HAProxy on 127.0.0.1:3000, and the
 * edge worker (wrangler dev) on 127.0.0.1:8787 pointing at the balancer. Ctrl-C stops everything.
 *
 * Flags (the tests' use): --backend-only (no edge worker), --free-ports, --fresh (a copy of the
 * seeded template in a temporary folder, deleted on stop), --data DIR (that folder instead of .production/), --servers N, --notify-backend (payment
 * notifications straight to the balancer, for tests without an edge worker), --trusted-address A (the
 * balancer's limits on the Admin API and Dashboard skip address A: a test run's own calls).
 * Prints `BLOG READY url`, `MAILBOX READY url`, `API SERVERS pid,pid`, `API PORTS port,port`, `WORKER pid`, `REDIS pid`, `REDIS_PORT port`, `POSTGRES pid` and `BACKEND READY url`
 * (and, for a --fresh stack, its generated secrets: `ADMIN`, `STAFF`, `GATEWAY_SECRET`, `SHOP_API_SECRET`).
 * The edge worker gets SHOP_API_SECRET from `<data>/worker-secrets.env` (decision 105).
 * Exits 1 with one line when something cannot start, after stopping what it started.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkNode } from '../node/check-node';
import { freePort } from '../../backend/src/dev/ports';
import { type Started, startProcess } from '../test-stack/process';
import { root } from '../test-stack/stack';
import { StartError } from './services';
import { DEFAULT_PORTS, type ProductionStack, freshDataDir, freePorts, startProductionStack } from './production-stack';

checkNode();

const flag = (name: string) => process.argv.includes(`--${name}`);
const value = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

let stack: ProductionStack | undefined;
/** stops a stack still starting (the template's or ours) */
let stopStarting: (() => Promise<void>) | undefined;
let edge: Started | undefined;
let tempDir: string | undefined;
let stopping = false;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  await edge?.stop();
  await (stack ? stack.stop() : stopStarting?.());
  // KEEP_PRODUCTION_DATA=1 keeps a --fresh stack's folder (logs/, database) for a look afterwards
  if (tempDir && !process.env.KEEP_PRODUCTION_DATA) rmSync(tempDir, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

async function main() {
  const say = (line: string) => process.stderr.write(`[production] ${line}\n`);
  const backendOnly = flag('backend-only');
  if (!backendOnly) {
    say('building the client');
    execFileSync('npx', ['tsx', 'scripts/build.ts'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  execFileSync('npm', ['run', '--silent', 'backend:build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const servers = Number(value('servers') ?? 2);
  const ports = flag('free-ports') ? await freePorts(servers) : { ...DEFAULT_PORTS, servers: DEFAULT_PORTS.servers.slice(0, servers) };
  const onStarting = (stop: () => Promise<void>) => (stopStarting = stop);
  if (flag('fresh')) tempDir = await freshDataDir(say, onStarting);
  // --data DIR: another folder than .production/ (a backup drill's stack, kept between its starts)
  const dataDir = tempDir ?? value('data') ?? join(root, '.production');
  // settings a test or a developer may pass through to the backend processes
  const passThrough = Object.fromEntries(
    [
      'BACKEND_REQUIRE_VERIFICATION',
      'REVIEWS_AUTO_APPROVE_VERIFIED',
      'BACKEND_LOG_LEVEL',
      'LOGIN_FAILURE_LIMIT',
      'LOGIN_FAILURE_WINDOW_SECONDS',
      // the SQL budget tests (backend/test/sql-budgets.test.ts): statements per request in a response header
      'SQL_STATEMENT_COUNT',
      // the ShipX tracking poll (decision 113): the backend tests poll every 2 s
      'INPOST_POLL_SECONDS',
      // KSeF's sweep and first retry (decision 117): the backend tests use seconds
      'KSEF_POLL_SECONDS',
      'KSEF_RETRY_BASE_SECONDS',
    ]
      .filter((k) => process.env[k])
      .map((k) => [k, process.env[k]!]),
  );
  // --notify-backend: the gateway stand-in notifies the balancer directly (backend tests run no edge worker)
  if (flag('notify-backend')) passThrough.PAYMENT_NOTIFY_URL = `http://127.0.0.1:${ports.balancer}/payments/notify`;
  // --trusted-address A: the balancer's staff limits skip A (test runs: their own many logins come from 127.0.0.1)
  const trustedAddresses = value('trusted-address') ? [value('trusted-address')!] : undefined;
  stack = await startProductionStack({ dataDir, ports, log: say, env: passThrough, onStarting, trustedAddresses });
  process.stdout.write(`BLOG READY ${stack.blogUrl}\nMAILBOX READY ${stack.mailboxUrl}\nSTOREFRONT PORT ${ports.storefront}\n`);
  process.stdout.write(`API SERVERS ${stack.servers.map((s) => s.pid()).join(',')}\nAPI PORTS ${ports.servers.join(',')}\n`);
  process.stdout.write(
    `PIDS ${stack.pids().join(',')}\nWORKER ${stack.workerPid()}\nREDIS ${stack.redisPid()}\nREDIS_PORT ${ports.redis}\nPOSTGRES ${stack.postgresPid()}\n`,
  );
  // a throwaway stack's database and generated secrets, for its tests (never printed for .production/)
  if (tempDir || value('data')) {
    const e = stack.env;
    process.stdout.write(
      `DATA ${dataDir}\nDATABASE ${e.DATABASE_URL}\nADMIN ${e.BACKEND_SUPERADMIN_USER}:${e.BACKEND_SUPERADMIN_PASSWORD}\nSTAFF obsluga@psiaki.test:${e.BACKEND_STAFF_PASSWORD}\nGATEWAY_SECRET ${e.P24_CRC}\nORDER_LINK_SECRET ${e.ORDER_LINK_SECRET}\nSHOP_API_SECRET ${e.SHOP_API_SECRET}\nCATALOGUE_HOOK_SECRET ${e.CATALOGUE_HOOK_SECRET}\nINPOST ${e.INPOST_ORGANIZATION_ID}:${e.INPOST_WEBHOOK_SECRET}:${e.INPOST_API_TOKEN}\nINVOICE_SELLER ${e.INVOICE_SELLER_NIP}\n`,
    );
  }
  process.stdout.write(`BACKEND READY ${stack.url}\n`);
  if (backendOnly) return;

  say('loading the redirect table into local KV');
  execFileSync('npx', ['tsx', 'scripts/redirects.ts', '--local'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  // the Shop API's secret and the catalogue hook's key reach the worker as secrets (an env file, mode 600), not as
  // vars on the command line
  const workerSecrets = join(dataDir, 'worker-secrets.env');
  writeFileSync(workerSecrets, `SHOP_API_SECRET=${stack.env.SHOP_API_SECRET}\nCATALOGUE_HOOK_SECRET=${stack.env.CATALOGUE_HOOK_SECRET}\n`, {
    mode: 0o600,
  });
  const vars = {
    VENDURE_SHOP_API: `${stack.url}/shop-api`,
    ASSET_URL: `${stack.url}/assets`,
    BLOG_API_URL: `${stack.blogUrl}/wp-json/wp/v2`,
    BLOG_URL: stack.blogUrl,
    INPOST_POINTS_URL: `${stack.blogUrl}/inpost/v1/points`,
    // the account challenge's Turnstile: the stand-in's siteverify and widget (Cloudflare's test keys of wrangler.toml)
    TURNSTILE_VERIFY_URL: `${stack.blogUrl}/turnstile/v0/siteverify`,
    TURNSTILE_SCRIPT_URL: `${stack.blogUrl}/turnstile/v0/api.js?render=explicit`,
  };
  edge = await startProcess(
    join(root, 'node_modules/.bin/wrangler'),
    [
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(ports.storefront),
      '--inspector-port',
      String(await freePort([ports.storefront])),
      '--show-interactive-dev-session=false',
      '--env-file',
      workerSecrets,
      ...Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
    ],
    { cwd: root, name: 'wrangler dev', ready: /Ready on http:\/\/127\.0\.0\.1:\d+/, timeoutMs: 120_000 },
  ).catch((e: Error) => {
    throw new StartError(`the edge worker did not start: ${e.message.split('\n')[0]}`);
  });
  const secrets = join(dataDir, 'secrets.env');
  console.log(`\n✔ The shop runs on the production profile at http://127.0.0.1:${ports.storefront} — Ctrl-C stops everything.`);
  console.log(`  balancer ${stack.url} → API servers ${ports.servers.join(', ')}; mailbox ${stack.mailboxUrl}`);
  console.log(
    `  Admin API ${stack.url}/admin-api; Dashboard ${stack.url}/dashboard (superadmin and staff obsluga@psiaki.test: ${secrets})`,
  );
}

main().catch(async (error) => {
  process.stderr.write(`npm run start:production failed: ${error instanceof Error ? error.message : error}\n`);
  await shutdown(1);
});
