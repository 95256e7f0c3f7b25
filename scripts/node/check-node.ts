import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Node versions package.json `engines.node` allows, as alternatives `^MAJOR.MINOR.PATCH` (that
 * major, at least that version) or `>=MAJOR` / `>=MAJOR.MINOR` (that or newer), joined by `||`.
 */
export function allowsNode(range: string, version: string): boolean {
  const [major, minor, patch] = version.split('.').map(Number) as [number, number, number];
  const atLeast = (m: number, n: number, p: number) => major > m || (major === m && (minor > n || (minor === n && patch >= p)));
  return range.split('||').some((alt) => {
    const m = /^\s*(\^|>=)(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(alt);
    if (!m) throw new Error(`check-node: cannot read engines.node alternative '${alt.trim()}'`);
    const [want, wantMinor, wantPatch] = [Number(m[2]), Number(m[3] ?? 0), Number(m[4] ?? 0)];
    return (m[1] === '^' ? major === want : true) && atLeast(want, wantMinor, wantPatch);
  });
}

/** The oldest version `engines.node` allows: the lowest of its alternatives (`^22.14.0 || >=24` → 22.14.0). */
export function oldestNode(range: string): string {
  const versions = range.split('||').map((alt) => {
    const [major = '0', minor = '0', patch = '0'] = alt.replace(/[\^>=\s]/g, '').split('.');
    return [Number(major), Number(minor), Number(patch)] as const;
  });
  versions.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  return versions[0]!.join('.');
}

/**
 * Refuses to go on under a Node that package.json `engines.node` does not allow: the backend's
 * SQLite binding (better-sqlite3 13) needs Node-API 10, which Node has from 22.14 and 24 (23.6+,
 * but 23 is past its end of life), and Node 20 is past its end of life. Says what to do instead of
 * failing later with a native module crash.
 */
export function checkNode(version = process.versions.node): void {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { engines: { node: string } };
  if (allowsNode(pkg.engines.node, version)) return;
  console.error(
    `This project needs Node ${pkg.engines.node} (24 LTS recommended: .nvmrc); this is Node ${version}.\n` +
      'Install Node 24, or run `source scripts/node/use-node.sh` to fetch it from the npm registry into .cache/, then `npm ci`.',
  );
  process.exit(1);
}

// `tsx scripts/node/check-node.ts --oldest` prints the oldest allowed version (scripts/node/smoke-oldest.sh).
if (process.argv[1] && import.meta.filename === process.argv[1] && process.argv.includes('--oldest')) {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { engines: { node: string } };
  console.log(oldestNode(pkg.engines.node));
}
