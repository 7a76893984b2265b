/** The fixed vocabularies of the scenario format (FORMAT.md). */

export const PHASE_IDS = ['beginning', 'precombatMain', 'combat', 'postcombatMain', 'ending'] as const;

export const STEP_IDS = [
  'untap',
  'upkeep',
  'draw',
  'beginningOfCombat',
  'declareAttackers',
  'declareBlockers',
  'firstStrikeDamage',
  'combatDamage',
  'endOfCombat',
  'end',
  'cleanup',
] as const;

export const STEP_OR_PHASE_IDS = [...STEP_IDS, ...PHASE_IDS] as const;

/** What `stepsThisTurn` lists: steps, and main phases by their phase id. */
export const STEPS_THIS_TURN_IDS = [...STEP_IDS, 'precombatMain', 'postcombatMain'] as const;

export const SPELL_TYPES = [
  'instant',
  'sorcery',
  'creature',
  'artifact',
  'enchantment',
  'planeswalker',
  'battle',
  'aura',
] as const;

export const PERMANENT_SPELL_TYPES = ['creature', 'artifact', 'enchantment', 'planeswalker', 'battle', 'aura'] as const;

export const ABILITY_TYPES = ['activated', 'triggered'] as const;

export const SPELL_TIMINGS = ['instant'] as const;

export const ABILITY_TIMINGS = ['sorcery', 'yourTurn'] as const;

export const DURATION_KEYWORDS = ['endOfTurn', 'endOfCombat', 'endOfStep', 'endOfPhase'] as const;

export const WAITING_FOR = ['priority', 'declareAttackers', 'declareBlockers'] as const;

export const HISTORY_RECORD_TYPES = [
  'turnBegan',
  'turnEnded',
  'phaseBegan',
  'phaseEnded',
  'stepBegan',
  'stepEnded',
  'priority',
  'passed',
  'triggered',
  'triggerRemoved',
  'putOnStack',
  'resolved',
  'didNotResolve',
  'moved',
  'merged',
  'ceasedToExist',
  'stateBasedActions',
  'effectCreated',
  'effectEnded',
  'removedFromCombat',
  'manaEmptied',
  'discarded',
  'turnEndedByEffect',
  'combatEndedByEffect',
  'endCombatIgnored',
] as const;

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 8;
