// The long game with the default settings (`createGame(input)`), as issue 22's targets read it:
// the mean event late in the game against one early, `view()` at turns 10, 1,000 and 5,000,
// and a live game's memory at turn 1,000.
//
// ADAPTER (to be replaced by the merger): bench/long.ts does not yet export a measure of the
// default-settings game. Until it does, this reads today's `run()` output: its history-on game
// (what createGame keeps by default today), played to `viewTurn` only, on a raw actor. Whatever
// turn a figure was not measured at is said so, and its target is reported "not measured"
// unless the figures that were measured already miss it.
import type { LongGame, LongGames } from './long.js';

export interface DefaultsTarget { target: string; value: string; met: boolean | null }

/** Issue 22's long-game figures with the default settings. */
export interface LongWithDefaults {
  /** Where the figures come from, and what they are not yet. */
  source: string;
  early: { turns: [number, number]; meanUs: number; medianUs: number };
  late: { turns: [number, number]; meanUs: number; medianUs: number };
  /** late / early: mean per event, and median per event. */
  meanRatio: number;
  medianRatio: number;
  views: { turn: number; us: number }[];
  memory: { what: string; bytesPerGame: number }[];
  targets: DefaultsTarget[];
}

export function longWithDefaults(long: LongGames, targetTurn: number): LongWithDefaults {
  const game: LongGame = long.on;
  const views = [{ turn: game.view.turn, us: game.view.us }];
  const memory = game.memory.map(({ what, bytesPerGame }) => ({ what, bytesPerGame }));
  const meanRatio = game.late.meanUs / game.early.meanUs;
  const lateTurn = game.late.turns[0];
  const atThousand = game.memory.find((m) => m.what === 'at turn 1,000');
  const viewTurns = [10, 1000, targetTurn];
  const slowView = views.find((v) => v.us > 5);
  return {
    source: 'adapter over bench/long.ts run(): its history-on game (createGame\'s default today) on a raw actor, to turn '
      + `${game.view.turn.toLocaleString('en')} only; the default-settings measure of bench/long.ts is to be connected`,
    early: { turns: game.early.turns, meanUs: game.early.meanUs, medianUs: game.early.medianUs },
    late: { turns: game.late.turns, meanUs: game.late.meanUs, medianUs: game.late.medianUs },
    meanRatio,
    medianRatio: game.ratio,
    views,
    memory,
    targets: [
      {
        target: `the mean event at turn ${targetTurn.toLocaleString('en')} ≤ 1.2× one at turn 10 (default settings)`,
        value: `${meanRatio.toFixed(2)} × at turns ${game.late.turns.join('–')} against ${game.early.turns.join('–')} (median ${game.ratio.toFixed(2)} ×)`,
        met: lateTurn >= targetTurn - 6 ? meanRatio <= 1.2 : meanRatio > 1.2 ? false : null,
      },
      {
        target: `view() ≤ 5 µs at turns ${viewTurns.map((t) => t.toLocaleString('en')).join(', ')} (default settings)`,
        value: views.map((v) => `${v.us.toFixed(1)} µs at turn ${v.turn.toLocaleString('en')}`).join('; ')
          + `; not measured at ${viewTurns.filter((t) => !views.some((v) => v.turn === t)).map((t) => t.toLocaleString('en')).join(', ')}`,
        met: slowView ? false : viewTurns.every((t) => views.some((v) => v.turn === t)) ? true : null,
      },
      {
        target: 'a live game at turn 1,000 ≤ 64 KiB (default settings)',
        value: atThousand ? `${(atThousand.bytesPerGame / 1024).toFixed(1)} KiB (raw actor, history on)` : 'not measured',
        met: atThousand ? atThousand.bytesPerGame <= 64 * 1024 : null,
      },
    ],
  };
}
