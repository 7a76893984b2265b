import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const entry = process.argv[2] ?? 'src/index.ts';
const r = await build({ ...(entry.startsWith('app:') ? { stdin: { contents: entry.slice(4), resolveDir: process.cwd(), loader: 'ts' } } : { entryPoints: [entry] }), bundle: true, minify: true, format: 'esm', platform: 'browser', external: ['xstate'], write: false, metafile: true, logLevel: 'silent' });
const out = Object.values(r.metafile.outputs)[0];
console.log('total', r.outputFiles[0].contents.length, 'gz', gzipSync(r.outputFiles[0].contents, { level: 9 }).length);
for (const [k, v] of Object.entries(out.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput).slice(0, Number(process.argv[3] ?? 60))) console.log(v.bytesInOutput, k);
