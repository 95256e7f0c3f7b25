/**
 * `npm run redirects -- [--local | --remote --env <name>] [--dry-run] [--prune] [--check <baseUrl>]`
 *
 * Validates redirects/table.tsv, then (with --local/--remote) syncs it into the REDIRECTS KV
 * namespace, and (with --check) verifies a running stack answers every entry. See
 * redirects/README.md.
 */
import { resolve } from 'node:path';
import { runCli } from './redirects/cli';

const code = await runCli(process.argv.slice(2), {
  root: resolve(import.meta.dirname, '..'),
  log: (line) => console.log(line),
  error: (line) => console.error(line),
});
process.exit(code);
