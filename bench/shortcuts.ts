// Standing passes (732.2) as the speed lever of playouts: the same games — every player passes and
// declares nothing, turn after turn — played with every decision sent by hand, and with each
// player announcing "I pass until my next turn, declaring no attackers or blockers" whenever the
// game stops for them. Both reach the same game (the promise, test/shortcuts); the second sends a
// fraction of the events. Events/s counts the events sent; decisions/s the passes and
// declarations made (by hand or by the standing passes). Reported by `npm run bench` (and alone:
// `npx tsx bench/shortcuts.ts`), never asserted.
import { createGame, type TurnEvent, type View } from '../src/index.js';
import { createPlayout } from '../src/playout/index.js';

interface Driven { send(event: unknown): unknown; view(): View }

const actor = (v: View, side: string) => (v.teams === null ? { player: side } : { team: side });

/** One decision by hand: the awaited side passes, declares none, or orders as triggered. */
function byHand(v: View): TurnEvent | null {
  const side = v.awaiting?.side;
  if (side === undefined) return null;
  if (v.waitingFor === 'priority') return { type: 'priority.pass', player: side };
  if (v.waitingFor === 'declareAttackers') return { type: 'combat.declareAttackers', ...actor(v, side), attackers: [] };
  if (v.waitingFor === 'declareBlockers') return { type: 'combat.declareBlockers', ...actor(v, side), blockers: [] };
  return v.orderTriggers ? { type: 'triggers.order', ...actor(v, side), order: v.orderTriggers.triggers } : null;
}

/** The awaited side's standing pass until its next turn (an order of triggers is still given by hand: a pass never orders). */
function byShortcut(v: View): TurnEvent | null {
  const side = v.awaiting?.side;
  if (side === undefined) return null;
  if (v.waitingFor === 'orderTriggers') return byHand(v);
  return { type: 'shortcut.passUntil', player: side, until: { nextTurnOf: side }, declareNoAttackers: true, declareNoBlockers: true };
}

/** Plays to `turns` turns; returns the events sent. */
function play(game: Driven, turns: number, policy: (v: View) => TurnEvent | null): number {
  let events = 0;
  for (let v = game.view(); v.turn <= turns; v = game.view()) {
    const event = policy(v);
    if (event === null) throw new Error(`bench/shortcuts: nothing to do at turn ${v.turn}`);
    if (game.send(event) !== null) throw new Error(`bench/shortcuts: ${event.type} refused at turn ${v.turn}`);
    events += 1;
  }
  return events;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export interface ShortcutRow {
  runner: string;
  players: number;
  turns: number;
  decisions: number;
  hand: { events: number; ms: number };
  shortcuts: { events: number; ms: number };
}

const RUNNERS: { name: string; make: (players: string[]) => Driven }[] = [
  { name: 'playout, history off', make: (players) => createPlayout({ players, options: { history: false } }) },
  { name: 'playout, history on', make: (players) => createPlayout({ players }) },
  { name: 'createGame (actor), history on', make: (players) => createGame({ players }) },
];

/** Median wall time of `rounds` games of each kind (after one warm-up each). */
export function measureShortcuts(options: { turns?: number; rounds?: number } = {}): ShortcutRow[] {
  const turns = options.turns ?? 200;
  const rounds = options.rounds ?? 7;
  const rows: ShortcutRow[] = [];
  for (const count of [2, 4]) {
    const players = ['A', 'B', 'C', 'D'].slice(0, count);
    for (const runner of RUNNERS) {
      const time = (policy: (v: View) => TurnEvent | null) => {
        let events = 0;
        const ms: number[] = [];
        for (let round = 0; round <= rounds; round += 1) {
          const game = runner.make(players);
          const start = performance.now();
          events = play(game, turns, policy);
          if (round > 0) ms.push(performance.now() - start);
        }
        return { events, ms: median(ms) };
      };
      const hand = time(byHand);
      const shortcuts = time(byShortcut);
      rows.push({ runner: runner.name, players: count, turns, decisions: hand.events, hand, shortcuts });
    }
  }
  return rows;
}

export function shortcutTable(rows: ShortcutRow[]): string[] {
  const k = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)} M` : `${(n / 1e3).toFixed(1)} k`);
  const lines = [
    '| runner | players | turns | decisions | by hand: events | events/s = decisions/s | standing passes: events | events/s | decisions/s | speed-up (decisions/s) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const handRate = r.decisions / (r.hand.ms / 1000);
    const shortRate = r.shortcuts.events / (r.shortcuts.ms / 1000);
    const decisionRate = r.decisions / (r.shortcuts.ms / 1000);
    lines.push(`| ${r.runner} | ${r.players} | ${r.turns} | ${r.decisions} | ${r.hand.events} | ${k(handRate)} | ${r.shortcuts.events} | ${k(shortRate)} | ${k(decisionRate)} | ${(decisionRate / handRate).toFixed(2)} × |`);
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = measureShortcuts();
  console.log('Standing passes (732.2): the same games with every decision by hand, and with "pass until my next turn" (declaring none)\n');
  for (const line of shortcutTable(rows)) console.log(line);
}
