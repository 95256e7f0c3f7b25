import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectRoutes, registryProblems, renderRegistry } from './registry';

/** A complete route's facts, as a feature's route.ts declares them. */
const route = (facts: Record<string, unknown>) => ({
  layout: 'default',
  guards: ['checkout', 'language', 'seo'],
  cache: 'edge',
  legacyOnMiss: false,
  indexable: true,
  personal: false,
  hydrate: 'load',
  ...facts,
});

/** A throwaway features/ folder: each feature's route.ts (plain data) and files. */
function featureTree(tree: Record<string, { routes?: object[]; files?: Record<string, string> }>): string {
  const dir = mkdtempSync(join(tmpdir(), 'features-'));
  for (const [feature, { routes, files = {} }] of Object.entries(tree)) {
    mkdirSync(join(dir, feature));
    if (routes) writeFileSync(join(dir, feature, 'route.ts'), `export const routes = ${JSON.stringify(routes)};\n`);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, feature, name), text);
  }
  return dir;
}

const page = (name: string) => ({ [`${name}.tsx`]: `export default function ${name}() { return null; }\n` });

describe('registries derived from the feature folders', () => {
  it('collects every route with its feature, the most specific pattern first', async () => {
    const dir = featureTree({
      content: {
        routes: [route({ id: 'pomoc', path: '/pomoc/:pageName?', page: 'StaticPage', loader: 'staticLoader' })],
        files: { ...page('StaticPage'), 'static.server.ts': 'export const staticLoader = async () => null;\n' },
      },
      sizes: {
        routes: [route({ id: 'sizes', path: '/pomoc/rozmiary', page: 'SizesPage', loader: 'sizesLoader' })],
        files: { ...page('SizesPage'), 'sizes.server.ts': 'export async function sizesLoader() { return null; }\n' },
      },
    });
    const routes = await collectRoutes(dir);
    expect(routes.map((r) => [r.id, r.feature])).toEqual([
      ['sizes', 'sizes'],
      ['pomoc', 'content'],
    ]);
  });

  it('refuses a page that is not a file of its feature, and a loader no *.server.ts exports', async () => {
    const noPage = featureTree({ a: { routes: [route({ id: 'a', path: '/a', page: 'APage', loader: 'aLoader' })] } });
    await expect(collectRoutes(noPage)).rejects.toThrow('page APage needs features/a/APage.tsx');
    const noLoader = featureTree({
      a: {
        routes: [route({ id: 'a', path: '/a', page: 'APage', loader: 'aLoader' })],
        files: { ...page('APage'), 'a.ts': 'export const aLoader = 1;\n' },
      },
    });
    await expect(collectRoutes(noLoader)).rejects.toThrow(
      'loader aLoader must be exported by exactly one *.server.ts of the feature (found 0)',
    );
  });

  it('refuses two loaders for one page and an incomplete route', async () => {
    const twoLoaders = featureTree({
      a: {
        routes: [
          route({ id: 'a1', path: '/a', page: 'APage', loader: 'aLoader' }),
          route({ id: 'a2', path: '/b', page: 'APage', loader: 'bLoader' }),
        ],
        files: { ...page('APage'), 'a.server.ts': 'export const aLoader = 1;\nexport const bLoader = 2;\n' },
      },
    });
    await expect(collectRoutes(twoLoaders)).rejects.toThrow('page APage has two loaders (aLoader, bLoader)');
    const incomplete = featureTree({ a: { routes: [{ id: 'a', path: '/a', page: 'APage', loader: 'aLoader' }], files: page('APage') } });
    await expect(collectRoutes(incomplete)).rejects.toThrow('Route a: needs a layout');
  });

  it('writes what the browser needs and no more into its copy of the route table', async () => {
    const files = await renderRegistry();
    const browser = files.get('routes.ts')!;
    expect(browser).toContain('["/p/:id/:slug?","ProductPage"]');
    for (const fact of ['guards', 'legacyOnMiss', 'indexable', 'personal', 'samples', 'productLoader', '"default"'])
      expect(browser).not.toContain(fact);
    // a legacy duplicate no page links to (linked: false) stays out; its route answers in the worker
    expect(browser).not.toContain('/Regulamin');
    expect(files.get('routes.server.ts')).toContain('"path":"/Regulamin"');
    expect(files.get('loaders.server.ts')).toContain("import { productLoader } from '../features/product/product.server';");
    expect(files.get('pages.ts')).toContain("ProductPage: () => import('../features/product/ProductPage'),");
  });

  it('finds the generated files as the build wrote them, and names one edited by hand or left over', async () => {
    expect(await registryProblems()).toEqual([]);
    const copy = mkdtempSync(join(tmpdir(), 'generated-'));
    cpSync(join(import.meta.dirname, '../../generated'), copy, { recursive: true });
    const path = join(copy, 'routes.ts');
    writeFileSync(path, readFileSync(path, 'utf8').replace('"ProductPage"', '"HomePage"'));
    writeFileSync(join(copy, 'extra.ts'), '');
    expect(await registryProblems(copy)).toEqual([
      'generated/routes.ts: differs from what features/ declare (edited by hand, or stale: run npm run build)',
      'generated/extra.ts: not a registry the build writes (remove it)',
    ]);
  });
});
