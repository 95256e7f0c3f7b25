/**
 * Builds everything the worker serves or imports, into dist/:
 * - dist/public/assets/*: client bundles (one chunk per page, content-hashed) and CSS;
 * - dist/public/sw.js, offline.html and the files of client/public;
 * - dist/manifest.json: entry, CSS and per-page chunks (for modulepreload);
 * - dist/static-pages.json: content/pages/**.md rendered to sanitised HTML.
 * The client build fails if browser code imports server code (worker/, redirects/, backend/).
 *
 * Usage: tsx scripts/build.ts [--watch]
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { renderContent } from './build/content';
import { offlineHtml } from './build/offline';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
const publicDir = join(dist, 'public');
const assetsDir = join(publicDir, 'assets');

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

function pageEntries(): string[] {
  return readdirSync(join(root, 'client/pages'))
    .filter((f) => f.endsWith('.tsx') && !f.includes('.test.'))
    .map((f) => join(root, 'client/pages', f));
}

async function buildClient(): Promise<{ entry: string; css: string[]; pages: Record<string, string[]> }> {
  rmSync(assetsDir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [join(root, 'client/entry.tsx'), join(root, 'client/styles/app.css'), ...pageEntries()],
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['chrome110', 'firefox115', 'safari16'],
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
    plugins: [importBoundary],
    logLevel: 'warning',
  });
  const outputs = result.metafile.outputs;
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

async function buildServiceWorker(version: string): Promise<void> {
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [join(root, 'client/sw.ts')],
    bundle: true,
    format: 'iife',
    target: ['chrome110', 'firefox115', 'safari16'],
    minify: true,
    outfile: join(publicDir, 'sw.js'),
    define: { __SW_VERSION__: JSON.stringify(version) },
    plugins: [importBoundary],
    logLevel: 'warning',
  });
}

export async function build(): Promise<void> {
  const started = Date.now();
  mkdirSync(publicDir, { recursive: true });
  if (existsSync(join(root, 'client/public'))) cpSync(join(root, 'client/public'), publicDir, { recursive: true });
  const manifest = await buildClient();
  const version = createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 12);
  await buildServiceWorker(version);
  writeFileSync(join(publicDir, 'offline.html'), offlineHtml(manifest.css));
  writeFileSync(join(dist, 'manifest.json'), JSON.stringify(manifest, null, 2));
  const pages = renderContent(join(root, 'content/pages'));
  writeFileSync(join(dist, 'static-pages.json'), JSON.stringify(pages));
  console.log(`build: ${Object.keys(manifest.pages).length} pages, ${Object.keys(pages).length} content pages, ${Date.now() - started} ms`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  build().catch((error) => {
    console.error(`build failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
