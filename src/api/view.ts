// What a UI, a runner or a test sees of a game: FORMAT.md's VIEW, read from a snapshot.
// Nothing outside the machine reads a snapshot's context: what they need is here.
import type { TurnSnapshot } from '../machine/index.js';
import { abilitiesToOrder, sideToOrder } from '../rules/triggerOrder.js';
import { durationInWords, triggerInWords } from './words.js';
import { playersOf, primaryOf } from '../rules/sides.js';
import { upcomingTurns } from '../rules/turnPlan.js';
import { shortcutsView, whyStopped } from '../rules/shortcuts.js';
import type { PhaseId, PlayerId, ShortcutView, StepId, WaitingFor } from '../vocabulary/index.js';

/** Who the game waits for, and for what. */
export interface Awaiting {
  kind: Exclude<WaitingFor, null>;
  /** The side it waits for: a player, or with teams a team's id. */
  side: string;
  /** The players who may act on it now (with teams, any one of them for the team: 805.5a). */
  players: PlayerId[];
  /** Why the game stopped here, in words (a standing pass ended, or does not declare; or none is in force: 732.2, 117.3…). */
  reason: string;
  /** The rule of `reason`. */
  rule: string;
}

/** A side (whoever takes turns, holds priority, declares): a player, or with teams (805) a team's id ("A+B"). */
export type Side = string;

export interface View {
  /** In turn order. */
  players: PlayerId[];
  turn: number;
  /** 500.7: the current turn is an extra turn. */
  extraTurn: boolean;
  /** The active player; with teams, the active team's primary player (805.2). */
  activePlayer: PlayerId;
  /** The players of the active team, listed order (805.9); without teams, `[activePlayer]`. */
  activePlayers: PlayerId[];
  /** 805.4a: the active team's id; null without teams. */
  activeTeam: string | null;
  /** 805: the teams, each its players (the first is its primary player); null without teams. */
  teams: Record<string, PlayerId[]> | null;
  phase: PhaseId | null;
  step: StepId | null;
  /** Who holds priority: a player, or with teams a team (805.5); null when nobody does. */
  priority: Side | null;
  waitingFor: WaitingFor;
  awaiting: Awaiting | null;
  /** The players who may cast, activate or pass now (805.5a: each player of the team that holds priority). */
  mayAct: PlayerId[];
  /** Who the game waits for to declare attackers or blockers (a player, or a team), or null. */
  declaring: Side | null;
  /** 603.3b, 805.7: while the game waits for an order of triggered abilities, who gives it and their ids (in the order they triggered). */
  orderTriggers: ({ player: PlayerId } | { team: string }) & { triggers: string[] } | null;
  stack: string[];
  /** The stack's objects, bottom to top, with their controllers. */
  stackObjects: { id: string; controller: PlayerId; kind: 'spell' | 'ability' }[];
  pendingTriggers: string[];
  zones: { exile: string[]; graveyard: string[]; battlefield: string[]; ceasedToExist: string[] };
  effects: string[];
  /** The continuous effects in force, each with its duration in words ("until A's next turn"). */
  continuousEffects: { id: string; until: string }[];
  /** The "beginning of" and delayed triggered abilities waiting for their step or phase, each with when, in words. */
  delayedTriggers: { id: string; controller: PlayerId; when: string }[];
  attackers: string[];
  blockers: string[];
  manaPool: Record<PlayerId, number>;
  handSize: Record<PlayerId, number>;
  stepsThisTurn: string[];
  /** Whose the upcoming turns are (players, or with teams teams), extra and skipped turns accounted for. */
  nextTurns: Side[];
  /** The rest of this turn: remaining steps of this phase, then the phases to come. */
  plan: { phase: PhaseId; steps: StepId[] }[];
  /** 732.2: each side's standing pass in force (null: none); with teams, each player's too (their team's). */
  shortcuts: Record<string, ShortcutView | null>;
}

/**
 * What `view` and `legalActions` read of a game: its context and which states are active. An
 * XState snapshot is one; so is a playout's state (src/playout).
 */
export type GameState = Pick<TurnSnapshot, 'context' | 'matches'>;

