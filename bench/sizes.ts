// Sizes: the persisted snapshot after 10 turns of the script, and the library's bundle.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
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
  /** Largest inputs of the xstate-external bundle, bytes in the minified output. */
  largest: { input: string; bytes: number }[];
}

async function bundle(entry: string, external: string[]) {
  const result = await build({
    entryPoints: [entry], bundle: true, minify: true, format: 'esm', platform: 'browser',
    external, write: false, metafile: true, logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const inputs = Object.values(result.metafile.outputs)[0].inputs;
  return { code, inputs };
}

/** esbuild bundle of the entry, minified, xstate external, gzipped with node:zlib (level 9). */
export async function bundleSize(entry = 'src/index.ts'): Promise<BundleSize> {
  const lib = await bundle(entry, ['xstate']);
  const all = await bundle(entry, []);
  const largest = Object.entries(lib.inputs)
    .map(([input, v]) => ({ input, bytes: v.bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes).slice(0, 5);
  return {
    entry,
    minBytes: lib.code.length,
    gzipBytes: gzipSync(lib.code, { level: 9 }).length,
    withXstateGzipBytes: gzipSync(all.code, { level: 9 }).length,
    largest,
  };
}
