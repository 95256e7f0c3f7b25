/**
 * Backups of the production profile with pgBackRest (Debian's package; issue 43, decision 114):
 * a project-local configuration written into the data folder at every start, run as the database's
 * own user, WAL archived continuously into an encrypted repository (`BACKUP_DIR`, default
 * `<data>/backups`: meant for another disk), the assets copied beside it.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { asPostgres } from './services';

export const STANZA = 'psiaki';

export interface BackupPaths {
  /** BACKUP_DIR, or `<data>/backups` */
  root: string;
  /** pgBackRest's repository (encrypted) */
  repo: string;
  /** a copy of the asset folder */
  assets: string;
  /** restore points made by `npm run backup -- --point NAME` (name, LSN, time) */
  points: string;
  /** pgBackRest's configuration, written at every start (mode 600: holds the repository's key) */
  config: string;
  /** PostgreSQL's socket folder, pgBackRest's lock and log */
  run: string;
}

export function backupPaths(dataDir: string): BackupPaths {
  const root = process.env.BACKUP_DIR?.trim() || join(dataDir, 'backups');
  return {
    root,
    repo: join(root, 'pgbackrest'),
    assets: join(root, 'assets'),
    points: join(root, 'restore-points.json'),
    config: join(dataDir, 'pgbackrest.conf'),
    run: join(dataDir, 'run'),
  };
}

const isRoot = () => process.getuid?.() === 0;

/** Folders the database's user writes: made and, as root, handed to `postgres`. */
function ownedByPostgres(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!isRoot()) return;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  chownSync(dir, id('-u'), id('-g'));
}

/** Writes the configuration for the cluster in `<data>/pg` on `port`, with the repository's key. */
export function writeBackupConfig(dataDir: string, port: number, cipherPass: string): BackupPaths {
  const paths = backupPaths(dataDir);
  for (const dir of [paths.root, paths.repo, paths.run, join(paths.run, 'log')]) ownedByPostgres(dir);
  writeFileSync(
    paths.config,
    [
      '# written by scripts/production at every start (decision 114); the key is BACKUP_CIPHER_PASS of secrets.env',
      '[global]',
      `repo1-path=${paths.repo}`,
      'repo1-cipher-type=aes-256-cbc',
      `repo1-cipher-pass=${cipherPass}`,
      // two full backups and every incremental and WAL segment they need: PITR back to the older full
      'repo1-retention-full=2',
      'compress-type=lz4',
      'start-fast=y',
      'archive-check=y',
      `lock-path=${paths.run}`,
      `log-path=${join(paths.run, 'log')}`,
      'log-level-console=warn',
      'log-level-stderr=warn',
      'log-level-file=info',
      '',
      `[${STANZA}]`,
      `pg1-path=${join(dataDir, 'pg')}`,
      `pg1-port=${port}`,
      `pg1-socket-path=${paths.run}`,
      'pg1-user=psiaki',
      // the maintenance database: there from initdb on (the shop's is created after the first start)
      'pg1-database=postgres',
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  if (isRoot()) {
    const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(paths.config, id('-u'), id('-g'));
  }
  return paths;
}

/** PostgreSQL's archive_command for this configuration. */
export const archiveCommand = (paths: BackupPaths) => `pgbackrest --config=${paths.config} --stanza=${STANZA} archive-push %p`;

/** Runs pgBackRest as the database's user with this configuration; the password for its connection in PGPASSWORD. */
export function pgbackrest(paths: BackupPaths, args: string[], pgPassword: string): { ok: boolean; out: string } {
  const [cmd, argv] = asPostgres('pgbackrest', [`--config=${paths.config}`, `--stanza=${STANZA}`, ...args]);
  const r = spawnSync(cmd, argv, {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PGPASSWORD: pgPassword },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim() };
}

export interface RestorePoint {
  name: string;
  lsn: string;
  at: string;
}

export function readRestorePoints(paths: BackupPaths): RestorePoint[] {
  return existsSync(paths.points) ? (JSON.parse(readFileSync(paths.points, 'utf8')) as RestorePoint[]) : [];
}

/** The port the configuration was last written for (the running stack's). */
export function configuredPort(paths: BackupPaths): number {
  const m = /^pg1-port=(\d+)$/m.exec(existsSync(paths.config) ? readFileSync(paths.config, 'utf8') : '');
  if (!m) throw new Error(`no ${paths.config}: start the shop once (npm run start:production) before a backup`);
  return Number(m[1]);
}

/** Compares two LSNs (`16/B374D848`). */
export function lsnBefore(a: string, b: string): boolean {
  const n = (l: string) => {
    const [hi, lo] = l.split('/');
    return BigInt(`0x${hi}`) * 2n ** 32n + BigInt(`0x${lo}`);
  };
  return n(a) <= n(b);
}
