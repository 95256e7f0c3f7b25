/**
 * `npm run chunk-report -- <name> [<name>…]`: what is in the client's chunks. Builds the client in
 * memory (the same options as `npm run build`, nothing written) and, for every output file whose
 * path contains one of the names (`entry`, `ProductPage`, `chunk-`…), prints its raw and gzip
 * bytes, what it imports (`i:` static, `d:` dynamic) and its twelve largest inputs. The tool for
 * finding what a page's first-load JS is made of (docs/page-lifecycle.md, "Chunks").
 */
import * as esbuild from 'esbuild';
import { gzipSync } from 'node:zlib';
import { clientOptions } from './build/client';
const r = await esbuild.build({ ...clientOptions(), write: false });
const outs = r.metafile!.outputs;
const files = new Map(r.outputFiles!.map((f) => [f.path.replace(/.*dist\//, 'dist/'), f.contents]));
const want = process.argv.slice(2);
if (!want.length) {
  console.error('usage: npm run chunk-report -- <part of an output file name> [...]  (e.g. entry ProductPage)');
  process.exit(2);
}
for (const [name, o] of Object.entries(outs)) {
  if (!want.some((w) => name.includes(w))) continue;
  const gz = gzipSync(files.get(name)!).byteLength;
  console.log(name, o.bytes, 'gz', gz, 'imports', o.imports.map((i) => i.kind[0] + ':' + i.path.split('/').pop()).join(' '));
  const ins = Object.entries(o.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
  for (const [f, i] of ins.slice(0, 12)) console.log('    ', i.bytesInOutput, f);
}
