import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, freePortSet } from '../../backend/src/dev/ports';
import { DEV_CATALOGUE_HOOK_SECRET } from '../../worker/env';
import { type Started, startProcess } from './process';

export const root = resolve(import.meta.dirname, '../..');

export interface Backend {
  url: string;
  blogUrl: string;
  /** the shop's outgoing mail: `${mailboxUrl}?email=…` (dev mailbox, or the SMTP sink of the production profile) */
  mailboxUrl: string;
  /** superadmin `user:password` (generated in the production profile) */
  adminLogin: string;
  /** the seeded staff account (role 'Obsługa sklepu') `user:password` (generated password in the production profile) */
  staffLogin: string;
  /**
   * the backend's process. SQLite: the server (its group holds the stand-ins too; the load test's --freeze-at
   * stops it). Production profile: the orchestrator (scripts/production/start-production.ts), from which every process of
   * the stack descends, restarted API servers included (the load test's CPU figures)
   */
  pid?: number;
  /** production profile only: pids of the API servers behind the balancer */
  apiServerPids?: number[];
  /** production profile only: their ports (each answers /health itself) */
  apiServerPorts?: number[];
  /** production profile only: the stack's PostgreSQL (throwaway) */
  databaseUrl?: string;
  /** production profile only: Vendure's worker */
  workerPid?: number;
  /** production profile only: Redis's port (its pid after a restart: e2e/production/services.ts) */
  redisPort?: number;
  /** production profile only: PostgreSQL's postmaster when the stack started (restarted like Redis) */
  postgresPid?: number;
  /** production profile only: every process of the stack (memory figures) */
  pids?: number[];
  /** production profile only: the Shop API answers only callers sending it in `X-Shop-Api-Secret` (decision 105) */
  shopApiSecret?: string;
  /**
   * the key of the backend's signed "the catalogue changed" calls to the storefront (decision 109): the
   * development one (wrangler.toml's) on SQLite, the profile's generated one in the production profile
   */
  catalogueHookSecret: string;
  /** port reserved for the storefront started against this backend (the gateway returns the shopper there) */
  storefrontPort: number;
  stop(): Promise<void>;
}

/**
 * A throwaway Vendure backend and blog stand-in on free ports, with a fresh
 * copy of the seeded database (never the developer's). See backend/README.md.
 */
