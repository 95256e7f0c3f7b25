/**
 * `npm run deploy:check`: is the worker deployable as configured for production? (CI runs it as
 * the `deploy` step of `npm test`; README "Deploying" runs it with `--strict` before a deploy.)
 *
 *   1. `wrangler deploy --dry-run --outdir` for the production environment: the bundle builds;
 *      it must stay under 1 MB gzip (Cloudflare's free-plan limit is 3 MB, paid 10 MB: 1 MB keeps
 *      start-up cheap and leaves room).
 *   2. `wrangler check startup`: the worker's start-up CPU time, measured locally, must stay under
 *      1 s (Cloudflare refuses a worker whose global scope takes longer).
 *   3. The production configuration is complete: every var the worker validates (worker/env.ts),
 *      ENVIRONMENT=production, RATE_LIMITS=on, every rate-limit binding of worker/ratelimit/limiters.ts
 *      with a limit, a period of 10 or 60 s and its own namespace id, the KV namespaces (redirects, MCP carts) and
 *      the static assets, Workers Logs with a sampling rate, and no secret (SENTRY_DSN, SHOP_API_SECRET,
 *      TURNSTILE_SECRET_KEY, CATALOGUE_HOOK_SECRET) among the vars. Example values still to replace (the KV namespace id, the
 *      Turnstile site key) are listed; `--strict` fails on them. The secrets production needs
 *      (worker/env.ts REQUIRED_SECRETS: SHOP_API_SECRET, decision 105; TURNSTILE_SECRET_KEY, decision 106)
 *      are listed with the command that sets them, and so is CATALOGUE_HOOK_SECRET (optional: without it
 *      the backend's catalogue calls answer 503, decision 109); set ones are not visible here.
 *
 * Ends with one line per check and `deploy check: passed` or a one-line reason, exit 1.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { unstable_readConfig } from 'wrangler';
import { REQUIRED_SECRETS, varsSchema } from '../worker/env';
import { LIMITERS } from '../worker/ratelimit/limiters';

const root = resolve(import.meta.dirname, '..');
const wrangler = join(root, 'node_modules/.bin/wrangler');
const strict = process.argv.includes('--strict');
export const MAX_GZIP_BYTES = 1024 * 1024;
export const MAX_STARTUP_MS = 1000;

/** Secrets of the worker: put with `wrangler secret put`, never in wrangler.toml. */

const problems: string[] = [];
const warnings: string[] = [];
const ok = (line: string) => console.log(`✓ ${line}`);

/** The worker's secrets: never among the vars. SHOP_API_SECRET is required in production (the backend's own, decision 105). */
export const SECRETS = ['SENTRY_DSN', 'CATALOGUE_HOOK_SECRET', ...REQUIRED_SECRETS] as const;

/** The parts of wrangler's resolved configuration this check reads. */
export interface DeployConfig {
  vars: Record<string, unknown>;
  ratelimits: Array<{ name: string; namespace_id: string | number; simple: { limit: number; period: number } }>;
  kv_namespaces: Array<{ binding: string; id?: string }>;
  assets?: { binding?: string; directory?: string };
  observability?: { enabled?: boolean; head_sampling_rate?: number };
}

/** wrangler.toml as wrangler resolves it for `env` (undefined: the top level, development). */
export function readDeployConfig(env?: string): DeployConfig {
  return unstable_readConfig({ config: join(root, 'wrangler.toml'), env }) as unknown as DeployConfig;
}

