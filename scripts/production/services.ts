/**
 * The production profile's services as our own processes on 127.0.0.1 (Debian's packages):
 * PostgreSQL, Redis and HAProxy. Data under the given folder; nothing system-wide is started.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync, chownSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Started, startProcess } from '../test-stack/process';

/** A start problem with a one-line reason (printed as is, exit 1). */
export class StartError extends Error {}

const isRoot = () => process.getuid?.() === 0;

function which(bin: string): string | undefined {
  const r = spawnSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

export interface Binaries {
  pgBin: string;
  redisServer: string;
  haproxy: string;
  /** backups and WAL archiving (issue 43, decision 114) */
  pgbackrest: string;
  /** the invoices' FA(3) schema validation (issue 40, decision 116) */
  xmllint: string;
}

/** Finds PostgreSQL, Redis and HAProxy; installs the missing Debian packages when root, else says how. */
export function ensureBinaries(log: (line: string) => void): Binaries {
  const find = () => ({
    pgBin: postgresBin(),
    redisServer: which('redis-server'),
    haproxy: which('haproxy'),
    pgbackrest: which('pgbackrest'),
    xmllint: which('xmllint'),
  });
  let found = find();
  const missing = [
    !found.pgBin && 'postgresql',
    !found.redisServer && 'redis-server',
    !found.haproxy && 'haproxy',
    !found.pgbackrest && 'pgbackrest',
    !found.xmllint && 'libxml2-utils',
  ].filter(Boolean) as string[];
  if (missing.length) {
    if (!isRoot() || !which('apt-get'))
      throw new StartError(`missing ${missing.join(', ')}: install them with "sudo apt-get install -y ${missing.join(' ')}" and run again`);
    log(`installing ${missing.join(', ')} (apt-get)…`);
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (update.status !== 0 || install.status !== 0) throw new StartError(`apt-get could not install ${missing.join(', ')}`);
    found = find();
  }
  if (!found.pgBin || !found.redisServer || !found.haproxy || !found.pgbackrest || !found.xmllint)
    throw new StartError('PostgreSQL, Redis, HAProxy, pgBackRest or xmllint still missing after installing');
  return found as Binaries;
}

/** PostgreSQL refuses to run as root: as root, it runs as the `postgres` user Debian's package creates. */
export function asPostgres(command: string, args: string[]): [string, string[]] {
  if (!isRoot()) return [command, args];
  return ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', command, ...args]];
}

/** As root, the `postgres` user needs to reach the data folder: adds search (x) permission on its parents where missing. */
export function letPostgresReach(dir: string, log: (line: string) => void): void {
  if (!isRoot()) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(dir, uid, gid);
  for (let d = dirname(dir); d !== dirname(d); d = dirname(d)) {
    const mode = statSync(d).mode;
    if (!(mode & 0o001)) {
      chmodSync(d, mode | 0o001);
      log(`made ${d} searchable (o+x) for the postgres user`);
    }
  }
}

/** A started service process: its pid, a graceful stop, and a call when it exits (the supervisor's). */
export interface Service {
  pid: number;
  stop(): Promise<void>;
  /** `then` gets the signal or exit code */
  onExit(then: (how: string) => void): void;
}

const onExitOf = (proc: Started) => (then: (how: string) => void) =>
  void proc.child.once('exit', (code, signal) => then(String(signal ?? code)));

export interface Pg extends Service {
  port: number;
}

/** Creates the cluster on first use (user `psiaki`, password auth, TCP on 127.0.0.1 only), then starts it. */
export async function startPostgres(
  bin: Binaries,
  dir: string,
  port: number,
  password: string,
  log: (l: string) => void,
  archive?: { socketDir: string; archiveCommand: string },
): Promise<Pg> {
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    letPostgresReach(dir, log);
    const pwfile = join(dirname(dir), '.pgpass-init');
    writeFileSync(pwfile, password + '\n', { mode: 0o644 });
    const [cmd, args] = asPostgres(join(bin.pgBin, 'initdb'), [
      '-D',
      dir,
      '-U',
      'psiaki',
      '--auth=scram-sha-256',
      `--pwfile=${pwfile}`,
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ]);
    const r = spawnSync(cmd, args, { encoding: 'utf8' });
    execFileSync('rm', ['-f', pwfile]);
    if (r.status !== 0) throw new StartError(`initdb failed: ${(r.stderr || r.stdout).trim().split('\n').pop()}`);
  } else {
    letPostgresReach(dir, log);
  }
  const [cmd, args] = asPostgres(join(bin.pgBin, 'postgres'), [
    '-D',
    dir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    // a socket only where backups are archived: pgBackRest talks to the cluster through it
    '-c',
    `unix_socket_directories=${archive?.socketDir ?? ''}`,
    ...(archive
      ? [
          // every finished WAL segment goes to the backup repository; at least one a minute (the RPO)
          '-c',
          'archive_mode=on',
          '-c',
          `archive_command=${archive.archiveCommand}`,
          '-c',
          'archive_timeout=60',
        ]
      : []),
    '-c',
    'max_connections=100',
    // Vendure's queries are many and short: compiling them (JIT) costs more than it saves
    '-c',
    'jit=off',
  ]);
  const proc = await startProcess(cmd, args, {
    name: 'postgres',
    ready: /database system is ready to accept connections/,
    timeoutMs: 60_000,
  }).catch((e: Error) => {
    throw new StartError(`PostgreSQL did not start on 127.0.0.1:${port}: ${lastLine(e.message)}`);
  });
  return { port, pid: proc.child.pid!, stop: () => stopGently(proc, 'SIGINT'), onExit: onExitOf(proc) };
}

