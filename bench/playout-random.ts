// The playout on seeded random legal play (issue 22, point 2), by events per CPU-second:
//   node --import ./bench/register.mjs bench/playout-random.ts [games=20] [events=3000] [seed=1] [--profile [--ui]] [--untrusted] [--against=DIR]
// A workload is made once per seed by driving a playout with `legalActions` only: every event
// is one of the legal actions of a player (spells and abilities with effects drawn from Time
// Stop, Mandate of Peace, extra turns, durations and delayed triggers), and ~2 % are illegal
// (a pass by a player without priority, a malformed cast), which the game must refuse. Detail-
// free actions are taken as `legalEvents` hands them out (trusted: no re-validation), the rest
// built with `toEvent`. Then fresh playouts replay the sequence, timed by CPU: recording off,
// recording on, and the UI loop (`view` and every player's `legalActions` before each event).
// Every replay must see the same refusals as the making run, else the workload is not honest.
// --against=DIR: an A/B in this process — the playout of another checkout (DIR/src/playout) is
// timed too, its rounds interleaved with this one's, on the same workload made by its own
// playout (so that its trusted events are its own), which must be the same events.
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { toEvent, type LegalAction, type ResolutionEffect, type TurnEvent } from '../src/index.js';
import { createPlayout, type Playout } from '../src/playout/index.js';
import { seeded } from './random.js';

process.env.NODE_ENV ??= 'production';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const GAMES = Number(args[0] ?? 20);
const EVENTS = Number(args[1] ?? 3_000);
const SEED = Number(args[2] ?? 1);
const PROFILE = process.argv.includes('--profile');
// Per process: other runs of this bench on the same machine write their own.
const PROFILE_PATH = `/tmp/playout-random-${process.pid}.cpuprofile`;
const PLAYERS = ['A', 'B'];

const random = seeded;

interface Workload { events: unknown[]; refused: boolean[] }

type Create = typeof createPlayout;

function makeWorkload(createPlayout: Create, seed: number, count: number): Workload {
  const rand = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const game = createPlayout({ players: PLAYERS }, { recording: false });
  const events: unknown[] = [];
  const refused: boolean[] = [];
  let next = 0;
  const effects = (player: string): ResolutionEffect[] => {
    const r = rand();
    if (r < 0.01) return [{ endTurn: {} }];
    if (r < 0.02) return [{ endCombat: {} }];
    if (r < 0.04) return [{ extraTurn: { player } }];
    if (r < 0.07) return [{ createEffect: { id: `eff${next += 1}`, until: pick(['endOfTurn', { nextTurnOf: pick(PLAYERS) }, { beginningOf: 'upkeep' }] as const) } }];
    if (r < 0.09) return [{ at: { id: `at${next += 1}`, controller: player, when: pick(['upkeep', 'end', 'combat'] as const), once: true, effects: [] } }];
    return [];
  };
  while (events.length < count && !game.view().gameOver) {
    let event: unknown;
    if (rand() < 0.02) {
      // Illegal: a pass by whoever does not hold priority, or a malformed cast.
      const holder = game.view().priority;
      event = rand() < 0.5 ? { type: 'priority.pass', player: PLAYERS.find((p) => p !== holder) ?? 'A' } : { type: 'spell.cast', object: { id: 7 } };
    } else {
      const options: [string, LegalAction][] = PLAYERS.flatMap((p) => game.legalActions(p).filter((a) => a.type !== 'player.concede').map((a) => [p, a] as [string, LegalAction]));
      if (options.length === 0) break;
      // Passing dominates real play: weight it so turns go by.
      const spells = options.filter(([, a]) => a.type === 'spell.cast' || a.type === 'ability.activate');
      const [player, action] = spells.length > 0 && rand() < 0.12 ? pick(spells) : pick(options.filter(([, a]) => !spells.some(([, s]) => s === a)).length > 0 ? options.filter(([, a]) => !spells.some(([, s]) => s === a)) : options);
      const trusted = legalEventsOf(game, player).find((e) => e.type === action.type);
      if (action.type === 'spell.cast' || action.type === 'ability.activate') {
        event = toEvent(action, { player, object: { id: `o${next += 1}`, effects: effects(player) } } as never);
      } else if (action.type === 'combat.declareAttackers' && rand() < 0.5) {
        event = toEvent(action, { player, attackers: [{ id: `bear${next += 1}`, firstStrike: rand() < 0.3 }] } as never);
      } else {
        event = trusted ?? toEvent(action, { player } as never);
      }
    }
    events.push(event);
    refused.push(game.send(event) !== null);
  }
  turns.push(game.view().turn);
  return { events, refused };
}
const turns: number[] = [];

/** `playout.legalEvents(player)` where the playout has it (after issue 22), else none. */
function legalEventsOf(game: Playout, player: string): readonly TurnEvent[] {
  const withEvents = game as Playout & { legalEvents?: (p: string) => readonly TurnEvent[] };
  return withEvents.legalEvents ? withEvents.legalEvents(player) : [];
}

type Mode = 'off' | 'on' | 'ui';

