// Module hooks for the bench's workers: TypeScript compiled as the package is built, without
// tsx's `keepNames`. tsx wraps every named function it compiles in a `__name(…)` call (an
// `Object.defineProperty`) each time the function is created, closures included; the built
// package (tsdown) has none. Measured on the playout's random workload, that wrapping cost
// 15–25 % of the events per CPU-second: a figure of tsx, not of the library. So the workers
// compile the sources with esbuild's own transform (no `keepNames`) and resolve `./x.js` to
// `./x.ts` the way TypeScript's NodeNext does. Registered by bench/worker-entry.mjs.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transform } from 'esbuild';

const TS = /\.(?:ts|mts)$/;

export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (error) {
    const local = specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('file:');
    // NodeNext: `./module.js` in the sources names `./module.ts`.
    if (local && /\.m?js$/.test(specifier) && error?.code === 'ERR_MODULE_NOT_FOUND') {
      return next(specifier.replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts'), context);
    }
    // A package without `exports` imported by a path inside it (`boardgame.io/core`): resolved as `require` would.
    if (!local && context.parentURL && (error?.code === 'ERR_UNSUPPORTED_DIR_IMPORT' || error?.code === 'ERR_MODULE_NOT_FOUND')) {
      return { url: pathToFileURL(createRequire(context.parentURL).resolve(specifier)).href, shortCircuit: true };
    }
    throw error;
  }
}

export async function load(url, context, next) {
  if (!url.startsWith('file:') || !TS.test(fileURLToPath(url))) return next(url, context);
  const source = await readFile(fileURLToPath(url), 'utf8');
  const { code } = await transform(source, {
    loader: 'ts', format: 'esm', target: 'node20', sourcefile: url, sourcemap: 'inline', keepNames: false,
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true, useDefineForClassFields: true } },
  });
  return { format: 'module', source: code, shortCircuit: true };
}
