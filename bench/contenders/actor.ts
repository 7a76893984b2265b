// A contender that is an XState actor: a game is createActor + start, the script's events, stop.
import { createActor, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import type { Where } from '../script.js';

export function actorContender<M extends AnyStateMachine>(
  machine: M, events: readonly unknown[], input: unknown,
  /** The game's turn, and where it is (validation), read from a snapshot. */
  turnOf: (snapshot: SnapshotFrom<M>) => number, whereOf: (snapshot: SnapshotFrom<M>) => Where,
) {
  const start = () => { const actor = createActor(machine, { input } as never); actor.start(); return actor; };
  return {
    play(): number {
      const actor = start();
      for (let i = 0; i < events.length; i += 1) actor.send(events[i] as never);
      const turn = turnOf(actor.getSnapshot());
      actor.stop();
      return turn;
    },
    trace(): Where[] {
      const actor = start();
      const out = events.map((e) => { actor.send(e as never); return whereOf(actor.getSnapshot()); });
      actor.stop();
      return out;
    },
  };
}
