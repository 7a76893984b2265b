// The playout differential: one fuzz sequence (test/fuzz/arbitraries.ts) played through
// createGame (the XState actor) and through createPlayout side by side. After every event:
// the same refusal or acceptance, the same view, the same legalActions for every player, the
// same persisted snapshot (canonical JSON, keys sorted), the same new history records (when
// the playout records). Along the way the playout is swapped for one restored from the
// actor's persisted game, its own persisted game must resume an actor, and a clone must
// leave the game it was cloned from untouched.
import {
  createGame, persistGame, restoreSnapshot,
  type Game, type GameInput, type TurnEvent,
} from '../../src/index.js';
import { createPlayout, type Playout } from '../../src/playout/index.js';
import { Realizer, type FuzzCase } from '../fuzz/arbitraries.js';

export interface Difference {
  /** Index of the event after which it was seen (-1: the game's start). */
  at: number;
  what: string;
  message: string;
}

export interface PlayoutRunOptions {
  recording: boolean;
  /** legalActions are compared for every player after every `legalEvery`-th event (1: always), else for the awaited ones. */
  legalEvery?: number;
}

/** JSON with every object's keys sorted: equal strings ⇔ equal JSON values. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
    return sorted;
  });
}

/** Equal as JSON values: keys in any order, a key holding undefined as good as absent. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const k in x) {
    if (x[k] === undefined) continue;
    count += 1;
    if (!sameJson(x[k], y[k])) return false;
  }
  for (const k in y) if (y[k] !== undefined) count -= 1;
  return count === 0;
}

/** Where two canonical JSON texts first differ, with some context. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  const from = Math.max(0, i - 80);
  return `at character ${i}:\n      actor:   …${a.slice(from, i + 80)}\n      playout: …${b.slice(from, i + 80)}`;
}

const withoutHistory = ({ history: _history, ...rest }: ReturnType<Game['view']>) => rest;

export function runPlayoutSequence(c: FuzzCase, options: PlayoutRunOptions): { differences: Difference[]; events: TurnEvent[] } {
  const { recording, legalEvery = 1 } = options;
  const input: GameInput = c.input;
  const game = createGame(input);
  let playout: Playout = createPlayout(input, { recording });
  const realizer = new Realizer(input.players);
  const differences: Difference[] = [];
  const events: TurnEvent[] = [];
  const differ = (at: number, what: string, message: string) => differences.push({ at, what, message });
  const same = (at: number, what: string, actor: unknown, ours: unknown) => {
    if (!sameJson(actor, ours)) differ(at, what, firstDifference(canonical(actor), canonical(ours)));
  };
  let historyFrom = 0;
  const compare = (at: number) => {
    same(at, 'view', withoutHistory(game.view()), playout.view());
    same(at, 'persisted snapshot', persistGame(game.actor), playout.persist());
    // The player the game waits for after every event; every player after every `legalEvery`-th.
    const { awaiting } = playout.view();
    const players = at % legalEvery === 0 || at < 0 ? input.players : awaiting?.players ?? [];
    for (const player of players) same(at, `legalActions(${player})`, game.legalActions(player), playout.legalActions(player));
    if (recording) {
      if (game.history.length < historyFrom) historyFrom = 0; // history 'turn': a new turn's list began
      same(at, 'history', game.history.slice(historyFrom), playout.history.slice(historyFrom));
      if (playout.history.length !== game.history.length) differ(at, 'history', `${game.history.length} records vs ${playout.history.length}`);
      historyFrom = game.history.length;
    } else if (playout.history.length > 0) {
      differ(at, 'history', `a playout without recording kept ${playout.history.length} records`);
    }
  };

  // The clone point and the restore point (the fuzz case's persistAt), when the sequence reaches them.
  const cloneAt = Math.floor(c.persistAt / 2);
  let frozen: { playout: Playout; persisted: unknown; history: number } | null = null;
  try {
    compare(-1);
    c.intents.forEach((intent, i) => {
      if (i === cloneAt) {
        frozen = { playout, persisted: playout.persist(), history: playout.history.length };
        playout = playout.clone();
      }
      if (i === c.persistAt) playout = crossRestore(i);
      const event = realizer.event(intent, game.snapshot());
      events.push(event);
      const refusal = game.send(event);
      const ours = playout.send(event);
      same(i, `refusal of ${event.type}`, refusal, ours);
      compare(i);
    });
    const f = frozen as { playout: Playout; persisted: unknown; history: number } | null;
    if (f) {
      same(events.length, 'the game a clone was made of', f.persisted, f.playout.persist());
      if (f.playout.history.length !== f.history) differ(events.length, 'the game a clone was made of', 'its history changed');
    }
  } catch (error) {
    differ(events.length, 'crash', (error as Error).stack ?? String(error));
  } finally {
    game.stop();
  }
  return { differences, events };

  /**
   * A playout restored from the actor's persisted game; and the playout's persisted game resumes
   * an actor that shows the same. A persisted game the machine refuses to resume (SnapshotError)
   * must be refused alike from both; the sequence then goes on with the same playout.
   */
  function crossRestore(at: number): Playout {
    const fromActor = restored(persistGame(game.actor));
    const fromPlayout = restored(playout.persist());
    if (typeof fromActor === 'string' || typeof fromPlayout === 'string') {
      same(at, 'restoring the persisted game', typeof fromActor === 'string' ? fromActor : 'restored', typeof fromPlayout === 'string' ? fromPlayout : 'restored');
      return playout;
    }
    const resumed = createGame(input, { snapshot: fromPlayout });
    same(at, 'an actor resumed from the playout\'s persisted game', withoutHistory(game.view()), withoutHistory(resumed.view()));
    resumed.stop();
    return createPlayout(input, { snapshot: fromActor, history: playout.history, recording });
  }
}

/** The snapshot `restoreSnapshot` makes of a persisted game sent as JSON, or its error's message. */
function restored(persisted: unknown): ReturnType<typeof restoreSnapshot> | string {
  try {
    return restoreSnapshot(JSON.parse(JSON.stringify(persisted)));
  } catch (error) {
    return String(error);
  }
}
