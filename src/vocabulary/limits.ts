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
});

/** What each limit bounds, in words (README table, `limitReached` records, refusals). */
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
};
