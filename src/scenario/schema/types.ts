/**
 * The scenario format's types (FORMAT.md), exactly as the JSON is written:
 * optional keys stay optional, defaults are the runner's business.
 */
import type {
  ABILITY_TIMINGS,
  ABILITY_TYPES,
  DURATION_KEYWORDS,
  HISTORY_RECORD_TYPES,
  PHASE_IDS,
  SPELL_TIMINGS,
  SPELL_TYPES,
  STEP_IDS,
  STEPS_THIS_TURN_IDS,
  WAITING_FOR,
} from './ids.js';

export type PlayerId = string;
export type PhaseId = (typeof PHASE_IDS)[number];
export type StepId = (typeof STEP_IDS)[number];
export type StepOrPhaseId = StepId | PhaseId;
/** A step, or a main phase by its phase id (`stepsThisTurn`). */
export type StepsThisTurnId = (typeof STEPS_THIS_TURN_IDS)[number];
export type SpellType = (typeof SPELL_TYPES)[number];
export type AbilityType = (typeof ABILITY_TYPES)[number];
export type StackObjectType = SpellType | AbilityType;
export type Timing = (typeof SPELL_TIMINGS)[number] | (typeof ABILITY_TIMINGS)[number];
export type DurationKeyword = (typeof DURATION_KEYWORDS)[number];
export type WaitingFor = (typeof WAITING_FOR)[number];
export type HistoryRecordType = (typeof HISTORY_RECORD_TYPES)[number];

/** `OBJ`: a spell (`cast`) or an ability (`activate`, `trigger`, `onStateBasedActions`). */
export interface StackObjectSpec {
  id: string;
  controller: PlayerId;
  /** Required for spells; abilities default by entry (`activated` / `triggered`). */
  type?: StackObjectType;
  /** Run in order on resolution; omitted = none. */
  effects?: ResolutionEffect[];
  targets?: string[];
  copy?: boolean;
  /** `instant` for spells (flash); `sorcery` / `yourTurn` for abilities. */
  timing?: Timing;
  /** Intervening-"if" condition name; triggered abilities only. */
  if?: string;
  /** Aura spells only. */
  bestow?: boolean;
  /** Creature spells only. */
  mutate?: boolean;
  /** Permanent spells only. */
  cannotEnter?: boolean;
}

/** `AT`: a "beginning of" triggered ability (500.6). */
export interface AtSpec {
  id: string;
  controller: PlayerId;
  /** A step id, a phase id (when that phase begins), or `endOfCombat`. */
  when: StepOrPhaseId;
  whoseTurn?: PlayerId;
  once?: boolean;
  if?: string;
  effects?: ResolutionEffect[];
}

export type EffectDuration = DurationKeyword | { beginningOf: StepOrPhaseId };

/** `EFFECT`: a continuous effect with a duration. */
export interface ContinuousEffectSpec {
  id: string;
  until: EffectDuration;
}

/** `CREATURE`: an attacker or a blocker (`blocking` is required for blockers, refused for attackers). */
export interface CreatureSpec {
  id: string;
  firstStrike?: boolean;
  doubleStrike?: boolean;
  blocking?: string;
}

export interface AddManaSpec {
  player: PlayerId;
  amount: number;
}

export interface AddStepSpec {
  step: StepId;
  afterPhase?: boolean;
  count?: number;
}

/** Exactly one of `step`, `phase`, `turn`; `each` only with `step` or `phase`. */
export interface SkipSpec {
  player: PlayerId;
  step?: StepId;
  phase?: PhaseId;
  turn?: true;
  each?: boolean;
}

/** An empty object: `{"endTurn": {}}`. */
export type EmptySpec = Record<string, never>;

/** One key → its value: turns `{a: A, b: B}` into `{a: A} | {b: B}`. */
export type OneKeyOf<T> = { [K in keyof T]: { [P in K]: T[K] } }[keyof T];

export interface ResolutionEffectMap {
  endTurn: EmptySpec;
  endCombat: EmptySpec;
  extraTurn: { player: PlayerId };
  addPhases: { phases: PhaseId[] };
  addStep: AddStepSpec;
  skip: SkipSpec;
  trigger: StackObjectSpec;
  at: AtSpec;
  cast: StackObjectSpec;
  createEffect: ContinuousEffectSpec;
  addMana: AddManaSpec;
}

/** An entry of `EFFECTS`, e.g. `{"endTurn": {}}`. */
export type ResolutionEffect = OneKeyOf<ResolutionEffectMap>;

/** `{"advanceTo": …}`: exactly one of `step` / `phase`. */
export interface AdvanceToSpec {
  turn?: number;
  step?: StepId;
  phase?: PhaseId;
}

export interface ActionMap {
  pass: PlayerId;
  passAll: true;
  advanceTo: AdvanceToSpec;
  cast: StackObjectSpec;
  activate: StackObjectSpec;
  trigger: StackObjectSpec;
  at: AtSpec;
  onStateBasedActions: StackObjectSpec;
  declareAttackers: { player: PlayerId; attackers: CreatureSpec[] };
  declareBlockers: { player: PlayerId; blockers: CreatureSpec[] };
  createEffect: ContinuousEffectSpec;
  addMana: AddManaSpec;
  invalidateTarget: string;
  setCondition: { name: string; value: boolean };
}

/** A script entry that is a game action (what `reject` holds). */
export type ActionEntry = OneKeyOf<ActionMap>;

export interface ScriptEntryMap extends ActionMap {
  reject: ActionEntry;
  expect: ViewExpectation;
}

export type ScriptEntry = OneKeyOf<ScriptEntryMap>;

/** A history record pattern: the fields (of those records have) a matching record must have. */
export interface HistoryRecordPattern {
  type?: HistoryRecordType;
  turn?: number;
  phase?: string | null;
  step?: string | null;
  player?: string;
  id?: string;
  to?: 'exile' | 'graveyard' | 'battlefield' | 'hand';
  into?: string;
  source?: string;
  count?: number;
}

export interface HistoryExpectation {
  includes?: HistoryRecordPattern[];
  excludes?: HistoryRecordPattern[];
  sequence?: HistoryRecordPattern[];
}

export interface ZonesExpectation {
  exile?: string[];
  graveyard?: string[];
  battlefield?: string[];
  ceasedToExist?: string[];
}

/** `VIEW`: what `expect` checks; every key optional. */
export interface ViewExpectation {
  turn?: number;
  activePlayer?: PlayerId;
  phase?: PhaseId;
  step?: StepId | null;
  priority?: PlayerId | null;
  waitingFor?: WaitingFor | null;
  stack?: string[];
  pendingTriggers?: string[];
  zones?: ZonesExpectation;
  effects?: string[];
  attackers?: string[];
  blockers?: string[];
  manaPool?: Record<PlayerId, number>;
  handSize?: Record<PlayerId, number>;
  stepsThisTurn?: StepsThisTurnId[];
  nextTurns?: PlayerId[];
  history?: HistoryExpectation;
}

export interface ScenarioOptions {
  skipFirstDraw?: boolean;
  maxHandSize?: number;
  hands?: Record<PlayerId, number>;
}

export interface Scenario {
  name: string;
  rules?: string[];
  players: PlayerId[];
  options?: ScenarioOptions;
  script: ScriptEntry[];
}

export type ScenarioResult = { ok: true; scenario: Scenario } | { ok: false; errors: string[] };
