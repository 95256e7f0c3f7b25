import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KV_PREFIX, parseBucket } from '../../redirects';
import { runCli } from './cli';
import { MemoryKvStore } from './kv-store';
import { applyPlan, planSync, readCurrent } from './sync';

const root = resolve(import.meta.dirname, '../..');
const HEADER = 'from\tto\tstatus\tcomment';

function tableFile(...rows: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'redirects-table-')), 'table.tsv');
  writeFileSync(file, [HEADER, ...rows].join('\n') + '\n');
  return file;
}

/** Runs the command against an in-memory KV and captures the terminal. */
async function run(store: MemoryKvStore, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  let created = 0;
  const code = await runCli(argv, {
    root,
    log: (l) => out.push(l),
    error: (l) => err.push(l),
    store: () => {
      created++;
      return store;
    },
  });
  return { code, out: out.join('\n'), err: err.join('\n'), created };
}

/** Every redirect KV holds, flattened: key → target. */
function stored(store: MemoryKvStore): Record<string, string> {
  const all: Record<string, string> = {};
  for (const value of store.data.values()) {
    const bucket = parseBucket(value)!;
    Object.assign(all, bucket.exact, Object.fromEntries(bucket.patterns));
  }
  return all;
}

const BASE = [
  '/akcesoria/szelki/\t/c/dla-psa/akcesoria/szelki',
  '/o-nas/\t/pomoc/o-nas',
  '/psia-baza-wiedzy/{breed}/\t{blog}/rasy-psow/{breed}/',
];

describe('npm run redirects: validation', () => {
  it('stops at a bad table with file:line messages, exit 1 and nothing written', async () => {
    const store = new MemoryKvStore();
    const file = tableFile(...BASE, '/a/\t/nie-ma-takiej-strony', '/Akcesoria/Szelki\t/kontakt', '/b/');
    const { code, err, created } = await run(store, '--local', '--table', file);
    expect(code).toBe(1);
    expect(err).toMatch(/table\.tsv:5: target \/nie-ma-takiej-strony: \/nie-ma-takiej-strony is not a live page/);
    expect(err).toMatch(/table\.tsv:6: duplicate source \/Akcesoria\/Szelki: line 2 /);
    expect(err).toMatch(/table\.tsv:7: missing field "to"/);
    expect(err).toMatch(/3 error\(s\) in .*; nothing was written\./);
    expect(created).toBe(0);
    expect(store.calls).toEqual([]);
  });

  it('validates only, touching no KV, when neither --local nor --remote is given', async () => {
    const store = new MemoryKvStore();
    const { code, out, created } = await run(store, '--table', tableFile(...BASE));
    expect(code).toBe(0);
    expect(out).toMatch(/3 redirects valid \(2 exact, 1 patterns\)/);
    expect(created).toBe(0);
  });

  it('refuses contradictory options with exit 2', async () => {
    const store = new MemoryKvStore();
    expect((await run(store, '--local', '--remote')).code).toBe(2);
    expect((await run(store, '--local', '--env', 'production')).code).toBe(2);
    expect((await run(store, '--bogus')).code).toBe(2);
  });
});

