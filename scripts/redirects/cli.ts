import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type RedirectEntry, type TableError, parseTable, validateEntries } from '../../redirects';
import { runCheck } from './check';
import { type KvStore, WranglerKvStore, type WranglerTarget } from './kv-store';
import { liveSite, loadCatalogue } from './live-site';
import { applyPlan, planSync, printPlan, readCurrent } from './sync';

export const USAGE = `Usage: npm run redirects -- [--local [--persist-to <dir>] | --remote [--env <name>]] [--dry-run] [--prune] [--check <baseUrl>]

  (no option)        validate redirects/table.tsv only
  --local            sync the local KV that \`npm start\` (wrangler dev) reads
  --persist-to <dir> local KV state directory (default: wrangler's .wrangler/state)
  --remote           sync the KV namespace of wrangler.toml (binding REDIRECTS)
  --env <name>       wrangler environment for --remote
  --dry-run          print the diff, write nothing
  --prune            delete entries that are in KV but no longer in the table
  --check <baseUrl>  request every source against a running stack; 301 to its target, targets 200
  --blog-url <url>   BLOG_URL of that stack (default: [vars] BLOG_URL of wrangler.toml)
  --timeout <s>      time limit of --check (default 180)
  --table <file>     another table file (default redirects/table.tsv)
  --verbose          list every added/changed/removed entry`;

export interface CliDeps {
  /** Repository root (holds wrangler.toml, redirects/, backend/seed/). */
  root: string;
  log: (line: string) => void;
  error: (line: string) => void;
  /** The KV behind --local/--remote; tests pass a fake. */
  store?: (target: WranglerTarget) => KvStore;
  fetch?: typeof fetch;
}

/** Reads and validates the table; errors are `file:line: message`. */
export function loadTable(file: string, root: string): { entries: RedirectEntry[]; errors: TableError[] } {
  const parsed = parseTable(readFileSync(file, 'utf8'));
  // Cross-row rules run on the rows that parsed, so one run reports every problem.
  const errors = [...parsed.errors, ...validateEntries(parsed.entries, liveSite(loadCatalogue(root), root))];
  return { entries: parsed.entries, errors: errors.sort((a, b) => a.line - b.line) };
}

/** BLOG_URL from the top-level [vars] of wrangler.toml. */
function blogUrlFromWrangler(root: string): string | null {
  const file = join(root, 'wrangler.toml');
  if (!existsSync(file)) return null;
  const match = /^\s*BLOG_URL\s*=\s*"([^"]+)"/m.exec(readFileSync(file, 'utf8'));
  return match ? match[1]! : null;
}

/** The whole command; returns the exit code. */
export async function runCli(argv: string[], deps: CliDeps): Promise<number> {
  const { log, error } = deps;
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (e) {
    error(`${e instanceof Error ? e.message : e}\n\n${USAGE}`);
    return 2;
  }
  const { values } = args;
  if (values.help) {
    log(USAGE);
    return 0;
  }
  if (values.local && values.remote) {
    error('Choose one of --local and --remote.');
    return 2;
  }
  if (values.env && !values.remote) {
    error('--env applies to --remote only.');
    return 2;
  }
  if (values['persist-to'] && !values.local) {
    error('--persist-to applies to --local only.');
    return 2;
  }

  const tableFile = resolve(deps.root, values.table ?? 'redirects/table.tsv');
  const { entries, errors } = loadTable(tableFile, deps.root);
  const shown = tableFile.startsWith(deps.root) ? tableFile.slice(deps.root.length + 1) : tableFile;
  if (errors.length) {
    for (const e of errors) error(`${shown}:${e.line}: ${e.message}`);
    error(`${errors.length} error(s) in ${shown}; nothing was written.`);
    return 1;
  }
  const patterns = entries.filter((e) => e.pattern).length;
  log(`${shown}: ${entries.length} redirects valid (${entries.length - patterns} exact, ${patterns} patterns).`);

  if (values.local || values.remote) {
    const target: WranglerTarget = values.local
      ? { mode: 'local', cwd: deps.root, ...(values['persist-to'] ? { persistTo: resolve(values['persist-to']) } : {}) }
      : { mode: 'remote', cwd: deps.root, ...(values.env ? { env: values.env } : {}) };
    const store = (deps.store ?? ((t) => new WranglerKvStore(t)))(target);
    try {
      log(`Reading ${store.description}…`);
      const plan = planSync(entries, await readCurrent(store), { prune: Boolean(values.prune) });
      printPlan(plan, log, { verbose: Boolean(values.verbose) });
      if (values['dry-run']) {
        log('Dry run: nothing written.');
      } else if (!plan.writes.length && !plan.deletes.length) {
        log(`${store.description} is up to date; nothing written.`);
      } else {
        await applyPlan(plan, store, log);
        log(
          `Done: ${plan.added.length} added, ${plan.changed.length} changed, ${plan.prune ? plan.removed.length : 0} removed ` +
            `(${plan.writes.length} value(s) written, ${plan.deletes.length} deleted) in ${store.description}.` +
            (values.remote ? ' Live everywhere within about a minute.' : ''),
        );
      }
    } catch (e) {
      error(`KV sync failed: ${e instanceof Error ? e.message : e}`);
      return 1;
    } finally {
      (store as { close?: () => void }).close?.();
    }
  }

  if (values.check) {
    const blogUrl = values['blog-url'] ?? blogUrlFromWrangler(deps.root);
    if (!blogUrl) {
      error('--check needs the blog host: pass --blog-url.');
      return 2;
    }
    const timeout = Number(values.timeout ?? 180);
    log(`Checking ${entries.length} redirects against ${values.check} (blog ${blogUrl}, limit ${timeout} s)…`);
    const result = await runCheck(entries, {
      baseUrl: values.check,
      blogUrl,
      timeoutMs: timeout * 1000,
      log,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
    for (const failure of result.failures) error(`  ✘ ${failure}`);
    log(
      `Check: ${result.requests} requests, ${result.requests - result.failures.length} passed, ${result.failures.length} failed` +
        ` (${result.externalTargets} blog/external targets: Location checked, not fetched).`,
    );
    if (result.failures.length) return 1;
  }
  return 0;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      local: { type: 'boolean' },
      remote: { type: 'boolean' },
      env: { type: 'string' },
      'persist-to': { type: 'string' },
      'dry-run': { type: 'boolean' },
      prune: { type: 'boolean' },
      check: { type: 'string' },
      'blog-url': { type: 'string' },
      timeout: { type: 'string' },
      table: { type: 'string' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