export async function startRedis(bin: Binaries, dir: string, port: number, password: string): Promise<Service & { port: number }> {
  mkdirSync(dir, { recursive: true });
  const proc = await startProcess(
    bin.redisServer,
    [
      '--bind',
      '127.0.0.1',
      '--port',
      String(port),
      '--dir',
      dir,
      '--requirepass',
      password,
      '--appendonly',
      'yes',
      '--save',
      '',
      // BullMQ needs its keys kept, never evicted
      '--maxmemory-policy',
      'noeviction',
      '--daemonize',
      'no',
    ],
    { name: 'redis-server', ready: /Ready to accept connections/, timeoutMs: 30_000 },
  ).catch((e: Error) => {
    throw new StartError(`Redis did not start on 127.0.0.1:${port}: ${lastLine(e.message)}`);
  });
  return { port, pid: proc.child.pid!, stop: () => stopGently(proc, 'SIGTERM'), onExit: onExitOf(proc) };
}

/**
 * What the balancer allows one client address on the staff side (decision 105): the Admin API and
 * the Dashboard are public hosts in a real deployment, with none of the edge worker's limits in
 * front of them. The Shop API has its own gate (only the worker's secret passes, at the servers).
 */
export interface StaffLimits {
  /** requests to /admin-api and /dashboard per address in 10 s (a Dashboard page load is tens of requests) */
  requestsPer10s: number;
  /** Admin API logins (a POST whose body names `login(` or `authenticate(`) per address in a minute */
  loginsPerMinute: number;
}

export const STAFF_LIMITS: StaffLimits = { requestsPer10s: 300, loginsPerMinute: 10 };

/** The balancer's refusal: JSON a GraphQL client (the Dashboard) shows, with the reason in Polish and English. */
const tooMany = (what: string, seconds: number) =>
  `http-request return status 429 content-type "application/json; charset=utf-8" hdr Retry-After ${seconds} hdr Cache-Control no-store ` +
  `string '{"errors":[{"message":"${what} Odczekaj ${seconds} s i spróbuj ponownie.","extensions":{"code":"TOO_MANY_REQUESTS"}}]}'`;

/**
 * Keeps a service running, as a service manager would (issue 43): restarted 1 s after it exits, a
 * failed start tried again every 5 s, until `stop()`.
 */
export async function supervised(
  name: string,
  start: () => Promise<Service>,
  log: (line: string) => void,
): Promise<{ pid(): number; stop(): Promise<void> }> {
  let current = await start();
  let stopping = false;
  const watch = (service: Service) =>
    service.onExit((how) => {
      if (stopping || service !== current) return;
      log(`${name} exited (${how}); restarting in 1 s`);
      const restart = (attempt: number) =>
        setTimeout(
          () => {
            if (stopping) return;
            start().then(
              (started) => {
                if (stopping) return void started.stop();
                current = started;
                watch(started);
                log(`${name} is back (pid ${started.pid})`);
              },
              (e: Error) => {
                log(`${lastLine(e.message)}; trying again in 5 s`);
                restart(attempt + 1);
              },
            );
          },
          attempt === 0 ? 1000 : 5000,
        );
      restart(0);
    });
  watch(current);
  return {
    pid: () => current.pid,
    stop: async () => {
      stopping = true;
      await current.stop();
    },
  };
}

