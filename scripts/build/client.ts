/**
 * esbuild options and output handling shared by the one-off build
 * (`scripts/build.ts`) and watch mode (`scripts/build/watch.ts`).
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import type * as esbuild from 'esbuild';

export const root = resolve(import.meta.dirname, '../..');
export const dist = join(root, 'dist');
export const publicDir = join(dist, 'public');
export const assetsDir = join(publicDir, 'assets');
export const clientPublicDir = join(root, 'client/public');
export const contentDir = join(root, 'content/pages');
export const pagesDir = join(root, 'client/pages');

/** What the worker reads from dist/manifest.json. */
export interface Manifest {
  entry: string;
  css: string[];
  pages: Record<string, string[]>;
}

/** Mechanical one-way import rule (CONVENTIONS habit 1). */
export const importBoundary: esbuild.Plugin = {
  name: 'import-boundary',
  setup(build) {
    build.onLoad({ filter: /.*/ }, (args) => {
      const rel = relative(root, args.path).split('\\').join('/');
      if (/^(worker|redirects|backend|scripts)\//.test(rel)) {
        return { errors: [{ text: `Browser code must not import server code: ${rel} (see DESIGN.md, "Parts and where they live")` }] };
      }
      return undefined;
    });
  },
};

/**
 * The browser gets `client/graphql/graphql.browser.ts` wherever code imports
 * `client/graphql/graphql.ts`: documents keep their text instead of being parsed, so no
 * GraphQL parser/printer ships to the browser (README decision "No GraphQL parser in the
 * browser"). The worker and the tests use the real gql.tada module.
 */
export const browserGraphql: esbuild.Plugin = {
  name: 'browser-graphql',
  setup(build) {
    build.onResolve({ filter: /(^|\/)graphql$/ }, (args) => {
      const target = resolve(args.resolveDir, `${args.path}.ts`);
      if (target !== join(root, 'client/graphql/graphql.ts')) return undefined;
      return { path: join(root, 'client/graphql/graphql.browser.ts') };
    });
  },
};

/** One entry per file of client/pages (the page name is the file name). */
export function pageEntries(): string[] {
  return readdirSync(pagesDir)
    .filter((f) => f.endsWith('.tsx') && !f.includes('.test.'))
    .map((f) => join(pagesDir, f));
}

const target = ['chrome110', 'firefox115', 'safari16'];

/** The client bundles: entry, CSS and one chunk per page. */
export function clientOptions(plugins: esbuild.Plugin[] = []) {
  return {
    absWorkingDir: root,
    entryPoints: [join(root, 'client/entry.tsx'), join(root, 'client/styles/app.css'), ...pageEntries()],
    bundle: true,
    splitting: true,
    format: 'esm',
    target,
    minify: true,
    sourcemap: false,
    jsx: 'automatic',
    outdir: assetsDir,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    metafile: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [importBoundary, browserGraphql, ...plugins],
    logLevel: 'warning',
  } satisfies esbuild.BuildOptions;
}

/** The service worker; `version` changes whenever the client bundles do. */
export function serviceWorkerOptions(version: string) {
  return {
    absWorkingDir: root,
    entryPoints: [join(root, 'client/sw.ts')],
    bundle: true,
    format: 'iife',
    target,
    minify: true,
    outfile: join(publicDir, 'sw.js'),
    define: { __SW_VERSION__: JSON.stringify(version) },
    plugins: [importBoundary],
    logLevel: 'warning',
  } satisfies esbuild.BuildOptions;
}

/** dist/manifest.json from the client build's metafile: entry, CSS and each page's chunk with its static imports. */
export function manifestFromMetafile(metafile: esbuild.Metafile): Manifest {
  const outputs = metafile.outputs;
  const url = (out: string) => '/' + relative(publicDir, join(root, out)).split('\\').join('/');
  const staticImports = (out: string, seen = new Set<string>()): string[] => {
    for (const imp of outputs[out]?.imports ?? []) {
      if (imp.kind !== 'import-statement' || seen.has(imp.path)) continue;
      seen.add(imp.path);
      staticImports(imp.path, seen);
    }
    return [...seen];
  };
  let entry = '';
  const css: string[] = [];
  const pages: Record<string, string[]> = {};
  for (const [out, meta] of Object.entries(outputs)) {
    if (!meta.entryPoint) continue;
    if (meta.entryPoint === 'client/entry.tsx') entry = url(out);
    else if (out.endsWith('.css')) css.push(url(out));
    else if (meta.entryPoint.startsWith('client/pages/')) {
      const name = basename(meta.entryPoint).replace(/\.tsx$/, '');
      pages[name] = [url(out), ...staticImports(out).map(url)];
    }
  }
  if (!entry) throw new Error('client entry missing from the build output');
  return { entry, css, pages };
}

/** Build id of the service worker: changes whenever any client bundle does. */
export function buildVersion(manifest: Manifest): string {
  return createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 12);
}
