// 800.4: who is still in the game. Data the rules and the chart's guards read — a player who
// has left is listed in `left`; the game is over once it has winners (104.2a, 104.2c) — so the
// chart needs no states of its own for a game with fewer players.
import type { PlayerId } from '../vocabulary/index.js';
import { playersOf } from './sides.js';
import type { GameContext } from './types.js';

type Seating = Pick<GameContext, 'sides' | 'teams' | 'left'>;

/** 800.4: the player has not left the game. */
export const isInGame = (ctx: Pick<GameContext, 'left'>, player: PlayerId): boolean => !ctx.left.includes(player);

/** A side is in the game while one of its players is (810.8a: a Two-Headed Giant team leaves together). */
export const isSideInGame = (ctx: Seating, side: string): boolean =>
  ctx.left.length === 0 || playersOf(ctx, side).some((player) => !ctx.left.includes(player));

/** 800.4: The sides still in the game, in turn order. */
export const sidesInGame = (ctx: Seating): readonly string[] => (ctx.left.length === 0 ? ctx.sides : ctx.sides.filter((side) => isSideInGame(ctx, side)));

/** 800.4: A side's players still in the game, in listed order. */
export function playersInGame(ctx: Seating, side: string): PlayerId[] {
  if (ctx.teams === null) return isInGame(ctx, side) ? [side] : []; // (without teams a side is its one player)
  const players = playersOf(ctx, side);
  return ctx.left.length === 0 ? players.slice() : players.filter((player) => isInGame(ctx, player));
}

/** 800.4a: the next side in turn order after `side` that is still in the game (`side` itself if there is none). */
export function nextSideInGame(ctx: Seating, side: string): string {
  // The turn order from `side` (as `sidesFrom` lists it), walked in place: this runs at every pass.
  const { sides } = ctx;
  const start = sides.indexOf(side);
  for (let i = 1; i < sides.length; i += 1) {
    const next = sides[(start + i) % sides.length];
    if (isSideInGame(ctx, next)) return next;
  }
  return side;
}

/** 800.4j: who receives priority where the active player would: the active side, or if it left, the next side still in the game. */
export const receiverOfActivePriority = (ctx: Seating & Pick<GameContext, 'activeSide'>): string =>
  (isSideInGame(ctx, ctx.activeSide) ? ctx.activeSide : nextSideInGame(ctx, ctx.activeSide));

/** 104.2a, 104.2c: the game is over (it has winners). */
export const isGameOver = (ctx: Pick<GameContext, 'winners'>): boolean => ctx.winners !== null;
