// The machine's named actions: each calls one rules function on a working copy of the
// context, then assigns the result and emits the history records it produced.
import { enqueueActions, raise } from 'xstate';
import * as combat from '../rules/combat.js';
import { beginDraft, changesOf, type Draft } from '../rules/draft.js';
import * as effects from '../rules/effects.js';
import * as end from '../rules/endProcedures.js';
import { refusalOf } from '../rules/legality.js';
import * as priority from '../rules/priority.js';
import * as stack from '../rules/stack.js';
import * as steps from '../rules/stepsAndPhases.js';
import * as triggers from '../rules/triggers.js';
import * as plan from '../rules/turnPlan.js';
import type { GameContext } from '../rules/types.js';
import type { StateBasedActionsRule } from '../rules/hooks.js';
import type { EventOfType, TurnEventType, WaitingFor } from '../vocabulary/index.js';
import type { TurnEmitted } from './emitted.js';
import type { InternalEvent, MachineEvent } from './events.js';
import { defaultHooks, hooksOf } from './hooks.js';

function rulesAction<P extends object | undefined = undefined>(rule: (draft: Draft, event: MachineEvent, params: P) => void) {
  return enqueueActions<GameContext, MachineEvent, P, MachineEvent, never, never, never, never, TurnEmitted>(
    (args, params) => {
      const { context, event, enqueue, self } = args;
      const draft = beginDraft(context, hooksOf(self, args, () => context.turn));
      rule(draft, event, params);
      const changes = changesOf(draft);
      if (changes) {
        // A whole context of the same shape, not a partial: xstate merges with
        // Object.assign({}, context, update), and partials of varying shapes turn the
        // context into a dictionary-mode object in V8 (slow copies and reads).
        const next: GameContext = { ...context, ...changes };
        enqueue.assign(() => next);
      }
      for (const record of draft.records) enqueue.emit({ type: 'history', record });
      for (const refusal of draft.refusals) enqueue.emit({ type: 'rejected', ...refusal });
    },
  );
}

/** A rules action driven by one event type (the machine only wires it to that event). */
function onEvent<T extends TurnEventType>(_type: T, rule: (draft: Draft, event: EventOfType<T>) => void) {
  return rulesAction((draft, event) => rule(draft, event as EventOfType<T>));
}

/** A raised event, for the other region of the machine to react to. */
const signal = (event: InternalEvent) => raise<GameContext, MachineEvent, MachineEvent, undefined, never, never>(event);

export const reject = enqueueActions<GameContext, MachineEvent, { waitingFor: WaitingFor }, MachineEvent, never, never, never, never, TurnEmitted>(
  ({ context, event, enqueue }, params) => {
    const refusal = refusalOf(context, event as EventOfType<TurnEventType>, params.waitingFor)
      ?? { reason: `${event.type} is not possible in this state`, rule: 'event' };
    enqueue.emit({ type: 'rejected', event, ...refusal });
  },
);

