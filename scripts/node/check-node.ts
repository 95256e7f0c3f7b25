/**
 * Refuses to go on under a Node the project does not support (package.json `engines`): the
 * backend's SQLite binding (better-sqlite3 13) needs Node 22 or newer, and Node 20 is past its end
 * of life. Says what to do instead of failing later with a native module error.
 */
const SUPPORTED_MAJORS = 'Node 22 or 24 (24 LTS recommended: .nvmrc)';

export function checkNode(version = process.versions.node): void {
  const major = Number(version.split('.')[0]);
  if (major >= 22) return;
  console.error(
    `This project needs ${SUPPORTED_MAJORS}; this is Node ${version}.\n` +
      'Install Node 24, or run `source scripts/node/use-node.sh` to fetch it from the npm registry into .cache/, then `npm ci`.',
  );
  process.exit(1);
}
