import { readFileSync } from 'node:fs';

/**
 * The version in mtg-turn-machine's package.json, read at run time beside the running module: two folders up
 * from `src/cli/` run from source, three from `dist/src/cli/` after a build and in an installed copy.
 */
export function packageVersion(moduleUrl: URL | string = import.meta.url): string {
  for (const up of ['../../package.json', '../../../package.json']) {
    let manifest: { name?: unknown; version?: unknown };
    try {
      manifest = JSON.parse(readFileSync(new URL(up, moduleUrl), 'utf8'));
    } catch {
      continue; // not there (or not JSON): not ours
    }
    if (manifest.name === 'mtg-turn-machine' && typeof manifest.version === 'string') return manifest.version;
  }
  throw new Error(`cannot find the package.json of mtg-turn-machine above ${String(moduleUrl)}`);
}
