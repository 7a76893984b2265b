// Long games (issue 22, "flat cost by default"): the script's policy played for thousands of
// turns by `createGame(input)` with its default settings (`history: 'turn'`), then
// - the cost of an event late in the game against one early: the same 6 turns of the policy
//   (both players active three times, first strike once) replayed from a persisted snapshot
//   taken as the window's first turn begins; the MEAN by CPU time (each replay's sends timed
//   together: the mean is what a server pays) and the median of each event timed alone;
// - `game.view()` at turns 10, 1,000 and 5,000 (mean per call, by CPU time);
// - memory per live game at those turns: games (createGame, restored there) kept alive,
//   measured after a full GC;
// and, for comparison, what the other `history` choices cost at turn 1,000.
// Runs in its own worker (bench/isolated.ts): `run` is what it calls, `measureLongGame` the same
// for a caller that has exposed gc itself. Reported by `npm run bench`, never asserted.
import { createGame, restoreSnapshot, type Game, type GameInput, type GameOptions, type TurnEvent } from '../src/index.js';
import { exposeGc, heapUsed, median } from './isolated.js';
import { decide, MANDATE_TURN, PLAYERS, TIME_STOP_TURN, toTurnEvent, type Move } from './script.js';

/** What `run` measures: the late window, the turns of the view and memory figures, replays, games kept. */
export interface LongGameOptions {
  /** The late window begins at the last turn ≤ this one with the early window's place in the policy's cycle. */
  lateTurn: number;
  /** Turns at which `game.view()` and the memory per live game are measured. */
  turns: number[];
  /** Measured replays of each window (after 3 warm-up ones), the two windows alternating. */
  replays: number;
  /** Live games kept for the memory figure at the first of `turns` (a tenth as many, at least 20, at later ones). */
  memoryGames: number;
}

/** The targets' settings: issue 22's turns (10, 1,000, 5,000). */
export const LONG_GAME_DEFAULTS: LongGameOptions = { lateTurn: 5000, turns: [10, 1000, 5000], replays: 41, memoryGames: 1000 };

/** The targets of issue 22, with the default settings. */
export const LONG_TARGETS = {
  /** The mean event late ≤ this × the mean event early (by CPU time). */
  eventRatio: 1.2,
  /** `game.view()` ≤ this many µs at every measured turn. */
  viewUs: 5,
  /** A live game ≤ this many bytes at turn 1,000. */
  memoryBytes: 64 * 1024,
  memoryTurn: 1000,
} as const;

/** The policy repeats every 6 turns after the special ones (players alternate, first strike every third turn). */
export const CYCLE = 6;
/** The early window: the first whole cycle after Time Stop (turn 7) and Mandate of Peace (turn 12). */
export const EARLY_TURN = Math.max(TIME_STOP_TURN, MANDATE_TURN) + 1;

/** The first turn of the late window for a target turn: the same place in the policy's cycle as the early one. */
export const lateStart = (turn: number) => turn - ((turn - EARLY_TURN) % CYCLE);

/** One window of turns: what its events cost. */
export interface WindowCost {
  turns: [number, number];
  events: number;
  /** Mean per event by CPU time: each replay's sends timed together, divided by its events; the median over the replays, µs. */
  cpuMeanUs: number;
  /** Median over the window of each event's median (wall clock, each event timed alone) over the replays, µs. */
  medianUs: number;
  /** Mean over the window of those per-event medians (wall clock), µs. */
  wallMeanUs: number;
  /** Median per kind of move (wall clock), µs. */
  byKind: Record<string, number>;
  /** The persisted snapshot the replays start from, bytes of JSON. */
  snapshotBytes: number;
}

/** One target, as the bench prints them. */
export interface LongTarget {
  target: string;
  value: string;
  met: boolean;
}

/** What `history` costs at a turn: `game.view()` and a live game's memory. */
export interface AtTurn {
  turn: number;
  /** `game.view()`, mean per call by CPU time, µs (and the median of batches, wall clock). */
  viewUs: number;
  viewWallUs: number;
  /** Heap kept alive per live game (createGame restored at the turn), bytes. */
  bytesPerGame: number;
  games: number;
  /** The persisted snapshot there, bytes of JSON. */
  snapshotBytes: number;
}

/** The long game with the default settings, the targets met or missed, and the other history choices for comparison. */
export interface LongGameReport {
  settings: string;
  /** What the default keeps (`options.history` as the game says: "turn"). */
  defaultHistory: string;
  generated: { turns: number; events: number; seconds: number };
  early: WindowCost;
  late: WindowCost;
  /** late / early: of the means by CPU time (the target's), and of the medians (wall clock). */
  ratio: { mean: number; median: number };
  atTurns: AtTurn[];
  /** `history: 'all'` and `false` at turn 1,000, for comparison (the default's row is in `atTurns`). */
  others: ({ history: string } & AtTurn)[];
  targets: LongTarget[];
  seconds: number;
}