describe('npm run redirects: sync', () => {
  it('writes the table, prints the diff, and changes nothing on the second run', async () => {
    const store = new MemoryKvStore();
    const file = tableFile(...BASE);
    const first = await run(store, '--local', '--table', file);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/Diff against KV: 3 added, 0 changed, 0 unchanged, 0 removed/);
    expect(first.out).toMatch(/\+ \/akcesoria\/szelki → \/c\/dla-psa\/akcesoria\/szelki {2}\(line 2\)/);
    expect(first.out).toMatch(/writing \[#+\] \d+\/\d+ values/);
    expect(first.out).toMatch(/Done: 3 added, 0 changed, 0 removed/);
    expect(stored(store)).toEqual({
      '/akcesoria/szelki': '/c/dla-psa/akcesoria/szelki',
      '/o-nas': '/pomoc/o-nas',
      '/psia-baza-wiedzy/{breed}': '{blog}/rasy-psow/{breed}/',
    });
    expect([...store.data.keys()].every((k) => k.startsWith(KV_PREFIX))).toBe(true);

    const snapshot = new Map(store.data);
    store.calls.length = 0;
    const second = await run(store, '--local', '--table', file);
    expect(second.code).toBe(0);
    expect(second.out).toMatch(/0 added, 0 changed, 3 unchanged, 0 removed/);
    expect(second.out).toMatch(/is up to date; nothing written/);
    expect(store.calls).toEqual(['list', `get ${snapshot.size}`]);
    expect(store.data).toEqual(snapshot);
  });

  it('--dry-run prints the diff and writes nothing', async () => {
    const store = new MemoryKvStore();
    const { code, out } = await run(store, '--local', '--dry-run', '--table', tableFile(...BASE));
    expect(code).toBe(0);
    expect(out).toMatch(/3 added/);
    expect(out).toMatch(/Dry run: nothing written/);
    expect(store.data.size).toBe(0);
    expect(store.calls.some((c) => c.startsWith('put') || c.startsWith('delete'))).toBe(false);
  });

  it('reports a changed target and keeps removed entries unless --prune', async () => {
    const store = new MemoryKvStore();
    await run(store, '--local', '--table', tableFile(...BASE));
    const edited = tableFile(
      '/akcesoria/szelki/\t/c/dla-psa/akcesoria/szelki/szelki-typu-guard',
      '/psia-baza-wiedzy/{rasa}/\t{blog}/rasy-psow/{rasa}/',
    );

    const kept = await run(store, '--local', '--table', edited);
    expect(kept.out).toMatch(/0 added, 2 changed, 0 unchanged, 1 removed \(kept: pass --prune to delete\)/);
    expect(kept.out).toMatch(
      /~ \/akcesoria\/szelki → \/c\/dla-psa\/akcesoria\/szelki\/szelki-typu-guard {2}\(was \/c\/dla-psa\/akcesoria\/szelki; line 2\)/,
    );
    expect(kept.out).toMatch(/only in KV \(kept\):\n {4}- \/o-nas → \/pomoc\/o-nas/);
    expect(stored(store)['/o-nas']).toBe('/pomoc/o-nas');
    expect(stored(store)['/psia-baza-wiedzy/{rasa}']).toBe('{blog}/rasy-psow/{rasa}/');
    expect(stored(store)['/psia-baza-wiedzy/{breed}']).toBeUndefined();

    const pruned = await run(store, '--local', '--prune', '--table', edited);
    expect(pruned.out).toMatch(/0 added, 0 changed, 2 unchanged, 1 removed\n/);
    expect(pruned.out).toMatch(/Done: 0 added, 0 changed, 1 removed/);
    expect(stored(store)).toEqual({
      '/akcesoria/szelki': '/c/dla-psa/akcesoria/szelki/szelki-typu-guard',
      '/psia-baza-wiedzy/{rasa}': '{blog}/rasy-psow/{rasa}/',
    });
    // the bucket that held only /o-nas is gone, not left empty
    expect([...store.data.values()].every((v) => v.includes('"/'))).toBe(true);

    const again = await run(store, '--local', '--prune', '--table', edited);
    expect(again.out).toMatch(/is up to date; nothing written/);
  });

  it('leaves keys that are not the table’s alone, even with --prune', async () => {
    const store = new MemoryKvStore();
    store.data.set('feature-flags', '{"x":1}');
    await run(store, '--local', '--prune', '--table', tableFile(...BASE));
    expect(store.data.get('feature-flags')).toBe('{"x":1}');
  });

  it('writes in batches within the bulk limit, with a progress line per batch', async () => {
    const store = new MemoryKvStore();
    const rows = Array.from({ length: 40 }, (_, i) => ({
      line: i + 2,
      from: `/s${i}/`,
      to: '/kontakt',
      status: 301 as const,
      key: `/s${i}`,
      pattern: false,
    }));
    const plan = planSync(rows, await readCurrent(store), { prune: false });
    const lines: string[] = [];
    await applyPlan(plan, store, (l) => lines.push(l), 5);
    expect(plan.writes.length).toBeGreaterThan(5);
    expect(store.calls.filter((c) => c.startsWith('put')).every((c) => Number(c.split(' ')[1]) <= 5)).toBe(true);
    expect(lines.at(-1)).toMatch(new RegExp(`\\[#{24}\\] ${plan.writes.length}/${plan.writes.length} values`));
    expect(planSync(rows, await readCurrent(store), { prune: false }).writes).toEqual([]);
  });
});
