/**
 * The commerce core in production shape, as our own processes on 127.0.0.1 (decision 062):
 * PostgreSQL and Redis (data in `dataDir`), the stand-ins (blog, payment gateway, InPost, SMTP
 * sink), migrations and a first-run seed, Vendure's worker, N API servers and HAProxy in front of
 * them. `npm run start:production` (start-production.ts) adds the edge worker; the tests use the same stack
 * (TEST_PROFILE=production), each run on a copy of a seeded template.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  appendFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePortSet } from '../../backend/src/dev/ports';
import { type Started, startProcess } from '../test-stack/process';
import { root } from '../test-stack/stack';
import { archiveCommand, pgbackrest, writeBackupConfig } from './backups';
import {
  type Binaries,
  StartError,
  ensureBinaries,
  haproxyConfig,
  lastLine,
  startHaproxy,
  startPostgres,
  startRedis,
  supervised,
  stopGently,
} from './services';

const backendDist = join(root, 'backend/dist');

/** The header the edge worker sends the Shop API's secret in (backend/src/plugins/account-security/constants.ts). */
export const SHOP_API_SECRET_HEADER = 'x-shop-api-secret';

export interface Secrets {
  PG_PASSWORD: string;
  REDIS_PASSWORD: string;
  BACKEND_SUPERADMIN_USER: string;
  BACKEND_SUPERADMIN_PASSWORD: string;
  /** the staff account's password (role 'Obsługa sklepu', login obsluga@psiaki.test), given by the seed */
  BACKEND_STAFF_PASSWORD: string;
  /** signs the order links of the shop's e-mails (decision 102); kept, so links already sent keep working */
  ORDER_LINK_SECRET: string;
  /** the Shop API answers only callers that send it (the edge worker, decision 105); the API servers and the worker share it */
  SHOP_API_SECRET: string;
  /** keys the backend's signed "the catalogue changed" calls to the edge worker (decision 109); both share it */
  CATALOGUE_HOOK_SECRET: string;
  /** the P24 stand-in's credentials of this profile (not the development ones) */
  P24_MERCHANT_ID: string;
  P24_API_KEY: string;
  P24_CRC: string;
  /** the ShipX stand-in's organisation, token and the webhook's secret path segment of this profile (decision 113) */
  INPOST_ORGANIZATION_ID: string;
  INPOST_API_TOKEN: string;
  INPOST_WEBHOOK_SECRET: string;
  /** encrypts the backup repository (pgBackRest's repo1-cipher-pass, decision 114): without it no backup can be read */
  BACKUP_CIPHER_PASS: string;
}

/** Generated on the first run and kept in `<dataDir>/secrets.env` (git-ignored, mode 600). */
export function loadSecrets(dataDir: string): Secrets {
  const file = join(dataDir, 'secrets.env');
  if (existsSync(file)) {
    const entries = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]);
    const token = (n: number) => randomBytes(n).toString('base64url');
    // files written before the staff role lack its password: one is added to the file (a seed may use it)
    // and before the order links of the e-mails lack their key, and before decision 105 the Shop API's secret,
    // and before decision 109 the catalogue hook's key
    for (const [name, bytes] of [
      ['BACKEND_STAFF_PASSWORD', 18],
      ['ORDER_LINK_SECRET', 32],
      ['SHOP_API_SECRET', 32],
      ['CATALOGUE_HOOK_SECRET', 32],
      ['BACKUP_CIPHER_PASS', 32],
    ] as const) {
      if (entries.some(([k]) => k === name)) continue;
      const added = [name, token(bytes)];
      appendFileSync(file, `${added[0]}=${added[1]}\n`);
      entries.push(added);
    }
    // files written before the Przelewy24 contract lack its keys: fresh ones per run do (only the stand-in checks them)
    // and before decision 113 the ShipX stand-in's: fresh ones per run as well
    return {
      P24_MERCHANT_ID: '200002',
      P24_API_KEY: token(24),
      P24_CRC: token(24),
      ...inpostSecrets(token),
      ...Object.fromEntries(entries),
    } as unknown as Secrets;
  }
  const token = (n: number) => randomBytes(n).toString('base64url');
  const secrets: Secrets = {
    PG_PASSWORD: token(18),
    REDIS_PASSWORD: token(18),
    BACKEND_SUPERADMIN_USER: 'sklep-admin',
    BACKEND_SUPERADMIN_PASSWORD: token(18),
    BACKEND_STAFF_PASSWORD: token(18),
    ORDER_LINK_SECRET: token(32),
    SHOP_API_SECRET: token(32),
    CATALOGUE_HOOK_SECRET: token(32),
    P24_MERCHANT_ID: '200002',
    P24_API_KEY: token(24),
    P24_CRC: token(24),
    ...inpostSecrets(token),
    BACKUP_CIPHER_PASS: token(32),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(
    file,
    '# secrets of this local production profile, generated on its first run (git-ignored)\n' +
      Object.entries(secrets)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n') +
      '\n',
    { mode: 0o600 },
  );
  return secrets;
}

