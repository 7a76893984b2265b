// Sides: who takes turns, holds priority, attacks and blocks. In a game without teams each
// player is a side of its own; with shared team turns (805) each team is one side, named by
// its id ("A+B"), and its first player is its primary player (805.2).
import type { PlayerId } from '../vocabulary/index.js';
import type { GameContext } from './types.js';

type Sides = Pick<GameContext, 'sides' | 'teams'>;

/** The side a player or a side id names (a player's team, with teams; else the player). */
export function sideOf(ctx: Sides, who: string): string {
  if (ctx.teams === null || ctx.teams[who] !== undefined) return who;
  for (const side of ctx.sides) if (ctx.teams[side].includes(who)) return side;
  return who;
}

/** The players of a side, in listed order. */
export const playersOf = (ctx: Sides, side: string): readonly PlayerId[] => (ctx.teams === null ? [side] : ctx.teams[side] ?? [side]);

/** 805.2: a side's primary player (without teams, the player itself). */
export const primaryOf = (ctx: Sides, side: string): PlayerId => playersOf(ctx, side)[0];

/** The sides in turn order starting with `first` (APNAP when `first` is active, 101.4, 805.6). */
export function sidesFrom(ctx: Sides, first: string): string[] {
  const start = ctx.sides.indexOf(first);
  return [...ctx.sides.slice(start), ...ctx.sides.slice(0, start)];
}

/** Whether it is `who`'s turn now: `who`'s side is the active one (805.4: a team's turn is each of its players'). */
export function isTurnOf(ctx: Sides & Pick<GameContext, 'activeSide'>, who: string): boolean {
  return sideOf(ctx, who) === ctx.activeSide;
}

/** Who acts, from a name that is a player or (with teams) a team: the side, and the player recorded (a team named: its primary player). */
export function actingAs(ctx: Sides, who: string): { side: string; player: PlayerId } {
  const side = sideOf(ctx, who);
  return { side, player: ctx.teams?.[who] !== undefined ? primaryOf(ctx, who) : who };
}

/** 805: with teams, a record of who acted or whose turn it is names the team too (FORMAT-TEAMS "History records"). */
export const teamOfRecord = (ctx: Sides, side: string): { team?: string } => (ctx.teams === null ? {} : { team: side });

/** The name an actor-shaped event gives (`player`, or `team`). */
export const nameOf = (actor: { player?: string; team?: string }): string => actor.player ?? actor.team ?? '';

/** The side of a list of players named by one effect (805.8): each distinct side, in the order first named. */
export const sidesOfPlayers = (ctx: Sides, players: readonly string[]): string[] => [...new Set(players.map((p) => sideOf(ctx, p)))];
