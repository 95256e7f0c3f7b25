import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { root } from './client';

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

/** An error as one line (esbuild's messages span several). */
export function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ').trim();
}