export const turnActions = {
  // 500: turns, phases and steps, as the plan in context says
  beginTurn: rulesAction(plan.beginTurn),
  endTurn: rulesAction(plan.endTurn),
  skipNextPhase: rulesAction(plan.skipNextPhase),
  takeNextPhase: rulesAction(plan.takeNextPhase),
  skipNextStep: rulesAction(plan.skipNextStep),
  takeNextStep: rulesAction(plan.takeNextStep),
  takeFirstStrikeStep: rulesAction(plan.takeFirstStrikeStep),
  scheduleAnotherCleanup: rulesAction(plan.scheduleAnotherCleanup),
  beginPhase: rulesAction(steps.beginPhase),
  endPhase: rulesAction(steps.endPhase),
  beginStep: rulesAction(steps.beginStep),
  endStep: rulesAction(steps.endStep),
  // Turn-based actions (each calls the engine's hook beside the machine's own bookkeeping)
  untap: rulesAction(steps.untap),
  draw: rulesAction(steps.draw),
  discardToHandSize: rulesAction(steps.discardToHandSize),
  endTurnEffects: rulesAction(steps.endTurnEffects),
  awaitBlockDeclarations: rulesAction(combat.awaitBlockDeclarations),
  declareAttackers: onEvent('combat.declareAttackers', (d, e) => combat.declareAttackers(d, e.attackers)),
  declareBlockers: onEvent('combat.declareBlockers', (d, e) => combat.declareBlockers(d, e.player, e.blockers)),
  removeAllFromCombat: rulesAction(combat.removeAllFromCombat),
  // Signals between the two regions
  openPriority: signal({ type: 'priority.open' }),
  openCleanupCheck: signal({ type: 'cleanup.check' }),
  finishStep: signal({ type: 'step.finished' }),
  // 117: priority; 704: state-based actions; 603.3b: triggers
  prepareActivePlayerPriority: rulesAction(priority.prepareActivePlayerPriority),
  givePriority: rulesAction(priority.givePriority),
  closePriority: rulesAction(priority.closePriority),
  passPriority: onEvent('priority.pass', (d, e) => priority.passPriority(d, e.player)),
  checkStateBasedActions: rulesAction<{ rule: StateBasedActionsRule }>((d, _e, params) => priority.checkStateBasedActions(d, params.rule)),
  putTriggersOnStack: rulesAction(priority.putTriggersOnStack),
  // 601, 602, 608: casting, activating, resolving
  castSpell: onEvent('spell.cast', (d, e) => stack.castSpell(d, e.object)),
  activateAbility: onEvent('ability.activate', (d, e) => stack.activateAbility(d, e.object)),
  beginResolution: rulesAction(stack.beginResolution),
  performEffects: rulesAction(stack.performEffects),
  finishResolution: rulesAction(stack.finishResolution),
  // 723.1: ending the turn
  startEndingTurn: rulesAction(end.startEndingTurn),
  removeWaitingTriggers: rulesAction(end.removeWaitingTriggers),
  exileStack: rulesAction(end.exileStack),
  checkStateBasedActionsWithoutPriority: rulesAction(end.checkStateBasedActionsWithoutPriority),
  endStepAndPhaseForCleanup: rulesAction(end.endStepAndPhaseForCleanup),
  skipEndStep: rulesAction(end.skipEndStep),
  finishProcedure: rulesAction(end.finishProcedure),
  // 723.2: ending the combat phase
  startEndingCombat: rulesAction(end.startEndingCombat),
  endCombatPhase: rulesAction(end.endCombatPhase),
  skipEndOfCombatStep: rulesAction(end.skipEndOfCombatStep),
  ignoreEndCombat: rulesAction(end.ignoreEndCombat),
  // What the host game reports
  reportTrigger: onEvent('trigger.report', (d, e) => triggers.triggerAbility(d, e.ability)),
  registerTrigger: onEvent('trigger.register', (d, e) => triggers.registerTrigger(d, e.trigger)),
  scheduleStateBasedAction: onEvent('stateBasedActions.schedule', (d, e) => triggers.scheduleStateBasedAction(d, e.ability)),
  createEffect: onEvent('effect.create', (d, e) => effects.createEffect(d, e.effect)),
  addMana: onEvent('mana.add', (d, e) => effects.addMana(d, e.player, e.amount)),
  invalidateTarget: onEvent('target.invalidate', (d, e) => effects.invalidateTarget(d, e.id)),
  setCondition: onEvent('condition.set', (d, e) => effects.setCondition(d, e.name, e.value)),
  reject,
  // Host hooks: never referenced by the chart; the actions above call them (see hooks.ts).
  ...defaultHooks,
};

/** The actions a host may provide (`.provide({ actions })`): the hooks, and nothing of the machine's own. */
export { HOOK_NAMES } from './hooks.js';
