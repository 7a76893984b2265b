// Whose turn it is, in words the rules use: "A's turn" is A's when A is a player, or A's
// team's (805.4) in a game with teams.
import type { GameContext } from './types.js';

/** Whether it is `who`'s turn now (a player, or that player's side). */
export function isTurnOf(ctx: Pick<GameContext, 'activePlayer'>, who: string): boolean {
  return who === ctx.activePlayer;
}
