import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Refuses to go on under a Node older than package.json `engines.node` (`>=MAJOR.MINOR`): the
 * backend's SQLite binding (better-sqlite3 13) needs Node 22 or newer, and Node 20 is past its end
 * of life. Says what to do instead of failing later with a native module error.
 */
export function checkNode(version = process.versions.node): void {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { engines: { node: string } };
  const [wantMajor, wantMinor] = /^>=(\d+)\.(\d+)/.exec(pkg.engines.node)!.slice(1).map(Number) as [number, number];
  const [major, minor] = version.split('.').map(Number) as [number, number];
  if (major > wantMajor || (major === wantMajor && minor >= wantMinor)) return;
  console.error(
    `This project needs Node ${pkg.engines.node} (24 LTS recommended: .nvmrc); this is Node ${version}.\n` +
      'Install Node 24, or run `source scripts/node/use-node.sh` to fetch it from the npm registry into .cache/, then `npm ci`.',
  );
  process.exit(1);
}
