import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse, print } from '@0no-co/graphql.web';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { browserGraphql, compactDocuments } from './client';

const dir = resolve(import.meta.dirname, '../../client/graphql');
const features = resolve(import.meta.dirname, '../../features');
/**
 * Every module the browser may send documents from (`*.graphql.ts` of client/graphql and of the
 * feature folders; not the runtime, its types or a feature's `*.server.ts` documents), relative to client/graphql.
 */
const modules = [
  ...readdirSync(dir)
    .filter((f) => f.endsWith('.graphql.ts'))
    .map((f) => `./${f}`),
  ...readdirSync(features).flatMap((feature) =>
    readdirSync(join(features, feature))
      .filter((f) => f.endsWith('.graphql.ts'))
      .map((f) => `../../features/${feature}/${f}`),
  ),
];

/** Each exported document's text, as the browser build would send it (compacted: compactGraphql). */
async function browserTexts(): Promise<Record<string, Record<string, string>>> {
  const entry = [
    `import { documentText } from './graphql';`,
    ...modules.map((m, i) => `import * as m${i} from '${m.replace(/\.ts$/, '')}';`),
    `const out = {};`,
    ...modules.map(
      (m, i) =>
        `out[${JSON.stringify(m)}] = Object.fromEntries(Object.entries(m${i}).filter(([, d]) => d && d.kind === 'Document').map(([k, d]) => [k, documentText(d)]));`,
    ),
    `export default out;`,
  ].join('\n');
  const out = join(mkdtempSync(join(tmpdir(), 'lite-gql-')), 'bundle.mjs');
  await esbuild.build({
    stdin: { contents: entry, resolveDir: dir, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outfile: out,
    plugins: [browserGraphql, compactDocuments],
    logLevel: 'silent',
  });
  return (await import(pathToFileURL(out).href)).default;
}

const normal = (text: string) => print(parse(text));

describe('the browser build sends the same documents without a GraphQL parser', () => {
  it('produces, for every client document, text that parses to the real document', async () => {
    const lite = await browserTexts();
    let count = 0;
    for (const file of modules) {
      const real = (await import(join(dir, file))) as Record<string, unknown>;
      for (const [name, doc] of Object.entries(real)) {
        if (!doc || (doc as { kind?: string }).kind !== 'Document') continue;
        expect(lite[file]?.[name], `${file} ${name}`).toBeDefined();
        expect(normal(lite[file]![name]!), `${file} ${name}`).toBe(print(doc as Parameters<typeof print>[0]));
        count++;
      }
    }
    expect(count).toBeGreaterThan(20);
  });

  it('keeps the parser out of the browser bundle', async () => {
    const result = await esbuild.build({
      stdin: {
        contents: `import { addToCart } from './cart.graphql'; import { documentText } from './graphql'; console.log(documentText(addToCart));`,
        resolveDir: dir,
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      write: false,
      metafile: true,
      plugins: [browserGraphql, compactDocuments],
      logLevel: 'silent',
    });
    expect(Object.keys(result.metafile.inputs).some((i) => i.includes('graphql.web'))).toBe(false);
    expect(Object.keys(result.metafile.inputs).some((i) => i.endsWith('client/graphql/graphql.browser.ts'))).toBe(true);
  });
});
