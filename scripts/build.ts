/**
 * Builds everything the worker serves or imports, into dist/:
 * - dist/public/assets/*: client bundles (one chunk per page, content-hashed) and CSS;
 * - dist/public/sw.js, offline.html and the files of client/public;
 * - dist/manifest.json: entry, CSS and per-page chunks (for modulepreload);
 * - dist/static-pages.json: content/pages/**.md rendered to sanitised HTML;
 * and first the registries under generated/ from the feature folders (scripts/build/registry.ts).
 * The client build fails if browser code imports server code (worker/, redirects/, backend/, `*.server.ts`),
 * and the build fails if a page of the route table (features/*\/route.ts) has no chunk in the manifest.
 *
 * Usage: tsx scripts/build.ts [--watch]
 * --watch builds, then rebuilds on every change (scripts/build/watch.ts); `npm start` uses it.
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import {
  assetsDir,
  buildVersion,
  clientOptions,
  dist,
  type Manifest,
  manifestFromMetafile,
  publicDir,
  root,
  serviceWorkerOptions,
} from './build/client';
import { renderContent } from './build/content';
import { offlineHtml } from './build/offline';
import { writeRegistry } from './build/registry';
import { checkRoutePages } from './build/routes-check';
import { watchBuild } from './build/watch';

export { importBoundary } from './build/client';
export { missingPages } from './build/routes-check';

async function buildClient(): Promise<Manifest> {
  rmSync(assetsDir, { recursive: true, force: true });
  const result = await esbuild.build(clientOptions());
  return manifestFromMetafile(result.metafile);
}

async function buildServiceWorker(version: string): Promise<void> {
  await esbuild.build(serviceWorkerOptions(version));
}

export async function build(): Promise<void> {
  const started = Date.now();
  await writeRegistry();
  mkdirSync(publicDir, { recursive: true });
  if (existsSync(join(root, 'client/public'))) cpSync(join(root, 'client/public'), publicDir, { recursive: true });
  const manifest = await buildClient();
  await buildServiceWorker(buildVersion(manifest));
  writeFileSync(join(publicDir, 'offline.html'), offlineHtml(manifest.css));
  writeFileSync(join(dist, 'manifest.json'), JSON.stringify(manifest, null, 2));
  const pages = renderContent(join(root, 'content/pages'));
  writeFileSync(join(dist, 'static-pages.json'), JSON.stringify(pages));
  await checkRoutePages(manifest);
  console.log(`build: ${Object.keys(manifest.pages).length} pages, ${Object.keys(pages).length} content pages, ${Date.now() - started} ms`);
}

async function watchUntilStopped(): Promise<void> {
  const watcher = await watchBuild();
  const stop = () => void watcher.stop().finally(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  (process.argv.includes('--watch') ? watchUntilStopped() : build()).catch((error) => {
    console.error(`build failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