/** Every way the production configuration falls short, as one line each (empty: complete). */
export function configProblems(config: DeployConfig): { problems: string[]; placeholders: string[] } {
  const found: string[] = [];
  const placeholders: string[] = [];
  const vars = config.vars;
  const parsed = varsSchema.safeParse(vars);
  if (!parsed.success) for (const issue of parsed.error.issues) found.push(`var ${issue.path.join('.')}: ${issue.message}`);
  if (vars.ENVIRONMENT !== 'production') found.push('var ENVIRONMENT must be "production"');
  if (vars.RATE_LIMITS !== 'on') found.push('var RATE_LIMITS must be "on"');
  for (const secret of SECRETS)
    if (secret in vars) found.push(`${secret} is a secret (\`wrangler secret put ${secret} --env production\`), not a var`);
  if (/^REPLACE/i.test(String(vars.TURNSTILE_SITE_KEY ?? ''))) placeholders.push(`var TURNSTILE_SITE_KEY is "${vars.TURNSTILE_SITE_KEY}"`);
  const ids = new Set<string>();
  for (const name of Object.keys(LIMITERS) as Array<keyof typeof LIMITERS>) {
    const binding = config.ratelimits.find((r) => r.name === name);
    if (!binding) {
      found.push(`rate-limit binding ${name} missing`);
      continue;
    }
    if (!(binding.simple.limit > 0)) found.push(`rate-limit binding ${name}: no limit`);
    if (binding.simple.period !== LIMITERS[name].period)
      found.push(`rate-limit binding ${name}: period must be ${LIMITERS[name].period} s`);
    if (!/^\d+$/.test(String(binding.namespace_id))) found.push(`rate-limit binding ${name}: namespace_id must be an integer`);
    if (ids.has(String(binding.namespace_id))) found.push(`rate-limit binding ${name}: namespace_id ${binding.namespace_id} used twice`);
    ids.add(String(binding.namespace_id));
  }
  // the redirect table (and catalogue epoch); the assistants' carts of /api/mcp (decision 112)
  for (const name of ['REDIRECTS', 'MCP_CARTS']) {
    const kv = config.kv_namespaces.find((k) => k.binding === name);
    if (!kv) found.push(`KV namespace ${name} missing`);
    else if (!kv.id || /^REPLACE/i.test(kv.id)) placeholders.push(`KV namespace ${name} id is "${kv.id}"`);
  }
  if (config.assets?.binding !== 'ASSETS' || !config.assets.directory) found.push('static assets (binding ASSETS) missing');
  if (!config.observability?.enabled) found.push('Workers Logs ([observability] enabled) off');
  const rate = config.observability?.head_sampling_rate;
  if (!(typeof rate === 'number' && rate > 0 && rate <= 1)) found.push('Workers Logs: head_sampling_rate must be in (0, 1]');
  for (const host of ['MAIN_HOST', 'VENDURE_SHOP_API']) {
    if (/127\.0\.0\.1|localhost/.test(String(vars[host] ?? ''))) found.push(`var ${host} points at this machine`);
  }
  return { problems: found, placeholders };
}

function main() {
  const out = mkdtempSync(join(tmpdir(), 'psiaki-deploy-'));
  try {
    const dry = spawnSync(wrangler, ['deploy', '--dry-run', '--outdir', out, '--env', 'production'], { cwd: root, encoding: 'utf8' });
    if (dry.status !== 0) {
      console.error(`${dry.stdout}\n${dry.stderr}`);
      throw new Error('wrangler deploy --dry-run failed (is `npm run build` done?)');
    }
    const bundle = readFileSync(join(out, 'index.js'));
    const gzip = gzipSync(bundle, { level: 9 }).byteLength;
    const line = `bundle ${(bundle.byteLength / 1024).toFixed(0)} KiB, ${(gzip / 1024).toFixed(0)} KiB gzip (limit ${MAX_GZIP_BYTES / 1024} KiB)`;
    if (gzip > MAX_GZIP_BYTES) problems.push(line);
    else ok(line);

    const profile = join(out, 'startup.cpuprofile');
    const startup = execFileSync(wrangler, ['check', 'startup', '--env', 'production', '--outfile', profile], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const active = Number(/Active:\s*([\d.]+)\s*ms/.exec(startup)?.[1] ?? NaN);
    if (!Number.isFinite(active)) problems.push('wrangler check startup printed no start-up time');
    else if (active > MAX_STARTUP_MS) problems.push(`start-up ${active} ms of CPU (limit ${MAX_STARTUP_MS} ms)`);
    else ok(`start-up ${active} ms of CPU, measured locally (limit ${MAX_STARTUP_MS} ms)`);

    const config = readDeployConfig('production');
    const checked = configProblems(config);
    problems.push(...checked.problems);
    warnings.push(...checked.placeholders);
    if (!checked.problems.length)
      ok(
        `production vars and bindings complete (${config.ratelimits.length} rate limits, Workers Logs at ${config.observability?.head_sampling_rate})`,
      );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  for (const secret of REQUIRED_SECRETS)
    console.log(
      `! secret ${secret} must be set in the account: \`wrangler secret put ${secret} --env production\` (the backend's value; checked by the worker at its first page)`,
    );
  console.log(
    "! secret CATALOGUE_HOOK_SECRET should be set in the account: `wrangler secret put CATALOGUE_HOOK_SECRET --env production` (the backend's value; unset, catalogue changes show within 5 minutes)",
  );
  for (const w of warnings) console.log(`${strict ? '✗' : '!'} to replace before the first deploy: ${w}`);
  if (strict) problems.push(...warnings);
  if (problems.length) {
    for (const p of problems) console.error(`✗ ${p}`);
    console.error(`deploy check: FAILED (${problems[0]}${problems.length > 1 ? `, and ${problems.length - 1} more` : ''})`);
    process.exit(1);
  }
  console.log('deploy check: passed');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  try {
    main();
  } catch (error) {
    console.error(`deploy check: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