/**
 * HAProxy in front of the API servers: round robin, health check on Vendure's /health every second
 * (down after 2 failures, up after 2 passes), a failed connection retried on the other server
 * (which is safe for any method: the request never reached a server), idempotent requests also
 * retried after an empty answer or a 502/503/504. Per client address (stick tables): requests to
 * the Admin API and the Dashboard, and Admin API logins, limited by `limits`, answered 429;
 * `trusted` addresses are not counted.
 *
 * Saturation (issue 38): each server takes at most SERVER_MAXCONN requests at once (its database
 * pool's size: more would only wait inside Node for a connection); the rest wait in HAProxy's queue,
 * in order, up to QUEUE_TIMEOUT — longer than any Shop API timeout of the worker
 * (worker/shop/backend.ts TIMEOUTS_MS), so under load the worker gives up first and can answer
 * with a stale copy, and the balancer never turns a busy moment into a 503 of its own.
 */
const SERVER_MAXCONN = 10;
const QUEUE_TIMEOUT = '30s';

export function haproxyConfig(
  listen: number,
  servers: number[],
  healthPort?: number,
  options: { limits?: StaffLimits; trusted?: string[] } = {},
): string {
  const limits = options.limits ?? STAFF_LIMITS;
  const trusted = options.trusted?.length ? options.trusted : undefined;
  const unlessTrusted = trusted ? ' !trusted' : '';
  return `global
  maxconn 2000

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  timeout queue ${QUEUE_TIMEOUT}
  option http-server-close
  option redispatch
  retries 3
  retry-on conn-failure empty-response response-timeout 502 503 504

frontend shop_api
  bind 127.0.0.1:${listen}
  # the body is read before the rules run, so an Admin API login can be told from its other calls
  option http-buffer-request
  acl staff_side path_beg /admin-api /dashboard
  acl admin_api path_beg /admin-api
  acl post method POST
  acl login_call req.body -m reg -i '(login|authenticate)[[:space:]]*[(]'${trusted ? `\n  # addresses the limits do not apply to (a test run's own calls; an office's fixed address)\n  acl trusted src ${trusted.join(' ')}` : ''}
  http-request track-sc0 src table staff_requests if staff_side${unlessTrusted}
  http-request track-sc1 src table admin_logins if admin_api post login_call${unlessTrusted}
  ${tooMany('Zbyt wiele prób logowania z tego adresu (limit ' + limits.loginsPerMinute + ' na minutę).', 60)} if admin_api post login_call { sc1_http_req_rate(admin_logins) gt ${limits.loginsPerMinute} }
  ${tooMany('Zbyt wiele żądań do panelu z tego adresu (limit ' + limits.requestsPer10s + ' na 10 s).', 10)} if staff_side { sc0_http_req_rate(staff_requests) gt ${limits.requestsPer10s} }
  default_backend vendure
${healthPort ? `\nfrontend lb_health\n  bind 127.0.0.1:${healthPort}\n  http-request return status 200 content-type text/plain string ok\n` : ''}
backend staff_requests
  stick-table type ip size 100k expire 1m store http_req_rate(10s)

backend admin_logins
  stick-table type ip size 100k expire 5m store http_req_rate(1m)

backend vendure
  balance roundrobin
  option httpchk GET /health
  http-check expect status 200
  default-server inter 1s fall 2 rise 2 fastinter 500ms downinter 1s
${servers.map((p, i) => `  server api${i + 1} 127.0.0.1:${p} check maxconn ${SERVER_MAXCONN}`).join('\n')}
`;
}

export async function startHaproxy(
  bin: Binaries,
  configFile: string,
  config: string,
  listen: number,
): Promise<{ pid: number; stop(): Promise<void> }> {
  writeFileSync(configFile, config);
  const check = spawnSync(bin.haproxy, ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
  if (check.status !== 0) throw new StartError(`HAProxy refused its configuration: ${lastLine(check.stderr || check.stdout)}`);
  const proc = await startProcess(bin.haproxy, ['-db', '-f', configFile], {
    name: 'haproxy',
    // -db keeps it in the foreground; it prints nothing when fine, so wait for its port
    ready: null,
    timeoutMs: 10_000,
  });
  await waitForPort(listen, 10_000).catch(() => {
    throw new StartError(`HAProxy did not listen on 127.0.0.1:${listen}: ${lastLine(proc.output())}`);
  });
  return { pid: proc.child.pid!, stop: () => stopGently(proc, 'SIGTERM') };
}

export async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const { connect } = await import('node:net');
  const started = Date.now();
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() - started > timeoutMs) throw new Error(`nothing listens on ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function lastLine(text: string): string {
  return (
    text
      .trim()
      .split('\n')
      .filter((l) => l.trim())
      .pop() ?? text
  ).trim();
}

/** Stops a started process group with the given signal (SIGKILL after 15 s). */
export function stopGently(proc: Started, signal: NodeJS.Signals): Promise<void> {
  return new Promise<void>((resolve) => {
    const child = proc.child;
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {}
    }, 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    try {
      process.kill(-child.pid!, signal);
    } catch {
      resolve();
    }
  });
}
