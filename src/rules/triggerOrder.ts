// 117.5, 603.3b: putting waiting triggered abilities on the stack. Each time a player would
// receive priority, the abilities waiting then go on the stack in passes: the active player's
// first, then each other player's in turn order (APNAP, 101.4); each player's in the order
// they triggered, or — with the `choose` option — in the order that player gives. With teams
// (805.7) the same runs side by side: a team puts all its players' abilities together. An
// ability that triggers while a side chooses is not part of the pass: it waits for the next one.
import { limitReached, record, type Draft } from './draft.js';
import { endShortcutsOnStack } from './shortcuts.js';
import { sideOf, sidesFrom } from './sides.js';
import type { GameContext, StackObject } from './types.js';

/** The abilities of the current pass (the first `waiting` of those waiting) controlled by `side`'s players. */
function inPass(ctx: GameContext, side: string): StackObject[] {
  return ctx.pendingTriggers.slice(0, ctx.triggerPass?.waiting ?? 0).filter((t) => sideOf(ctx, t.controller) === side);
}

const EMPTY_PASS: NonNullable<GameContext['triggerPass']> = Object.freeze({ waiting: 0, sides: Object.freeze([]), put: false });

/** A pass begins: what waits now is in it, and the sides whose players control any of it, APNAP (805.7: team by team). */
export function beginTriggerPass(draft: Draft): void {
  const { ctx } = draft;
  // As a player would receive priority, mostly nothing waits: the empty pass, made once (a
  // pass is replaced, never changed, so one may be shared).
  if (ctx.pendingTriggers.length === 0) {
    ctx.triggerPass = EMPTY_PASS;
    return;
  }
  const controlling = new Set(ctx.pendingTriggers.map((t) => sideOf(ctx, t.controller)));
  ctx.triggerPass = { waiting: ctx.pendingTriggers.length, sides: sidesFrom(ctx, ctx.activeSide).filter((s) => controlling.has(s)), put: false };
}

/** The side whose order of two or more abilities the game waits for, or null (603.3b, 805.7, `choose`). */
export function sideToOrder(ctx: GameContext): string | null {
  const side = ctx.triggerPass?.sides[0];
  if (side === undefined || ctx.options.triggerOrder !== 'choose') return null;
  return inPass(ctx, side).length >= 2 ? side : null;
}

/** The ids of the abilities `side` is asked to order, in the order they triggered. */
export function abilitiesToOrder(ctx: GameContext, side: string): string[] {
  return inPass(ctx, side).map((t) => t.id);
}

export const hasTriggersInPass = (ctx: GameContext) => (ctx.triggerPass?.sides.length ?? 0) > 0;
export const putTriggersThisPass = (ctx: GameContext) => ctx.triggerPass?.put === true;

/** `side`'s abilities of the pass go on the stack, in `ordered` order (lowest first). */
function put(draft: Draft, side: string, ordered: readonly StackObject[]): void {
  const { ctx } = draft;
  const pass = ctx.triggerPass!;
  const leaving = new Set(ordered);
  ctx.pendingTriggers = ctx.pendingTriggers.filter((t) => !leaving.has(t));
  let putAny = false;
  for (const ability of ordered) {
    // limits.maxStack: an ability that would pass it is not put on the stack (the history says so).
    if (ctx.stack.length >= ctx.limits.maxStack) {
      limitReached(draft, 'maxStack', ability.id);
      continue;
    }
    ctx.stack.push(ability);
    record(draft, { type: 'putOnStack', id: ability.id });
    endShortcutsOnStack(draft, ability); // 732.2: an ability of the pass's side ends it (ownTrigger)
    putAny = true;
  }
  ctx.triggerPass = { waiting: pass.waiting - ordered.length, sides: pass.sides.filter((s) => s !== side), put: pass.put || putAny };
  // 117.3c/117.4: priority starts again with the player about to receive it; everyone must pass anew.
  if (putAny) ctx.priority = { ...ctx.priority, passes: 0 };
}

/** The pass's sides put theirs on the stack in the order they triggered, up to one that chooses the order. */
export function putTriggersOnStack(draft: Draft): void {
  const { ctx } = draft;
  while (hasTriggersInPass(ctx) && sideToOrder(ctx) === null) {
    const side = ctx.triggerPass!.sides[0];
    put(draft, side, inPass(ctx, side));
  }
}

/** The side the game waits for (named by a player of it, or its id) gives the order of its abilities (each id as often as it is among them). */
export function orderTriggers(draft: Draft, who: string, order: readonly string[]): void {
  const side = sideOf(draft.ctx, who);
  const remaining = [...inPass(draft.ctx, side)];
  const ordered = order.map((id) => remaining.splice(remaining.findIndex((t) => t.id === id), 1)[0]);
  put(draft, side, ordered);
}

/** Whether `order` is exactly `side`'s abilities to order: none missing, none extra, none twice. */
export function isOrderOf(ctx: GameContext, side: string, order: readonly string[]): boolean {
  const ids = abilitiesToOrder(ctx, side).sort();
  const given = [...order].sort();
  return ids.length === given.length && ids.every((id, i) => id === given[i]);
}

export function endTriggerPass(draft: Draft): void {
  draft.ctx.triggerPass = null;
}
