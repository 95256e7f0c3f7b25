/**
 * `npm run backup`: a backup of the running production profile (decision 114) with pgBackRest:
 * incremental on top of the last full one (full when there is none; `-- --full` forces one), then
 * the asset folder copied beside the repository. The shop keeps running; WAL is archived all the
 * time, so any moment since the oldest kept full backup can be restored (`npm run restore`).
 *   npm run backup [-- --full] [-- --data DIR]
 *   npm run backup -- --point NAME   a named restore point now (no backup): `npm run restore -- --to-point NAME`
 * Prints one line per step; a failure prints `[backup] FAILED: reason` (what an alert looks for) and exits 1.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { checkNode } from '../node/check-node';
import { root } from '../test-stack/stack';
import { backupPaths, configuredPort, pgbackrest, readRestorePoints } from './backups';
import { loadSecrets } from './production-stack';

checkNode();

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const say = (line: string) => process.stderr.write(`[backup] ${line}\n`);
const fail = (reason: string): never => {
  say(`FAILED: ${reason}`);
  process.exit(1);
};

async function main() {
  const dataDir = arg('data') ?? join(root, '.production');
  const secrets = loadSecrets(dataDir);
  const paths = backupPaths(dataDir);
  const port = configuredPort(paths);

  const point = arg('point');
  if (point !== undefined) {
    if (!/^[a-z0-9][a-z0-9._-]{0,62}$/i.test(point)) fail(`a restore point's name is letters, digits, ".", "_" and "-" (got "${point}")`);
    if (readRestorePoints(paths).some((p) => p.name === point)) fail(`a restore point "${point}" exists already`);
    const db = new pg.Client({ host: '127.0.0.1', port, user: 'psiaki', password: secrets.PG_PASSWORD, database: 'psiaki' });
    await db.connect();
    try {
      const made = await db.query<{ lsn: string; at: Date }>('SELECT pg_create_restore_point($1)::text AS lsn, now() AS at', [point]);
      // the segment holding the point goes to the archive now, not at the next archive_timeout
      await db.query('SELECT pg_switch_wal()');
      const { lsn, at } = made.rows[0]!;
      writeFileSync(paths.points, JSON.stringify([...readRestorePoints(paths), { name: point, lsn, at: at.toISOString() }], null, 2));
      say(`restore point "${point}" at ${at.toISOString()} (LSN ${lsn})`);
    } finally {
      await db.end();
    }
    return;
  }

  const type = process.argv.includes('--full') ? 'full' : 'incr';
  const started = Date.now();
  const backup = pgbackrest(paths, ['backup', `--type=${type}`], secrets.PG_PASSWORD);
  if (!backup.ok) fail(`pgBackRest: ${backup.out.split('\n').pop()}`);
  const info = pgbackrest(paths, ['info', '--output=json'], secrets.PG_PASSWORD);
  const sets = (
    JSON.parse(info.out) as Array<{ backup: Array<{ label: string; type: string; info: { size: number; repository: { delta: number } } }> }>
  )[0]!.backup;
  const last = sets.at(-1)!;
  say(
    `${last.type} backup ${last.label} in ${((Date.now() - started) / 1000).toFixed(1)} s: database ${(last.info.size / 1e6).toFixed(1)} MB, ` +
      `stored ${(last.info.repository.delta / 1e6).toFixed(1)} MB (compressed, encrypted) in ${paths.repo}; ${sets.length} backup(s) kept`,
  );
  // the assets beside it: new files copied, none removed (an asset deleted in the Dashboard stays in the copy)
  mkdirSync(paths.assets, { recursive: true });
  const copy = spawnSync('cp', ['-a', '--update', `${join(dataDir, 'assets')}/.`, paths.assets], { encoding: 'utf8' });
  if (copy.status !== 0) fail(`copying the assets: ${copy.stderr.trim()}`);
  say(`assets copied to ${paths.assets}`);
}

main().catch((e: Error) => fail(e.message));
