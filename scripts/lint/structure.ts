/**
 * Structure check, part of `npm run lint` (docs/decisions/045-structure-rules-checked-in-lint.md).
 * Exits 1 with one line per problem when:
 * 1. a module imports itself back through any chain of imports: static, dynamic (`import()`)
 *    and type-only imports all count, since each is a dependency a reader has to follow;
 * 2. two source files of one package (client/, worker/, backend/, scripts/, e2e/, redirects/)
 *    share a file name (`Field.tsx` twice): a name says what the file does, its folder only
 *    where it lives. `index.ts` and `types.ts` are the allowed repeats;
 * 3. a backend plugin is not a folder `backend/src/plugins/<name>/` holding `<name>.plugin.ts`;
 * 4. a registry under generated/ differs from what the feature folders declare (edited by hand,
 *    or the build not run since): scripts/build/registry.ts;
 * 5. a feature's page, loader or route facts live outside its folder: a `*Page.tsx` outside
 *    `features/<name>/`, or a `*.server.ts` in client/.
 *
 * Usage: tsx scripts/lint/structure.ts
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { registryProblems } from '../build/registry';

const root = resolve(import.meta.dirname, '../..');
const packages = ['client', 'features', 'worker', 'redirects', 'scripts', 'e2e', 'backend'];
const skipDirs = new Set(['node_modules', 'dist', 'data', '.scratch', '.wrangler', 'public']);
const sourceFile = /\.(ts|tsx|cts|mts)$/;
// index.tsx: each plugin's Dashboard screens start at dashboard/index.tsx (docs/dashboard-extensions.md)
// route.ts and islands.server.ts: the fixed names of a feature folder's route facts and islands (decision 107)
const allowedRepeats = new Set(['index.ts', 'index.tsx', 'types.ts', 'route.ts', 'islands.server.ts']);

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (skipDirs.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (sourceFile.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const files = packages.flatMap((p) => walk(join(root, p)));
const known = new Set(files);
const rel = (path: string) => relative(root, path);

/** The file a relative specifier names (TypeScript's bundler resolution: extension optional, or `.js` for `.ts`). */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier.replace(/\?.*$/, ''));
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
  ];
  return candidates.find((c) => known.has(c)) ?? null;
}

const graph = new Map<string, string[]>();
for (const file of files) {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const deps = info.importedFiles.map((i) => resolveImport(file, i.fileName)).filter((d): d is string => d !== null && d !== file);
  graph.set(file, [...new Set(deps)]);
}

const problems: string[] = [];

// 1. Cycles: strongly connected components (Tarjan), each reported with one concrete loop.
{
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component);
    }
  };
  for (const file of files) if (!indexOf.has(file)) visit(file);
  for (const component of components) {
    const members = new Set(component);
    // The shortest loop from the component's first file back to itself (breadth-first).
    const start = component.sort()[0]!;
    const previous = new Map<string, string>();
    const queue = [start];
    let loop: string[] = [];
    while (queue.length && !loop.length) {
      const v = queue.shift()!;
      for (const w of graph.get(v) ?? []) {
        if (!members.has(w)) continue;
        if (w === start) {
          loop = [v];
          while (previous.has(loop[0]!)) loop.unshift(previous.get(loop[0]!)!);
          break;
        }
        if (!previous.has(w)) {
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
    problems.push(`import cycle (${component.length} files): ${[...loop, start].map(rel).join(' → ')}`);
  }
}

// 2. One name, one job, per package.
for (const pkg of packages) {
  const byName = new Map<string, string[]>();
  for (const file of files) {
    if (!file.startsWith(join(root, pkg) + '/')) continue;
    const name = basename(file);
    if (allowedRepeats.has(name)) continue;
    byName.set(name, [...(byName.get(name) ?? []), rel(file)]);
  }
  for (const [name, paths] of byName)
    if (paths.length > 1) problems.push(`${name} names ${paths.length} files in ${pkg}/: ${paths.join(', ')}`);
}

// 3. Backend plugins in Vendure's layout.
{
  const pluginsDir = join(root, 'backend/src/plugins');
  for (const name of readdirSync(pluginsDir)) {
    const path = join(pluginsDir, name);
    if (!statSync(path).isDirectory())
      problems.push(`${rel(path)}: a plugin lives in its own folder (backend/src/plugins/<name>/<name>.plugin.ts)`);
    else if (!readdirSync(path).includes(`${name}.plugin.ts`)) problems.push(`${rel(path)}/ has no ${name}.plugin.ts`);
  }
}

// 4. Registries derived, never kept by hand.
problems.push(...(await registryProblems()));

// 5. Pages and server-only modules where the registries look for them.
for (const file of files) {
  const path = rel(file);
  if (/(^|\/)[A-Z]\w*Page\.tsx$/.test(path) && !/^features\/[\w-]+\/[A-Z]\w*Page\.tsx$/.test(path) && !path.startsWith('backend/'))
    problems.push(`${path}: a page lives in its feature folder (features/<name>/<Name>Page.tsx)`);
  if (path.startsWith('client/') && /\.server\.tsx?$/.test(path))
    problems.push(`${path}: server-only modules live in a feature folder or worker/, not client/`);
}

for (const problem of problems) console.error(problem);
if (problems.length) {
  console.error(`structure: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`structure: ${files.length} files, no import cycles, no repeated names, plugins in their folders`);
