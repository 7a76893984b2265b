// Rule numbers as records and refusals cite them: in the numbers of the edition the game is
// played under (`options.rulesEdition`, FORMAT.md "Rule numbers by edition"). Rules code writes
// the September 2025 numbers (723 ending the turn and combat, 722 controlling a player).
import { inEdition } from '../vocabulary/index.js';
import type { GameContext } from './types.js';

/** `rule` (September 2025 numbering) in the numbers of the game's edition. */
export const cite = (ctx: Pick<GameContext, 'options'>, rule: string): string => inEdition(rule, ctx.options.rulesEdition);
