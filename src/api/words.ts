// Durations and delayed-trigger bindings in words a UI can print (issue 15: "until A's next
// turn", "at the beginning of that combat").
import type { ContinuousEffect, GameContext, RegisteredTrigger } from '../rules/types.js';
import type { Duration } from '../vocabulary/index.js';

const STEP_WORDS: Record<string, string> = {
  untap: 'untap step', upkeep: 'upkeep', draw: 'draw step', beginningOfCombat: 'beginning of combat',
  declareAttackers: 'declare attackers step', declareBlockers: 'declare blockers step', firstStrikeDamage: 'first-strike damage step',
  combatDamage: 'combat damage step', endOfCombat: 'end of combat', end: 'end step', cleanup: 'cleanup step',
  beginning: 'beginning phase', precombatMain: 'precombat main phase', combat: 'combat', postcombatMain: 'postcombat main phase', ending: 'ending phase',
};

const words = (stepOrPhase: string) => STEP_WORDS[stepOrPhase] ?? stepOrPhase;

/** "until end of turn", "until the beginning of A's next upkeep", "until A's next turn"… */
export function durationInWords(until: Duration, effect?: ContinuousEffect, ctx?: GameContext): string {
  if (typeof until === 'string') {
    return { endOfTurn: 'until end of turn', endOfCombat: 'until end of combat', endOfStep: 'until end of step', endOfPhase: 'until end of phase' }[until];
  }
  if ('beginningOf' in until) return `until the beginning of ${until.whoseTurn ? `${until.whoseTurn}'s next ` : 'the next '}${words(until.beginningOf)}`;
  if ('nextTurnOf' in until) return `until ${until.nextTurnOf}'s next turn`;
  const bound = effect?.turnId !== undefined && effect.turnId === ctx?.turnId;
  return `until end of combat on ${until.endOfCombatOnNextTurnOf}'s next turn${bound ? ' (this turn)' : ''}`;
}

/** "at the beginning of the end step of that turn (an extra turn)", "at the beginning of that combat"… */
export function triggerInWords(t: RegisteredTrigger, ctx: GameContext): string {
  const when = `at the beginning of ${t.when === 'endOfCombat' ? 'end of combat' : `the ${words(t.when)}`}`;
  const whose = t.whoseTurn ? ` of ${t.whoseTurn}'s turns` : '';
  if (t.phaseIds) return `${when.replace(/the (\w[\w ]*)$/, 'that $1')}, in the phases an effect added this turn`;
  if (t.thatTurn) return `${when} of that turn (an extra turn${t.turnId === ctx.turnId ? ': this one' : ' to come'})`;
  if (t.nextTurnOf) return `${when} on ${t.nextTurnOf}'s next turn${t.turnId === ctx.turnId ? ' (this turn)' : ''}`;
  if (t.thisTurn) return `${when} this turn`;
  return `${when}${whose}${t.once ? ', once' : ''}`;
}
