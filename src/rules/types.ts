// The game's data: plain JSON only (persisted snapshots must round-trip, DESIGN-NOTES).

export type PlayerId = string;

export const PHASES = ['beginning', 'precombatMain', 'combat', 'postcombatMain', 'ending'] as const;
export type PhaseId = (typeof PHASES)[number];

export const STEPS = [
  'untap', 'upkeep', 'draw',
  'beginningOfCombat', 'declareAttackers', 'declareBlockers', 'firstStrikeDamage', 'combatDamage', 'endOfCombat',
  'end', 'cleanup',
] as const;
export type StepId = (typeof STEPS)[number];

/** 500.1: the steps each phase normally has (main phases have none). */
export const STEPS_OF_PHASE: Record<PhaseId, readonly StepId[]> = {
  beginning: ['untap', 'upkeep', 'draw'],
  precombatMain: [],
  combat: ['beginningOfCombat', 'declareAttackers', 'declareBlockers', 'combatDamage', 'endOfCombat'],
  postcombatMain: [],
  ending: ['end', 'cleanup'],
};

export const PHASE_OF_STEP: Record<StepId, PhaseId> = {
  untap: 'beginning', upkeep: 'beginning', draw: 'beginning',
  beginningOfCombat: 'combat', declareAttackers: 'combat', declareBlockers: 'combat',
  firstStrikeDamage: 'combat', combatDamage: 'combat', endOfCombat: 'combat',
  end: 'ending', cleanup: 'ending',
};

export const SPELL_TYPES = ['instant', 'sorcery', 'creature', 'artifact', 'enchantment', 'planeswalker', 'battle', 'aura'] as const;
export const PERMANENT_TYPES = ['creature', 'artifact', 'enchantment', 'planeswalker', 'battle', 'aura'] as const;
export type SpellType = (typeof SPELL_TYPES)[number];
export type ObjectType = SpellType | 'activated' | 'triggered';

/** A spell or ability as the host describes it (FORMAT.md's OBJ). */
export interface StackObjectSpec {
  id: string;
  controller: PlayerId;
  type?: ObjectType;
  effects?: ResolutionEffect[];
  targets?: string[];
  copy?: boolean;
  timing?: 'instant' | 'sorcery' | 'yourTurn';
  if?: string;
  bestow?: boolean;
  mutate?: boolean;
  cannotEnter?: boolean;
}

/** A "beginning of" triggered ability (500.6), or a delayed one with `once`. */
export interface AtTriggerSpec {
  id: string;
  controller: PlayerId;
  when: StepId | PhaseId;
  whoseTurn?: PlayerId;
  once?: boolean;
  if?: string;
  effects?: ResolutionEffect[];
}

export type Duration =
  | 'endOfTurn' | 'endOfCombat' | 'endOfStep' | 'endOfPhase'
  | { beginningOf: StepId | PhaseId };

export interface ContinuousEffectSpec {
  id: string;
  until: Duration;
}

export interface CreatureSpec {
  id: string;
  firstStrike?: boolean;
  doubleStrike?: boolean;
  blocking?: string;
}

export type SkipSpec =
  | { player: PlayerId; step: StepId; each?: boolean }
  | { player: PlayerId; phase: PhaseId; each?: boolean }
  | { player: PlayerId; turn: true; each?: boolean };

/** What an object does when it resolves (608.2c: in written order). */
export type ResolutionEffect =
  | { endTurn: Record<string, never> }
  | { endCombat: Record<string, never> }
  | { extraTurn: { player: PlayerId } }
  | { addPhases: { phases: PhaseId[] } }
  | { addStep: { step: StepId; afterPhase?: boolean; count?: number } }
  | { skip: SkipSpec }
  | { trigger: StackObjectSpec }
  | { at: AtTriggerSpec }
  | { cast: StackObjectSpec }
  | { createEffect: ContinuousEffectSpec }
  | { addMana: { player: PlayerId; amount: number } };

/** An object on the stack. */
export interface StackObject extends StackObjectSpec {
  kind: 'spell' | 'ability';
}

/** One phase of the rest of the turn: the plan (DESIGN-NOTES: "a plan in context"). */
export interface PlannedPhase {
  phase: PhaseId;
  steps: StepId[];
}

export interface PendingSkip {
  player: PlayerId;
  kind: 'step' | 'phase' | 'turn';
  id: StepId | PhaseId | 'turn';
  each: boolean;
  /** For `each` skips: the turn they apply to, once known (that player's current or next turn). */
  turn: number | null;
}

export interface RegisteredTrigger extends AtTriggerSpec {
  /** How many times it triggered in `countTurn` (for ids `id@T.2`). */
  count: number;
  countTurn: number;
}

export interface Resolution {
  object: StackObject;
  /** Index of the next effect to perform (608.2c). */
  next: number;
  /** False when it did not resolve (608.2a, 608.2b): it only leaves the stack. */
  resolves: boolean;
}

export interface Zones {
  exile: string[];
  graveyard: string[];
  battlefield: string[];
  ceasedToExist: string[];
}

export interface GameOptions {
  skipFirstDraw: boolean;
  maxHandSize: number;
}

export interface GameContext {
  players: PlayerId[];
  options: GameOptions;
  turn: number;
  activePlayer: PlayerId;
  phase: PhaseId | null;
  step: StepId | null;
  /** Steps still to come in the current phase. */
  stepQueue: StepId[];
  /** Phases still to come this turn, after the current one. */
  phaseQueue: PlannedPhase[];
  stepsThisTurn: string[];
  firstStrikeStepDone: boolean;
  /** 500.7: extra turns still to take, next first. */
  extraTurns: PlayerId[];
  /** Index in `players` of the next regular turn's player. */
  nextRegularPlayer: number;
  skips: PendingSkip[];
  priority: { holder: PlayerId | null; passes: number };
  stack: StackObject[];
  resolution: Resolution | null;
  pendingTriggers: StackObject[];
  /** 723.1a/723.2a: set while ending the turn or the combat phase; triggers wait. */
  procedure: 'endTurn' | 'endCombat' | null;
  triggers: RegisteredTrigger[];
  onStateBasedActions: StackObject[];
  sbaPerformed: boolean;
  /** Objects that will cease to exist at the next state-based-action check (704.5e, 723.1b). */
  ceaseAtNextCheck: string[];
  zones: Zones;
  merged: { id: string; into: string }[];
  effects: ContinuousEffectSpec[];
  attackers: CreatureSpec[];
  blockers: CreatureSpec[];
  defendersToDeclare: PlayerId[];
  manaPool: Record<PlayerId, number>;
  handSize: Record<PlayerId, number>;
  illegalTargets: string[];
  falseConditions: string[];
}

export interface GameInput {
  players: PlayerId[];
  options?: Partial<GameOptions> & { hands?: Record<PlayerId, number> };
}
