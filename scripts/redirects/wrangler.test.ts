import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildBuckets, serialiseBucket } from '../../redirects';
import { loadTable, runCli } from './cli';
import { WranglerKvStore } from './kv-store';
import { KV_ROOT_PREFIX } from './sync';

const root = resolve(import.meta.dirname, '../..');
const persistTo = mkdtempSync(join(tmpdir(), 'redirects-wrangler-'));
afterAll(() => rmSync(persistTo, { recursive: true, force: true }));

async function run(...argv: string[]) {
  const out: string[] = [];
  const code = await runCli(argv, { root, log: (l) => out.push(l), error: (l) => out.push(l) });
  return { code, out: out.join('\n') };
}

/** The real path: `wrangler kv bulk put --local` into a throwaway state directory, offline. */
describe('npm run redirects -- --local (real wrangler, temp --persist-to)', () => {
  it('writes the whole table, reads it back byte for byte, and writes nothing the second time', async () => {
    const first = await run('--local', '--persist-to', persistTo);
    expect(first.out).toMatch(/Diff against KV: \d+ added, 0 changed, 0 unchanged, 0 removed/);
    expect(first.code).toBe(0);

    const expected = buildBuckets(loadTable(join(root, 'redirects/table.tsv'), root).entries);
    const store = new WranglerKvStore({ mode: 'local', cwd: root, persistTo });
    try {
      const keys = await store.listKeys(KV_ROOT_PREFIX);
      expect(keys.sort()).toEqual([...expected.keys()].sort());
      const values = await store.getMany(keys);
      for (const [key, bucket] of expected) expect(values.get(key)).toBe(serialiseBucket(bucket));
    } finally {
      store.close();
    }

    const second = await run('--local', '--persist-to', persistTo);
    expect(second.code).toBe(0);
    expect(second.out).toMatch(/0 added, 0 changed, \d+ unchanged, 0 removed/);
    expect(second.out).toMatch(/is up to date; nothing written/);
  }, 120_000);
});