interface Played {
  moves: Move[];
  /** Index of the first move played in each turn (turn → index). */
  firstMoveOf: Map<number, number>;
  /** Persisted snapshots (JSON) as each marked turn begins. */
  snapshots: Map<number, string>;
}

const inputOf = (history?: GameOptions['history']): GameInput =>
  (history === undefined ? { players: PLAYERS } : { players: PLAYERS, options: { history } });

/** Plays the policy on `createGame(input)` until turn `until` has begun; persists the game as each marked turn begins. */
function playPolicy(input: GameInput, until: number, marks: ReadonlySet<number>): Played {
  const game = createGame(input);
  const done = new Set<string>();
  const moves: Move[] = [];
  const firstMoveOf = new Map<number, number>([[1, 0]]);
  const snapshots = new Map<number, string>();
  let turn = 1;
  for (;;) {
    const v = game.view({ upcomingTurns: 0 });
    if (v.turn !== turn) {
      turn = v.turn;
      done.clear();
      firstMoveOf.set(turn, moves.length);
      if (marks.has(turn)) snapshots.set(turn, JSON.stringify(game.persist()));
      if (turn >= until) break;
    }
    const move = decide(v, done);
    const refusal = game.send(toTurnEvent(move));
    if (refusal !== null) throw new Error(`long game: move ${moves.length} (${move.kind}) refused: ${refusal.reason}`);
    moves.push(move);
  }
  game.stop();
  return { moves, firstMoveOf, snapshots };
}

/** The input only names the players a snapshot must have: the game's own options come with its state. */
const restored = (json: string): Game => createGame({ players: PLAYERS }, { snapshot: restoreSnapshot(JSON.parse(json)) });

interface Window { start: number; json: string; moves: Move[]; events: TurnEvent[]; times: number[][]; cpuPerEvent: number[] }

function windowOf(played: Played, start: number): Window {
  const moves = played.moves.slice(played.firstMoveOf.get(start), played.firstMoveOf.get(start + CYCLE));
  return { start, json: played.snapshots.get(start)!, moves, events: moves.map(toTurnEvent), times: moves.map(() => []), cpuPerEvent: [] };
}

const cpuUs = (since: NodeJS.CpuUsage) => { const d = process.cpuUsage(since); return d.user + d.system; };

/** One replay of a window from its snapshot: each event timed alone (wall), all of them together (CPU); `keep`: record them. */
function replay(w: Window, keep: boolean): void {
  const game = restored(w.json);
  const { send } = game;
  const times = new Array<number>(w.events.length);
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < w.events.length; i += 1) {
    const t0 = performance.now();
    send(w.events[i]);
    times[i] = (performance.now() - t0) * 1000;
  }
  const cpu = cpuUs(cpu0);
  const { turn } = game.view({ upcomingTurns: 0 });
  game.stop();
  if (turn !== w.start + CYCLE) throw new Error(`window ${w.start}: the replay ends in turn ${turn}, not ${w.start + CYCLE}`);
  if (!keep) return;
  times.forEach((t, i) => w.times[i].push(t));
  w.cpuPerEvent.push(cpu / w.events.length);
}

function costOf(w: Window): WindowCost {
  const perEvent = w.times.map(median);
  const kinds = new Map<string, number[]>();
  w.moves.forEach((m, i) => kinds.set(m.kind, [...(kinds.get(m.kind) ?? []), perEvent[i]]));
  return {
    turns: [w.start, w.start + CYCLE - 1],
    events: w.events.length,
    cpuMeanUs: median(w.cpuPerEvent),
    medianUs: median(perEvent),
    wallMeanUs: perEvent.reduce((a, b) => a + b, 0) / perEvent.length,
    byKind: Object.fromEntries([...kinds].map(([k, xs]) => [k, median(xs)])),
    snapshotBytes: Buffer.byteLength(w.json),
  };
}

/** The two windows replayed alternately (after warm-up replays of both), so that neither gets a warmer JIT. */
function compareWindows(windows: [Window, Window], replays: number): [WindowCost, WindowCost] {
  const [early, late] = windows.map((w) => w.start);
  const kinds = (w: Window) => w.moves.map((m) => m.kind).join();
  if (kinds(windows[0]) !== kinds(windows[1])) throw new Error(`the windows at turns ${early} and ${late} do not play the same moves`);
  const warmup = 3;
  for (let r = 0; r < warmup + replays; r += 1) {
    for (const w of r % 2 ? [...windows].reverse() : windows) replay(w, r >= warmup);
  }
  return [costOf(windows[0]), costOf(windows[1])];
}

