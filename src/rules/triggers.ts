import { withKeys } from './copies.js';
import { limitReached, record, type Draft } from './draft.js';
import type { AtTriggerSpec, PhaseId, PlayerId, StackObjectSpec, StepId } from '../vocabulary/index.js';
import { isInGame, playersInGame } from './inGame.js';
import { isTurnOf } from './sides.js';
import type { Frozen, GameContext, RegisteredTrigger } from './types.js';

/** 603.2: a triggered ability as the game holds it, waiting to be put on the stack (made once here for each way one triggers). */
const TRIGGERED = { type: 'triggered', kind: 'ability' } as const;
const asTriggeredAbility = (spec: Frozen<StackObjectSpec>) => withKeys(spec, TRIGGERED);

/** 603.4: an intervening "if" names a game condition (all true until the host sets one false). */
export function isConditionTrue(draft: Draft, condition: string | undefined): boolean {
  return condition === undefined || !draft.ctx.falseConditions.includes(condition);
}

/**
 * An ability triggers: it waits until a player would receive priority (117.5).
 * With an intervening "if" that is false now, it does not trigger at all (603.4).
 */
export function triggerAbility(draft: Draft, spec: Frozen<StackObjectSpec>): void {
  if (!isConditionTrue(draft, spec.if)) return;
  if (!isInGame(draft.ctx, spec.controller)) {
    // 800.4d: an ability a player who left the game would control is not put on the stack.
    record(draft, { type: 'triggered', id: spec.id });
    record(draft, { type: 'triggerRemoved', id: spec.id, rule: '800.4d' });
    return;
  }
  if (draft.ctx.pendingTriggers.length >= draft.ctx.limits.maxPendingTriggers) {
    limitReached(draft, 'maxPendingTriggers', spec.id);
    return;
  }
  draft.ctx.pendingTriggers.push(asTriggeredAbility(spec));
  record(draft, { type: 'triggered', id: spec.id });
}

/**
 * 500.6, 603.7: a "beginning of" ability, or a delayed one (`once`), waits for its step or phase;
 * `turnId`: bound to that turn only (603.7: "that turn's end step").
 */
export function registerTrigger(draft: Draft, spec: Frozen<AtTriggerSpec>, binding: Pick<RegisteredTrigger, 'turnId' | 'phaseIds'> = {}): void {
  const { ctx } = draft;
  if (ctx.triggers.length >= ctx.limits.maxRegisteredTriggers) {
    limitReached(draft, 'maxRegisteredTriggers', spec.id);
    return;
  }
  // 603.7: "this turn" is bound at once; "on your next turn" as that turn begins (beginTurnOfTriggers).
  const turnId = binding.turnId ?? (spec.thisTurn ? ctx.turnId : undefined);
  ctx.triggers.push(withKeys(spec, { count: 0, countTurn: 0, ...(turnId !== undefined && { turnId }), ...(binding.phaseIds && { phaseIds: binding.phaseIds }) }));
}

/** 603.7: delayed triggers waiting for a player's next turn are bound to it as it begins. */
export function beginTurnOfTriggers(draft: Draft): void {
  const { ctx } = draft;
  if (ctx.triggers.length === 0) return; // (as most turns begin: nothing is allocated)
  const waiting = (t: RegisteredTrigger) => t.turnId === undefined && t.nextTurnOf !== undefined && isTurnOf(ctx, t.nextTurnOf);
  if (ctx.triggers.some(waiting)) ctx.triggers = ctx.triggers.map((t) => (waiting(t) ? withKeys(t, { turnId: ctx.turnId }) : t));
}

/** Whether a registered ability may trigger now: bound to this turn (or unbound), in a phase it is bound to (or any). */
function inItsTime(ctx: GameContext, t: RegisteredTrigger): boolean {
  const turnOk = t.turnId === undefined ? t.nextTurnOf === undefined : t.turnId === ctx.turnId;
  return turnOk && (t.phaseIds === undefined || t.phaseIds.includes(ctx.phaseId));
}

/** 603.7: registered abilities bound to what will never happen cease to exist (the list is rewritten only if one does). */
export function dropTriggers(draft: Draft, gone: (t: RegisteredTrigger) => boolean): void {
  const { ctx } = draft;
  if (ctx.triggers.some(gone)) ctx.triggers = ctx.triggers.filter((t) => !gone(t));
}

