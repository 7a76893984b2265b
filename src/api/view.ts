// What a UI, a runner or a test sees of a game: FORMAT.md's VIEW, read from a snapshot.
// Nothing outside the machine reads a snapshot's context: what they need is here.
import type { TurnSnapshot } from '../machine/index.js';
import { upcomingTurns } from '../rules/turnPlan.js';
import type { PhaseId, PlayerId, StepId, WaitingFor } from '../vocabulary/index.js';

/** Who the game waits for, and for what. */
export interface Awaiting {
  kind: Exclude<WaitingFor, null>;
  /** The players who may act on it now (any one of them for their side). */
  players: PlayerId[];
}

export interface View {
  /** In turn order. */
  players: PlayerId[];
  turn: number;
  activePlayer: PlayerId;
  /** The players of the active side (the active player, in a game without teams). */
  activePlayers: PlayerId[];
  activeTeam: string | null;
  phase: PhaseId | null;
  step: StepId | null;
  /** Who holds priority, or null. */
  priority: PlayerId | null;
  waitingFor: WaitingFor;
  awaiting: Awaiting | null;
  /** The players who may cast, activate or pass now. */
  mayAct: PlayerId[];
  /** Who the game waits for to declare attackers or blockers, or null. */
  declaring: PlayerId | null;
  stack: string[];
  /** The stack's objects, bottom to top, with their controllers. */
  stackObjects: { id: string; controller: PlayerId; kind: 'spell' | 'ability' }[];
  pendingTriggers: string[];
  zones: { exile: string[]; graveyard: string[]; battlefield: string[]; ceasedToExist: string[] };
  effects: string[];
  attackers: string[];
  blockers: string[];
  manaPool: Record<PlayerId, number>;
  handSize: Record<PlayerId, number>;
  stepsThisTurn: string[];
  nextTurns: PlayerId[];
  /** The rest of this turn: remaining steps of this phase, then the phases to come. */
  plan: { phase: PhaseId; steps: StepId[] }[];
}

/**
 * What `view` and `legalActions` read of a game: its context and which states are active. An
 * XState snapshot is one; so is a playout's state (src/playout).
 */
export type GameState = Pick<TurnSnapshot, 'context' | 'matches'>;

/** What the machine waits for now: a player's priority, a combat declaration, or nothing. */
export function waitingFor(snapshot: GameState): WaitingFor {
  if (snapshot.matches({ turn: { priority: 'holding' } })) return 'priority';
  if (snapshot.matches({ turn: { phases: { combat: { declareAttackers: 'declaring' } } } })) return 'declareAttackers';
  if (snapshot.matches({ turn: { phases: { combat: { declareBlockers: 'declaring' } } } })) return 'declareBlockers';
  return null;
}

export interface ViewOptions {
  /** How many upcoming turns `nextTurns` lists (default: the extra turns plus two rounds). */
  upcomingTurns?: number;
}

export function view(snapshot: GameState, options: ViewOptions = {}): View {
  const ctx = snapshot.context;
  const waiting = waitingFor(snapshot);
  const priority = waiting === 'priority' ? ctx.priority.holder : null;
  const declaring = waiting === 'declareAttackers' ? ctx.activePlayer : waiting === 'declareBlockers' ? ctx.defendersToDeclare[0] ?? null : null;
  const mayAct = priority === null ? [] : [priority];
  return {
    players: [...ctx.players],
    turn: ctx.turn,
    activePlayer: ctx.activePlayer,
    activePlayers: [ctx.activePlayer],
    activeTeam: null,
    phase: ctx.phase,
    step: ctx.step,
    priority,
    waitingFor: waiting,
    awaiting: waiting === null ? null : { kind: waiting, players: waiting === 'priority' ? mayAct : declaring === null ? [] : [declaring] },
    mayAct,
    declaring,
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
    attackers: ctx.attackers.map((c) => c.id),
    blockers: ctx.blockers.map((c) => c.id),
    manaPool: { ...ctx.manaPool },
    handSize: { ...ctx.handSize },
    stepsThisTurn: [...ctx.stepsThisTurn],
    nextTurns: upcomingTurns(ctx, options.upcomingTurns ?? ctx.extraTurns.length + 2 * ctx.players.length),
    plan: [
      ...(ctx.phase && ctx.stepQueue.length > 0 ? [{ phase: ctx.phase, steps: [...ctx.stepQueue] }] : []),
      ...ctx.phaseQueue.map((p) => ({ phase: p.phase, steps: [...p.steps] })),
    ],
  };
}
