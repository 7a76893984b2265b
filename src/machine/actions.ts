// The machine's named actions: each calls one rules function on a working copy of the
// context, then assigns the result and emits the history records it produced.
import { enqueueActions, raise } from 'xstate';
import type { InternalEvent, MachineEvent } from '../events.js';
import * as combat from '../rules/combat.js';
import { beginDraft, changesOf, type Draft } from '../rules/draft.js';
import * as effects from '../rules/effects.js';
import * as end from '../rules/endProcedures.js';
import { refusalOf, type WaitingFor } from '../rules/legality.js';
import * as priority from '../rules/priority.js';
import * as stack from '../rules/stack.js';
import * as steps from '../rules/stepsAndPhases.js';
import * as triggers from '../rules/triggers.js';
import * as plan from '../rules/turnPlan.js';
import type { GameContext } from '../rules/types.js';
import type { TurnEmitted } from './emitted.js';

type EventOf<T extends MachineEvent['type']> = Extract<MachineEvent, { type: T }>;

function rulesAction(rule: (draft: Draft, event: MachineEvent) => void) {
  return enqueueActions<GameContext, MachineEvent, undefined, MachineEvent, never, never, never, never, TurnEmitted>(
    ({ context, event, enqueue }) => {
      const draft = beginDraft(context);
      rule(draft, event);
      const changes = changesOf(draft);
      if (changes) {
        // A whole context of the same shape, not a partial: xstate merges with
        // Object.assign({}, context, update), and partials of varying shapes turn the
        // 30-key context into a dictionary-mode object in V8 (slow copies and reads).
        const next: GameContext = { ...context, ...changes };
        enqueue.assign(() => next);
      }
      for (const record of draft.records) enqueue.emit({ type: 'history', record });
    },
  );
}

/** A rules action driven by one event type (the machine only wires it to that event). */
function onEvent<T extends MachineEvent['type']>(_type: T, rule: (draft: Draft, event: EventOf<T>) => void) {
  return rulesAction((draft, event) => rule(draft, event as EventOf<T>));
}

/** A raised event, for the other region of the machine to react to. */
const signal = (event: InternalEvent) => raise<GameContext, MachineEvent, MachineEvent, undefined, never, never>(event);

export const reject = enqueueActions<GameContext, MachineEvent, { waitingFor: WaitingFor }, MachineEvent, never, never, never, never, TurnEmitted>(
  ({ context, event, enqueue }, params) => {
    const refusal = refusalOf(context, event, params.waitingFor)
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
  // Turn-based actions. Host hooks: an engine replaces them with .provide() to do the real thing.
  untapPermanents: rulesAction(() => { /* 502.3: permanents are not modelled; an engine provides its own */ }),
  drawCard: rulesAction(steps.drawCard),
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
  checkStateBasedActions: rulesAction(priority.checkStateBasedActions),
  putTriggersOnStack: rulesAction(priority.putTriggersOnStack),
  // 601, 602, 608: casting, activating, resolving
  castSpell: onEvent('spell.cast', (d, e) => stack.castSpell(d, e.object)),
  activateAbility: onEvent('ability.activate', (d, e) => stack.activateAbility(d, e.object)),
  beginResolution: rulesAction(stack.beginResolution),
  performNextEffect: rulesAction(stack.performNextEffect),
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
  scheduleStateBasedAction: onEvent('stateBasedActions.schedule', (d, e) => {
    d.ctx.onStateBasedActions.push({ ...e.ability, type: 'triggered', kind: 'ability' });
  }),
  createEffect: onEvent('effect.create', (d, e) => effects.createEffect(d, e.effect)),
  addMana: onEvent('mana.add', (d, e) => effects.addMana(d, e.player, e.amount)),
  invalidateTarget: onEvent('target.invalidate', (d, e) => { d.ctx.illegalTargets.push(e.id); }),
  setCondition: onEvent('condition.set', (d, e) => {
    d.ctx.falseConditions = d.ctx.falseConditions.filter((name) => name !== e.name);
    if (!e.value) d.ctx.falseConditions.push(e.name);
  }),
  reject,
};
