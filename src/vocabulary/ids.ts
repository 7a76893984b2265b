// The fixed words of the game: phases, steps, object types, timings (CR 500.1, 300).

/** A player's id, as given in the game's input (`players`). */
export type PlayerId = string;
/** A team's id: its players joined with `+`, in listed order (a team of one: that player's id). */
export type TeamId = string;

/** 500.1: the five phases of a turn, in order. */
export const PHASES = ['beginning', 'precombatMain', 'combat', 'postcombatMain', 'ending'] as const;
/** One of `PHASES`. */
export type PhaseId = (typeof PHASES)[number];

/** 500.1, 506.1, 510.4: every step, in turn order (`firstStrikeDamage` only in combats that need it). */
export const STEPS = [
  'untap', 'upkeep', 'draw',
  'beginningOfCombat', 'declareAttackers', 'declareBlockers', 'firstStrikeDamage', 'combatDamage', 'endOfCombat',
  'end', 'cleanup',
] as const;
/** One of `STEPS`. */
export type StepId = (typeof STEPS)[number];
/** A step, or a phase (what "at the beginning of" names). */
export type StepOrPhaseId = StepId | PhaseId;
/** Every step, then every phase. */
export const STEPS_AND_PHASES: readonly StepOrPhaseId[] = [...STEPS, ...PHASES];

/** What `stepsThisTurn` lists: steps, and main phases by their phase id. */
export const STEPS_THIS_TURN = [...STEPS, 'precombatMain', 'postcombatMain'] as const;
/** One of `STEPS_THIS_TURN`. */
export type StepsThisTurnId = (typeof STEPS_THIS_TURN)[number];

/** 500.1: the steps each phase normally has (main phases have none). */
export const STEPS_OF_PHASE: Readonly<Record<PhaseId, readonly StepId[]>> = {
  beginning: ['untap', 'upkeep', 'draw'],
  precombatMain: [],
  combat: ['beginningOfCombat', 'declareAttackers', 'declareBlockers', 'combatDamage', 'endOfCombat'],
  postcombatMain: [],
  ending: ['end', 'cleanup'],
};

/** The phase each step belongs to (500.1). */
export const PHASE_OF_STEP: Readonly<Record<StepId, PhaseId>> = {
  untap: 'beginning', upkeep: 'beginning', draw: 'beginning',
  beginningOfCombat: 'combat', declareAttackers: 'combat', declareBlockers: 'combat',
  firstStrikeDamage: 'combat', combatDamage: 'combat', endOfCombat: 'combat',
  end: 'ending', cleanup: 'ending',
};

/** A spell's types (`instant` by default; the permanent types resolve onto the battlefield, 608.3). */
export const SPELL_TYPES = ['instant', 'sorcery', 'creature', 'artifact', 'enchantment', 'planeswalker', 'battle', 'aura'] as const;
/** One of `SPELL_TYPES`. */
export type SpellType = (typeof SPELL_TYPES)[number];
/** The spell types that become permanents as they resolve (110.4, 608.3). */
export const PERMANENT_TYPES = ['creature', 'artifact', 'enchantment', 'planeswalker', 'battle', 'aura'] as const;
/** One of `PERMANENT_TYPES`. */
export type PermanentType = (typeof PERMANENT_TYPES)[number];
/** The abilities that use the stack: activated (602) and triggered (603). */
export const ABILITY_TYPES = ['activated', 'triggered'] as const;
/** One of `ABILITY_TYPES`. */
export type AbilityType = (typeof ABILITY_TYPES)[number];
/** A stack object's type: a spell's or an ability's. */
export type ObjectType = SpellType | AbilityType;

/**
 * 601.3, 602.5: when a spell may be cast or an ability activated. `instant` (flash) lifts sorcery
 * timing; `combat` ("only during combat") and `yourTurn` ("only during your turn") add a restriction.
 */
export const SPELL_TIMINGS = ['instant', 'combat', 'yourTurn'] as const;
/** 602.5: an activated ability's timing restrictions (`sorcery`: only as a sorcery, 602.5d). */
export const ABILITY_TIMINGS = ['sorcery', 'yourTurn', 'combat'] as const;
/** A spell or ability timing (`SPELL_TIMINGS`, `ABILITY_TIMINGS`). */
export type Timing = (typeof SPELL_TIMINGS)[number] | (typeof ABILITY_TIMINGS)[number];

/** The durations named by a keyword: "until end of turn", "of combat", "of this step", "of this phase" (500.4, 514.2, 611.2). */
export const DURATION_KEYWORDS = ['endOfTurn', 'endOfCombat', 'endOfStep', 'endOfPhase'] as const;
/** One of `DURATION_KEYWORDS`. */
export type DurationKeyword = (typeof DURATION_KEYWORDS)[number];

/** What the game waits for. */
export const WAITING_FOR = ['priority', 'declareAttackers', 'declareBlockers', 'orderTriggers'] as const;
/** One of `WAITING_FOR`, or null when the game waits for nobody. */
export type WaitingFor = (typeof WAITING_FOR)[number] | null;

/** 603.3b: how each player's simultaneous triggered abilities are ordered on the stack. */
export const TRIGGER_ORDERS = ['triggered', 'choose'] as const;
/** One of `TRIGGER_ORDERS`. */
export type TriggerOrder = (typeof TRIGGER_ORDERS)[number];

/** The zones the machine records objects moving to (400.1). */
export const ZONES = ['exile', 'graveyard', 'battlefield', 'hand'] as const;
/** One of `ZONES`. */
export type Zone = (typeof ZONES)[number];

/** The fewest players a game may have. */
export const MIN_PLAYERS = 2;
/** The most players a game may have. */
export const MAX_PLAYERS = 8;