/** What the machine waits for now: a player's priority, a combat declaration, or nothing. */
export function waitingFor(snapshot: GameState): WaitingFor {
  if (snapshot.matches({ turn: { priority: 'holding' } })) return 'priority';
  if (snapshot.matches({ turn: { priority: 'orderingTriggers' } })) return 'orderTriggers';
  if (snapshot.matches({ turn: { phases: { combat: { declareAttackers: 'declaring' } } } })) return 'declareAttackers';
  if (snapshot.matches({ turn: { phases: { combat: { declareBlockers: 'declaring' } } } })) return 'declareBlockers';
  return null;
}

export interface ViewOptions {
  /** How many upcoming turns `nextTurns` lists (default: the extra turns plus two rounds; at most `MAX_UPCOMING_TURNS`). */
  upcomingTurns?: number;
}

/** The most upcoming turns a view lists, whatever it is asked for (a view always answers at once). */
export const MAX_UPCOMING_TURNS = 100_000;

const upcomingCount = (asked: unknown, fallback: number) =>
  (typeof asked === 'number' && Number.isFinite(asked) ? Math.min(Math.max(Math.floor(asked), 0), MAX_UPCOMING_TURNS) : fallback);

export function view(snapshot: GameState, options: ViewOptions = {}): View {
  const ctx = snapshot.context;
  const waiting = waitingFor(snapshot);
  const priority = waiting === 'priority' ? ctx.priority.holder : null;
  const declaring = waiting === 'declareAttackers' ? ctx.activeSide : waiting === 'declareBlockers' ? ctx.defendersToDeclare[0] ?? null : null;
  const orderer = waiting === 'orderTriggers' ? sideToOrder(ctx) : null;
  const awaited = priority ?? declaring ?? orderer;
  const mayAct = priority === null ? [] : playersOf(ctx, priority);
  return {
    players: [...ctx.players],
    turn: ctx.turn,
    extraTurn: ctx.extraTurn,
    activePlayer: primaryOf(ctx, ctx.activeSide),
    activePlayers: playersOf(ctx, ctx.activeSide),
    activeTeam: ctx.teams === null ? null : ctx.activeSide,
    teams: ctx.teams === null ? null : Object.fromEntries(Object.entries(ctx.teams).map(([team, players]) => [team, [...players]])),
    phase: ctx.phase,
    step: ctx.step,
    priority,
    waitingFor: waiting,
    awaiting: waiting === null || awaited === null ? null : { kind: waiting, side: awaited, players: playersOf(ctx, awaited), ...whyStopped(ctx, waiting, awaited) },
    mayAct,
    declaring,
    orderTriggers: orderer === null ? null : { ...(ctx.teams === null ? { player: orderer } : { team: orderer }), triggers: abilitiesToOrder(ctx, orderer) },
    stack: ctx.stack.map((o) => o.id),
    stackObjects: ctx.stack.map((o) => ({ id: o.id, controller: o.controller, kind: o.kind })),
    pendingTriggers: ctx.pendingTriggers.map((o) => o.id),
    zones: {
      exile: [...ctx.zones.exile],
      graveyard: [...ctx.zones.graveyard],
      battlefield: [...ctx.zones.battlefield],
      ceasedToExist: [...ctx.zones.ceasedToExist],
    },
    effects: ctx.effects.map((e) => e.id),
    continuousEffects: ctx.effects.map((e) => ({ id: e.id, until: durationInWords(e.until, e, ctx) })),
    delayedTriggers: ctx.triggers.map((t) => ({ id: t.id, controller: t.controller, when: triggerInWords(t, ctx) })),
    attackers: ctx.attackers.map((c) => c.id),
    blockers: ctx.blockers.map((c) => c.id),
    manaPool: { ...ctx.manaPool },
    handSize: { ...ctx.handSize },
    stepsThisTurn: [...ctx.stepsThisTurn],
    nextTurns: upcomingTurns(ctx, upcomingCount(options.upcomingTurns, ctx.extraTurns.length + 2 * ctx.sides.length)),
    plan: [
      ...(ctx.phase && ctx.stepQueue.length > 0 ? [{ phase: ctx.phase, steps: [...ctx.stepQueue] }] : []),
      ...ctx.phaseQueue.map((p) => ({ phase: p.phase, steps: [...p.steps] })),
    ],
    shortcuts: shortcutsView(ctx),
  };
}
