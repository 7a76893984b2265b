// Loads Stately's parser (@xstate/machine-extractor). It still requires xstate v4's
// `xstate/lib/*` modules for constants; those resolve to the `xstate4` alias here,
// while the project itself uses xstate v5.
import { createRequire } from 'node:module';
import Module from 'node:module';

type Resolve = (request: string, ...rest: unknown[]) => string;
const moduleInternals = Module as unknown as { _resolveFilename: Resolve };
const require = createRequire(import.meta.url);

export function loadMachineExtractor(): typeof import('@xstate/machine-extractor') {
  const original = moduleInternals._resolveFilename;
  moduleInternals._resolveFilename = (request, ...rest) =>
    original(request.startsWith('xstate/lib/') ? request.replace('xstate/', 'xstate4/') : request, ...rest);
  try {
    return require('@xstate/machine-extractor');
  } finally {
    moduleInternals._resolveFilename = original;
  }
}
