import type { GameContext, PhaseId, PlayerId, StepId } from './types.js';

/** The history records of FORMAT.md; each also carries turn, phase and step. */
export type HistoryEvent =
  | { type: 'turnBegan'; player: PlayerId }
  | { type: 'turnEnded' }
  | { type: 'phaseBegan' | 'phaseEnded'; phase: PhaseId }
  | { type: 'stepBegan' | 'stepEnded'; step: StepId }
  | { type: 'priority' | 'passed'; player: PlayerId }
  | { type: 'triggered' | 'triggerRemoved' | 'putOnStack' | 'resolved' | 'didNotResolve' | 'ceasedToExist'; id: string }
  | { type: 'moved'; id: string; to: 'exile' | 'graveyard' | 'battlefield' | 'hand' }
  | { type: 'merged'; id: string; into: string }
  | { type: 'stateBasedActions' }
  | { type: 'effectCreated' | 'effectEnded'; id: string }
  | { type: 'removedFromCombat'; id: string }
  | { type: 'manaEmptied'; player: PlayerId }
  | { type: 'discarded'; player: PlayerId; count: number }
  | { type: 'turnEndedByEffect' | 'combatEndedByEffect' | 'endCombatIgnored'; source: string };

/** Where a record happened: the turn, phase and step as they were then. */
export interface Where {
  turn: number;
  phase: PhaseId | null;
  step: StepId | null;
}

type Distribute<E> = E extends HistoryEvent ? Omit<E, 'phase' | 'step'> & Where : never;
export type HistoryRecord = Distribute<HistoryEvent>;

/**
 * A working copy of the context for one named action: its containers are copied on
 * creation, so rules functions may push and splice them; the items inside (stack
 * objects, effects…) are values and are replaced, never mutated. This keeps every
 * past snapshot intact (undo, time travel) without deep-cloning.
 */
export interface Draft {
  readonly ctx: GameContext;
  readonly records: HistoryRecord[];
}

export function beginDraft(context: GameContext): Draft {
  const ctx: GameContext = {
    ...context,
    stepQueue: [...context.stepQueue],
    phaseQueue: [...context.phaseQueue],
    stepsThisTurn: [...context.stepsThisTurn],
    extraTurns: [...context.extraTurns],
    skips: [...context.skips],
    priority: { ...context.priority },
    stack: [...context.stack],
    resolution: context.resolution && { ...context.resolution },
    pendingTriggers: [...context.pendingTriggers],
    triggers: [...context.triggers],
    onStateBasedActions: [...context.onStateBasedActions],
    ceaseAtNextCheck: [...context.ceaseAtNextCheck],
    zones: {
      exile: [...context.zones.exile],
      graveyard: [...context.zones.graveyard],
      battlefield: [...context.zones.battlefield],
      ceasedToExist: [...context.zones.ceasedToExist],
    },
    merged: [...context.merged],
    effects: [...context.effects],
    attackers: [...context.attackers],
    blockers: [...context.blockers],
    defendersToDeclare: [...context.defendersToDeclare],
    manaPool: { ...context.manaPool },
    handSize: { ...context.handSize },
    illegalTargets: [...context.illegalTargets],
    falseConditions: [...context.falseConditions],
  };
  return { ctx, records: [] };
}

export function record(draft: Draft, event: HistoryEvent): void {
  const { turn, phase, step } = draft.ctx;
  draft.records.push({ ...event, turn, phase, step } as HistoryRecord);
}

/** Removes the first occurrence of `item`; returns whether it was there. */
export function removeItem<T>(list: T[], item: T): boolean {
  const index = list.indexOf(item);
  if (index < 0) return false;
  list.splice(index, 1);
  return true;
}

/** Players in turn order starting with `first` (APNAP order when `first` is active, 101.4). */
export function playersFrom(players: readonly PlayerId[], first: PlayerId): PlayerId[] {
  const start = players.indexOf(first);
  return [...players.slice(start), ...players.slice(0, start)];
}
