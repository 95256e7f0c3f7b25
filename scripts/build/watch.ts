/**
 * Watch mode of the build (`tsx scripts/build.ts --watch`, and `npm start`):
 * the same outputs as `build()`, rebuilt on change.
 *
 * - Client bundles: an esbuild context in watch mode over client/entry.tsx,
 *   the CSS and the pages of features/ (so every component, text and style they
 *   import). After each successful rebuild the new assets, the service worker
 *   (its version follows the bundles), offline.html and dist/manifest.json are
 *   written, the manifest last. A change of a feature's route facts, pages,
 *   loaders, islands or stylesheets writes the registries under generated/ again
 *   (scripts/build/registry.ts); a page added or removed restarts the context
 *   with the new entry list.
 * - client/sw.ts: its own esbuild context; a change rebuilds dist/public/sw.js.
 * - content/pages/**: rendered again into dist/static-pages.json.
 * - client/public/**: copied again into dist/public.
 *
 * A failed rebuild writes nothing (the worker keeps the last good build) and
 * is reported; the next successful one is reported too. Files are only written
 * when their content changes and are replaced atomically, so `wrangler dev`,
 * which watches the files its worker imports (manifest, static pages) and
 * dist/public, reloads once per real change and never reads half a file.
 * Assets of the previous build stay on disk (a page rendered just before a
 * rebuild can still load its chunks); older ones are removed.
 */