/**
 * Each call's cost, the calls measured in turns (round after round, one batch of each per round,
 * after a warm-up of all of them: none is measured colder than the others): by CPU time, the
 * mean over all its batches; by wall clock, its median batch's; µs.
 */
function timeCalls(calls: readonly (() => unknown)[], rounds = 15): { cpuUs: number; wallUs: number }[] {
  const n = 2000;
  for (let w = 0; w < 10; w += 1) for (const call of calls) for (let i = 0; i < n; i += 1) call();
  const cpu = calls.map(() => 0);
  const wall: number[][] = calls.map(() => []);
  for (let r = 0; r < rounds; r += 1) {
    calls.forEach((call, c) => {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < n; i += 1) call();
      wall[c].push((performance.now() - t0) / n);
      cpu[c] += cpuUs(cpu0);
    });
  }
  return calls.map((_, c) => ({ cpuUs: cpu[c] / (rounds * n), wallUs: median(wall[c]) * 1000 }));
}

/**
 * Heap kept alive per game: `count` games made and held, after a full GC, against the heap
 * before; the median of 3 such measures. Games made first and dropped take the one-time costs
 * (compiled code, feedback vectors, caches), which are not the games'.
 */
function heapPerGame(gc: () => void, count: number, make: () => { stop(): void }): number {
  for (let i = 0; i < 20; i += 1) make().stop();
  const measures: number[] = [];
  for (let m = 0; m < 3; m += 1) {
    gc();
    gc();
    const before = heapUsed();
    const games: { stop(): void }[] = new Array(count);
    for (let i = 0; i < count; i += 1) games[i] = make();
    gc();
    gc();
    measures.push((heapUsed() - before) / count);
    for (const game of games) game.stop();
    games.fill(undefined as never); // no stale reference into the next measure's baseline
  }
  return median(measures);
}

/** The snapshot "at turn T": as turn T + 1 begins (T turns played: "after 10 turns" is turn 11 begun). */
const markOf = (turn: number) => turn + 1;

/** `game.view()` and memory at each turn (snapshot "at turn T": `markOf(T)`); the views timed together (`timeCalls`). */
function atTurns(gc: () => void, snapshots: Played['snapshots'], turns: readonly { turn: number; games: number }[]): AtTurn[] {
  const jsons = turns.map(({ turn }) => snapshots.get(markOf(turn))!);
  const games = jsons.map(restored);
  const views = timeCalls(games.map((game) => () => game.view()));
  for (const game of games) game.stop();
  return turns.map(({ turn, games: count }, i) => ({
    turn, viewUs: views[i].cpuUs, viewWallUs: views[i].wallUs,
    bytesPerGame: heapPerGame(gc, count, () => restored(jsons[i])), games: count, snapshotBytes: Buffer.byteLength(jsons[i]),
  }));
}

const gamesAt = (options: LongGameOptions, index: number) => (index === 0 ? options.memoryGames : Math.max(20, Math.round(options.memoryGames / 10)));

