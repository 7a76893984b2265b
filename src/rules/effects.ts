import { limitReached, record, type Draft } from './draft.js';
import type { ContinuousEffectSpec, Duration, PhaseId, PlayerId, StepId } from '../vocabulary/index.js';

/** 611.2: a continuous effect with a duration begins. */
export function createEffect(draft: Draft, effect: ContinuousEffectSpec): void {
  if (draft.ctx.effects.length >= draft.ctx.limits.maxEffectsInForce) {
    limitReached(draft, 'maxEffectsInForce', effect.id);
    return;
  }
  draft.ctx.effects.push(effect);
  record(draft, { type: 'effectCreated', id: effect.id });
}

/** Ends every effect whose duration matches, in creation order. */
export function endEffects(draft: Draft, ends: (until: Duration) => boolean): void {
  const { ctx } = draft;
  const ending = ctx.effects.filter((effect) => ends(effect.until));
  if (ending.length === 0) return;
  ctx.effects = ctx.effects.filter((effect) => !ends(effect.until));
  for (const effect of ending) record(draft, { type: 'effectEnded', id: effect.id });
}

/** 500.4: effects that last "until" this step or phase end as it begins. */
export function endEffectsUntilBeginningOf(draft: Draft, stepOrPhase: StepId | PhaseId): void {
  endEffects(draft, (until) => typeof until === 'object' && until.beginningOf === stepOrPhase);
}

/** 106.4: mana enters a player's pool. */
export function addMana(draft: Draft, player: PlayerId, amount: number): void {
  const { ctx } = draft;
  const total = (ctx.manaPool[player] ?? 0) + amount;
  if (total > ctx.limits.maxAmount) limitReached(draft, 'maxAmount', `addMana ${player} ${amount}`);
  else ctx.manaPool[player] = total;
}

/** 500.5: unspent mana empties from every pool as a step or phase ends. */
export function emptyManaPools(draft: Draft): void {
  const { ctx } = draft;
  for (const player of ctx.players) {
    if ((ctx.manaPool[player] ?? 0) === 0) continue;
    ctx.manaPool[player] = 0;
    record(draft, { type: 'manaEmptied', player });
  }
}

/** 608.2b: an object becomes an illegal target for everything that targets it. */
export function invalidateTarget(draft: Draft, id: string): void {
  if (!draft.ctx.illegalTargets.includes(id)) draft.ctx.illegalTargets.push(id);
}

/** 603.4: a named condition an intervening "if" tests (all are true until set false). */
export function setCondition(draft: Draft, name: string, value: boolean): void {
  const { ctx } = draft;
  const isFalse = ctx.falseConditions.includes(name);
  if (value && isFalse) ctx.falseConditions = ctx.falseConditions.filter((n) => n !== name);
  else if (!value && !isFalse) ctx.falseConditions.push(name);
}
