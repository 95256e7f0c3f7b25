import * as esbuild from 'esbuild';
import { gzipSync } from 'node:zlib';
import { clientOptions } from './build/client';
const r = await esbuild.build({ ...clientOptions(), write: false });
const outs = r.metafile!.outputs;
const files = new Map(r.outputFiles!.map((f) => [f.path.replace(/.*dist\//, 'dist/'), f.contents]));
const want = process.argv.slice(2);
for (const [name, o] of Object.entries(outs)) {
  if (!want.some((w) => name.includes(w))) continue;
  const gz = gzipSync(files.get(name)!).byteLength;
  console.log(name, o.bytes, 'gz', gz, 'imports', o.imports.map((i) => i.kind[0] + ':' + i.path.split('/').pop()).join(' '));
  const ins = Object.entries(o.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
  for (const [f, i] of ins.slice(0, 12)) console.log('    ', i.bytesInOutput, f);
}
