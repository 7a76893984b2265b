// 117.5, 603.3b: putting waiting triggered abilities on the stack. Each time a player would
// receive priority, the abilities waiting then go on the stack in passes: the active player's
// first, then each other player's in turn order (APNAP, 101.4); each player's in the order
// they triggered, or — with the `choose` option — in the order that player gives. An ability
// that triggers while a player chooses is not part of the pass: it waits for the next one.
import { playersFrom, record, type Draft } from './draft.js';
import type { GameContext, StackObject } from './types.js';

/** The abilities of the current pass (the first `waiting` of those waiting), of `player`. */
function inPass(ctx: GameContext, player: string): StackObject[] {
  return ctx.pendingTriggers.slice(0, ctx.triggerPass?.waiting ?? 0).filter((t) => t.controller === player);
}

/** A pass begins: what waits now is in it, and the players who control any of it, APNAP. */
export function beginTriggerPass(draft: Draft): void {
  const { ctx } = draft;
  const controllers = new Set(ctx.pendingTriggers.map((t) => t.controller));
  ctx.triggerPass = { waiting: ctx.pendingTriggers.length, players: playersFrom(ctx.players, ctx.activePlayer).filter((p) => controllers.has(p)), put: false };
}

/** The player whose order of two or more abilities the game waits for, or null (603.3b, `choose`). */
export function playerToOrder(ctx: GameContext): string | null {
  const player = ctx.triggerPass?.players[0];
  if (player === undefined || ctx.options.triggerOrder !== 'choose') return null;
  return inPass(ctx, player).length >= 2 ? player : null;
}

/** The ids of the abilities `player` is asked to order, in the order they triggered. */
export function abilitiesToOrder(ctx: GameContext, player: string): string[] {
  return inPass(ctx, player).map((t) => t.id);
}

export const hasTriggersInPass = (ctx: GameContext) => (ctx.triggerPass?.players.length ?? 0) > 0;
export const putTriggersThisPass = (ctx: GameContext) => ctx.triggerPass?.put === true;

/** `player`'s abilities of the pass go on the stack, in `ordered` order (lowest first). */
function put(draft: Draft, player: string, ordered: readonly StackObject[]): void {
  const { ctx } = draft;
  const pass = ctx.triggerPass!;
  const leaving = new Set(ordered);
  ctx.pendingTriggers = ctx.pendingTriggers.filter((t) => !leaving.has(t));
  for (const ability of ordered) {
    ctx.stack.push(ability);
    record(draft, { type: 'putOnStack', id: ability.id });
  }
  ctx.triggerPass = { waiting: pass.waiting - ordered.length, players: pass.players.filter((p) => p !== player), put: true };
  // 117.3c/117.4: priority starts again with the player about to receive it; everyone must pass anew.
  ctx.priority = { ...ctx.priority, passes: 0 };
}

/** The pass's players put theirs on the stack in the order they triggered, up to one who chooses the order. */
export function putTriggersOnStack(draft: Draft): void {
  const { ctx } = draft;
  while (hasTriggersInPass(ctx) && playerToOrder(ctx) === null) {
    const player = ctx.triggerPass!.players[0];
    put(draft, player, inPass(ctx, player));
  }
}

/** The player the game waits for gives the order of their abilities (each id as often as it is among them). */
export function orderTriggers(draft: Draft, player: string, order: readonly string[]): void {
  const remaining = [...inPass(draft.ctx, player)];
  const ordered = order.map((id) => remaining.splice(remaining.findIndex((t) => t.id === id), 1)[0]);
  put(draft, player, ordered);
}

/** Whether `order` is exactly `player`'s abilities to order: none missing, none extra, none twice. */
export function isOrderOf(ctx: GameContext, player: string, order: readonly string[]): boolean {
  const ids = abilitiesToOrder(ctx, player).sort();
  const given = [...order].sort();
  return ids.length === given.length && ids.every((id, i) => id === given[i]);
}

export function endTriggerPass(draft: Draft): void {
  draft.ctx.triggerPass = null;
}
