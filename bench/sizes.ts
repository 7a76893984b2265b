// Sizes: the persisted snapshot after 10 turns of the script, and the library's bundle.
import { gzipSync } from 'node:zlib';
import { build, transform } from 'esbuild';
import { createActor } from 'xstate';
import { persistGame, turnMachine, view } from '../src/index.js';
import { toTurnEvent, type Move } from './script.js';

export interface SnapshotSize {
  /** Moves played: the script up to the first event at which turn 11 has begun. */
  moves: number;
  turn: number;
  bytes: number;
  gzipBytes: number;
}

/** `JSON.stringify(persistGame(actor))` after 10 whole turns (what a server would store). */
export function persistedSnapshotSize(moves: Move[], upTo: number, players: string[]): SnapshotSize {
  const actor = createActor(turnMachine, { input: { players } });
  actor.start();
  for (const move of moves.slice(0, upTo)) actor.send(toTurnEvent(move));
  const json = JSON.stringify(persistGame(actor));
  const { turn } = view(actor.getSnapshot());
  actor.stop();
  const bytes = Buffer.byteLength(json);
  return { moves: upTo, turn, bytes, gzipBytes: gzipSync(json).length };
}

export interface BundleSize {
  entry: string;
  /** Minified, xstate external (what the library adds on top of xstate). */
  minBytes: number;
  gzipBytes: number;
  /** The same bundle with xstate included (ESM build, tree-shaken), for reference. */
  withXstateGzipBytes: number;
  /** Largest inputs of the xstate-external bundle: bytes in the minified output, and their share of the gzipped bundle (`gzipShare`). */
  largest: ModuleSize[];
}

/** One input of a bundle: its minified bytes, and what the gzipped bundle loses without it. */
export interface ModuleSize {
  input: string;
  /** Bytes in the minified output (esbuild's metafile). */
  bytes: number;
  /**
   * The gzipped bundle's bytes less those of the same bundle with this module's code cut out
   * (a leave-one-out estimate: gzip shares repeated text between modules, so a module's own
   * minified text gzipped alone overstates what it costs).
   */
  gzipShare: number;
}

const entryOf = (entry: string | { contents: string }) =>
  (typeof entry === 'string' ? { entryPoints: [entry] } : { stdin: { contents: entry.contents, resolveDir: process.cwd(), loader: 'ts' as const } });

async function bundle(entry: string | { contents: string }, external: string[]) {
  const result = await build({
    ...entryOf(entry),
    bundle: true, minify: true, format: 'esm', platform: 'browser',
    external, write: false, metafile: true, logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const inputs = Object.values(result.metafile.outputs)[0].inputs;
  return { code, inputs };
}

const gzipOfMinified = async (code: string) =>
  gzipSync((await transform(code, { minify: true, loader: 'js', format: 'esm', logLevel: 'silent' })).code, { level: 9 }).length;

/**
 * The `count` largest inputs (xstate external) with their `gzipShare`: the bundle is built
 * unminified, where esbuild heads each module's code with a `// path` comment; each module's
 * part is cut in turn and the rest minified and gzipped (names left dangling are only names).
 * A transform does not shake: the whole bundle, its export list aside, is what is measured.
 */
async function largestInputs(entry: string | { contents: string }, inputs: Record<string, { bytesInOutput: number }>, count: number): Promise<ModuleSize[]> {
  const plain = await build({ ...entryOf(entry), bundle: true, minifySyntax: true, format: 'esm', platform: 'browser', external: ['xstate'], write: false, logLevel: 'silent' });
  // The entry's export list would name what a cut removed (and keeps nothing alive: a transform does not shake).
  const parts = plain.outputFiles[0].text.replace(/\nexport \{[^}]*\};\s*$/, '\n').split(/^(?=\/\/ \S+\.ts\n)/m);
  const full = await gzipOfMinified(parts.join(''));
  const largest = Object.entries(inputs).map(([input, v]) => ({ input, bytes: v.bytesInOutput })).sort((a, b) => b.bytes - a.bytes).slice(0, count);
  return Promise.all(largest.map(async ({ input, bytes }) => {
    // A module's code may come in several parts (esbuild orders code by where it is first needed).
    const own = (part: string) => part.startsWith(`// ${input}\n`);
    const gzipShare = parts.some(own) ? full - await gzipOfMinified(parts.filter((part) => !own(part)).join('')) : 0;
    return { input, bytes, gzipShare };
  }));
}

/** esbuild bundle of the entry, minified, xstate external, gzipped with node:zlib (level 9). */
export async function bundleSize(entry = 'src/index.ts'): Promise<BundleSize> {
  const lib = await bundle(entry, ['xstate']);
  const all = await bundle(entry, []);
  const largest = await largestInputs(entry, lib.inputs, 8);
  return {
    entry,
    minBytes: lib.code.length,
    gzipBytes: gzipSync(lib.code, { level: 9 }).length,
    withXstateGzipBytes: gzipSync(all.code, { level: 9 }).length,
    largest,
  };
}

export interface AppSize {
  /** What the app imports and does. */
  app: string;
  /** Minified, xstate external: the library's share of the app (the app's own lines are a few dozen bytes). */
  minBytes: number;
  gzipBytes: number;
  withXstateGzipBytes: number;
  /** Its largest inputs, as `BundleSize.largest`. */
  largest: ModuleSize[];
}

/** The smallest `createGame` app: it imports only `createGame`, sends events and reads the view. Tree-shaken, like `bundleSize`. */
const CREATE_GAME_APP = `import { createGame } from './src/index.ts';
const game = createGame({ players: ['A', 'B'] });
for (const player of ['A', 'B']) console.log(game.send({ type: 'priority.pass', player }));
console.log(game.view().step);`;

/** esbuild bundle of a `createGame` app, minified, xstate external, gzip level 9: what the library adds to such an app. */
export async function createGameAppSize(): Promise<AppSize> {
  const lib = await bundle({ contents: CREATE_GAME_APP }, ['xstate']);
  const all = await bundle({ contents: CREATE_GAME_APP }, []);
  return {
    app: 'imports createGame only; createGame, send, view',
    minBytes: lib.code.length,
    gzipBytes: gzipSync(lib.code, { level: 9 }).length,
    withXstateGzipBytes: gzipSync(all.code, { level: 9 }).length,
    largest: await largestInputs({ contents: CREATE_GAME_APP }, lib.inputs, 8),
  };
}
