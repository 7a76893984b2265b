// What a UI or a test sees of a game: FORMAT.md's VIEW, read from a snapshot.
import type { SnapshotFrom } from 'xstate';
import type { turnMachine } from '../machines/turn.js';
import type { HistoryRecord } from './rules/draft.js';
import type { WaitingFor } from './rules/legality.js';
import { upcomingTurns } from './rules/turnPlan.js';
import type { PhaseId, PlayerId, StepId, Zones } from './rules/types.js';

export type TurnSnapshot = SnapshotFrom<typeof turnMachine>;

export interface View {
  turn: number;
  activePlayer: PlayerId;
  phase: PhaseId | null;
  step: StepId | null;
  priority: PlayerId | null;
  waitingFor: WaitingFor;
  stack: string[];
  pendingTriggers: string[];
  zones: Zones;
  effects: string[];
  attackers: string[];
  blockers: string[];
  manaPool: Record<PlayerId, number>;
  handSize: Record<PlayerId, number>;
  stepsThisTurn: string[];
  nextTurns: PlayerId[];
  /** The rest of this turn: remaining steps of this phase, then the phases to come. */
  plan: { phase: PhaseId; steps: StepId[] }[];
  history: HistoryRecord[];
}

/** What the machine waits for now: a player's priority, a combat declaration, or nothing. */
export function waitingFor(snapshot: TurnSnapshot): WaitingFor {
  if (snapshot.matches({ turn: { priority: 'holding' } })) return 'priority';
  if (snapshot.matches({ turn: { phases: { combat: { declareAttackers: 'declaring' } } } })) return 'declareAttackers';
  if (snapshot.matches({ turn: { phases: { combat: { declareBlockers: 'declaring' } } } })) return 'declareBlockers';
  return null;
}

export interface ViewOptions {
  /** How many upcoming turns `nextTurns` lists (default: the extra turns plus two rounds). */
  upcomingTurns?: number;
}

export function view(snapshot: TurnSnapshot, history: readonly HistoryRecord[] = [], options: ViewOptions = {}): View {
  const ctx = snapshot.context;
  const waiting = waitingFor(snapshot);
  return {
    turn: ctx.turn,
    activePlayer: ctx.activePlayer,
    phase: ctx.phase,
    step: ctx.step,
    priority: waiting === 'priority' ? ctx.priority.holder : null,
    waitingFor: waiting,
    stack: ctx.stack.map((o) => o.id),
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
    history: [...history],
  };
}
