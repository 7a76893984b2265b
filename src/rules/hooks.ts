// What the rules ask of a host game engine, at the rule points where it acts (the machine
// glue connects these to the hooks an engine provides; the defaults do nothing).
import type { PlayerId, StackObjectSpec } from '../vocabulary/index.js';
import type { Frozen } from './types.js';

/** Where a state-based-action check happens. */
export type StateBasedActionsRule = '117.5' | '514.3' | '723.1c' | '723.2c';

export interface HostHooks {
  /** 502.3 */
  untap(player: PlayerId): void;
  /** 504.1 */
  draw(player: PlayerId): void;
  /** 514.1 (every cleanup step, for each active player; `count` 0 when the machine's count is at or under the maximum) */
  discard(player: PlayerId, count: number, maxHandSize: number): void;
  /** 608.2c: an object begins to resolve (before its instructions the machine performs) */
  resolve(object: Frozen<StackObjectSpec>): void;
  /** 704.3: one check; whether any action was performed, and what triggered (unchecked: the rules validate it). */
  performStateBasedActions(rule: StateBasedActionsRule): { performed: boolean; triggered: unknown[] };
}

export const NO_HOOKS: HostHooks = {
  untap: () => undefined,
  draw: () => undefined,
  discard: () => undefined,
  resolve: () => undefined,
  performStateBasedActions: () => ({ performed: false, triggered: [] }),
};
