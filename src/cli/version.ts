import { readFileSync } from 'node:fs';

/** The packages whose package.json gives the CLI its version: the repository (the library) and the CLI package. */
const OURS = ['mtg-turn-machine', 'mtg-turn-machine-cli'];

/**
 * The version in the package.json of the running CLI, read at run time beside the running module: one folder up
 * from the CLI package's bundle (`dist/cli.js`), two from `src/cli/` run from source, three from a compiled
 * `dist/src/cli/`.
 */
export function packageVersion(moduleUrl: URL | string = import.meta.url): string {
  for (const up of ['../package.json', '../../package.json', '../../../package.json']) {
    let manifest: { name?: unknown; version?: unknown };
    try {
      manifest = JSON.parse(readFileSync(new URL(up, moduleUrl), 'utf8'));
    } catch {
      continue; // not there (or not JSON): not ours
    }
    if (typeof manifest.name === 'string' && OURS.includes(manifest.name) && typeof manifest.version === 'string') return manifest.version;
  }
  throw new Error(`cannot find the package.json of mtg-turn-machine above ${String(moduleUrl)}`);
}