function replay(createPlayout: Create, w: Workload, mode: Mode): void {
  const game = createPlayout({ players: PLAYERS }, { recording: mode === 'on' });
  const { events, refused } = w;
  for (let i = 0; i < events.length; i += 1) {
    if (mode === 'ui') {
      game.view();
      for (const p of PLAYERS) game.legalActions(p);
    }
    if ((game.send(events[i]) !== null) !== refused[i]) throw new Error(`replay (${mode}): event ${i} ${refused[i] ? 'accepted' : 'refused'}, unlike the making run`);
  }
}

const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };

const against = process.argv.find((a) => a.startsWith('--against='))?.slice('--against='.length);
const contenders: { name: string; create: Create }[] = [{ name: 'this', create: createPlayout }];
if (against !== undefined) {
  const other = await import(`${against.replace(/\/$/, '')}/src/playout/index.ts`) as { createPlayout: Create };
  contenders.push({ name: against, create: other.createPlayout });
}

const madeBy = contenders.map(({ create }) => Array.from({ length: GAMES }, (_, i) => makeWorkload(create, SEED + i, EVENTS)));
const made = madeBy[0];
for (const other of madeBy.slice(1)) {
  if (JSON.stringify(other) !== JSON.stringify(made)) throw new Error('--against: the other checkout makes another workload from the same seeds');
}
// --untrusted: the same events as copies, which the playout checks whole (an A/B of legalEvents' trust).
const untrusted = (ws: Workload[]) => ws.map((w) => ({ ...w, events: w.events.map((e) => JSON.parse(JSON.stringify(e)) as unknown) }));
const workloadsBy = process.argv.includes('--untrusted') ? madeBy.map(untrusted) : madeBy;
const workloads = workloadsBy[0];
const total = workloads.reduce((n, w) => n + w.events.length, 0);
const illegal = made.reduce((n, w) => n + w.refused.filter(Boolean).length, 0);
console.log(`${GAMES} games, ${total} events (${(100 * illegal / total).toFixed(1)} % refused), to turns ${turns.slice(0, GAMES).join(', ')}`);

if (PROFILE) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  for (let r = 0; r < 5; r += 1) for (const w of workloads) replay(createPlayout, w, process.argv.includes('--ui') ? 'ui' : 'off');
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(PROFILE_PATH, JSON.stringify(profile));
  console.log(`profile: ${PROFILE_PATH}`);
  const { printReport } = await import('./profile-report.js');
  printReport(profile as never, 40);
}

// Rounds interleave the modes (and the contenders), so that a busy moment of the machine touches them alike.
const MODES: Mode[] = ['off', 'on', 'ui'];
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const key = (c: number, mode: Mode) => `${c} ${mode}`;
const rates = new Map<string, number[]>();
const timeRound = (c: number, mode: Mode): number => {
  const t0 = cpu();
  for (const w of workloadsBy[c]) replay(contenders[c].create, w, mode);
  return total / (cpu() - t0);
};
for (const mode of MODES) for (let c = 0; c < contenders.length; c += 1) timeRound(c, mode); // warm up
for (let round = 0; round < ROUNDS; round += 1) {
  for (const mode of MODES) {
    // Each round in the other order: neither contender always runs first.
    for (let i = 0; i < contenders.length; i += 1) {
      const c = round % 2 === 0 ? i : contenders.length - 1 - i;
      const k = key(c, mode);
      if (!rates.has(k)) rates.set(k, []);
      rates.get(k)!.push(timeRound(c, mode));
    }
  }
}
// Each round's ratio to the other contender, timed next to it: a busy moment touches both, so
// these vary less than the rates themselves (read before the rates are sorted below).
const pairedRatios = (mode: Mode): number[] => rates.get(key(0, mode))!.map((r, i) => r / rates.get(key(1, mode))![i]).sort((a, b) => a - b);
const paired = contenders.length > 1 ? MODES.map((mode) => [mode, pairedRatios(mode)] as const) : [];
for (const mode of MODES) {
  for (let c = 0; c < contenders.length; c += 1) {
    const r = rates.get(key(c, mode))!.sort((a, b) => a - b);
    const mean = r.reduce((a, b) => a + b, 0) / r.length;
    const label = mode === 'ui' ? 'UI loop (view + legalActions of both, recording off)' : `recording ${mode}`;
    const who = contenders.length > 1 ? `[${contenders[c].name}] ` : '';
    console.log(`${who}${label}: median ${Math.round(r[r.length >> 1]).toLocaleString('en')} events/CPU-s, mean ${Math.round(mean).toLocaleString('en')}, best ${Math.round(r[r.length - 1]).toLocaleString('en')}`);
  }
}
for (const [mode, r] of paired) {
  const mean = r.reduce((a, b) => a + b, 0) / r.length;
  console.log(`[this / ${contenders[1].name}] ${mode}: per-round ratio median ${r[r.length >> 1].toFixed(3)}, mean ${mean.toFixed(3)}, range ${r[0].toFixed(2)}–${r[r.length - 1].toFixed(2)}`);
}
