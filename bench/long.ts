// Long games (issue 13, "bounded long games"): the script's policy played for thousands of
// turns on our actor, with history off (`options.history: false`: the game keeps no record of
// the past, what the targets are about) and, to turn `viewTurn`, with history on; then
// - the cost of an event late in the game against one early: the same 6 turns of the policy
//   (both players active three times, first strike once) replayed from a persisted snapshot
//   taken as the window's first turn begins, each event timed alone, median over the replays
//   per event, then the median over the window (history on: the late window at `viewTurn`);
// - `game.view()` and the persisted snapshot at turn `viewTurn`;
// - memory per live game: actors (createActor, no listeners) kept alive, measured after a full GC.
// Runs in its own worker (bench/isolated.ts). Reported by `npm run bench`, never asserted.
import { gzipSync } from 'node:zlib';
import { createActor } from 'xstate';
import { createGame, persistGame, restoreSnapshot, turnMachine, view, type TurnEvent } from '../src/index.js';
import { exposeGc, heapUsed, median } from './isolated.js';
import { decide, MANDATE_TURN, PLAYERS, TIME_STOP_TURN, toTurnEvent, type Move } from './script.js';

export interface LongGameOptions {
  /** The late window begins at the last turn ≤ this one with the early window's place in the policy's cycle. */
  lateTurn: number;
  /** Turn at which `game.view()` and the persisted snapshot are measured. */
  viewTurn: number;
  /** Measured replays of each window (after 3 warm-up ones), the two windows alternating. */
  replays: number;
  /** Live games kept for the memory figure (fewer for the turn-`viewTurn` one). */
  memoryGames: number;
}

/** The policy repeats every 6 turns after the special ones (players alternate, first strike every third turn). */
export const CYCLE = 6;
/** The early window: the first whole cycle after Time Stop (turn 7) and Mandate of Peace (turn 12). */
export const EARLY_TURN = Math.max(TIME_STOP_TURN, MANDATE_TURN) + 1;

export const lateStart = (turn: number) => turn - ((turn - EARLY_TURN) % CYCLE);

export interface WindowCost {
  turns: [number, number];
  events: number;
  /** Median over the window of each event's median over the replays, µs. */
  medianUs: number;
  /** The same by the process's CPU time (steadier on a busy machine). */
  cpuMedianUs: number;
  meanUs: number;
  /** Median per kind of move, µs. */
  byKind: Record<string, number>;
  /** The persisted snapshot the replays start from, bytes of JSON. */
  snapshotBytes: number;
}

export interface LiveGameMemory {
  what: string;
  games: number;
  bytesPerGame: number;
}

/** One long game: its history option, and what it costs late against early. */
export interface LongGame {
  history: boolean;
  generated: { turns: number; events: number; seconds: number };
  early: WindowCost;
  late: WindowCost;
  /** late / early, median per event (and by CPU time). */
  ratio: number;
  cpuRatio: number;
  /** `game.view()` at `viewTurn`, µs (createGame restored there). */
  view: { turn: number; us: number };
  snapshot: { turn: number; bytes: number; gzipBytes: number };
  memory: LiveGameMemory[];
}

export interface LongGames {
  /** History off: what the targets measure. */
  off: LongGame;
  /** History on, to turn `viewTurn`. */
  on: LongGame;
  seconds: number;
}

interface Played {
  moves: Move[];
  /** Index of the first move played in each turn (turn → index). */
  firstMoveOf: Map<number, number>;
  /** Persisted snapshots (JSON) as each marked turn begins. */
  snapshots: Map<number, string>;
}

const inputOf = (history: boolean) => ({ players: PLAYERS, options: { history } });

/** Plays the policy on a raw actor until turn `until` has begun; persists the game as each marked turn begins. */
function playPolicy(until: number, marks: ReadonlySet<number>, history: boolean): Played {
  const actor = createActor(turnMachine, { input: inputOf(history) });
  let refused: string | null = null;
  actor.on('rejected', (e) => { refused = e.reason; });
  actor.start();
  const done = new Set<string>();
  const moves: Move[] = [];
  const firstMoveOf = new Map<number, number>([[1, 0]]);
  const snapshots = new Map<number, string>();
  let turn = 1;
  for (;;) {
    const v = view(actor.getSnapshot(), { upcomingTurns: 0 });
    if (v.turn !== turn) {
      turn = v.turn;
      done.clear();
      firstMoveOf.set(turn, moves.length);
      if (marks.has(turn)) snapshots.set(turn, JSON.stringify(persistGame(actor)));
      if (turn >= until) break;
    }
    const move = decide(v, done);
    actor.send(toTurnEvent(move));
    if (refused !== null) throw new Error(`long game: move ${moves.length} (${move.kind}) refused: ${refused}`);
    moves.push(move);
  }
  actor.stop();
  return { moves, firstMoveOf, snapshots };
}

/** The input only names the players a snapshot must have: the game's own options come with its state. */
const restoredActor = (json: string) => createActor(turnMachine, { input: { players: PLAYERS }, snapshot: restoreSnapshot(JSON.parse(json)) });

interface Window { start: number; json: string; moves: Move[]; events: TurnEvent[]; times: number[][]; cpuTimes: number[][] }

function windowOf(played: Played, start: number): Window {
  const moves = played.moves.slice(played.firstMoveOf.get(start), played.firstMoveOf.get(start + CYCLE));
  return { start, json: played.snapshots.get(start)!, moves, events: moves.map(toTurnEvent), times: moves.map(() => []), cpuTimes: moves.map(() => []) };
}

