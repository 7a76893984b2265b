// Rule numbers as records and refusals cite them: in the numbers of the edition the game is
// played under (`options.rulesEdition`, FORMAT.md "Rule numbers by edition"). Rules code writes
// the September 2025 numbers (723 ending the turn and combat, 722 controlling a player).
import { inEdition, rulesEditionRow, type RulesEditionRow } from '../vocabulary/index.js';
import type { GameContext } from './types.js';

// `cite` runs on every guard that asks for a refusal (most of a playout's events): rewriting the
// number each time cost ~15 % of an event. The rules cite a fixed set of numbers, so the answer
// per row of the editions table and number is kept (a pure function's memo: the same answer
// either way), bounded by the table's rows and MAX_CITATIONS per row, whatever dates games name.
const citations = new Map<RulesEditionRow, Map<string, string>>();
const MAX_CITATIONS = 4096;

/** `rule` (September 2025 numbering) in the numbers of the game's edition. */
export function cite(ctx: Pick<GameContext, 'options'>, rule: string): string {
  const edition = ctx.options.rulesEdition;
  const row = rulesEditionRow(edition);
  let byRule = citations.get(row);
  if (!byRule) citations.set(row, byRule = new Map());
  let text = byRule.get(rule);
  if (text === undefined) {
    text = inEdition(rule, edition);
    if (byRule.size < MAX_CITATIONS) byRule.set(rule, text);
  }
  return text;
}