/** The ShipX stand-in's credentials of this profile (only the stand-in checks them). */
function inpostSecrets(token: (n: number) => string) {
  return { INPOST_ORGANIZATION_ID: '5005', INPOST_API_TOKEN: token(24), INPOST_WEBHOOK_SECRET: token(32) };
}

export interface Ports {
  balancer: number;
  servers: number[];
  workerHealth: number;
  postgres: number;
  redis: number;
  blog: number;
  smtp: number;
  mailbox: number;
  storefront: number;
}

export const DEFAULT_PORTS: Ports = {
  balancer: 3000,
  servers: [3101, 3102],
  workerHealth: 3103,
  postgres: 5433,
  redis: 6380,
  blog: 3001,
  smtp: 2525,
  mailbox: 3002,
  storefront: 8787,
};

export async function freePorts(servers = 2): Promise<Ports> {
  const [balancer, workerHealth, postgres, redis, blog, smtp, mailbox, storefront, ...serverPorts] = await freePortSet(8 + servers);
  return {
    balancer: balancer!,
    servers: serverPorts,
    workerHealth: workerHealth!,
    postgres: postgres!,
    redis: redis!,
    blog: blog!,
    smtp: smtp!,
    mailbox: mailbox!,
    storefront: storefront!,
  };
}

export interface ApiServer {
  port: number;
  pid(): number | undefined;
  /** sends a signal to the running server (SIGKILL: a crash; the supervisor restarts it after 1 s) */
  kill(signal: NodeJS.Signals): void;
}

