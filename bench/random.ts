// The random workloads (issue 22): seeded random legal play, generated once on `createGame`
// driven only by the public `view()` and `legalActions()`, then replayed by every contender
// that can follow it. The policy, at each decision, asks who the game waits for and what that
// player may do, and picks among the legal actions: mostly passes; casts and activations
// (some of them Time Stop–like "end the turn" (723.1) and Mandate of Peace–like "end the combat"
// (723.2) spells, extra turns (500.7), effects with durations (611.2), delayed triggers (603.7));
// attacks and blocks; orders of triggers. About 2 % of the events are deliberately illegal
// (another player's pass, a sorcery at instant speed, a malformed event, an unknown type): each
// must be refused, by every contender, for the same reason.
import {
  createGame, type GameInput, type LegalAction, type PlayerId, type ResolutionEffect, type StackObjectSpec, type TurnEvent, type View,
} from '../src/index.js';
import { whereKey, whereOfView } from './script.js';

/** A workload: its game's input, its events and, for each, the refusal our machine gives (null: accepted). */
export interface Workload {
  name: string;
  description: string;
  input: GameInput;
  /** The events, illegal ones included (any value: they are sent as they are). */
  events: unknown[];
  /** The refusal reason of each event on our machine, null when accepted. */
  refusals: (string | null)[];
  /** How many events are refused. */
  refused: number;
  /** Who the UI would ask `legalActions` for before each event (the player the game waits for). */
  askers: PlayerId[];
  /** Where the game is after each event (whereKey), as our machine says. */
  trace: string[];
  /** The game's last turn (where it is after the last event). */
  turns: number;
  /** The UI loop: `view()` and `legalActions()` before each event. */
  uiLoop: boolean;
  /** What the events are, by kind. */
  kinds: Record<string, number>;
}

/** mulberry32: a small seeded generator, so that a workload is the same in every run. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The player the game waits for now, in a view (with teams: the team's first player still in the game). */
function awaited(v: View): PlayerId | null {
  const first = (side: string | null) => (side === null ? null : v.teams?.[side]?.find((p) => v.inGame.includes(p)) ?? side);
  if (v.waitingFor === 'priority') return v.mayAct[0] ?? null;
  if (v.waitingFor === 'declareAttackers' || v.waitingFor === 'declareBlockers') return first(v.declaring);
  if (v.waitingFor === 'orderTriggers' && v.orderTriggers) {
    return 'player' in v.orderTriggers ? v.orderTriggers.player : first(v.orderTriggers.team);
  }
  return null;
}

export interface WorkloadSpec {
  name: string;
  description: string;
  input: GameInput;
  seed: number;
  /** Whole turns played. */
  turns: number;
  uiLoop?: boolean;
}

/** The workloads the bench plays: 2, 4 and 8 players, Two-Headed Giant, and the 2-player game in a UI loop. */
export function workloadSpecs(scale = 1): WorkloadSpec[] {
  const turns = (n: number) => Math.max(10, Math.round(n * scale));
  const players = (n: number) => ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].slice(0, n);
  return [
    { name: 'random2', description: 'random legal play, 2 players', input: { players: players(2) }, seed: 22, turns: turns(80) },
    { name: 'random4', description: 'random legal play, 4 players', input: { players: players(4) }, seed: 44, turns: turns(40) },
    { name: 'random8', description: 'random legal play, 8 players', input: { players: players(8) }, seed: 88, turns: turns(20) },
    {
      name: 'random2hg', description: 'random legal play, Two-Headed Giant (810)',
      input: { players: players(4), teams: [['A', 'B'], ['C', 'D']], options: { variant: 'twoHeadedGiant' } }, seed: 810, turns: turns(40),
    },
    { name: 'ui2', description: 'the 2-player game in a UI loop: view() and legalActions() before each event', input: { players: players(2) }, seed: 22, turns: turns(80), uiLoop: true },
  ];
}

/**
 * A spell's or an ability's effects: mostly none. The procedures that end things come on a
 * schedule of turns (a per-cast chance would end nearly every 8-player turn before its combat):
 * the first spell or ability of a turn's combat phase or later ends the turn every 7th turn
 * (Time Stop, 723.1), the first in a combat phase ends the combat every 5th (Mandate of Peace,
 * 723.2), the first of every 9th turn gives an extra turn (500.7); effects with durations
 * (611.2) and delayed triggers (603.7) come by chance.
 */
function effectsOf(pick: () => number, v: View, player: PlayerId, serial: number, used: Set<string>): { effects: ResolutionEffect[]; kind: string } {
  const first = (what: string) => { const key = `${v.turn}:${what}`; if (used.has(key)) return false; used.add(key); return true; };
  const opponent = v.inGame.find((p) => p !== player) ?? player;
  const lateInTurn = v.phase === 'combat' || v.phase === 'postcombatMain' || v.phase === 'ending';
  if (v.turn % 7 === 3 && lateInTurn && first('timeStop')) return { effects: [{ endTurn: {} }], kind: 'timeStop' };
  if (v.turn % 5 === 2 && v.phase === 'combat' && first('mandate')) return { effects: [{ endCombat: {} }], kind: 'mandateOfPeace' };
  if (v.turn % 9 === 4 && first('extraTurn')) return { effects: [{ extraTurn: { player } }], kind: 'extraTurn' };
  const r = pick();
  if (r < 0.05) {
    const until = pick() < 0.5 ? 'endOfTurn' as const : { nextTurnOf: opponent };
    return { effects: [{ createEffect: { id: `effect${serial}`, until } }], kind: 'duration' };
  }
  if (r < 0.08) {
    return { effects: [{ at: { id: `delayed${serial}`, controller: player, when: 'end', once: true, effects: [] } }], kind: 'delayedTrigger' };
  }
  return { effects: [], kind: 'plain' };
}