export async function startBackend(options: { blogDelayMs?: number; env?: Record<string, string> } = {}): Promise<Backend> {
  if (process.env.TEST_PROFILE === 'production') return startProductionBackend(options.env);
  const [port, blogPort, storefrontPort] = (await freePortSet(3)) as [number, number, number];
  const dir = mkdtempSync(join(tmpdir(), 'psiaki-backend-'));
  const proc = await startProcess('node', [join(root, 'backend/dist/start.js')], {
    cwd: root,
    name: 'backend',
    env: {
      BACKEND_PORT: String(port),
      BLOG_PORT: String(blogPort),
      BACKEND_DB: join(dir, 'test.sqlite'),
      BACKEND_FRESH: '1',
      BLOG_DELAY_MS: String(options.blogDelayMs ?? 0),
      VENDURE_DISABLE_TELEMETRY: 'true',
      // payment gateway (stand-in) return/cancel URLs and its notifications go to the storefront's worker,
      // and so do the catalogue change calls, signed with the development key the worker has too (decision 109)
      STOREFRONT_URL: `http://127.0.0.1:${storefrontPort}`,
      CATALOGUE_HOOK_SECRET: DEV_CATALOGUE_HOOK_SECRET,
      // Extra backend settings of one test (e.g. BACKEND_REQUIRE_VERIFICATION=1).
      ...options.env,
    },
    ready: /BACKEND READY (http:\/\/127\.0\.0\.1:\d+)/,
    timeoutMs: 180_000,
  });
  return {
    url: `http://127.0.0.1:${port}`,
    blogUrl: `http://127.0.0.1:${blogPort}`,
    mailboxUrl: `http://127.0.0.1:${port}/dev-mailbox`,
    adminLogin: 'superadmin:superadmin',
    staffLogin: 'obsluga@psiaki.test:Obsluga1234!',
    catalogueHookSecret: DEV_CATALOGUE_HOOK_SECRET,
    pid: proc.child.pid,
    storefrontPort,
    async stop() {
      await proc.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * TEST_PROFILE=production: the production-shaped core instead (PostgreSQL, Redis, worker, two API
 * servers behind HAProxy, SMTP sink; scripts/production/), on free ports and a copy of the seeded
 * template, through the same command a developer runs.
 */
export async function startProductionBackend(env: Record<string, string> = {}, extraArgs: string[] = []): Promise<Backend> {
  const proc = await startProcess(
    join(root, 'node_modules/.bin/tsx'),
    [
      join(root, 'scripts/production/start-production.ts'),
      '--backend-only',
      '--free-ports',
      '--fresh',
      // the balancer's staff limits (decision 105) skip the tests' own address: they log in to the Admin API often
      '--trusted-address',
      '127.0.0.1',
      ...extraArgs,
    ],
    {
      cwd: root,
      name: 'production stack',
      env,
      ready: /BACKEND READY (http:\/\/127\.0\.0\.1:\d+)/,
      timeoutMs: 600_000,
      // it stops its own processes in order (balancer, servers, worker, stand-ins, Redis, PostgreSQL):
      // a SIGKILL before it is done would leave them running
      stopTimeoutMs: 90_000,
    },
  );
  const line = (name: string) => new RegExp(`${name} (\\S+)`).exec(proc.output())?.[1] ?? '';
  return {
    url: proc.match[1]!,
    blogUrl: line('BLOG READY'),
    mailboxUrl: line('MAILBOX READY'),
    storefrontPort: Number(line('STOREFRONT PORT')),
    apiServerPids: line('API SERVERS').split(',').map(Number),
    apiServerPorts: line('API PORTS').split(',').map(Number),
    pids: line('PIDS').split(',').map(Number),
    workerPid: Number(line('WORKER')),
    redisPort: Number(line('REDIS_PORT')),
    postgresPid: Number(line('POSTGRES')),
    databaseUrl: line('DATABASE'),
    adminLogin: line('ADMIN'),
    staffLogin: line('STAFF'),
    shopApiSecret: line('SHOP_API_SECRET'),
    pid: proc.child.pid,
    catalogueHookSecret: line('CATALOGUE_HOOK_SECRET'),
    stop: () => proc.stop(),
  };
}

export interface Storefront {
  url: string;
  persistDir: string;
  /** wrangler's process: workerd and esbuild descend from it (the load test's CPU figures) */
  pid?: number;
  /** what `wrangler dev` printed lately (the worker's request log lines among it) */
  output(): string;
  stop(): Promise<void>;
}

/** Seeds the local redirect KV in `persistDir` from redirects/ with the ops script. */
export function seedRedirects(persistDir: string): void {
  execFileSync('npx', ['tsx', join(root, 'scripts/redirects.ts'), '--local', '--persist-to', persistDir], {
    cwd: root,
    stdio: 'pipe',
  });
}

/**
 * `wrangler dev` on a free port against the given backend, with its own local KV state. `extraVars`
 * override wrangler.toml's development vars (the load test's outage drill: the production timeouts).
 *
 * `deployed`: the worker built as `wrangler deploy` builds it, for figures (`npm run load`, `bench`,
 * `lighthouse`): NODE_ENV=production in wrangler's environment, which is how wrangler picks the value
 * it substitutes for `process.env.NODE_ENV` (deploy: "production" unless NODE_ENV says otherwise; dev:
 * "development"), so the bundle holds React's production build instead of its development build (10–20×
 * slower to render), and minified (`--minify`, as wrangler.toml's `minify = true` does for deploy).
 * Checked in the bundle wrangler wrote (checkDeployedBundle): a development build fails the start.
 * Without it (`npm start`, the e2e tests) the worker runs React's development build, with its warnings.
 */
export async function startStorefront(
  backend: Backend,
  extraVars: Record<string, string> = {},
  { deployed = false }: { deployed?: boolean } = {},
): Promise<Storefront> {
  const [port, inspectorPort] = [backend.storefrontPort, await freePort([backend.storefrontPort])];
  const persistDir = mkdtempSync(join(tmpdir(), 'psiaki-kv-'));
  seedRedirects(persistDir);
  // the Shop API's secret of a production-profile backend (decision 105) and the backend's catalogue hook key
  // (decision 109), as secrets of the worker
  const secretsFile = join(persistDir, 'worker-secrets.env');
  writeFileSync(
    secretsFile,
    `${backend.shopApiSecret ? `SHOP_API_SECRET=${backend.shopApiSecret}\n` : ''}CATALOGUE_HOOK_SECRET=${backend.catalogueHookSecret}\n`,
    { mode: 0o600 },
  );
  const vars = {
    MAIN_HOST: `127.0.0.1:${port}`,
    VENDURE_SHOP_API: `${backend.url}/shop-api`,
    ASSET_URL: `${backend.url}/assets`,
    BLOG_API_URL: `${backend.blogUrl}/wp-json/wp/v2`,
    BLOG_URL: backend.blogUrl,
    // Every shopper of a test stack comes from one address; the limits themselves are worker tests
    // (worker/ratelimit/*.test.ts turn them on again).
    RATE_LIMITS: 'off',
    INPOST_POINTS_URL: `${backend.blogUrl}/inpost/v1/points`,
    // the account challenge's Turnstile: the stand-in's siteverify and widget (Cloudflare's test keys of wrangler.toml)
    TURNSTILE_VERIFY_URL: `${backend.blogUrl}/turnstile/v0/siteverify`,
    TURNSTILE_SCRIPT_URL: `${backend.blogUrl}/turnstile/v0/api.js?render=explicit`,
    ...extraVars,
  };
  const bundlesBefore = devBundles();
  const proc: Started = await startProcess(
    join(root, 'node_modules/.bin/wrangler'),
    [
      'dev',
      ...(deployed ? ['--minify'] : []),
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--inspector-port',
      String(inspectorPort),
      '--persist-to',
      persistDir,
      '--show-interactive-dev-session=false',
      '--env-file',
      secretsFile,
      ...Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
    ],
    {
      cwd: root,
      name: 'wrangler dev',
      ready: /Ready on http:\/\/127\.0\.0\.1:\d+/,
      timeoutMs: 120_000,
      env: deployed ? { NODE_ENV: 'production' } : {},
    },
  );
  if (deployed) {
    try {
      console.log(`worker as deployed: ${checkDeployedBundle(devBundles().filter((dir) => !bundlesBefore.includes(dir)))}`);
    } catch (error) {
      await proc.stop();
      rmSync(persistDir, { recursive: true, force: true });
      throw error;
    }
  }
  return {
    url: `http://127.0.0.1:${port}`,
    persistDir,
    pid: proc.child.pid,
    output: proc.output,
    async stop() {
      await proc.stop();
      rmSync(persistDir, { recursive: true, force: true });
    },
  };
}

/** Where `wrangler dev` writes its bundle: .wrangler/tmp/dev-XXXXXX/index.js (and index.js.map), removed when it exits. */
const WRANGLER_TMP = join(root, '.wrangler/tmp');

function devBundles(): string[] {
  if (!existsSync(WRANGLER_TMP)) return [];
  return readdirSync(WRANGLER_TMP)
    .filter((name) => name.startsWith('dev-') && existsSync(join(WRANGLER_TMP, name, 'index.js.map')))
    .map((name) => join(WRANGLER_TMP, name));
}

/**
 * Of the bundles `wrangler dev` wrote since the start (another `wrangler dev` of this checkout may have
 * written one too), one must be built as deployed: its source map lists react-dom-server's production
 * build and not the development one, and it is minified (no esbuild `// node_modules/…` module comments).
 * Throws otherwise, saying what it found; returns a one-line description of the bundle.
 */
export function checkDeployedBundle(dirs: string[]): string {
  if (!dirs.length)
    throw new Error(
      `wrangler dev wrote no bundle under ${WRANGLER_TMP}: cannot check that the worker runs React's production build (has wrangler moved its bundle?)`,
    );
  const found: string[] = [];
  for (const dir of dirs) {
    const { sources } = JSON.parse(readFileSync(join(dir, 'index.js.map'), 'utf8')) as { sources: string[] };
    const server = sources.filter((s) => /react-dom-server\.edge\.[a-z]+\.js$/.test(s)).map((s) => s.replace(/^.*\//, ''));
    const code = readFileSync(join(dir, 'index.js'), 'utf8');
    const minified = !/^\/\/ node_modules\//m.test(code);
    const kb = Math.round(Buffer.byteLength(code) / 1024);
    if (server.length === 1 && server[0] === 'react-dom-server.edge.production.js' && minified)
      return `React's production build (react-dom-server.edge.production.js), minified, ${kb} KiB (${dir.slice(root.length + 1)})`;
    found.push(`${dir.slice(root.length + 1)}: ${server.join(', ') || 'no react-dom-server'}, ${minified ? 'minified' : 'not minified'}`);
  }
  throw new Error(
    `the worker is not built as deployed (React's production build, minified); wrangler dev's bundle holds ${found.join('; ')}`,
  );
}
