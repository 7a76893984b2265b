// Resource limits: generous bounds no real game reaches, so that no input — however large or
// hostile — can make one event cost unbounded time or memory. An event that would pass one is
// refused (rule "limit"); an effect that would pass one as it resolves is not performed, and
// the history says so (`limitReached`). A host may set its own (`GameInput.limits`).

/** A game's bounds: how many players, objects, effects, … it may hold (the machine refuses what goes past one). */
export interface Limits {
  /** Characters in an id, a name or a condition. */
  maxIdLength: number;
  /** Levels of nesting in one event (objects inside effects inside objects…). */
  maxNesting: number;
  /** Values (objects, lists, strings, numbers…) in one event. */
  maxValuesPerEvent: number;
  /** Effects in one spell's or ability's list. */
  maxEffects: number;
  /** Targets of one spell or ability. */
  maxTargets: number;
  /** Creatures in one declaration of attackers or blockers, and attacking (or blocking) at once. */
  maxCreatures: number;
  /** `addStep.count`. */
  maxStepCount: number;
  /** Objects on the stack. */
  maxStack: number;
  /** Triggered abilities waiting to go on the stack. */
  maxPendingTriggers: number;
  /** Registered "at the beginning of" abilities, and abilities waiting for a check or a discard. */
  maxRegisteredTriggers: number;
  /** Continuous effects in force. */
  maxEffectsInForce: number;
  /** Extra turns waiting to be taken. */
  maxExtraTurns: number;
  /** Skips waiting to apply. */
  maxSkips: number;
  /** Phases planned for the rest of a turn, and steps planned for the rest of a phase. */
  maxPlannedPhases: number;
  /** Mana in one pool; cards in one hand. */
  maxAmount: number;
  /** Named conditions set false, and objects made illegal targets. */
  maxMarks: number;
  /**
   * Untap and cleanup steps (502.4, 514.3: no player receives priority in them) one event may
   * take: past it, the untap steps still planned are not taken (`limitReached`).
   */
  maxStepsWithoutPriority: number;
}

/** The limits of a game whose input gives none. */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxIdLength: 200,
  maxNesting: 12,
  maxValuesPerEvent: 20_000,
  maxEffects: 200,
  maxTargets: 100,
  maxCreatures: 500,
  maxStepCount: 100,
  maxStack: 1_000,
  maxPendingTriggers: 1_000,
  maxRegisteredTriggers: 1_000,
  maxEffectsInForce: 1_000,
  maxExtraTurns: 10_000,
  maxSkips: 1_000,
  maxPlannedPhases: 1_000,
  maxAmount: 1_000_000,
  maxMarks: 10_000,
  maxStepsWithoutPriority: 50,
});

/** What each limit bounds, in words (the README's table; `mtg-turn-machine/vocabulary` only: no game reads it). */
export const LIMIT_DESCRIPTIONS: Readonly<Record<keyof Limits, string>> = {
  maxIdLength: 'characters in an id, a name or a condition',
  maxNesting: 'levels of nesting in one event',
  maxValuesPerEvent: 'values in one event',
  maxEffects: "effects in one spell's or ability's list",
  maxTargets: 'targets of one spell or ability',
  maxCreatures: 'creatures in one declaration, and attacking (or blocking) at once',
  maxStepCount: 'steps added by one addStep (count)',
  maxStack: 'objects on the stack',
  maxPendingTriggers: 'triggered abilities waiting to go on the stack',
  maxRegisteredTriggers: 'registered "at the beginning of", state-based-action and discard triggers',
  maxEffectsInForce: 'continuous effects in force',
  maxExtraTurns: 'extra turns waiting to be taken',
  maxSkips: 'skips waiting to apply',
  maxPlannedPhases: 'phases planned for the rest of a turn (and steps for the rest of a phase)',
  maxAmount: 'mana in one pool, cards in one hand',
  maxMarks: 'conditions set false, objects made illegal targets',
  maxStepsWithoutPriority: 'untap and cleanup steps one event may take (no priority in them)',
};

/** The most a host may set each limit to, in a game input and in a persisted snapshot alike (deep nesting costs stack). */
export const LIMIT_CEILINGS: Readonly<Record<keyof Limits, number>> = Object.freeze({
  ...Object.fromEntries(Object.keys(DEFAULT_LIMITS).map((key) => [key, 10_000_000])) as Record<keyof Limits, number>,
  maxNesting: 64,
  maxIdLength: 10_000,
});

/**
 * Room the machine keeps in an id for what it appends: a registered ability that triggers gets
 * `@turn` and, from its second time in a turn, `.count` (603.2: each time is its own ability);
 * both numbers fit in 16 digits.
 */
export const DERIVED_ID_SUFFIX = 34;

/** The least each limit may be, and why: below it the rules could not be played (see also `playabilityIssues`). */
export const LIMIT_FLOORS: Readonly<Partial<Record<keyof Limits, [number, string]>>> = Object.freeze({
  maxIdLength: [DERIVED_ID_SUFFIX + 6, `a registered ability's id needs room for the "@turn.count" the machine appends as it triggers (${DERIVED_ID_SUFFIX} characters), and the probes of legalActions`],
  maxNesting: [4, 'a declaration of attackers or blockers is nested 3 levels deep (event, list, creature)'],
  maxValuesPerEvent: [16, 'the smallest declaration of blockers, or order of abilities, takes that many values'],
  maxPlannedPhases: [6, 'a turn plans its 5 phases, and a combat phase its 5 steps (6 with a first-strike damage step, 510.4)'],
  maxStepsWithoutPriority: [4, 'one pass may end a turn: its cleanup step, then the next turn\'s untap step (and an extra of each)'],
});
