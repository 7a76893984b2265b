import { withKeys } from './copies.js';
import { limitReached, record, type Draft } from './draft.js';
import type { ContinuousEffectSpec, Duration, PhaseId, PlayerId, StepId } from '../vocabulary/index.js';
import { isTurnOf } from './sides.js';
import type { ContinuousEffect, GameContext } from './types.js';

/** 611.2: a continuous effect with a duration begins. */
export function createEffect(draft: Draft, effect: ContinuousEffectSpec): void {
  if (draft.ctx.effects.length >= draft.ctx.limits.maxEffectsInForce) {
    limitReached(draft, 'maxEffectsInForce', effect.id);
    return;
  }
  draft.ctx.effects.push(effect);
  record(draft, { type: 'effectCreated', id: effect.id });
}

/** 611.2a: an effect lasts as long as its spell or ability says; those whose duration matches end, in creation order. */
export function endEffects(draft: Draft, ends: (until: Duration, effect: ContinuousEffect) => boolean): void {
  const { ctx } = draft;
  const { effects } = ctx;
  // One pass, and no list made unless one ends (most steps and phases end nothing).
  let ending: ContinuousEffect[] | null = null;
  let kept: ContinuousEffect[] = [];
  for (let i = 0; i < effects.length; i += 1) {
    const effect = effects[i];
    if (ends(effect.until, effect)) {
      if (ending === null) {
        ending = [];
        kept = effects.slice(0, i);
      }
      ending.push(effect);
    } else if (ending !== null) {
      kept.push(effect);
    }
  }
  if (ending === null) return;
  ctx.effects = kept;
  for (const effect of ending) record(draft, { type: 'effectEnded', id: effect.id });
}

/** 500.4: effects that last "until" this step or phase (in anyone's turn, or in one player's) end as it begins. */
export function endEffectsUntilBeginningOf(draft: Draft, stepOrPhase: StepId | PhaseId): void {
  const { ctx } = draft;
  if (ctx.effects.length === 0) return;
  endEffects(draft, (until) => typeof until === 'object' && 'beginningOf' in until && until.beginningOf === stepOrPhase
    && (until.whoseTurn === undefined || isTurnOf(ctx, until.whoseTurn)));
}

/**
 * A turn has begun (611.2, 500.4): "until your next turn" effects of its player end, before its
 * untap step; "until end of combat on your next turn" ones are bound to it.
 */
export function beginTurnOfEffects(draft: Draft): void {
  const { ctx } = draft;
  endEffects(draft, (until) => typeof until === 'object' && 'nextTurnOf' in until && isTurnOf(ctx, until.nextTurnOf));
  if (ctx.effects.some((e) => isUnboundNextCombat(ctx, e))) {
    ctx.effects = ctx.effects.map((e) => (isUnboundNextCombat(ctx, e) ? withKeys(e, { turnId: ctx.turnId }) : e));
  }
}

const isUnboundNextCombat = (ctx: GameContext, e: ContinuousEffect) =>
  e.turnId === undefined && typeof e.until === 'object' && 'endOfCombatOnNextTurnOf' in e.until && isTurnOf(ctx, e.until.endOfCombatOnNextTurnOf);

/** 500.5, 511.3: a combat phase ends: "until end of combat" effects end, and "… on your next turn" ones bound to this turn. */
export function endCombatEffects(draft: Draft): void {
  const { turnId } = draft.ctx;
  endEffects(draft, (until, effect) => until === 'endOfCombat' || (effect.turnId === turnId && typeof until === 'object' && 'endOfCombatOnNextTurnOf' in until));
}

/** The turn ends: what was bound to it and is still in force ends with it (a format decision: it never outlives that turn). */
export function endTurnOfEffects(draft: Draft): void {
  const { turnId } = draft.ctx;
  endEffects(draft, (_until, effect) => effect.turnId === turnId);
}

/** 106.4: mana enters a player's pool. */
export function addMana(draft: Draft, player: PlayerId, amount: number): void {
  const { ctx } = draft;
  if (ctx.left.includes(player)) return; // 800.4a: a player who left the game has no mana pool
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