import {
  cpSync,
  existsSync,
  type FSWatcher,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  watch as fsWatch,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as esbuild from 'esbuild';
import {
  assetsDir,
  buildVersion,
  clientOptions,
  clientPublicDir,
  contentDir,
  dist,
  importBoundary,
  type Manifest,
  manifestFromMetafile,
  featuresDir,
  pageEntries,
  publicDir,
  root,
  serviceWorkerOptions,
} from './client';
import { renderContent } from './content';
import { writeRegistry } from './registry';
import { importFresh } from './import-fresh';
import { checkRoutePages } from './routes-check';

export interface BuildWatcher {
  /** Stops every watcher and esbuild context. */
  stop(): Promise<void>;
}

interface Log {
  log(message: string): void;
  error(message: string): void;
}

/**
 * Builds everything once (clearing dist/public/assets first, as `build()` does),
 * then keeps rebuilding on change. Resolves after the first build; rejects if
 * it fails, with nothing left running.
 */
export async function watchBuild(out: Log = console): Promise<BuildWatcher> {
  await writeRegistry();
  const started = performance.now();
  let queue: Promise<unknown> = Promise.resolve();
  /** Runs write steps one at a time, in the order they were asked for. */
  const serial = (step: () => Promise<void>) => (queue = queue.then(step, step));
  const ms = (since: number) => `${Math.round(performance.now() - since)} ms`;
  const rebuilt = (what: string, since: number, note = '') => out.log(`↻ rebuilt ${what} in ${ms(since)}${note}`);
  const failed = (what: string, error: unknown) =>
    out.error(`✖ ${what} rebuild failed, still serving the last good build: ${oneLine(error)}`);

  let swVersion = '';
  /** Output files of the current and the previous client build (absolute paths). */
  let current = new Set<string>();
  let previous = new Set<string>();

  /** Writes a successful client build; returns its manifest and whether any file changed. */
  async function writeClient(
    result: esbuild.BuildResult<{ write: false; metafile: true }>,
  ): Promise<{ manifest: Manifest; changed: boolean }> {
    if (result.errors.length) throw new Error(`${result.errors.length} esbuild error(s), shown above`);
    const manifest = manifestFromMetafile(result.metafile);
    await checkRoutePages(manifest);
    const version = buildVersion(manifest);
    const swFile = version === swVersion ? null : (await esbuild.build({ ...serviceWorkerOptions(version), write: false })).outputFiles[0]!;
    // Imported afresh so that edited texts reach the offline page too.
    const { offlineHtml } = await importFresh<typeof import('./offline')>('scripts/build/offline.ts', 'node');
    // All computed: now write in one short burst, the manifest last (wrangler dev
    // reloads on changes in dist/public and in the manifest the worker imports).
    let changed = false;
    for (const file of result.outputFiles) changed = writeIfChanged(file.path, file.contents) || changed;
    if (swFile) changed = writeIfChanged(swFile.path, swFile.contents) || changed;
    swVersion = version;
    changed = writeIfChanged(join(publicDir, 'offline.html'), offlineHtml(manifest.css)) || changed;
    changed = writeIfChanged(join(dist, 'manifest.json'), JSON.stringify(manifest, null, 2)) || changed;
    previous = current;
    current = new Set(result.outputFiles.map((f) => f.path));
    for (const file of readdirSync(assetsDir)) {
      const path = join(assetsDir, file);
      if (!current.has(path) && !previous.has(path)) rmSync(path, { force: true });
    }
    return { manifest, changed };
  }

  /** Files the last client build read (absolute paths). */
  let clientInputs = new Set<string>();
  let first: { resolve(manifest: Manifest): void; reject(error: unknown): void } | null = null;
  const firstClient = new Promise<Manifest>((resolve, reject) => (first = { resolve, reject }));
  const clientReporter: esbuild.Plugin = {
    name: 'watch-client',
    setup(build) {
      let since = 0;
      build.onStart(() => {
        since = performance.now();
      });
      build.onEnd((result) =>
        serial(async () => {
          if (result.metafile) clientInputs = new Set(Object.keys(result.metafile.inputs).map((input) => join(root, input)));
          const initial = first;
          first = null;
          try {
            const { manifest, changed } = await writeClient(result as esbuild.BuildResult<{ write: false; metafile: true }>);
            if (initial) initial.resolve(manifest);
            else rebuilt('client', since, changed ? '' : ' (output unchanged)');
          } catch (error) {
            if (initial) initial.reject(error);
            else failed('client', error);
          }
        }),
      );
    },
  };
  const createClient = () => esbuild.context({ ...clientOptions([clientReporter]), write: false });

  let swReady = false;
  const swReporter: esbuild.Plugin = {
    name: 'watch-sw',
    setup(build) {
      let since = 0;
      build.onStart(() => {
        since = performance.now();
      });
      build.onEnd((result) =>
        serial(async () => {
          // The first build only starts the watch; the client build writes sw.js with its version.
          if (!swReady) return void (swReady = true);
          if (result.errors.length) return failed('service worker', `${result.errors.length} esbuild error(s), shown above`);
          try {
            await esbuild.build(serviceWorkerOptions(swVersion));
            rebuilt('service worker', since);
          } catch (error) {
            failed('service worker', error);
          }
        }),
      );
    },
  };

  const watchers: FSWatcher[] = [];
  let client: esbuild.BuildContext | null = null;
  let sw: esbuild.BuildContext | null = null;
  let stopped = false;
  const stop = async () => {
    stopped = true;
    for (const w of watchers) w.close();
    // Bounded: on Ctrl-C the esbuild service (same process group) may already be gone.
    const settled = Promise.all([client?.dispose(), sw?.dispose()]).then(() => queue);
    await Promise.race([settled.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  };

  try {
    mkdirSync(publicDir, { recursive: true });
    rmSync(assetsDir, { recursive: true, force: true });
    mkdirSync(assetsDir, { recursive: true });
    copyPublic();
    client = await createClient();
    await client.watch();
    const manifest = await firstClient;
    sw = await esbuild.context({ ...serviceWorkerOptions(swVersion), write: false, plugins: [importBoundary, swReporter] });
    await sw.watch();
    const pages = renderContent(contentDir);
    writeIfChanged(join(dist, 'static-pages.json'), JSON.stringify(pages));
    out.log(
      `build: ${Object.keys(manifest.pages).length} pages, ${Object.keys(pages).length} content pages, ${ms(started)}; ` +
        'watching client/, content/pages/ for changes',
    );
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }

  // Content Markdown → dist/static-pages.json.
  watchers.push(
    watchTree(contentDir, () =>
      serial(async () => {
        const since = performance.now();
        try {
          const changed = writeIfChanged(join(dist, 'static-pages.json'), JSON.stringify(renderContent(contentDir)));
          if (changed) rebuilt('static pages', since);
        } catch (error) {
          failed('static pages', error);
        }
      }),
    ),
  );

  // client/public → dist/public.
  if (existsSync(clientPublicDir)) {
    watchers.push(
      watchTree(clientPublicDir, () =>
        serial(async () => {
          try {
            copyPublic();
            out.log('↻ copied client/public');
          } catch (error) {
            failed('client/public copy', error);
          }
        }),
      ),
    );
  }

  // esbuild's watch polls, and may take a few hundred ms to notice a change; an
  // inotify event on a file the client build reads starts the rebuild at once.
  let kick: NodeJS.Timeout | undefined;
  for (const dir of [join(root, 'client'), featuresDir]) {
    const fast = fsWatch(dir, { recursive: true }, (_event, file) => {
      if (!file || !clientInputs.has(join(dir, file.toString()))) return;
      clearTimeout(kick);
      kick = setTimeout(() => void client?.rebuild().catch(() => undefined), 20);
    });
    fast.on('close', () => clearTimeout(kick));
    watchers.push(fast);
  }

  // A feature's route facts, pages, loaders, islands or styles changed: the registries are written
  // again; a page added or removed changes the entry points: restart the client context.
  let entries = pageEntries().join('\n');
  let restarting = Promise.resolve();
  const restartClient = async () => {
    const next = safe(() => pageEntries().join('\n'), entries);
    if (stopped || next === entries) return;
    entries = next;
    const old = client;
    client = null;
    await old?.dispose();
    if (stopped) return;
    out.log(`↻ ${relative(root, featuresDir)}/ changed: restarting the client build with ${next.split('\n').length} pages`);
    client = await createClient();
    await client.watch();
  };
  const registryInput = /(^|[\\/])(route\.ts|[A-Z]\w*Page\.tsx|[\w.-]+\.server\.ts|[\w.-]+\.css)$/;
  let registryKick: NodeJS.Timeout | undefined;
  const features = fsWatch(featuresDir, { recursive: true }, (_event, file) => {
    if (!file || !registryInput.test(file.toString())) return;
    clearTimeout(registryKick);
    registryKick = setTimeout(() => {
      restarting = restarting
        .then(async () => {
          const changed = await writeRegistry();
          if (changed.length) out.log(`↻ registries written again: ${changed.join(', ')}`);
          await restartClient();
        })
        .catch((error) => failed('registries', error));
    }, 100);
  });
  features.on('close', () => clearTimeout(registryKick));
  watchers.push(features);

  return { stop };
}

/** Writes `data` to `path` unless it already holds exactly that; atomically (temporary file, then rename). */
export function writeIfChanged(path: string, data: string | Uint8Array): boolean {
  const next = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  try {
    if (readFileSync(path).equals(next)) return false;
  } catch {
    // Not there yet.
  }
  mkdirSync(dirname(path), { recursive: true });
  const tmp = join(dist, `.tmp-${process.pid}-${++tmpCounter}`);
  writeFileSync(tmp, next);
  renameSync(tmp, path);
  return true;
}
let tmpCounter = 0;

function copyPublic(): void {
  if (existsSync(clientPublicDir)) cpSync(clientPublicDir, publicDir, { recursive: true });
}

/** Calls `onChange` (debounced by 100 ms: an editor's save is often several events) on any change under `dir`. */
function watchTree(dir: string, onChange: () => unknown, recursive = true): FSWatcher {
  let timer: NodeJS.Timeout | undefined;
  const watcher = fsWatch(dir, { recursive }, () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, 100);
  });
  watcher.on('close', () => clearTimeout(timer));
  return watcher;
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ').trim();
}
