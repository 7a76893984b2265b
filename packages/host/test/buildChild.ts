// The host processes the crash suite and the two-process test start, bundled once (esbuild) so
// that each of the hundreds of starts costs a Node start, not a TypeScript compile.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));

export async function buildChild(): Promise<string> {
  const outfile = fileURLToPath(new URL('../.test-build/crashHost.mjs', import.meta.url));
  await build({ entryPoints: [`${HERE}crashHost.ts`], outfile, bundle: true, format: 'esm', platform: 'node', target: 'node20', logLevel: 'warning',
    // Everything in one file (module resolution is most of a Node start) but PGlite, which loads its WebAssembly beside itself.
    external: ['@electric-sql/pglite', 'pg-native', 'bufferutil', 'utf-8-validate'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);" },
  });
  return outfile;
}
