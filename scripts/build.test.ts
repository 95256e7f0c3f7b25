import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { importBoundary } from './build';

const root = resolve(import.meta.dirname, '..');

function bundleFromClient(source: string) {
  return esbuild.build({
    stdin: { contents: source, resolveDir: join(root, 'client'), loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    logLevel: 'silent',
    plugins: [importBoundary],
  });
}

describe('client build import boundary (DESIGN.md: client/ imports nothing server-only)', () => {
  it('fails when browser code pulls in worker/ or redirects/', async () => {
    await expect(bundleFromClient("import { checkEnv } from '../worker/env'; console.log(checkEnv);")).rejects.toThrow(
      /Browser code must not import server code: worker\/env\.ts/,
    );
    await expect(bundleFromClient("import { normaliseKey } from '../redirects'; console.log(normaliseKey);")).rejects.toThrow(
      /Browser code must not import server code: redirects\//,
    );
  });

  it('lets client code through', async () => {
    const result = await bundleFromClient("import { formatPrice } from './lib/price'; console.log(formatPrice(1470));");
    expect(result.errors).toEqual([]);
  });
});