/** 603.7, 500.11: delayed triggers bound to turns that will never happen (skipped, or over) cease to exist. */
export function dropTriggersOfTurns(draft: Draft, turnIds: readonly number[]): void {
  if (turnIds.length > 0) dropTriggers(draft, (t) => t.turnId !== undefined && turnIds.includes(t.turnId));
}

/**
 * 500.6: "at the beginning of" abilities trigger as a step or phase begins; 805.4d: one worded
 * for each player's step (`perActivePlayer`) triggers once for each player of the active team.
 */
export function triggerAtBeginningOf(draft: Draft, stepOrPhase: StepId | PhaseId | 'endOfCombat'): void {
  const { ctx } = draft;
  if (ctx.triggers.length === 0) return; // (as most steps begin: nothing is allocated)
  const kept = [];
  // Past limits.maxPendingTriggers: one record for all that did not fit (not one per ability, at every step).
  let unfit = 0;
  let firstUnfit = '';
  for (const registered of ctx.triggers) {
    const applies = registered.when === stepOrPhase
      && (registered.whoseTurn === undefined || isTurnOf(ctx, registered.whoseTurn))
      && inItsTime(ctx, registered)
      && isConditionTrue(draft, registered.if);
    if (!applies) {
      kept.push(registered);
      continue;
    }
    const times = registered.perActivePlayer ? playersInGame(ctx, ctx.activeSide).length : 1; // (800.4: a player who left is none of them)
    const before = registered.countTurn === ctx.turn ? registered.count : 0;
    let count = before;
    for (let i = 0; i < times; i += 1) {
      const id = registered.once ? registered.id : `${registered.id}@${ctx.turn}${count + 1 > 1 ? `.${count + 1}` : ''}`;
      if (ctx.pendingTriggers.length >= ctx.limits.maxPendingTriggers) {
        if (unfit++ === 0) firstUnfit = id;
        continue;
      }
      count += 1;
      // 603.4, 608.2a: the intervening "if" is checked as it triggers and again as it resolves.
      triggerAbility(draft, { id, controller: registered.controller, effects: registered.effects ?? [], if: registered.if });
    }
    // Nothing new triggered (none fitted): the same registration, not a copy at every step.
    if (!registered.once) kept.push(count === before && registered.countTurn === ctx.turn ? registered : { ...registered, count, countTurn: ctx.turn });
  }
  ctx.triggers = kept;
  if (unfit > 0) limitReached(draft, 'maxPendingTriggers', unfit === 1 ? firstUnfit : `${firstUnfit} and ${unfit - 1} more`);
}

/** 704.3: the next state-based-action check performs an action that makes `ability` trigger (none given: nothing triggers). */
export function scheduleStateBasedAction(draft: Draft, ability: Frozen<StackObjectSpec> | undefined): void {
  const { ctx } = draft;
  if (ability) ctx.onStateBasedActions.push(asTriggeredAbility(ability));
  else ctx.stateBasedActionsScheduled += 1;
}

/** 514.1: the next time `player` discards, `ability` triggers (madness; one-shot). */
export function scheduleDiscardTrigger(draft: Draft, player: PlayerId, ability: Frozen<StackObjectSpec>): void {
  draft.ctx.onDiscard.push({ player, ability: asTriggeredAbility(ability) });
}

/** Discards by `players` (one event): every ability waiting for one of them triggers, in the order they were scheduled; each is used up. */
export function triggerOnDiscard(draft: Draft, players: readonly PlayerId[]): void {
  const { ctx } = draft;
  // (asked at every cleanup: nothing is allocated unless an ability waits, most often none does)
  if (ctx.onDiscard.length === 0 || players.length === 0) return;
  const discarded = (w: GameContext['onDiscard'][number]) => players.includes(w.player);
  if (!ctx.onDiscard.some(discarded)) return;
  const waiting = ctx.onDiscard.filter(discarded);
  ctx.onDiscard = ctx.onDiscard.filter((w) => !discarded(w));
  for (const { ability } of waiting) triggerAbility(draft, ability);
}
