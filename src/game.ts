// A game: the turn machine's actor plus what a host usually wants beside it — the
// history it emitted, and a `send` that says whether (and why) an event was refused.
import { createActor, type Actor, type Snapshot } from 'xstate';
import { turnMachine } from '../machines/turn.js';
import type { TurnEvent } from './events.js';
import type { HistoryRecord } from './rules/draft.js';
import type { Refusal } from './rules/legality.js';
import { assertValidInput } from './rules/setup.js';
import type { GameInput } from './rules/types.js';
import { view, type TurnSnapshot, type View, type ViewOptions } from './view.js';

export type TurnActor = Actor<typeof turnMachine>;

export interface Game {
  readonly actor: TurnActor;
  /** Every history record so far, oldest first. */
  readonly history: HistoryRecord[];
  /** Sends an event; returns the refusal when the machine rejected it, else null. */
  send(event: TurnEvent): Refusal | null;
  snapshot(): TurnSnapshot;
  view(options?: ViewOptions): View;
  stop(): void;
}

export interface CreateGameOptions {
  /** Resume from a persisted snapshot (see `restoreSnapshot`), with the history recorded before it. */
  snapshot?: Snapshot<unknown>;
  history?: HistoryRecord[];
}

export function createGame(input: GameInput, options: CreateGameOptions = {}): Game {
  assertValidInput(input); // before the actor exists: XState would only report it asynchronously
  const history: HistoryRecord[] = [...(options.history ?? [])];
  let lastRefusal: Refusal | null = null;
  const actor = createActor(turnMachine, options.snapshot ? { input, snapshot: options.snapshot } : { input });
  actor.on('history', (e) => { history.push(e.record); });
  actor.on('rejected', (e) => { lastRefusal = { reason: e.reason, rule: e.rule }; });
  actor.start();
  return {
    actor,
    history,
    send(event) {
      lastRefusal = null;
      actor.send(event);
      return lastRefusal;
    },
    snapshot: () => actor.getSnapshot(),
    view: (viewOptions) => view(actor.getSnapshot(), history, viewOptions),
    stop: () => actor.stop(),
  };
}
