/**
 * Fewer, larger chunks for the client build (docs/decisions/035-chunks-one-shared-base-small-chunks-merged.md).
 *
 * esbuild's code splitting puts each module in a chunk named by the set of entry points that
 * reach it, and every page and every part loaded with `import()` counts as an entry point. So
 * code shared by slightly different sets of pages is cut into many chunks of a few hundred bytes:
 * a checkout step loaded 16 files besides the entry, and since each file is gzipped alone, each
 * costs ~150–250 bytes more than the same code in a bigger file (measured: the 13 files every page
 * loaded compress to 2.2 KB less when joined).
 *
 * esbuild has no manual chunks, but its rule can be steered: a module that an entry point imports
 * is reached by that entry point. This plugin appends side-effect-free `import "<module>"` lines
 * to entry points (at the end, so the module's own imports keep their order), chosen so that
 * modules which should share a chunk are reached by the same entry points:
 *
 * 1. The base. Nothing runs before client/entry.tsx: pages and lazy parts are only imported by code
 *    the entry started. Every module the entry reaches statically is imported at the end of every
 *    other entry point: they are all reached by all of them and land in one chunk. Nothing is
 *    downloaded that was not downloaded before.
 * 2. Small-chunk merging. Two chunks A and B merge when the file saved on each entry point that
 *    loads both outweighs the code added to entry points that load only one of them:
 *    FILE_COST × |S_A ∩ S_B| > gzip(A) × |S_B \ S_A| + gzip(B) × |S_A \ S_B| (S: the entry points
 *    that load the chunk). Greedy, best pair first. Merging can move a module's dependencies
 *    to new sets, so the plan is built again on the result, for a few rounds.
 *
 * Each round needs the module graph of a build: a build of the same options with the imports
 * planned so far, nothing written. In watch mode the plan is kept while the graph (modules and
 * their imports) is unchanged, so an edit to a component costs one extra build of ~0.3 s.
 */
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

/** What one more file costs a page, in gzip bytes (per-file gzip overhead, import/export statements). */
export const FILE_COST = 200;
const ROUNDS = 4;
const loaders: Record<string, esbuild.Loader> = { '.ts': 'ts', '.tsx': 'tsx', '.js': 'js', '.jsx': 'jsx', '.mjs': 'js' };

/** Modules (paths relative to the build's working directory) to import at the end of each entry point. */
export type ChunkPlan = Map<string, Set<string>>;

/** A shared chunk of a build: the entry points that load it, its gzip size and the app's modules in it. */
export interface SharedChunk {
  loadedBy: Set<string>;
  gzip: number;
  modules: string[];
}

type Build = esbuild.BuildResult<{ write: false; metafile: true }>;

const own = (path: string) => !path.startsWith('node_modules/') && Boolean(loaders[extname(path)]);

/** The app's modules the entry reaches through static imports. */
export function baseOf(metafile: esbuild.Metafile, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path) || !metafile.inputs[path]) return;
    seen.add(path);
    for (const imp of metafile.inputs[path].imports) {
      if (imp.kind === 'import-statement' || imp.kind === 'require-call') visit(imp.path);
    }
  };
  visit(entry);
  seen.delete(entry);
  return [...seen].filter(own);
}

/** The shared chunks of a build (not the entry points' own files), with who loads them. */
export function sharedChunks(build: Build, root: string): SharedChunk[] {
  const outputs = build.metafile.outputs;
  const gzipOf = new Map(build.outputFiles.map((file) => [file.path, gzipSync(file.contents).byteLength]));
  const staticClosure = (out: string, seen = new Set<string>()): Set<string> => {
    for (const imp of outputs[out]?.imports ?? []) {
      if (imp.kind !== 'import-statement' || seen.has(imp.path)) continue;
      seen.add(imp.path);
      staticClosure(imp.path, seen);
    }
    return seen;
  };
  const loadedBy = new Map<string, Set<string>>();
  for (const [out, meta] of Object.entries(outputs)) {
    if (!meta.entryPoint || !out.endsWith('.js')) continue;
    for (const chunk of staticClosure(out)) {
      if (!loadedBy.has(chunk)) loadedBy.set(chunk, new Set());
      loadedBy.get(chunk)!.add(meta.entryPoint);
    }
  }
  return [...loadedBy].flatMap(([out, by]) => {
    if (outputs[out]!.entryPoint) return [];
    return [
      { loadedBy: by, gzip: gzipOf.get(join(root, out)) ?? outputs[out]!.bytes, modules: Object.keys(outputs[out]!.inputs).filter(own) },
    ];
  });
}

const minus = (a: Set<string>, b: Set<string>) => [...a].filter((x) => !b.has(x));

/**
 * Greedy merging of shared chunks (rule 2 above). Returns, per entry point, the modules it must
 * import so that each merged group is loaded by the same entry points. Chunks without any of the
 * app's modules (a package alone) are left as they are.
 */
