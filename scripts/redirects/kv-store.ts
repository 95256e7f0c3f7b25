import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The KV operations the seeding script needs. Real: wrangler. Tests: `MemoryKvStore`. */
export interface KvStore {
  /** Where the data goes, for the terminal ("local KV (.wrangler/state)", "remote KV, env production"). */
  readonly description: string;
  listKeys(prefix: string): Promise<string[]>;
  getMany(keys: string[]): Promise<Map<string, string | null>>;
  /** At most `BULK_LIMIT` pairs per call. */
  putMany(pairs: ReadonlyArray<{ key: string; value: string }>): Promise<void>;
  deleteMany(keys: string[]): Promise<void>;
}

/** KV's bulk write limit: 10,000 pairs per request. */
export const BULK_LIMIT = 10_000;

/** An in-memory KV namespace, for tests and dry runs against a snapshot. */
export class MemoryKvStore implements KvStore {
  readonly description = 'memory';
  readonly data = new Map<string, string>();
  readonly calls: string[] = [];

  async listKeys(prefix: string) {
    this.calls.push('list');
    return [...this.data.keys()].filter((k) => k.startsWith(prefix)).sort();
  }
  async getMany(keys: string[]) {
    this.calls.push(`get ${keys.length}`);
    return new Map(keys.map((k) => [k, this.data.get(k) ?? null]));
  }
  async putMany(pairs: ReadonlyArray<{ key: string; value: string }>) {
    if (pairs.length > BULK_LIMIT) throw new Error(`bulk put of ${pairs.length} pairs exceeds ${BULK_LIMIT}`);
    this.calls.push(`put ${pairs.length}`);
    for (const { key, value } of pairs) this.data.set(key, value);
  }
  async deleteMany(keys: string[]) {
    this.calls.push(`delete ${keys.length}`);
    for (const key of keys) this.data.delete(key);
  }
}

export interface WranglerTarget {
  mode: 'local' | 'remote';
  /** wrangler environment (`--env`), remote only. */
  env?: string;
  /** Local state directory (`--persist-to`), local only; wrangler's default is .wrangler/state. */
  persistTo?: string;
  /** Directory holding wrangler.toml. */
  cwd: string;
  binding?: string;
}

const wranglerBin = join(dirname(createRequire(import.meta.url).resolve('wrangler/package.json')), 'bin/wrangler.js');

/** Runs wrangler and returns stdout; a non-zero exit becomes an error carrying wrangler's own message. */
function runWrangler(args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [wranglerBin, ...args], {
      cwd,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve(out);
      const reason = (err + out).split('\n').find((l) => /ERROR|✘/.test(l)) ?? (err || out).trim().split('\n').pop();
      reject(new Error(`wrangler ${args.slice(0, 3).join(' ')} failed: ${reason?.replace(/\[[^\]]*ERROR[^\]]*\]\s*/, '').trim()}`));
    });
  });
}

/** The JSON document in wrangler's stdout (it prints a banner around it). */
function jsonIn(stdout: string): unknown {
  const start = stdout.search(/[[{]/);
  const end = Math.max(stdout.lastIndexOf(']'), stdout.lastIndexOf('}'));
  if (start < 0 || end < start) throw new Error(`unexpected wrangler output: ${stdout.slice(0, 200)}`);
  return JSON.parse(stdout.slice(start, end + 1));
}

/**
 * KV through wrangler. Local: the state `wrangler dev` (and so `npm start`) reads, which is
 * the binding's `preview_id` namespace. Remote: the binding's production `id` of the chosen
 * `--env` in wrangler.toml.
 */
export class WranglerKvStore implements KvStore {
  readonly description: string;
  private readonly common: string[];
  private readonly tmp = mkdtempSync(join(tmpdir(), 'redirects-kv-'));

  constructor(private readonly target: WranglerTarget) {
    const binding = target.binding ?? 'REDIRECTS';
    if (target.mode === 'local') {
      this.common = ['--binding', binding, '--local', '--preview', ...(target.persistTo ? ['--persist-to', target.persistTo] : [])];
      this.description = `local KV (${target.persistTo ?? '.wrangler/state'}, binding ${binding})`;
    } else {
      this.common = ['--binding', binding, '--remote', '--preview', 'false', ...(target.env ? ['--env', target.env] : [])];
      this.description = `remote KV (binding ${binding}${target.env ? `, env ${target.env}` : ''})`;
    }
  }

  private file(name: string, data: unknown): string {
    const path = join(this.tmp, name);
    writeFileSync(path, JSON.stringify(data));
    return path;
  }

  async listKeys(prefix: string) {
    const out = await runWrangler(['kv', 'key', 'list', '--prefix', prefix, ...this.common], this.target.cwd);
    return (jsonIn(out) as Array<{ name: string }>).map((k) => k.name);
  }

  async getMany(keys: string[]) {
    const result = new Map<string, string | null>();
    // The bulk read API takes at most 100 keys per request.
    for (let i = 0; i < keys.length; i += 100) {
      const chunk = keys.slice(i, i + 100);
      const out = await runWrangler(['kv', 'bulk', 'get', this.file('get.json', chunk), ...this.common], this.target.cwd);
      const values = jsonIn(out) as Record<string, { value: unknown } | null>;
      for (const key of chunk) {
        const value = values[key]?.value;
        result.set(key, value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value));
      }
    }
    return result;
  }

  async putMany(pairs: ReadonlyArray<{ key: string; value: string }>) {
    if (pairs.length > BULK_LIMIT) throw new Error(`bulk put of ${pairs.length} pairs exceeds ${BULK_LIMIT}`);
    await runWrangler(['kv', 'bulk', 'put', this.file('put.json', pairs), ...this.common], this.target.cwd);
  }

  async deleteMany(keys: string[]) {
    await runWrangler(['kv', 'bulk', 'delete', this.file('delete.json', keys), '--force', ...this.common], this.target.cwd);
  }

  /** Removes the temporary files. */
  close() {
    rmSync(this.tmp, { recursive: true, force: true });
  }
}