/** An illegal event of a few kinds, each refused for its own reason. */
function illegalEvent(pick: () => number, v: View, player: PlayerId, legal: LegalAction[]): { event: unknown; kind: string } {
  const r = pick();
  const sorceryNow = legal.some((a) => a.type === 'spell.cast' && a.timing === 'sorcery');
  const bystander = v.players.find((p) => !v.mayAct.includes(p) && p !== player) ?? player;
  if (r < 0.3) return { event: { type: 'priority.pass', player: bystander }, kind: 'illegal:notYours' };
  if (r < 0.55 && !sorceryNow) return { event: { type: 'spell.cast', object: { id: 'x', controller: player, type: 'sorcery', effects: [] } }, kind: 'illegal:timing' };
  if (r < 0.8) return { event: { type: 'spell.cast', object: { id: 7 } }, kind: 'illegal:malformed' };
  return { event: { type: 'game.noSuchEvent', player }, kind: 'illegal:unknownType' };
}

const pickOne = <T>(pick: () => number, xs: readonly T[]): T => xs[Math.floor(pick() * xs.length)];

/** The legal event the policy picks for `player` among `legal` (always one: passing, declaring or ordering is always possible when awaited). */
function legalEvent(pick: () => number, v: View, player: PlayerId, legal: LegalAction[], serial: number, used: Set<string>): { event: TurnEvent; kind: string } {
  const has = (type: LegalAction['type']) => legal.find((a) => a.type === type);
  const order = has('triggers.order');
  if (order?.type === 'triggers.order') {
    const triggers = [...order.triggers].sort(() => pick() - 0.5);
    return { event: { type: 'triggers.order', player, order: triggers }, kind: 'order' };
  }
  const attack = has('combat.declareAttackers');
  if (attack) {
    const n = Math.floor(pick() * 3);
    const attackers = Array.from({ length: n }, (_, i) => ({ id: `${player}c${i}`, firstStrike: pick() < 0.2 }));
    return { event: { type: 'combat.declareAttackers', player, attackers }, kind: 'attack' };
  }
  if (has('combat.declareBlockers')) {
    const blockers = v.attackers.filter(() => pick() < 0.5).map((attacker, i) => ({ id: `${player}b${i}`, blocking: attacker }));
    return { event: { type: 'combat.declareBlockers', player, blockers }, kind: 'block' };
  }
  const casts = legal.filter((a) => a.type === 'spell.cast' || a.type === 'ability.activate');
  // A bounded stack: past 3 objects, everyone passes and it resolves. The active player acts most.
  const chance = v.activePlayers.includes(player) ? 0.2 : 0.06;
  if (casts.length > 0 && v.stack.length < 3 && pick() < chance) {
    const action = pickOne(pick, casts);
    const { effects, kind } = effectsOf(pick, v, player, serial, used);
    const timing = 'timing' in action ? action.timing : 'instant';
    if (action.type === 'spell.cast') {
      const object: StackObjectSpec = timing === 'sorcery'
        ? { id: `s${serial}`, controller: player, type: 'sorcery', effects }
        : { id: `s${serial}`, controller: player, type: 'instant', ...(timing !== 'instant' && { timing }), effects };
      return { event: { type: 'spell.cast', object }, kind: `cast:${kind}` };
    }
    const object: StackObjectSpec = { id: `a${serial}`, controller: player, type: 'activated', ...(timing !== 'instant' && { timing }), effects };
    return { event: { type: 'ability.activate', object }, kind: `activate:${kind}` };
  }
  return { event: { type: 'priority.pass', player }, kind: 'pass' };
}

/** Generates a workload on `createGame` (public API only) and checks it does what it should. */
export function buildWorkload(spec: WorkloadSpec): Workload {
  const pick = seeded(spec.seed);
  const game = createGame(spec.input);
  const events: unknown[] = [];
  const refusals: (string | null)[] = [];
  const askers: PlayerId[] = [];
  const trace: string[] = [];
  const kinds: Record<string, number> = {};
  const used = new Set<string>();
  while (game.view().turn <= spec.turns) {
    const v = game.view();
    if (v.gameOver) throw new Error(`${spec.name}: the game ended at turn ${v.turn}`);
    const player = awaited(v);
    if (player === null) throw new Error(`${spec.name}: nobody to act at ${whereKey(whereOfView(v))}`);
    const illegal = pick() < 0.02;
    const legal = game.legalActions(player);
    const { event, kind } = illegal ? illegalEvent(pick, v, player, legal) : legalEvent(pick, v, player, legal, events.length, used);
    const refusal = game.send(event);
    if (illegal !== (refusal !== null)) {
      throw new Error(`${spec.name}: event ${events.length} (${kind}) ${illegal ? 'accepted' : `refused: ${refusal?.reason}`}`);
    }
    events.push(event);
    refusals.push(refusal?.reason ?? null);
    askers.push(player);
    trace.push(whereKey(whereOfView(game.view())));
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    if (events.length > 2000 * spec.turns) throw new Error(`${spec.name}: runaway workload`);
  }
  const turns = game.view().turn;
  game.stop();
  return {
    name: spec.name, description: spec.description, input: spec.input, events, refusals,
    refused: refusals.filter((r) => r !== null).length, askers, trace, turns, uiLoop: spec.uiLoop ?? false, kinds,
  };
}