/** One replay of a window from its snapshot, each event timed alone (µs); `keep`: record the times. */
function replay(w: Window, keep: boolean): void {
  const actor = restoredActor(w.json);
  actor.start();
  for (let i = 0; i < w.events.length; i += 1) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    actor.send(w.events[i]);
    const dt = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    if (keep) { w.times[i].push(dt * 1000); w.cpuTimes[i].push(cpu.user + cpu.system); }
  }
  const { turn } = view(actor.getSnapshot(), { upcomingTurns: 0 });
  actor.stop();
  if (turn !== w.start + CYCLE) throw new Error(`window ${w.start}: the replay ends in turn ${turn}, not ${w.start + CYCLE}`);
}

function costOf(w: Window): WindowCost {
  const perEvent = w.times.map(median);
  const kinds = new Map<string, number[]>();
  w.moves.forEach((m, i) => kinds.set(m.kind, [...(kinds.get(m.kind) ?? []), perEvent[i]]));
  return {
    turns: [w.start, w.start + CYCLE - 1],
    events: w.events.length,
    medianUs: median(perEvent),
    cpuMedianUs: median(w.cpuTimes.map(median)),
    meanUs: perEvent.reduce((a, b) => a + b, 0) / perEvent.length,
    byKind: Object.fromEntries([...kinds].map(([k, xs]) => [k, median(xs)])),
    snapshotBytes: Buffer.byteLength(w.json),
  };
}

/** The two windows replayed alternately (after warm-up replays of both), so that neither gets a warmer JIT. */
function compareWindows(played: Played, early: number, late: number, replays: number): [WindowCost, WindowCost] {
  const windows = [windowOf(played, early), windowOf(played, late)];
  const kinds = (w: Window) => w.moves.map((m) => m.kind).join();
  if (kinds(windows[0]) !== kinds(windows[1])) throw new Error(`the windows at turns ${early} and ${late} do not play the same moves`);
  const warmup = 3;
  for (let r = 0; r < warmup + replays; r += 1) {
    for (const w of r % 2 ? [...windows].reverse() : windows) replay(w, r >= warmup);
  }
  return [costOf(windows[0]), costOf(windows[1])];
}

/** Median time of one call, from batches of ~20 ms. */
function timeCall(call: () => unknown, batches = 15): number {
  let n = 1;
  for (let t = 0; t < 20; n *= 2) { const t0 = performance.now(); for (let i = 0; i < n; i += 1) call(); t = performance.now() - t0; }
  const per: number[] = [];
  for (let b = 0; b < batches; b += 1) {
    const t0 = performance.now();
    for (let i = 0; i < n; i += 1) call();
    per.push((performance.now() - t0) / n);
  }
  return median(per) * 1000;
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

/** One long game, history on or off, to turn `until`: late against early, the view, the snapshot and memory at `viewTurn`. */
function longGame(gc: () => void, options: LongGameOptions, history: boolean, lateTurn: number): LongGame {
  const started = performance.now();
  const late = lateStart(lateTurn);
  const until = Math.max(late + CYCLE, options.viewTurn) + 1;
  const tenTurns = 11;
  const played = playPolicy(until, new Set([EARLY_TURN, late, options.viewTurn, tenTurns]), history);
  const generated = { turns: until - 1, events: played.moves.length, seconds: (performance.now() - started) / 1000 };
  const [early, lateCost] = compareWindows(played, EARLY_TURN, late, options.replays);

  const atView = played.snapshots.get(options.viewTurn)!;
  const game = createGame({ players: PLAYERS }, { snapshot: restoreSnapshot(JSON.parse(atView)) });
  const viewUs = timeCall(() => game.view());
  game.stop();

  const fresh = () => { const a = createActor(turnMachine, { input: inputOf(history) }); a.start(); return a; };
  const restored = (json: string) => () => { const a = restoredActor(json); a.start(); return a; };
  const { memoryGames } = options;
  const memory: LiveGameMemory[] = [
    { what: 'new game (turn 1 begun)', games: memoryGames, bytesPerGame: heapPerGame(gc, memoryGames, fresh) },
    { what: 'after 10 turns (turn 11 begun)', games: memoryGames, bytesPerGame: heapPerGame(gc, memoryGames, restored(played.snapshots.get(tenTurns)!)) },
    {
      what: `at turn ${options.viewTurn.toLocaleString('en')}`, games: Math.max(10, memoryGames / 10),
      bytesPerGame: heapPerGame(gc, Math.max(10, memoryGames / 10), restored(atView)),
    },
  ];
  return {
    history, generated, early, late: lateCost, ratio: lateCost.medianUs / early.medianUs, cpuRatio: lateCost.cpuMedianUs / early.cpuMedianUs,
    view: { turn: options.viewTurn, us: viewUs },
    snapshot: { turn: options.viewTurn, bytes: Buffer.byteLength(atView), gzipBytes: gzipSync(atView).length },
    memory,
  };
}

export function run(options: LongGameOptions): LongGames {
  const started = performance.now();
  const gc = exposeGc();
  const off = longGame(gc, options, false, options.lateTurn);
  const on = longGame(gc, options, true, options.viewTurn);
  return { off, on, seconds: (performance.now() - started) / 1000 };
}