export function mergePlan(chunks: SharedChunk[], fileCost = FILE_COST): ChunkPlan {
  interface Group {
    parts: SharedChunk[];
    loadedBy: Set<string>;
    gzip: number;
  }
  const groups: Group[] = chunks.filter((c) => c.modules.length).map((c) => ({ parts: [c], loadedBy: new Set(c.loadedBy), gzip: c.gzip }));
  const gain = (a: Group, b: Group) => {
    const both = [...a.loadedBy].filter((e) => b.loadedBy.has(e)).length;
    return fileCost * both - a.gzip * minus(b.loadedBy, a.loadedBy).length - b.gzip * minus(a.loadedBy, b.loadedBy).length;
  };
  for (;;) {
    let best: [number, number, number] | null = null;
    for (let i = 0; i < groups.length; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        const g = gain(groups[i]!, groups[j]!);
        if (g > 0 && (!best || g > best[0])) best = [g, i, j];
      }
    }
    if (!best) break;
    const [, i, j] = best;
    const a = groups[i]!;
    const b = groups.splice(j, 1)[0]!;
    a.parts.push(...b.parts);
    for (const e of b.loadedBy) a.loadedBy.add(e);
    a.gzip += b.gzip;
  }
  const plan: ChunkPlan = new Map();
  for (const group of groups) {
    if (group.parts.length < 2) continue;
    for (const part of group.parts) {
      for (const entry of minus(group.loadedBy, part.loadedBy)) {
        if (!plan.has(entry)) plan.set(entry, new Set());
        for (const module of part.modules) plan.get(entry)!.add(module);
      }
    }
  }
  return plan;
}

function addTo(plan: ChunkPlan, more: ChunkPlan): number {
  let added = 0;
  for (const [entry, modules] of more) {
    if (!plan.has(entry)) plan.set(entry, new Set());
    const into = plan.get(entry)!;
    for (const module of modules) {
      if (module === entry || into.has(module)) continue;
      into.add(module);
      added++;
    }
  }
  return added;
}

/** The whole plan: the base (rule 1), then rounds of merging (rule 2) on the build that results. */
export async function planChunks(
  build: (plan: ChunkPlan) => Promise<Build>,
  root: string,
  entry: string,
  first?: Build,
): Promise<ChunkPlan> {
  const plan: ChunkPlan = new Map();
  first ??= await build(plan);
  const base = baseOf(first.metafile, entry);
  const others = new Set<string>();
  for (const meta of Object.values(first.metafile.outputs)) {
    if (meta.entryPoint && meta.entryPoint !== entry && own(meta.entryPoint) && !base.includes(meta.entryPoint))
      others.add(meta.entryPoint);
  }
  addTo(plan, new Map([...others].map((e) => [e, new Set(base)])));
  for (let round = 0; round < ROUNDS; round++) {
    const result = await build(plan);
    if (!addTo(plan, mergePlan(sharedChunks(result, root)))) break;
  }
  return plan;
}

/** A key of the module graph: the plan stays valid while no module or import is added or removed. */
export function graphKey(metafile: esbuild.Metafile): string {
  return JSON.stringify(
    Object.entries(metafile.inputs).map(([path, input]) => [path, input.imports.map((imp) => `${imp.kind}:${imp.path}`)]),
  );
}

type Options = esbuild.BuildOptions & { metafile: true };

/** Appends a fixed plan's imports (the trial builds). */
function withPlan(root: string, plan: ChunkPlan): esbuild.Plugin {
  return {
    name: 'chunk-plan-fixed',
    setup: (build) => build.onLoad({ filter: /\.(tsx?|jsx?|mjs)$/ }, (args) => loadWithPlan(plan, root, args.path)),
  };
}

/**
 * The plugin, for a build of `options` (the same options without this plugin: its trial builds
 * use them, nothing written); `entry` is the app's entry as the metafile names it (relative to `root`).
 */
export function chunkPlanPlugin(root: string, entry: string, options: Options): esbuild.Plugin {
  const build = (plan: ChunkPlan) =>
    esbuild.build({ ...options, plugins: [...(options.plugins ?? []), withPlan(root, plan)], write: false, logLevel: 'silent' });
  let plan: ChunkPlan = new Map();
  let key = '';
  return {
    name: 'chunk-plan',
    setup(pluginBuild) {
      pluginBuild.onStart(async () => {
        try {
          const first = await build(new Map());
          const graph = graphKey(first.metafile);
          if (graph === key) return;
          plan = await planChunks(build, root, entry, first);
          key = graph;
        } catch {
          // The build itself reports the error (a syntax error, a missing module); plan again next time.
          plan = new Map();
          key = '';
        }
      });
      pluginBuild.onLoad({ filter: /\.(tsx?|jsx?|mjs)$/ }, (args) => loadWithPlan(plan, root, args.path));
    },
  };
}

/** The module's source with the planned imports appended, or undefined when it has none. */
export function loadWithPlan(plan: ChunkPlan, root: string, path: string): esbuild.OnLoadResult | undefined {
  const modules = plan.get(
    path
      .slice(root.length + 1)
      .split('\\')
      .join('/'),
  );
  if (!modules?.size) return undefined;
  const imports = [...modules].map((module) => `import ${JSON.stringify(join(root, module))};`).join('\n');
  // watchFiles: esbuild's watch mode follows only the files it read itself.
  return { contents: `${readFileSync(path, 'utf8')}\n${imports}\n`, loader: loaders[extname(path)]!, watchFiles: [path] };
}
