import { initialContext } from '../rules/setup.js';
import type { GameContext, GameInput } from '../rules/types.js';

/** The machine's context factory (named so the config stays free of inline functions). */
export function contextFromInput({ input }: { input: GameInput }): GameContext {
  return initialContext(input);
}
