// Phase and step names in words (500.1), for panels, the history and the chart's titles.

const PHASES: Record<string, string> = {
  beginning: 'beginning phase',
  precombatMain: 'precombat main phase',
  combat: 'combat phase',
  postcombatMain: 'postcombat main phase',
  ending: 'ending phase',
};

const STEPS: Record<string, string> = {
  untap: 'untap step',
  upkeep: 'upkeep step',
  draw: 'draw step',
  beginningOfCombat: 'beginning of combat step',
  declareAttackers: 'declare attackers step',
  declareBlockers: 'declare blockers step',
  firstStrikeDamage: 'first-strike combat damage step',
  combatDamage: 'combat damage step',
  endOfCombat: 'end of combat step',
  end: 'end step',
  cleanup: 'cleanup step',
};

/** `stateBasedActions` → `state based actions`: an id in words, when no name is known. */
export function spacedWords(id: string): string {
  return id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** `precombatMain` → `precombat main phase`, `beginningOfCombat` → `beginning of combat step`; an unknown id spaced. */
export function phaseOrStepName(id: string): string {
  return PHASES[id] ?? STEPS[id] ?? spacedWords(id);
}

/** The short name drawn in the chart and the history: `precombat main`, `beginning of combat`, `upkeep`. */
export function shortName(id: string): string {
  return phaseOrStepName(id).replace(/ (phase|step)$/, '');
}

/** Whether an id names a phase or a step of the turn. */
export function isPhaseOrStep(id: string): boolean {
  return id in PHASES || id in STEPS;
}

/** Capitalised, for the start of a line: `Precombat main phase`. */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
