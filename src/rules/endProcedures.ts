// 723 (724 in newer editions): ending the turn (723.1) and ending the combat phase (723.2).
import { cite } from './citations.js';
import { putInZone, record, type Draft } from './draft.js';
import type { StateBasedActionsRule } from './hooks.js';
import { checkStateBasedActions } from './priority.js';
import { consumeEffect } from './stack.js';
import { dropRemainingSteps, planDirectlyToCleanup } from './turnPlan.js';
import { dropTriggers } from './triggers.js';
import type { HistoryEvent } from '../vocabulary/index.js';
import { noteOwnership } from './leaving.js';
import type { GameContext } from './types.js';

/** The resolving object's `endTurn` or `endCombat` instruction is taken up (608.2c), and the history says what it does. */
const RULE_OF_INSTRUCTION = { turnEndedByEffect: '723.1', combatEndedByEffect: '723.2', endCombatIgnored: '723.2g' } as const;

function takeInstruction(draft: Draft, type: 'turnEndedByEffect' | 'combatEndedByEffect' | 'endCombatIgnored'): void {
  consumeEffect(draft);
  record(draft, { type, source: draft.ctx.resolution!.object.id, rule: cite(draft.ctx, RULE_OF_INSTRUCTION[type]) } as HistoryEvent);
}

/** 723.1: the turn is being ended; until 723.1f, abilities that trigger wait (723.1a) and nobody receives priority. */
export function startEndingTurn(draft: Draft): void {
  takeInstruction(draft, 'turnEndedByEffect');
  draft.ctx.procedure = 'endTurn';
}

/** 723.2: the combat phase is being ended (inside 723.1, ending the turn goes on). */
export function startEndingCombat(draft: Draft): void {
  takeInstruction(draft, 'combatEndedByEffect');
  if (draft.ctx.procedure === null) draft.ctx.procedure = 'endCombat';
}

/** 723.2g: outside a combat phase, ending it does nothing at all. */
export function ignoreEndCombat(draft: Draft): void {
  takeInstruction(draft, 'endCombatIgnored');
}

/** 723.1a, 723.2a: abilities that triggered before the process and wait for the stack cease to exist. */
export function removeWaitingTriggers(draft: Draft): void {
  const rule = cite(draft.ctx, draft.ctx.procedure === 'endCombat' ? '723.2a' : '723.1a');
  for (const ability of draft.ctx.pendingTriggers) record(draft, { type: 'triggerRemoved', id: ability.id, rule });
  draft.ctx.pendingTriggers = [];
}

/** 723.1b, 723.2b: every object on the stack is exiled, the resolving one included; non-cards cease to exist at the next check. */
export function exileStack(draft: Draft): void {
  const { ctx } = draft;
  putInZone(draft, 'exile', ctx.stack.map((object) => object.id));
  const rule = cite(ctx, ctx.procedure === 'endCombat' ? '723.2b' : '723.1b');
  for (const object of ctx.stack) {
    noteOwnership(draft, object);
    record(draft, { type: 'moved', id: object.id, to: 'exile', rule });
    if (object.kind === 'ability' || object.copy) ctx.ceaseAtNextCheck.push(object.id);
  }
  ctx.stack = [];
}

/** 723.1c, 723.2c: state-based actions are checked; nobody gets priority and triggers keep waiting. */
export function checkStateBasedActionsWithoutPriority(draft: Draft): void {
  checkStateBasedActions(draft, ruleOfCheckWithoutPriority(draft.ctx));
}

/** 723.1c or 723.2c: which procedure's check it is. */
export const ruleOfCheckWithoutPriority = (ctx: GameContext): StateBasedActionsRule => (ctx.procedure === 'endCombat' ? '723.2c' : '723.1c');

/**
 * 723.1d, 723.2d: ended in combat, the combat phase ends as phases end (500.5): after the current
 * step's own end ("until end of step" effects, mana, `stepEnded`), creatures leave combat and
 * "until end of combat" effects end as the phase ends (`endPhase`); what ended it is noted for its records.
 */
function endCombatWithPhase(draft: Draft, by: 'endTurn' | 'endCombat'): void {
  if (draft.ctx.phase === 'combat') draft.ctx.combatEndedBy = by;
}

/** 723.1d: the current step and phase end; the game goes directly to the cleanup step. */
export function endStepAndPhaseForCleanup(draft: Draft): void {
  endCombatWithPhase(draft, 'endTurn');
  planDirectlyToCleanup(draft);
}

/**
 * 723.1e: this turn's end step is skipped (723.1d planned none), so "at the beginning of the
 * end step" abilities do not trigger: delayed ones bound to this turn's end step never will (603.7).
 * (One bound to the ending phase still triggers if 723.1d begins that phase, like an unbound one.)
 */
export function skipEndStep(draft: Draft): void {
  dropTriggers(draft, (t) => t.turnId === draft.ctx.turnId && t.when === 'end');
}

/** 723.2d: the combat phase ends (creatures leave combat, "until end of combat" effects end); none of its remaining steps happens. */
export function endCombatPhase(draft: Draft): void {
  endCombatWithPhase(draft, 'endCombat');
  dropRemainingSteps(draft);
}

/** 723.2e: this combat's end of combat step is skipped, so its "at end of combat" abilities do not trigger. */
export function skipEndOfCombatStep(draft: Draft): void {
  dropTriggers(draft, (t) => t.phaseIds?.includes(draft.ctx.phaseId) === true && t.when === 'endOfCombat');
}

/** 723.1f, 723.2f: the process is over; what triggered during it goes on the stack the next time a player would receive priority. */
export function finishProcedure(draft: Draft): void {
  draft.ctx.procedure = null;
}
