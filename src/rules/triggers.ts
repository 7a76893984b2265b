import { limitReached, record, type Draft } from './draft.js';
import type { AtTriggerSpec, PhaseId, StackObjectSpec, StepId } from '../vocabulary/index.js';
import type { StackObject } from './types.js';

/** 603.4: an intervening "if" names a game condition (all true until the host sets one false). */
export function isConditionTrue(draft: Draft, condition: string | undefined): boolean {
  return condition === undefined || !draft.ctx.falseConditions.includes(condition);
}

/**
 * An ability triggers: it waits until a player would receive priority (117.5).
 * With an intervening "if" that is false now, it does not trigger at all (603.4).
 */
export function triggerAbility(draft: Draft, spec: StackObjectSpec): void {
  if (!isConditionTrue(draft, spec.if)) return;
  if (draft.ctx.pendingTriggers.length >= draft.ctx.limits.maxPendingTriggers) {
    limitReached(draft, 'maxPendingTriggers', spec.id);
    return;
  }
  draft.ctx.pendingTriggers.push({ ...spec, type: 'triggered', kind: 'ability' });
  record(draft, { type: 'triggered', id: spec.id });
}

/** 500.6, 603.7: a "beginning of" ability, or a delayed one (`once`), waits for its step or phase. */
export function registerTrigger(draft: Draft, spec: AtTriggerSpec): void {
  if (draft.ctx.triggers.length >= draft.ctx.limits.maxRegisteredTriggers) {
    limitReached(draft, 'maxRegisteredTriggers', spec.id);
    return;
  }
  draft.ctx.triggers.push({ ...spec, count: 0, countTurn: 0 });
}

/** 500.6: "at the beginning of" abilities trigger as a step or phase begins. */
export function triggerAtBeginningOf(draft: Draft, stepOrPhase: StepId | PhaseId | 'endOfCombat'): void {
  const { ctx } = draft;
  const kept = [];
  for (const registered of ctx.triggers) {
    const applies = registered.when === stepOrPhase
      && (registered.whoseTurn === undefined || registered.whoseTurn === ctx.activePlayer)
      && isConditionTrue(draft, registered.if);
    if (!applies) {
      kept.push(registered);
      continue;
    }
    const count = registered.countTurn === ctx.turn ? registered.count + 1 : 1;
    const id = registered.once ? registered.id : `${registered.id}@${ctx.turn}${count > 1 ? `.${count}` : ''}`;
    // 603.4, 608.2a: the intervening "if" is checked as it triggers and again as it resolves.
    triggerAbility(draft, { id, controller: registered.controller, effects: registered.effects ?? [], if: registered.if });
    if (!registered.once) kept.push({ ...registered, count, countTurn: ctx.turn });
  }
  ctx.triggers = kept;
}

/** 603.3b: waiting triggers go on the stack in APNAP order, each player's in the order they triggered. */
export function putWaitingTriggersOnStack(draft: Draft, order: readonly string[]): void {
  const { ctx } = draft;
  const waiting: StackObject[] = [];
  for (const player of order) waiting.push(...ctx.pendingTriggers.filter((t) => t.controller === player));
  ctx.pendingTriggers = [];
  for (const ability of waiting) {
    ctx.stack.push(ability);
    record(draft, { type: 'putOnStack', id: ability.id });
  }
}

/** 704.3: the next state-based-action check performs an action that makes `ability` trigger. */
export function scheduleStateBasedAction(draft: Draft, ability: StackObjectSpec): void {
  draft.ctx.onStateBasedActions.push({ ...ability, type: 'triggered', kind: 'ability' });
}
