import type { Move, Where } from '../script.js';
import { bareContender } from './bare.js';
import { bgioClientDesignContender, bgioContender } from './bgio.js';
import { bgioLeanClientContender, bgioLeanContender } from './bgioLean.js';
import { oursActorContender, oursGameContender } from './ours.js';
import { playoutContender } from './playout.js';
import { skeletonContender } from './skeleton.js';

export interface Contender {
  id: string;
  /** Row label in the table. */
  label: string;
  /**
   * The numbering: 1 ours, 2 XState floors (our chart's skeleton, a bare machine), 3 boardgame.io.
   * (Group 4, a hand-written reducer, was removed: it parsed and refused nothing — docs/BENCHMARKS.md.)
   */
  group: 1 | 2 | 3;
  /** Plays the whole script once, from creating the game to its last event. */
  play(): number;
  /** Plays it move by move and says where the game is after each (validation only). */
  trace?(): (Where | string)[];
}

type Factory = Omit<Contender, 'play' | 'trace'> & { make: () => Pick<Contender, 'play' | 'trace'> };

/** The contenders, in table order; `ids` builds only those (a worker builds just its own). */
export function contenders(moves: Move[], players: string[], ids?: string[]): Contender[] {
  const all: Factory[] = [
    { id: 'actor-nohistory', label: 'ours: createActor + send, history off (no listeners)', group: 1, make: () => oursActorContender(moves, players, undefined, undefined, { history: false }) },
    { id: 'actor', label: 'ours: createActor + send, history on (no listeners)', group: 1, make: () => oursActorContender(moves, players) },
    { id: 'game', label: 'ours: createGame + send (history, refusals)', group: 1, make: () => oursGameContender(moves, players) },
    { id: 'playout', label: 'ours: createPlayout + send (history, refusals)', group: 1, make: () => playoutContender(moves, players, true) },
    { id: 'playout-nohistory', label: 'ours: createPlayout + send (no history)', group: 1, make: () => playoutContender(moves, players, false) },
    { id: 'skeleton', label: 'skeleton: our chart, no rules work', group: 2, make: () => skeletonContender(moves, players) },
    { id: 'bare', label: 'bare XState machine, same hierarchy', group: 2, make: () => bareContender(moves, players) },
    { id: 'bgio', label: 'boardgame.io 0.50 reducer, disableUndo', group: 3, make: () => bgioContender(moves, players, { disableUndo: true }) },
    { id: 'bgio-undo', label: 'boardgame.io 0.50 reducer, defaults (undo)', group: 3, make: () => bgioContender(moves, players, { disableUndo: false }) },
    { id: 'bgio-client', label: 'boardgame.io 0.50 Client, disableUndo', group: 3, make: () => bgioClientDesignContender(moves, players, { disableUndo: true }) },
    { id: 'bgio-lean', label: 'boardgame.io 0.50 lean design: reducer, disableUndo', group: 3, make: () => bgioLeanContender(moves, players, { disableUndo: true }) },
    { id: 'bgio-lean-undo', label: 'boardgame.io 0.50 lean design: reducer, defaults (undo)', group: 3, make: () => bgioLeanContender(moves, players, { disableUndo: false }) },
    { id: 'bgio-lean-client', label: 'boardgame.io 0.50 lean design: Client, disableUndo', group: 3, make: () => bgioLeanClientContender(moves, players, { disableUndo: true }) },
  ];
  return all
    .filter((f) => !ids || ids.includes(f.id))
    .map(({ make, ...meta }) => ({ ...meta, ...make() }));
}

export const CONTENDER_IDS = ['actor-nohistory', 'actor', 'game', 'playout', 'playout-nohistory', 'skeleton', 'bare', 'bgio', 'bgio-undo', 'bgio-client', 'bgio-lean', 'bgio-lean-undo', 'bgio-lean-client'];
