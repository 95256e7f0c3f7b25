import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { runCheck } from '../scripts/redirects/check';
import { loadTable } from '../scripts/redirects/cli';
import { root } from '../scripts/test-stack/stack';

describe('the legacy redirect table against the running stack (npm run redirects -- --check)', () => {
  it('answers every source with one 301 to its target, and every internal target with 200', async () => {
    const { entries, errors } = loadTable(join(root, 'redirects/table.tsv'), root);
    expect(errors).toEqual([]);
    expect(entries.length).toBeGreaterThanOrEqual(600);
    const result = await runCheck(entries, {
      baseUrl: inject('storefrontUrl'),
      blogUrl: inject('blogUrl'),
      concurrency: 8,
      timeoutMs: 240_000,
    });
    expect(result.failures).toEqual([]);
    expect(result.requests).toBeGreaterThan(entries.length);
  }, 300_000);
});