export interface ProductionStack {
  /** the balancer: what VENDURE_SHOP_API points at (`${url}/shop-api`) */
  url: string;
  blogUrl: string;
  mailboxUrl: string;
  storefrontPort: number;
  ports: Ports;
  servers: ApiServer[];
  worker: { stop(): Promise<void>; start(): Promise<void> };
  workerPid(): number | undefined;
  /** PostgreSQL and Redis now (new pids after the supervisor restarted them) */
  postgresPid(): number;
  redisPid(): number;
  /** pids of every process of the stack now (PostgreSQL's and Node's children not included) */
  pids(): number[];
  /** environment of the backend processes (for one-off commands against this stack) */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export interface StackOptions {
  dataDir: string;
  ports: Ports;
  /**
   * Called at once with a function that stops whatever has started so far: a signal during the
   * start (a minute on the first run) must not leave PostgreSQL or Redis behind.
   */
  onStarting?: (stopSoFar: () => Promise<void>) => void;
  /** extra backend environment (e.g. BACKEND_REQUIRE_VERIFICATION=1) */
  env?: Record<string, string>;
  /** client addresses the balancer's staff limits skip (a test run's own calls; services.ts haproxyConfig) */
  trustedAddresses?: string[];
  log?: (line: string) => void;
}

/** The invoices' seller of this profile: the operator's INVOICE_SELLER_* when set, else clearly test data. */
function profileSeller(): Record<string, string> {
  return {
    INVOICE_SELLER_NIP: process.env.INVOICE_SELLER_NIP || '1111111111',
    INVOICE_SELLER_NAME: process.env.INVOICE_SELLER_NAME || 'Psiaki – profil produkcyjny, DANE TESTOWE',
    INVOICE_SELLER_ADDRESS: process.env.INVOICE_SELLER_ADDRESS || 'Testowa 1, 00-001 Warszawa',
  };
}

function backendEnv(secrets: Secrets, ports: Ports, dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    VENDURE_DISABLE_TELEMETRY: 'true',
    BACKEND_HOST: '127.0.0.1',
    DATABASE_URL: `postgres://psiaki:${encodeURIComponent(secrets.PG_PASSWORD)}@127.0.0.1:${ports.postgres}/psiaki`,
    REDIS_URL: `redis://:${encodeURIComponent(secrets.REDIS_PASSWORD)}@127.0.0.1:${ports.redis}/0`,
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    MAIL_FROM: 'Psiaki <sklep@psiaki.example>',
    BACKEND_ASSETS_DIR: join(dataDir, 'assets'),
    BACKEND_SUPERADMIN_USER: secrets.BACKEND_SUPERADMIN_USER,
    BACKEND_SUPERADMIN_PASSWORD: secrets.BACKEND_SUPERADMIN_PASSWORD,
    BACKEND_STAFF_PASSWORD: secrets.BACKEND_STAFF_PASSWORD,
    ORDER_LINK_SECRET: secrets.ORDER_LINK_SECRET,
    SHOP_API_SECRET: secrets.SHOP_API_SECRET,
    STOREFRONT_URL: `http://127.0.0.1:${ports.storefront}`,
    // the key of its signed "the catalogue changed" calls to the storefront's /api/catalogue/changed (decision 109)
    CATALOGUE_HOOK_SECRET: secrets.CATALOGUE_HOOK_SECRET,
    // the Przelewy24 stand-in, with this profile's own generated credentials (not the development ones)
    PAYMENT_GATEWAY_URL: `http://127.0.0.1:${ports.blog}/gateway`,
    P24_MERCHANT_ID: secrets.P24_MERCHANT_ID,
    P24_API_KEY: secrets.P24_API_KEY,
    P24_CRC: secrets.P24_CRC,
    // the ShipX stand-in next to it (decision 113)
    INPOST_SHIPX_URL: `http://127.0.0.1:${ports.blog}/inpost`,
    INPOST_ORGANIZATION_ID: secrets.INPOST_ORGANIZATION_ID,
    INPOST_API_TOKEN: secrets.INPOST_API_TOKEN,
    INPOST_WEBHOOK_SECRET: secrets.INPOST_WEBHOOK_SECRET,
    // where the courier of a dispatch order collects the parcels (the stand-in takes any well-formed one)
    INPOST_PICKUP_ADDRESS: 'Testowa 1, 00-001 Warszawa',
    // the seller on the invoices (decision 116): a NIP with a valid checksum of no firm, unless the
    // operator gives the shop's own (production refuses the development one)
    ...profileSeller(),
    // the KSeF stand-in next to it (decision 117) with the development token; the seller's NIP is KSeF's context
    KSEF_URL: `http://127.0.0.1:${ports.blog}/ksef/v2`,
    KSEF_TOKEN: 'dev-only-ksef-token-not-for-production',
    BANK_ACCOUNT_NUMBER: 'PL75 1010 0000 0000 0000 0000 1234',
    BANK_RECIPIENT: 'Psiaki sp. z o.o.',
    BANK_NAME: 'Bank Deweloperski S.A.',
    BACKEND_LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** Runs a node script of backend/dist to its end; throws its last line of output on failure. */
function runNode(script: string, args: string[], env: Record<string, string>, what: string, log: (l: string) => void): void {
  const r = spawnSync(process.execPath, [join(backendDist, script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const out = `${r.stdout ?? ''}\n${r.stderr ?? ''}`;
  for (const line of (r.stderr ?? '').split('\n').filter((l) => /^\[(migrate|seed)\]/.test(l))) log(`  ${line}`);
  if (r.status !== 0)
    throw new StartError(
      `${what} failed: ${lastLine(
        out
          .split('\n')
          .filter((l) => /\[(migrate|seed)\]|Error/.test(l))
          .join('\n') || out,
      )}`,
    );
}

async function ensureDatabase(port: number, password: string): Promise<{ seeded: boolean }> {
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'psiaki', password, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'psiaki'`);
    if (!exists.rowCount) await admin.query('CREATE DATABASE psiaki');
  } finally {
    await admin.end();
  }
  const db = new pg.Client({ host: '127.0.0.1', port, user: 'psiaki', password, database: 'psiaki' });
  await db.connect();
  try {
    const table = await db.query(`SELECT to_regclass('public.product') AS t`);
    if (!table.rows[0].t) return { seeded: false };
    const n = await db.query('SELECT count(*)::int AS n FROM product');
    return { seeded: n.rows[0].n > 0 };
  } finally {
    await db.end();
  }
}

/**
 * Starts everything but the edge worker. On failure, stops what it started and throws a
 * StartError with one line. Services come up in dependency order and go down in reverse.
 */
export async function startProductionStack(options: StackOptions): Promise<ProductionStack> {
  const log = options.log ?? (() => undefined);
  const { dataDir, ports } = options;
  const stops: Array<() => Promise<void>> = [];
  let aborted = false;
  /** Keeps a started process's stop; one that finished starting after a stop request is stopped at once. */
  const track = async (stop: () => Promise<void>) => {
    if (!aborted) return void stops.push(stop);
    await stop().catch(() => undefined);
    throw new StartError('stopped while starting');
  };
  const stopAll = async () => {
    aborted = true;
    const started = Date.now();
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    stops.length = 0;
    log(`stopped in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  options.onStarting?.(stopAll);
  try {
    const bin: Binaries = ensureBinaries(log);
    const secrets = loadSecrets(dataDir);
    const env = backendEnv(secrets, ports, dataDir, options.env);

    log(`PostgreSQL on 127.0.0.1:${ports.postgres} (data ${join(dataDir, 'pg')})`);
    // PostgreSQL and Redis are supervised like the API servers (issue 43): restarted 1 s after they
    // exit; Redis from its append-only file (appendfsync everysec: a kill -9 loses at most the last second)
    // WAL archived into the backup repository from the first start (decision 114: npm run backup, npm run restore)
    const backups = writeBackupConfig(dataDir, ports.postgres, secrets.BACKUP_CIPHER_PASS);
    const archive = { socketDir: backups.run, archiveCommand: archiveCommand(backups) };
    const postgres = await supervised(
      'PostgreSQL',
      () => startPostgres(bin, join(dataDir, 'pg'), ports.postgres, secrets.PG_PASSWORD, log, archive),
      log,
    );
    await track(postgres.stop);
    const stanza = pgbackrest(backups, ['stanza-create'], secrets.PG_PASSWORD);
    if (!stanza.ok) throw new StartError(`pgBackRest could not set up the backup repository ${backups.repo}: ${lastLine(stanza.out)}`);
    log(`Redis on 127.0.0.1:${ports.redis}`);
    const redis = await supervised('Redis', () => startRedis(bin, join(dataDir, 'redis'), ports.redis, secrets.REDIS_PASSWORD), log);
    await track(redis.stop);

    const standIns = await startProcess('node', [join(backendDist, 'stand-ins/standalone.js')], {
      cwd: root,
      name: 'stand-ins',
      env: {
        BLOG_PORT: String(ports.blog),
        SMTP_PORT: String(ports.smtp),
        MAILBOX_PORT: String(ports.mailbox),
        P24_MERCHANT_ID: secrets.P24_MERCHANT_ID,
        P24_API_KEY: secrets.P24_API_KEY,
        P24_CRC: secrets.P24_CRC,
        INPOST_ORGANIZATION_ID: secrets.INPOST_ORGANIZATION_ID,
        INPOST_API_TOKEN: secrets.INPOST_API_TOKEN,
        INPOST_WEBHOOK_SECRET: secrets.INPOST_WEBHOOK_SECRET,
        // ShipX's status webhooks to the balancer (InPost's parcel manager setting)
        INPOST_WEBHOOK_URL: `http://127.0.0.1:${ports.balancer}/inpost/webhook/${secrets.INPOST_WEBHOOK_SECRET}`,
        // the KSeF stand-in's taxpayer: the invoices' seller
        INVOICE_SELLER_NIP: profileSeller().INVOICE_SELLER_NIP!,
      },
      ready: /MAILBOX READY/,
      timeoutMs: 30_000,
    }).catch((e: Error) => {
      throw new StartError(`the stand-ins did not start: ${lastLine(e.message)}`);
    });
    await track(standIns.stop);
    log(
      `stand-ins: blog and gateway http://127.0.0.1:${ports.blog}, SMTP sink 127.0.0.1:${ports.smtp}, mailbox http://127.0.0.1:${ports.mailbox}/mailbox`,
    );

    const { seeded } = await ensureDatabase(ports.postgres, secrets.PG_PASSWORD);
    log('migrations');
    runNode('src/production/migrate.js', ['run'], env, 'migration', log);
    if (!seeded) {
      log('first run: seeding the catalogue through the migrated schema (about a minute)');
      const seedEnv = {
        ...env,
        NODE_ENV: '',
        // the seed's one-off server calls its own Shop API without the worker's header
        SHOP_API_SECRET: '',
        REDIS_URL: '',
        SMTP_URL: '',
        BACKEND_MAIL_DIR: mkdtempSync(join(tmpdir(), 'psiaki-seed-mail-')),
      };
      runNode('seed/seed.js', ['--assets', join(dataDir, 'assets')], seedEnv, 'seed', log);
    }

    let stopping = false;
    const logs = join(dataDir, 'logs');
    mkdirSync(logs, { recursive: true });
    const supervise = (name: string, script: string, extra: Record<string, string>, ready: RegExp) => {
      let proc: Started | undefined;
      const start = async () => {
        proc = await startProcess('node', [join(backendDist, script)], {
          cwd: root,
          name,
          env: { ...env, ...extra },
          ready,
          timeoutMs: 180_000,
        }).catch((e: Error) => {
          throw new StartError(
            `${name} did not start: ${lastLine(
              e.message
                .split('\n')
                .filter((l) => /start failed|Error/.test(l))
                .join('\n') || e.message,
            )}`,
          );
        });
        if (aborted) {
          // the stack was told to stop while this one was starting
          await stopGently(proc, 'SIGTERM');
          throw new StartError('stopped while starting');
        }
        const mine = proc;
        // each process's output goes on to <dataDir>/logs/<name>.log (what an operator reads)
        const file = createWriteStream(join(logs, `${name.replace(/ /g, '-')}.log`), { flags: 'a' });
        file.write(mine.output());
        mine.child.stdout?.pipe(file);
        mine.child.stderr?.pipe(file);
        mine.child.once('exit', (code, signal) => {
          if (stopping || proc !== mine || manual.has(name)) return;
          log(`${name} exited (${signal ?? code}); restarting in 1 s`);
          setTimeout(() => {
            if (!stopping)
              start().then(
                () => log(`${name} is back`),
                (e: Error) => log(e.message),
              );
          }, 1000);
        });
      };
      const manual = new Set<string>();
      return {
        start: async () => {
          manual.delete(name);
          await start();
        },
        stop: async () => {
          manual.add(name);
          if (proc) await stopGently(proc, 'SIGTERM');
        },
        pid: () => (proc && proc.child.exitCode === null && proc.child.signalCode === null ? proc.child.pid : undefined),
        kill: (signal: NodeJS.Signals) => proc?.child.pid && process.kill(proc.child.pid, signal),
      };
    };

    log('Vendure worker (jobs from Redis)');
    const worker = supervise('worker', 'src/production/job-worker.js', { WORKER_HEALTH_PORT: String(ports.workerHealth) }, /WORKER READY/);
    await worker.start();
    await track(worker.stop);
    log(`${ports.servers.length} API servers on ${ports.servers.join(', ')}`);
    const servers = ports.servers.map((port, i) =>
      supervise(`api server ${i + 1}`, 'src/production/api-server.js', { BACKEND_PORT: String(port) }, /API READY/),
    );
    await track(async () => {
      await Promise.all(servers.map((s) => s.stop()));
    });
    await Promise.all(servers.map((s) => s.start()));
    log(`HAProxy on 127.0.0.1:${ports.balancer}`);
    const haproxy = await startHaproxy(
      bin,
      join(dataDir, 'haproxy.cfg'),
      haproxyConfig(ports.balancer, ports.servers, undefined, { trusted: options.trustedAddresses }),
      ports.balancer,
    );
    // the balancer goes first when stopping: no new requests reach stopping servers
    await track(haproxy.stop);
    await waitUntilServed(`http://127.0.0.1:${ports.balancer}/shop-api`, secrets.SHOP_API_SECRET);

    return {
      url: `http://127.0.0.1:${ports.balancer}`,
      blogUrl: `http://127.0.0.1:${ports.blog}`,
      mailboxUrl: `http://127.0.0.1:${ports.mailbox}/mailbox`,
      storefrontPort: ports.storefront,
      ports,
      servers: ports.servers.map((port, i) => ({ port, pid: servers[i]!.pid, kill: servers[i]!.kill })),
      worker: { stop: worker.stop, start: worker.start },
      workerPid: worker.pid,
      postgresPid: postgres.pid,
      redisPid: redis.pid,
      pids: () =>
        [postgres.pid(), redis.pid(), standIns.child.pid, worker.pid(), ...servers.map((s) => s.pid()), haproxy.pid].filter(
          (p): p is number => typeof p === 'number',
        ),
      env,
      async stop() {
        stopping = true;
        await stopAll();
      },
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}

async function waitUntilServed(url: string, shopApiSecret: string, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SHOP_API_SECRET_HEADER]: shopApiSecret },
        body: '{"query":"{ activeChannel { code } }"}',
      });
      if (res.ok) return;
    } catch {}
    if (Date.now() - started > timeoutMs) throw new StartError(`the balancer at ${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** What decides a seeded template: the seed and schema sources and the migrations. */
function templateHash(): string {
  const require = createRequire(import.meta.url);
  const { seedSourcesHash } = require(join(backendDist, 'src/dev/template.js')) as { seedSourcesHash(): string };
  const hash = createHash('sha256').update(seedSourcesHash());
  const dir = join(root, 'backend/migrations');
  for (const f of existsSync(dir) ? readdirSync(dir).sort() : []) hash.update(f).update(readFileSync(join(dir, f)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A fresh data folder for a test run: a copy of the seeded template (PostgreSQL cluster, assets,
 * secrets), made once per seed/migration version in backend/data/ (about a minute), then copied
 * in about a second.
 */
export async function freshDataDir(log: (l: string) => void = () => undefined, onStarting?: StackOptions['onStarting']): Promise<string> {
  const template = join(root, 'backend/data', `pg-template-${templateHash()}`);
  if (!existsSync(template)) {
    const building = mkdtempSync(join(root, 'backend/data', 'pg-template-building-'));
    log(`building the PostgreSQL template ${template} (migrations + seed)…`);
    let stack: ProductionStack;
    try {
      stack = await startProductionStack({ dataDir: building, ports: await freePorts(1), log, onStarting });
    } catch (e) {
      rmSync(building, { recursive: true, force: true });
      throw e;
    }
    await stack.stop();
    rmSync(join(building, 'redis'), { recursive: true, force: true });
    // each copy archives into a repository of its own
    rmSync(join(building, 'backups'), { recursive: true, force: true });
    for (const old of readdirSync(join(root, 'backend/data')).filter((f) => f.startsWith('pg-template-') && !f.includes('building')))
      rmSync(join(root, 'backend/data', old), { recursive: true, force: true });
    renameSync(building, template);
  }
  const dir = mkdtempSync(join(tmpdir(), 'psiaki-production-'));
  // cp -a keeps owners and modes: PostgreSQL wants its cluster 0700 and, when root, the postgres user's
  const copy = spawnSync('cp', ['-a', `${template}/.`, dir], { encoding: 'utf8' });
  if (copy.status !== 0) throw new StartError(`could not copy the template: ${lastLine(copy.stderr)}`);
  return dir;
}
