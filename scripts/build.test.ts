import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { importBoundary, missingPages } from './build';
import { missingPagesMessage, routePageNames } from './build/routes-check';

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

describe('client build import boundary (docs/architecture.md: browser code imports nothing server-only)', () => {
  it('fails when browser code pulls in worker/ or redirects/', async () => {
    await expect(bundleFromClient("import { checkEnv } from '../worker/env'; console.log(checkEnv);")).rejects.toThrow(
      /Browser code must not import server code: worker\/env\.ts/,
    );
    await expect(bundleFromClient("import { normaliseKey } from '../redirects'; console.log(normaliseKey);")).rejects.toThrow(
      /Browser code must not import server code: redirects\//,
    );
  });

  it("fails when browser code pulls in a feature's server-only module (*.server.ts)", async () => {
    await expect(
      bundleFromClient("import { productLoader } from '../features/product/product.server'; console.log(productLoader);"),
    ).rejects.toThrow(/Browser code must not import server code: features\/product\/product\.server\.ts/);
  });

  it('lets client code through', async () => {
    const result = await bundleFromClient("import { formatPrice } from './lib/price'; console.log(formatPrice(1470));");
    expect(result.errors).toEqual([]);
  });
});

describe('route table pages must have a chunk in dist/manifest.json', () => {
  const manifest = { pages: { HomePage: ['/assets/HomePage-A.js'], StaticPage: ['/assets/StaticPage-B.js', '/assets/chunk-C.js'] } };

  it('finds nothing missing when every page has a chunk', () => {
    expect(missingPages(manifest, ['HomePage', 'StaticPage', 'StaticPage'])).toEqual([]);
    expect(missingPages(manifest, [])).toEqual([]);
  });

  it('lists each missing page once, in route order', () => {
    expect(missingPages(manifest, ['HomePage', 'AccountPage', 'StaticPage', 'CheckoutPage', 'AccountPage'])).toEqual([
      'AccountPage',
      'CheckoutPage',
    ]);
  });

  it('does not take inherited object keys for pages', () => {
    expect(missingPages(manifest, ['toString', 'constructor'])).toEqual(['toString', 'constructor']);
  });

  it('gives a one-line reason naming the page', () => {
    const message = missingPagesMessage(['AccountPage']);
    expect(message).toContain('AccountPage');
    expect(message).not.toContain('\n');
    expect(missingPagesMessage(['AccountPage', 'CheckoutPage'])).toMatch(/AccountPage, CheckoutPage/);
  });

  it('reads the page names of the real route table', async () => {
    const names = await routePageNames();
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => typeof name === 'string')).toBe(true);
  });
});
