import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { type ChunkPlan, chunkPlanPlugin, loadWithPlan, mergePlan, type SharedChunk } from './chunks';
import { clientOptions, manifestFromMetafile } from './client';

const chunk = (gzip: number, loadedBy: string[], modules = [`m${gzip}-${loadedBy.join('')}.ts`]): SharedChunk => ({
  gzip,
  loadedBy: new Set(loadedBy),
  modules,
});
const asObject = (plan: ChunkPlan) => Object.fromEntries([...plan].map(([entry, modules]) => [entry, [...modules].sort()]));

describe('merging small shared chunks', () => {
  it('merges two chunks loaded by nearly the same pages: the page that lacked one imports it', () => {
    const a = chunk(100, ['p1', 'p2'], ['a.ts']);
    const b = chunk(120, ['p1', 'p2', 'p3'], ['b.ts']);
    // 150 × 2 pages saved a file; p3 pays 100 bytes of a.
    expect(asObject(mergePlan([a, b], 150))).toEqual({ p3: ['a.ts'] });
  });

  it('leaves chunks apart when the code added outweighs the files saved', () => {
    const big = chunk(2000, ['p1', 'p2'], ['big.ts']);
    const other = chunk(100, ['p1', 'p2', 'p3'], ['other.ts']);
    expect(mergePlan([big, other], 150).size).toBe(0);
    // Loaded by different pages altogether: nothing is saved by merging.
    expect(mergePlan([chunk(10, ['p1']), chunk(10, ['p2'])], 150).size).toBe(0);
  });

  it('merges greedily into groups, and never moves a chunk that holds only a package', () => {
    const plan = mergePlan(
      [
        chunk(50, ['p1', 'p2'], ['a.ts']),
        chunk(60, ['p1', 'p2', 'p3'], ['b.ts']),
        chunk(70, ['p2', 'p3'], ['c.ts']),
        chunk(40, ['p1', 'p2', 'p3', 'p4'], []),
      ],
      150,
    );
    expect(asObject(plan)).toEqual({ p1: ['c.ts'], p3: ['a.ts'] });
  });
});

describe('planned imports', () => {
  it('are appended to the planned entry point only, after its own code', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chunk-plan-'));
    writeFileSync(join(dir, 'page.ts'), 'export const x = 1;\n');
    const plan: ChunkPlan = new Map([['page.ts', new Set(['lib/a.ts'])]]);
    const loaded = loadWithPlan(plan, dir, join(dir, 'page.ts'));
    expect(loaded?.contents).toBe(`export const x = 1;\n\nimport ${JSON.stringify(join(dir, 'lib/a.ts'))};\n`);
    expect(loaded?.loader).toBe('ts');
    expect(loaded?.watchFiles).toEqual([join(dir, 'page.ts')]);
    expect(loadWithPlan(plan, dir, join(dir, 'other.ts'))).toBeUndefined();
  });
});

/** A small app: an entry with a shell of three modules, two pages and a lazy part sharing parts of it. */
function fixtureApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chunk-app-'));
  const files: Record<string, string> = {
    'log.ts': `export const log = (globalThis.__log ??= []); export const mark = (name) => log.push(name);`,
    'shell-a.ts': `import { mark } from './log'; mark('shell-a'); export const a = 'A'.repeat(300);`,
    'shell-b.ts': `import { mark } from './log'; mark('shell-b'); export const b = 'B'.repeat(300);`,
    'shell-c.ts': `import { mark } from './log'; import { a } from './shell-a'; mark('shell-c'); export const c = a + 'C';`,
    'entry.ts': `import { mark } from './log'; import { a } from './shell-a'; import { b } from './shell-b'; import { c } from './shell-c'; mark('entry'); export const pages = { one: () => import('./page-one'), two: () => import('./page-two') }; export const size = a.length + b.length + c.length;`,
    'page-one.ts': `import { mark } from './log'; import { a } from './shell-a'; mark('page-one'); export const lazy = () => import('./lazy'); export default a;`,
    'page-two.ts': `import { mark } from './log'; import { b } from './shell-b'; import { c } from './shell-c'; mark('page-two'); export default b + c;`,
    'lazy.ts': `import { mark } from './log'; import { c } from './shell-c'; mark('lazy'); export default c;`,
  };
  for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source);
  return dir;
}

async function buildFixture(dir: string, planned: boolean) {
  const options = {
    absWorkingDir: dir,
    entryPoints: [join(dir, 'entry.ts'), join(dir, 'page-one.ts'), join(dir, 'page-two.ts')],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: join(dir, planned ? 'planned' : 'plain'),
    entryNames: '[name]',
    metafile: true,
    logLevel: 'silent',
  } satisfies esbuild.BuildOptions;
  return esbuild.build({ ...options, plugins: planned ? [chunkPlanPlugin(dir, 'entry.ts', options)] : [] });
}

/** The chunks an output file imports statically, with theirs. */
function staticChunks(metafile: esbuild.Metafile, out: string, seen = new Set<string>()): string[] {
  for (const imp of metafile.outputs[out]?.imports ?? []) {
    if (imp.kind !== 'import-statement' || seen.has(imp.path)) continue;
    seen.add(imp.path);
    staticChunks(metafile, imp.path, seen);
  }
  return [...seen];
}

describe('the chunk plan on a real build', () => {
  it('puts everything the entry loads in one shared chunk, and the app still runs each module once, in order', async () => {
    const dir = fixtureApp();
    const plain = await buildFixture(dir, false);
    const planned = await buildFixture(dir, true);
    const entryOf = (result: esbuild.BuildResult<{ metafile: true }>) =>
      Object.keys(result.metafile.outputs).find((o) => basename(o) === 'entry.js')!;
    // Without the plan esbuild cuts the shell by who shares it; with it, one chunk.
    expect(staticChunks(plain.metafile, entryOf(plain)).length).toBeGreaterThan(1);
    const shared = staticChunks(planned.metafile, entryOf(planned));
    expect(shared).toHaveLength(1);
    expect(Object.keys(planned.metafile.outputs[shared[0]!]!.inputs).sort()).toEqual(['log.ts', 'shell-a.ts', 'shell-b.ts', 'shell-c.ts']);
    const url = (file: string) => pathToFileURL(join(dir, 'planned', file)).href;
    const log: string[] = ((globalThis as { __log?: string[] }).__log = []);
    const entry = await import(url('entry.js'));
    const one = await entry.pages.one();
    await entry.pages.two();
    await one.lazy();
    expect(log).toEqual(['shell-a', 'shell-b', 'shell-c', 'entry', 'page-one', 'page-two', 'lazy']);
  });

  it("gives the shop's entry one shared chunk besides react-dom", async () => {
    const result = await esbuild.build({ ...clientOptions(), write: false });
    const manifest = manifestFromMetafile(result.metafile);
    // The entry, the app's shared code, react-dom: three files before any page.
    expect(manifest.entryPreload).toHaveLength(2);
    const shared = Object.entries(result.metafile.outputs).find(
      ([out, meta]) => !meta.entryPoint && manifest.entryPreload.some((url) => out.endsWith(url)) && 'client/App.tsx' in meta.inputs,
    );
    expect(shared, 'client/App.tsx in a chunk preloaded with the entry').toBeDefined();
    expect(Object.keys(shared![1].inputs)).toEqual(
      expect.arrayContaining([
        'client/router/router.ts',
        'client/stores/cart.store.ts',
        'client/components/header/Header.tsx',
        'client/router/routes.ts',
        'generated/routes.ts',
      ]),
    );
  });
});
