/**
 * `npm run restore`: the production profile's database back from its pgBackRest repository
 * (decision 114), to a moment or a named restore point, and the assets from their copy. The shop
 * must be stopped; the current cluster is kept aside (`<data>/pg.before-restore-<time>`), never
 * deleted. The next `npm run start:production` replays the archived WAL up to the target and
 * opens the database (PostgreSQL's point-in-time recovery).
 *   npm run restore -- --to "2026-11-26 10:15:00+00"   the state at that moment (any ISO time)
 *   npm run restore -- --to-point NAME                  at a point made by `npm run backup -- --point NAME`
 *   npm run restore                                     everything archived (after losing the data folder's database)
 *   … [-- --data DIR]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { checkNode } from '../node/check-node';
import { root } from '../test-stack/stack';
import { backupPaths, lsnBefore, pgbackrest, readRestorePoints } from './backups';
import { loadSecrets } from './production-stack';
import { letPostgresReach } from './services';

checkNode();

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const say = (line: string) => process.stderr.write(`[restore] ${line}\n`);
const fail = (reason: string): never => {
  say(`FAILED: ${reason}`);
  process.exit(1);
};

/** A time PostgreSQL's recovery_target_time takes, from any time JavaScript reads (UTC). */
function targetTime(raw: string): string {
  const t = new Date(raw);
  if (Number.isNaN(t.getTime())) fail(`--to needs a time, e.g. "2026-11-26 10:15:00+00" (got "${raw}")`);
  if (t.getTime() > Date.now()) fail(`--to ${raw} is in the future`);
  return `${t.toISOString().replace('T', ' ').replace('Z', '')}+00`;
}

function running(pgDir: string): boolean {
  const pidFile = join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return false;
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 0);
    return true;
  } catch {
    return false;
  }
}

function main() {
  const dataDir = arg('data') ?? join(root, '.production');
  const secrets = loadSecrets(dataDir);
  const paths = backupPaths(dataDir);
  const pgDir = join(dataDir, 'pg');
  if (!existsSync(paths.config)) fail(`no ${paths.config}: nothing was ever backed up from ${dataDir}`);
  if (running(pgDir)) fail('PostgreSQL is running: stop the shop (Ctrl-C in npm run start:production) first');

  const to = arg('to');
  const toPoint = arg('to-point');
  const target: string[] = [];
  let what = 'everything archived';
  if (to !== undefined) {
    target.push('--type=time', `--target=${targetTime(to)}`, '--target-action=promote');
    what = `the state at ${targetTime(to)}`;
  } else if (toPoint !== undefined) {
    const point = readRestorePoints(paths).find((p) => p.name === toPoint) ?? fail(`no restore point "${toPoint}" in ${paths.points}`);
    // recovery only goes forward: from the last backup that ended before the point
    const info = pgbackrest(paths, ['info', '--output=json'], secrets.PG_PASSWORD);
    if (!info.ok) fail(`pgBackRest: ${info.out.split('\n').pop()}`);
    const sets = (JSON.parse(info.out) as Array<{ backup: Array<{ label: string; lsn: { stop: string } }> }>)[0]!.backup;
    const base = sets.filter((b) => lsnBefore(b.lsn.stop, point.lsn)).at(-1) ?? fail(`no backup ended before the point "${toPoint}"`);
    target.push('--type=name', `--target=${toPoint}`, '--target-action=promote', `--set=${base.label}`);
    what = `the restore point "${toPoint}" (${point.at}) from backup ${base.label}`;
  }

  const started = Date.now();
  if (existsSync(pgDir)) {
    const aside = `${pgDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(pgDir, aside);
    say(`the current database kept aside in ${aside}`);
  }
  // an empty cluster folder the database's user owns
  spawnSync('mkdir', ['-m', '700', pgDir]);
  letPostgresReach(pgDir, say);
  const restore = pgbackrest(paths, ['restore', ...target], secrets.PG_PASSWORD);
  if (!restore.ok) fail(`pgBackRest: ${restore.out.split('\n').pop()}`);
  if (existsSync(paths.assets)) {
    const copy = spawnSync('cp', ['-a', `${paths.assets}/.`, join(dataDir, 'assets')], { encoding: 'utf8' });
    if (copy.status !== 0) fail(`copying the assets back: ${copy.stderr.trim()}`);
  }
  say(`restored ${what} in ${((Date.now() - started) / 1000).toFixed(1)} s, and the assets`);
  say('start the shop (npm run start:production): PostgreSQL replays the archive up to the target, then opens');
}

main();
