// Our contenders on a random workload (bench/random.ts): the same events, illegal ones
// included, sent as they are. In validation each says, after every event, where the game is
// and the reason it refused the event (if it did): both must be what our machine said when
// the workload was generated. In a measured game, the rows that return refusals count them
// and must count the workload's. The UI loop asks `view()` and the awaited player's
// `legalActions()` before each event, as a UI redrawing itself would.
import { createActor } from 'xstate';
import { createGame, legalActions, turnMachine, view, type GameInput, type GameOptions, type PlayerId } from '../../src/index.js';
import { createPlayout } from '../../src/playout/index.js';
import type { Workload } from '../random.js';
import { whereKey, whereOfView } from '../script.js';

/** The contender ids that can follow a random workload: the ones that parse and refuse as our machine does. */
export const WORKLOAD_CONTENDER_IDS = ['actor-nohistory', 'actor', 'game', 'playout', 'playout-nohistory'] as const;
export type WorkloadContenderId = typeof WORKLOAD_CONTENDER_IDS[number];

export const WORKLOAD_LABELS: Record<WorkloadContenderId, string> = {
  'actor-nohistory': 'ours: createActor + send, history off (no listeners)',
  actor: 'ours: createActor + send, default history (no listeners)',
  game: 'ours: createGame + send (default settings, refusals)',
  playout: 'ours: createPlayout + send (recording, refusals)',
  'playout-nohistory': 'ours: createPlayout + send (recording off, refusals)',
};

/** One step of validation: where the game is after the event, and its refusal. */
const stepKey = (where: string, refusal: string | null) => (refusal === null ? where : `${where} refused: ${refusal}`);

/** The expected steps of a workload, as its contenders' traces must read. */
export const expectedTrace = (w: Workload) => w.trace.map((where, i) => stepKey(where, w.refusals[i]));

/**
 * Where a contender's trace first differs from the workload's (its index), or null when it
 * follows every event: a contender that diverges is an error of the bench, never a row.
 */
export function divergence(w: Workload, trace: readonly string[]): { at: number; ours: string | undefined; theirs: string | undefined } | null {
  const expected = expectedTrace(w);
  const length = Math.max(expected.length, trace.length);
  for (let at = 0; at < length; at += 1) {
    if (expected[at] !== trace[at]) return { at, ours: expected[at], theirs: trace[at] };
  }
  return null;
}

/** The game's input with `history` off (the option), whatever else it says. */
const historyOff = (input: GameInput): GameInput => ({ ...input, options: { ...(input.options ?? {}), history: false } as GameOptions });

interface Driven {
  send(event: unknown): string | null;
  where(): string;
  turn(): number;
  ask(player: PlayerId): unknown;
  stop(): void;
}

/** A game of the contender `id`, behind one small interface (not used on the measured path: see `play`). */
function driven(id: WorkloadContenderId, input: GameInput): Driven {
  if (id === 'actor' || id === 'actor-nohistory') {
    const actor = createActor(turnMachine, { input: id === 'actor' ? input : historyOff(input) });
    let refusal: string | null = null;
    actor.on('rejected', (e) => { refusal = e.reason; });
    actor.start();
    return {
      send(event) { refusal = null; actor.send(event as never); return refusal; },
      where: () => whereKey(whereOfView(view(actor.getSnapshot()))),
      turn: () => view(actor.getSnapshot()).turn,
      ask: (player) => [view(actor.getSnapshot()), legalActions(actor.getSnapshot(), player)],
      stop: () => actor.stop(),
    };
  }
  if (id === 'game') {
    const game = createGame(input);
    return {
      send: (event) => game.send(event)?.reason ?? null,
      where: () => whereKey(whereOfView(game.view())),
      turn: () => game.view().turn,
      ask: (player) => [game.view(), game.legalActions(player)],
      stop: () => game.stop(),
    };
  }
  const playout = createPlayout(input, { recording: id === 'playout' });
  return {
    send: (event) => playout.send(event)?.reason ?? null,
    where: () => whereKey(whereOfView(playout.view())),
    turn: () => playout.view().turn,
    ask: (player) => [playout.view(), playout.legalActions(player)],
    stop: () => {},
  };
}

/** The contender `id` on workload `w`: `play` (measured) and `trace` (validation). */
export function workloadContender(id: WorkloadContenderId, w: Workload) {
  const { events, askers, input, uiLoop } = w;
  let sink: unknown = null;
  /** The measured game: the actor rows as a host drives a raw actor (no listeners); the others count their refusals. */
  const play = (): number => {
    if (id === 'actor' || id === 'actor-nohistory') {
      const actor = createActor(turnMachine, { input: id === 'actor' ? input : historyOff(input) });
      actor.start();
      for (let i = 0; i < events.length; i += 1) {
        if (uiLoop) { const s = actor.getSnapshot(); sink = view(s); sink = legalActions(s, askers[i]); }
        actor.send(events[i] as never);
      }
      const { turn } = view(actor.getSnapshot());
      actor.stop();
      return turn;
    }
    let refused = 0;
    let turn: number;
    if (id === 'game') {
      const game = createGame(input);
      for (let i = 0; i < events.length; i += 1) {
        if (uiLoop) { sink = game.view(); sink = game.legalActions(askers[i]); }
        if (game.send(events[i]) !== null) refused += 1;
      }
      turn = game.view().turn;
      game.stop();
    } else {
      const playout = createPlayout(input, { recording: id === 'playout' });
      for (let i = 0; i < events.length; i += 1) {
        if (uiLoop) { sink = playout.view(); sink = playout.legalActions(askers[i]); }
        if (playout.send(events[i]) !== null) refused += 1;
      }
      turn = playout.view().turn;
    }
    if (refused !== w.refused) throw new Error(`${id} on ${w.name}: ${refused} events refused, not ${w.refused}`);
    return turn + (sink === undefined ? 1 : 0);
  };
  const trace = (): string[] => {
    const game = driven(id, input);
    const out = events.map((event, i) => {
      if (uiLoop) sink = game.ask(askers[i]);
      const refusal = game.send(event);
      return stepKey(game.where(), refusal);
    });
    game.stop();
    return out;
  };
  return { play, trace };
}
