/**
 * Unused exports, part of `npm run lint`: an export of the storefront's code (client/, features/,
 * worker/, redirects/; not tests, not generated/) that no module of the repository imports is dead
 * weight a reader has to check. Exits 1 with one line `file: name` per unused export.
 *
 * An import counts when it names the export (`import { a }`, `export { a } from`), or takes the
 * whole module (`import * as m`, `export * from`, a dynamic `import()`, `import.meta.glob`). A
 * module's own use of an export does not count: drop the `export` instead.
 *
 * Usage: tsx scripts/lint/unused-exports.ts
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const checked = ['client', 'features', 'worker', 'redirects'];
const importers = ['client', 'features', 'worker', 'redirects', 'scripts', 'e2e', 'generated', 'types'];
const skipDirs = new Set(['node_modules', 'dist', 'public', '.wrangler']);
/**
 * Modules whose exports a tool reads by name, not an import: the worker's entry (wrangler), the
 * service worker, the browser's stand-in for client/graphql/graphql.ts (the build swaps it in:
 * scripts/build/client.ts), and each feature's route facts (read by the build: scripts/build/registry.ts).
 */
const entries = new Set(['worker/index.ts', 'client/sw.ts', 'client/graphql/graphql.browser.ts']);
const isEntry = (rel: string) => entries.has(rel) || /^features\/[\w-]+\/route\.ts$/.test(rel);

function walk(dir: string, out: string[] = []): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    if (skipDirs.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The unused exports of the storefront under `root`, one `file: name` each. */
export function unusedExports(root: string): string[] {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    allowImportingTsExtensions: true,
  };
  const host = ts.createCompilerHost(options);
  const resolveFrom = (from: string, specifier: string): string | null => {
    const resolved = ts.resolveModuleName(specifier, from, options, host).resolvedModule?.resolvedFileName;
    return resolved && !resolved.includes('node_modules') ? resolve(resolved) : null;
  };

  /** Export names used per file; `*` when a module is taken whole. */
  const used = new Map<string, Set<string>>();
  const markUsed = (file: string | null, name: string) => {
    if (!file) return;
    if (!used.has(file)) used.set(file, new Set());
    used.get(file)!.add(name);
  };

  const sources = importers.flatMap((p) => walk(join(root, p))).concat(walk(root).filter((f) => dirname(f) === root));
  for (const file of sources) {
    const text = readFileSync(file, 'utf8');
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const target = resolveFrom(file, node.moduleSpecifier.text);
        const clause = node.importClause;
        if (!clause) markUsed(target, '*');
        else {
          if (clause.name) markUsed(target, 'default');
          const bindings = clause.namedBindings;
          if (bindings && ts.isNamespaceImport(bindings)) markUsed(target, '*');
          else if (bindings) for (const el of bindings.elements) markUsed(target, (el.propertyName ?? el.name).text);
        }
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const target = resolveFrom(file, node.moduleSpecifier.text);
        if (!node.exportClause || ts.isNamespaceExport(node.exportClause)) markUsed(target, '*');
        else for (const el of node.exportClause.elements) markUsed(target, (el.propertyName ?? el.name).text);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const arg = node.arguments[0];
        if (arg && ts.isStringLiteralLike(arg)) markUsed(resolveFrom(file, arg.text), '*');
      } else if (ts.isCallExpression(node) && node.expression.getText(sf) === 'import.meta.glob') {
        const arg = node.arguments[0];
        if (arg && ts.isStringLiteralLike(arg)) {
          const pattern = new RegExp(
            '^' +
              resolve(dirname(file), arg.text)
                .replace(/[.+^${}()|[\]\\]/g, '\\$&')
                .replace(/\*\*\//g, '(.*/)?')
                .replace(/\*/g, '[^/]*') +
              '$',
          );
          for (const target of sources) if (pattern.test(target)) markUsed(target, '*');
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  /** The names a module exports (declarations and local `export { … }`; re-exports are the target's). */
  function exportsOf(file: string): string[] {
    const sf = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const names: string[] = [];
    for (const st of sf.statements) {
      const exported = ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      const isDefault = ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
      if (ts.isExportAssignment(st)) names.push('default');
      else if (exported && isDefault) names.push('default');
      else if (exported && ts.isVariableStatement(st))
        for (const d of st.declarationList.declarations) {
          if (ts.isIdentifier(d.name)) names.push(d.name.text);
        }
      else if (exported && 'name' in st && st.name && ts.isIdentifier(st.name as ts.Node)) names.push((st.name as ts.Identifier).text);
      else if (ts.isExportDeclaration(st) && !st.moduleSpecifier && st.exportClause && ts.isNamedExports(st.exportClause))
        for (const el of st.exportClause.elements) names.push(el.name.text);
    }
    return names;
  }

  const problems: string[] = [];
  for (const file of checked.flatMap((p) => walk(join(root, p)))) {
    const rel = relative(root, file);
    if (/\.test\.tsx?$/.test(rel) || /(^|\/)test-[\w-]+\.ts$/.test(rel) || isEntry(rel)) continue;
    const usedHere = used.get(file) ?? new Set();
    if (usedHere.has('*')) continue;
    for (const name of exportsOf(file)) if (!usedHere.has(name)) problems.push(`${rel}: ${name}`);
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const problems = unusedExports(resolve(import.meta.dirname, '../..'));
  for (const problem of problems) console.error(problem);
  if (problems.length) {
    console.error(`unused exports: ${problems.length} (remove them, or drop the \`export\` of what the module uses itself)`);
    process.exit(1);
  }
  console.log('unused exports: none');
}
