import { initialContext } from '../rules/setup.js';
import type { GameContext } from '../rules/types.js';
import { parseGameInput, formatIssue, type GameInput } from '../vocabulary/index.js';

/** A game input that is not valid: `issues` name each problem by its JSON path. */
export class GameInputError extends TypeError {
  constructor(readonly issues: string[]) {
    super(`invalid game input: ${issues.join('; ')}`);
    this.name = 'GameInputError';
  }
}

/** Validates a game input: a fresh, checked copy, or a `GameInputError`. */
export function checkedInput(input: unknown): GameInput {
  const parsed = parseGameInput(input);
  if (!parsed.ok) throw new GameInputError(parsed.issues.map(formatIssue));
  return parsed.value;
}

/** The machine's context factory (named so the config stays free of inline functions). */
export function contextFromInput({ input }: { input: GameInput }): GameContext {
  return initialContext(checkedInput(input));
}
