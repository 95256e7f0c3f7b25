/**
 * esbuild options and output handling shared by the one-off build
 * (`scripts/build.ts`) and watch mode (`scripts/build/watch.ts`).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import type * as esbuild from 'esbuild';
import { chunkPlanPlugin } from './chunks';

export const root = resolve(import.meta.dirname, '../..');
export const dist = join(root, 'dist');
export const publicDir = join(dist, 'public');
export const assetsDir = join(publicDir, 'assets');
export const clientPublicDir = join(root, 'client/public');
export const contentDir = join(root, 'content/pages');
export const featuresDir = join(root, 'features');

/** What the worker reads from dist/manifest.json. */
export interface Manifest {
  entry: string;
  /** The chunks the entry imports dynamically (react-dom, the app) with theirs: preloaded with it. */
  entryPreload: string[];
  css: string[];
  pages: Record<string, string[]>;
}

/** Mechanical one-way import rule (CONVENTIONS habit 1). */
export const importBoundary: esbuild.Plugin = {
  name: 'import-boundary',
  setup(build) {
    build.onLoad({ filter: /.*/ }, (args) => {
      const rel = relative(root, args.path).split('\\').join('/');
      if (/^(worker|redirects|backend|scripts)\//.test(rel) || /\.server\.tsx?$/.test(rel)) {
        return { errors: [{ text: `Browser code must not import server code: ${rel} (docs/architecture.md, "What may import what")` }] };
      }
      return undefined;
    });
  },
};

/**
 * The browser gets `client/graphql/graphql.browser.ts` wherever code imports
 * `client/graphql/graphql.ts`: documents keep their text instead of being parsed, so no
 * GraphQL parser/printer ships to the browser (docs/decisions/030-no-graphql-parser-in-the-browser.md). The worker and the tests use the real gql.tada module.
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

/**
 * A GraphQL document's text as the browser sends it: every run of whitespace that holds a line
 * break becomes one space. GraphQL ignores that whitespace, and no string of a document spans
 * lines (no block strings), so the document is the same; indentation is no longer shipped in
 * every page's JavaScript (`browser-graphql.test.ts` parses each client document both ways).
 */
export function compactGraphql(source: string): string {
  return source.replace(/graphql\(\s*`([^`]*)`/g, (_, text: string) => `graphql(\`${text.replace(/\s*\n\s*/g, ' ').trim()}\``);
}

/** The client's documents (`client/graphql/*.graphql.ts`, `features/*\/*.graphql.ts`) with their texts compacted (compactGraphql). */
export const compactDocuments: esbuild.Plugin = {
  name: 'compact-graphql',
  setup(build) {
    build.onLoad({ filter: /[\\/](client[\\/]graphql|features[\\/][\w-]+)[\\/][\w-]+\.graphql\.ts$/ }, (args) => ({
      contents: compactGraphql(readFileSync(args.path, 'utf8')),
      loader: 'ts',
    }));
  },
};

/** One entry per page of the feature folders (`features/<name>/<Name>Page.tsx`: the page name is the file name). */
export function pageEntries(): string[] {
  return readdirSync(featuresDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(featuresDir, d.name))
        .filter((f) => /^[A-Z]\w*Page\.tsx$/.test(f))
        .map((f) => join(featuresDir, d.name, f)),
    );
}

const target = ['chrome110', 'firefox115', 'safari16'];

const entry = 'client/entry.tsx';

/**
 * The client bundles: entry, CSS and one chunk per page, with the code they share in few chunks
 * (scripts/build/chunks.ts), planned on builds of the same options.
 */
export function clientOptions(plugins: esbuild.Plugin[] = []) {
  return appOptions([chunkPlanPlugin(root, entry, appOptions([])), ...plugins]);
}

/**
 * The browser runs the components on Preact behind React's API (`preact/compat`, 11 KB gzip
 * where React and react-dom are 64.6 KB); the worker renders them with React (decision 122).
 */
export const browserReact = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

function appOptions(plugins: esbuild.Plugin[]) {
  return {
    absWorkingDir: root,
    entryPoints: [join(root, entry), join(root, 'client/styles/app.css'), ...pageEntries()],
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
    // Polish letters as they are (ą is 2 bytes in UTF-8, 6 as an escape); the documents declare UTF-8.
    charset: 'utf8',
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: browserReact,
    plugins: [importBoundary, browserGraphql, compactDocuments, ...plugins],
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
    else if (/^features\/[\w-]+\/[A-Z]\w*Page\.tsx$/.test(meta.entryPoint)) {
      const name = basename(meta.entryPoint).replace(/\.tsx$/, '');
      pages[name] = [url(out), ...staticImports(out).map(url)];
    }
  }
  if (!entry) throw new Error('client entry missing from the build output');
  // The entry's own static imports and the chunk of react-dom it imports dynamically (client/entry.tsx),
  // with theirs: not the pages' chunks, which the route table also imports dynamically.
  const entryOut = Object.keys(outputs).find((out) => url(out) === entry)!;
  const reactDomOut = Object.keys(outputs).find((out) => 'client/react-dom-client.ts' in (outputs[out]?.inputs ?? {}));
  if (!reactDomOut) throw new Error('the react-dom chunk (client/react-dom-client.ts) is missing from the build output');
  const entryPreload = new Set([...staticImports(entryOut), reactDomOut, ...staticImports(reactDomOut)]);
  return { entry, entryPreload: [...entryPreload].map(url), css, pages };
}

/** Build id of the service worker: changes whenever any client bundle does. */
export function buildVersion(manifest: Manifest): string {
  return createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 12);
}
