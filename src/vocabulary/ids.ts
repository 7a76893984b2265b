// The fixed words of the game: phases, steps, object types, timings (CR 500.1, 300).

export type PlayerId = string;
/** A team's id: its players joined with `+`, in listed order (a team of one: that player's id). */
export type TeamId = string;

export const PHASES = ['beginning', 'precombatMain', 'combat', 'postcombatMain', 'ending'] as const;
export type PhaseId = (typeof PHASES)[number];

export const STEPS = [
  'untap', 'upkeep', 'draw',
  'beginningOfCombat', 'declareAttackers', 'declareBlockers', 'firstStrikeDamage', 'combatDamage', 'endOfCombat',
  'end', 'cleanup',
] as const;
export type StepId = (typeof STEPS)[number];
export type StepOrPhaseId = StepId | PhaseId;
export const STEPS_AND_PHASES: readonly StepOrPhaseId[] = [...STEPS, ...PHASES];

/** What `stepsThisTurn` lists: steps, and main phases by their phase id. */
export const STEPS_THIS_TURN = [...STEPS, 'precombatMain', 'postcombatMain'] as const;
export type StepsThisTurnId = (typeof STEPS_THIS_TURN)[number];

/** 500.1: the steps each phase normally has (main phases have none). */
export const STEPS_OF_PHASE: Readonly<Record<PhaseId, readonly StepId[]>> = {
  beginning: ['untap', 'upkeep', 'draw'],
  precombatMain: [],
  combat: ['beginningOfCombat', 'declareAttackers', 'declareBlockers', 'combatDamage', 'endOfCombat'],
  postcombatMain: [],
  ending: ['end', 'cleanup'],
};

export const PHASE_OF_STEP: Readonly<Record<StepId, PhaseId>> = {
  untap: 'beginning', upkeep: 'beginning', draw: 'beginning',
  beginningOfCombat: 'combat', declareAttackers: 'combat', declareBlockers: 'combat',
  firstStrikeDamage: 'combat', combatDamage: 'combat', endOfCombat: 'combat',
  end: 'ending', cleanup: 'ending',
};

export const SPELL_TYPES = ['instant', 'sorcery', 'creature', 'artifact', 'enchantment', 'planeswalker', 'battle', 'aura'] as const;
export type SpellType = (typeof SPELL_TYPES)[number];
export const PERMANENT_TYPES = ['creature', 'artifact', 'enchantment', 'planeswalker', 'battle', 'aura'] as const;
export type PermanentType = (typeof PERMANENT_TYPES)[number];
export const ABILITY_TYPES = ['activated', 'triggered'] as const;
export type AbilityType = (typeof ABILITY_TYPES)[number];
export type ObjectType = SpellType | AbilityType;

/**
 * 601.3, 602.5: when a spell may be cast or an ability activated. `instant` (flash) lifts sorcery
 * timing; `combat` ("only during combat") and `yourTurn` ("only during your turn") add a restriction.
 */
export const SPELL_TIMINGS = ['instant', 'combat', 'yourTurn'] as const;
export const ABILITY_TIMINGS = ['sorcery', 'yourTurn', 'combat'] as const;
export type Timing = (typeof SPELL_TIMINGS)[number] | (typeof ABILITY_TIMINGS)[number];

export const DURATION_KEYWORDS = ['endOfTurn', 'endOfCombat', 'endOfStep', 'endOfPhase'] as const;
export type DurationKeyword = (typeof DURATION_KEYWORDS)[number];

/** What the game waits for. */
export const WAITING_FOR = ['priority', 'declareAttackers', 'declareBlockers', 'orderTriggers'] as const;
export type WaitingFor = (typeof WAITING_FOR)[number] | null;

/** 603.3b: how each player's simultaneous triggered abilities are ordered on the stack. */
export const TRIGGER_ORDERS = ['triggered', 'choose'] as const;
export type TriggerOrder = (typeof TRIGGER_ORDERS)[number];

export const ZONES = ['exile', 'graveyard', 'battlefield', 'hand'] as const;
export type Zone = (typeof ZONES)[number];

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 8;
