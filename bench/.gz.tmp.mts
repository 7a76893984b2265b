import { transform } from 'esbuild';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
for (const f of process.argv.slice(2)) {
  const r = await transform(readFileSync(f, 'utf8'), { loader: 'ts', minify: true, format: 'esm' });
  const strings = (r.code.match(/(["'`])(?:\\.|(?!\1).)*\1/g) ?? []).reduce((n, s) => n + s.length, 0);
  console.log(f, 'min', r.code.length, 'gz', gzipSync(r.code, { level: 9 }).length, 'string-literal bytes', strings);
}
