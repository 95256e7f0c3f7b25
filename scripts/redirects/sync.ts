import { type Bucket, KV_PREFIX, type RedirectEntry, buildBuckets, parseBucket, serialiseBucket, sourceIdentity } from '../../redirects';
import { BULK_LIMIT, type KvStore } from './kv-store';

/** Every key the redirect table has ever written starts with this (any layout version). */
export const KV_ROOT_PREFIX = KV_PREFIX.slice(0, KV_PREFIX.indexOf(':') + 1);

/** One redirect as KV holds it. */
export interface StoredEntry {
  key: string;
  to: string;
  pattern: boolean;
}

export interface Change {
  key: string;
  to: string;
  /** The target KV holds now (changed and removed entries). */
  was?: string;
  /** Line in the table (added and changed entries). */
  line?: number;
}

export interface SyncPlan {
  added: Change[];
  changed: Change[];
  unchanged: number;
  /** In KV, not in the table: deleted with --prune, else kept. */
  removed: Change[];
  prune: boolean;
  /** KV values to write (new or different bytes). */
  writes: Array<{ key: string; value: string }>;
  /** KV keys to delete (only with --prune). */
  deletes: string[];
  /** KV keys with no place in the new layout, kept because --prune was not given. */
  staleKept: string[];
}

export interface CurrentState {
  entries: Map<string, StoredEntry>;
  values: Map<string, string>;
}

/** Reads every redirect value KV holds (2 wrangler calls: list, bulk get). */
export async function readCurrent(store: KvStore): Promise<CurrentState> {
  const keys = await store.listKeys(KV_ROOT_PREFIX);
  const raw = keys.length ? await store.getMany(keys) : new Map<string, string | null>();
  const values = new Map<string, string>();
  const entries = new Map<string, StoredEntry>();
  for (const [kvKey, value] of raw) {
    if (value === null) continue;
    values.set(kvKey, value);
    const bucket: Bucket | null = parseBucket(value);
    if (!bucket) continue;
    // Entries are matched by sourceIdentity: renaming a pattern's token is a change, not add + remove.
    const stored = [
      ...Object.entries(bucket.exact).map(([key, to]) => ({ key, to, pattern: false })),
      ...bucket.patterns.map(([key, to]) => ({ key, to, pattern: true })),
    ];
    for (const entry of stored) entries.set(sourceIdentity(entry), entry);
  }
  return { entries, values };
}

/**
 * Compares the table with KV entry by entry and works out the KV writes. Without `prune`,
 * entries only KV holds are carried into the new values, so nothing is ever lost.
 * Deterministic: running it against the state it produced plans no writes.
 */
export function planSync(table: readonly RedirectEntry[], current: CurrentState, { prune }: { prune: boolean }): SyncPlan {
  const plan: SyncPlan = { added: [], changed: [], unchanged: 0, removed: [], prune, writes: [], deletes: [], staleKept: [] };
  const desired = new Map<string, StoredEntry>();
  for (const entry of table) {
    const id = sourceIdentity(entry);
    desired.set(id, { key: entry.key, to: entry.to, pattern: entry.pattern });
    const old = current.entries.get(id);
    if (!old) plan.added.push({ key: entry.key, to: entry.to, line: entry.line });
    else if (old.to !== entry.to || old.key !== entry.key)
      plan.changed.push({ key: entry.key, to: entry.to, was: old.to, line: entry.line });
    else plan.unchanged++;
  }
  for (const [id, old] of current.entries) {
    if (desired.has(id)) continue;
    plan.removed.push({ key: old.key, to: old.to, was: old.to });
    if (!prune) desired.set(id, old);
  }

  const buckets = buildBuckets([...desired.values()]);
  for (const [kvKey, bucket] of [...buckets].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const value = serialiseBucket(bucket);
    if (current.values.get(kvKey) !== value) plan.writes.push({ key: kvKey, value });
  }
  for (const kvKey of [...current.values.keys()].sort()) {
    if (buckets.has(kvKey)) continue;
    (prune ? plan.deletes : plan.staleKept).push(kvKey);
  }
  return plan;
}

export type Log = (line: string) => void;

function list(log: Log, title: string, items: Change[], format: (c: Change) => string, limit: number) {
  if (!items.length) return;
  log(`  ${title}:`);
  for (const item of items.slice(0, limit)) log(`    ${format(item)}`);
  if (items.length > limit) log(`    … and ${items.length - limit} more (--verbose lists all)`);
}

/** Prints the entry diff and the KV work it implies. */
export function printPlan(plan: SyncPlan, log: Log, { verbose = false } = {}) {
  const limit = verbose ? Number.POSITIVE_INFINITY : 15;
  log(
    `Diff against KV: ${plan.added.length} added, ${plan.changed.length} changed, ${plan.unchanged} unchanged, ` +
      `${plan.removed.length} removed${plan.removed.length && !plan.prune ? ' (kept: pass --prune to delete)' : ''}`,
  );
  list(log, 'added', plan.added, (c) => `+ ${c.key} → ${c.to}  (line ${c.line})`, limit);
  list(log, 'changed', plan.changed, (c) => `~ ${c.key} → ${c.to}  (was ${c.was}; line ${c.line})`, limit);
  list(log, plan.prune ? 'removed' : 'only in KV (kept)', plan.removed, (c) => `- ${c.key} → ${c.to}`, limit);
  if (plan.staleKept.length)
    log(`  ${plan.staleKept.length} KV key(s) no longer used, kept (pass --prune to delete): ${plan.staleKept.join(', ')}`);
  log(`KV work: ${plan.writes.length} value(s) to write, ${plan.deletes.length} key(s) to delete`);
}

function progress(done: number, total: number): string {
  const width = 24;
  const filled = total ? Math.round((done / total) * width) : width;
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`;
}

/** Writes in batches within KV's bulk limit, then deletes (prune only), with a progress line per batch. */
export async function applyPlan(plan: SyncPlan, store: KvStore, log: Log, batchSize = BULK_LIMIT): Promise<void> {
  const size = Math.min(batchSize, BULK_LIMIT);
  for (let i = 0; i < plan.writes.length; i += size) {
    const batch = plan.writes.slice(i, i + size);
    await store.putMany(batch);
    log(`  writing ${progress(i + batch.length, plan.writes.length)} values`);
  }
  for (let i = 0; i < plan.deletes.length; i += size) {
    const batch = plan.deletes.slice(i, i + size);
    await store.deleteMany(batch);
    log(`  deleting ${progress(i + batch.length, plan.deletes.length)} keys`);
  }
}