/** The long game with the default settings, measured against issue 22's targets (gc: V8's, exposed). */
export function measureLongGame(gc: () => void, options: LongGameOptions = LONG_GAME_DEFAULTS): LongGameReport {
  const started = performance.now();
  const late = lateStart(options.lateTurn);
  const until = Math.max(late + CYCLE, ...options.turns.map(markOf)) + 1;
  // Only the two windows and the snapshots are kept of the played game: the replays' collections
  // then mark what a server would hold, not the bench's record of 5,000 turns of moves.
  const { snapshots, windows, generated } = (() => {
    const played = playPolicy(inputOf(), until, new Set([EARLY_TURN, late, ...options.turns.map(markOf)]));
    return {
      snapshots: played.snapshots,
      windows: [windowOf(played, EARLY_TURN), windowOf(played, late)] as [Window, Window],
      generated: { turns: until - 1, events: played.moves.length, seconds: (performance.now() - started) / 1000 },
    };
  })();
  gc();
  const [early, lateCost] = compareWindows(windows, options.replays);
  const measured = atTurns(gc, snapshots, options.turns.map((turn, i) => ({ turn, games: gamesAt(options, i) })));

  const comparedAt = LONG_TARGETS.memoryTurn;
  const others = ([true, false] as const).map((history) => { // true: 'all' (also what earlier versions take)
    const short = playPolicy(inputOf(history), markOf(comparedAt), new Set([markOf(comparedAt)]));
    return { history: history ? "'all'" : 'false', ...atTurns(gc, short.snapshots, [{ turn: comparedAt, games: gamesAt(options, 1) }])[0] };
  });

  const ratio = { mean: lateCost.cpuMeanUs / early.cpuMeanUs, median: lateCost.medianUs / early.medianUs };
  const turns = ([a, b]: [number, number]) => `${a.toLocaleString('en')}–${b.toLocaleString('en')}`;
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const memoryRow = measured.find((a) => a.turn === comparedAt);
  const targets: LongTarget[] = [
    {
      target: `createGame(input): the mean event at turn ${options.lateTurn.toLocaleString('en')} ≤ ${LONG_TARGETS.eventRatio}× one at turn 10 (by CPU time)`,
      value: `${ratio.mean.toFixed(2)} × (turns ${turns(lateCost.turns)}: ${lateCost.cpuMeanUs.toFixed(2)} µs vs ${turns(early.turns)}: ${early.cpuMeanUs.toFixed(2)} µs; median ${ratio.median.toFixed(2)} ×)`,
      met: ratio.mean <= LONG_TARGETS.eventRatio,
    },
    {
      target: `createGame(input): game.view() ≤ ${LONG_TARGETS.viewUs} µs at turns ${options.turns.map((t) => t.toLocaleString('en')).join(', ')} (by CPU time)`,
      value: measured.map((a) => `${a.viewUs.toFixed(2)} µs at ${a.turn.toLocaleString('en')}`).join(', '),
      met: measured.every((a) => a.viewUs <= LONG_TARGETS.viewUs),
    },
    {
      target: `createGame(input): a live game at turn ${comparedAt.toLocaleString('en')} ≤ ${kib(LONG_TARGETS.memoryBytes)}`,
      value: memoryRow ? measured.map((a) => `${kib(a.bytesPerGame)} at ${a.turn.toLocaleString('en')}`).join(', ') : `turn ${comparedAt} not measured`,
      met: memoryRow !== undefined && memoryRow.bytesPerGame <= LONG_TARGETS.memoryBytes,
    },
  ];
  const probe = createGame(inputOf());
  const kept = JSON.stringify(probe.snapshot().context.options.history); // what the default keeps, as this build says
  probe.stop();
  return {
    settings: `createGame(input), the default options (history: ${kept})`,
    defaultHistory: kept,
    generated, early, late: lateCost, ratio, atTurns: measured, others, targets, seconds: (performance.now() - started) / 1000,
  };
}

/** What bench/isolated.ts runs in its worker: gc exposed, then `measureLongGame`. */
export function run(options: Partial<LongGameOptions> = {}): LongGameReport {
  return measureLongGame(exposeGc(), { ...LONG_GAME_DEFAULTS, ...options });
}

/** The report as markdown lines (what `npm run bench` prints). */
export function longGameLines(r: LongGameReport): string[] {
  const w = (c: WindowCost) => `turns ${c.turns[0].toLocaleString('en')}–${c.turns[1].toLocaleString('en')}`;
  const kinds = Object.keys(r.early.byKind);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  return [
    `Long game, ${r.settings}: the script's policy played to turn ${r.generated.turns.toLocaleString('en')} (${r.generated.events.toLocaleString('en')} events, ${r.generated.seconds.toFixed(1)} s); `
      + `windows of ${CYCLE} turns (${r.early.events} events) replayed from persisted snapshots, the windows alternating`,
    '',
    `| window | snapshot | mean per event (CPU) | median per event | mean per event (wall) | ${kinds.join(' | ')} |`,
    `|---|---:|---:|---:|---:|${kinds.map(() => '---:').join('|')}|`,
    ...[r.early, r.late].map((c) => `| ${w(c)} | ${c.snapshotBytes} B | ${c.cpuMeanUs.toFixed(2)} µs | ${c.medianUs.toFixed(2)} µs | ${c.wallMeanUs.toFixed(2)} µs | ${kinds.map((k) => `${c.byKind[k].toFixed(2)} µs`).join(' | ')} |`),
    `| late / early | | ${r.ratio.mean.toFixed(2)} × | ${r.ratio.median.toFixed(2)} × | ${(r.late.wallMeanUs / r.early.wallMeanUs).toFixed(2)} × | ${kinds.map((k) => `${(r.late.byKind[k] / r.early.byKind[k]).toFixed(2)} ×`).join(' | ')} |`,
    '',
    '| history | turn | game.view() (CPU) | (wall) | live game | games kept | snapshot |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...[...r.atTurns.map((a) => ({ history: `${r.defaultHistory} (default)`, ...a })), ...r.others].map((a) =>
      `| ${a.history} | ${a.turn.toLocaleString('en')} | ${a.viewUs.toFixed(2)} µs | ${a.viewWallUs.toFixed(2)} µs | ${kib(a.bytesPerGame)} | ${a.games} | ${a.snapshotBytes} B |`),
    '',
    ...r.targets.map((t) => `- ${t.met ? 'met' : 'MISSED'}: ${t.target} — ${t.value}`),
  ];
}
