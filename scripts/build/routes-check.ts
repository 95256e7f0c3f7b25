/**
 * Every page of the route table must have a chunk in dist/manifest.json: the
 * worker preloads it and the browser loads it on navigation. A page whose
 * module is not a file directly under client/pages/ (the build maps page names
 * to chunks by file name) would otherwise only fail at request time.
 */
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { type Manifest, root } from './client';

const routesFile = 'client/routes.ts';

/** Page names (in first-seen order, each once) that have no entry in `manifest.pages`. */
export function missingPages(manifest: Pick<Manifest, 'pages'>, pageNames: Iterable<string>): string[] {
  const missing = new Set<string>();
  for (const name of pageNames) {
    if (!Object.hasOwn(manifest.pages, name)) missing.add(name);
  }
  return [...missing];
}

/** The one-line reason the build gives for `missing` (non-empty). */
export function missingPagesMessage(missing: string[]): string {
  const list = missing.join(', ');
  return missing.length === 1
    ? `page ${list} of the route table (${routesFile}) has no chunk in dist/manifest.json: expected client/pages/${list}.tsx`
    : `pages ${list} of the route table (${routesFile}) have no chunk in dist/manifest.json: expected client/pages/{page}.tsx for each`;
}

/**
 * Imports a TypeScript module freshly (never from Node's module cache, so watch
 * mode sees edits): esbuild bundles it into one ES module, evaluated from a data URL.
 * Dynamic imports (the lazily loaded page modules) stay unbundled and unevaluated.
 */
export async function importFresh<T>(file: string, platform: esbuild.Platform = 'browser'): Promise<T> {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [join(root, file)],
    bundle: true,
    write: false,
    format: 'esm',
    platform,
    outdir: join(root, 'dist/.fresh'),
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    plugins: [
      {
        name: 'keep-dynamic-imports',
        setup(build) {
          build.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined));
        },
      },
    ],
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
  if (!js) throw new Error(`${file}: no JavaScript output`);
  return (await import(`data:text/javascript;base64,${Buffer.from(js.contents).toString('base64')}`)) as T;
}

/** The `page` of every entry of `routes` exported by client/routes.ts. */
export async function routePageNames(): Promise<string[]> {
  let mod: { routes?: unknown };
  try {
    mod = await importFresh<{ routes?: unknown }>(routesFile);
  } catch (error) {
    throw new Error(`cannot read the route table from ${routesFile}: ${firstLine(error)}`);
  }
  if (!Array.isArray(mod.routes)) throw new Error(`${routesFile} does not export a "routes" array`);
  return mod.routes.map((route: unknown, i) => {
    const page = (route as { page?: unknown } | null)?.page;
    if (typeof page !== 'string') throw new Error(`${routesFile}: routes[${i}] has no "page" name`);
    return page;
  });
}

/** Throws a one-line error if a page of the route table has no chunk in `manifest`. */
export async function checkRoutePages(manifest: Pick<Manifest, 'pages'>): Promise<void> {
  const missing = missingPages(manifest, await routePageNames());
  if (missing.length) throw new Error(missingPagesMessage(missing));
}

/** An error as one line (esbuild's messages span several). */
function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ').trim();
}
