import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding the nearest package.json above this module: the repository from source, the CLI package from its bundle. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json of mtg-turn-machine not found');
    dir = parent;
  }
  return dir;
}

export interface VisualizerAssets {
  /** The built page. */
  staticDir: string;
  /** The example scenarios the page offers. */
  scenarioDirs: string[];
}

/**
 * Where the built page and the example scenarios are. In the CLI package (`mtg-turn-machine-cli`, this module
 * bundled into its dist/cli.js): its own dist/visualizer/ and dist/scenarios/. Run from the repository's source:
 * the page built into packages/cli/dist/visualizer/ and the scenarios of test/scenarios/.
 */
export function visualizerAssets(root = packageRoot()): VisualizerAssets {
  const cli = existsSync(join(root, 'packages', 'cli', 'package.json')) ? join(root, 'packages', 'cli') : root;
  const scenarios = [join(root, 'test', 'scenarios'), join(cli, 'dist', 'scenarios')].find((dir) => existsSync(dir));
  return { staticDir: join(cli, 'dist', 'visualizer'), scenarioDirs: scenarios ? [scenarios] : [] };
}
