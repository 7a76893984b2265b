// What the rules ask of a host game engine, at the rule points where it acts (the machine
// glue connects these to the hooks an engine provides; the defaults do nothing).
import type { PlayerId } from '../vocabulary/index.js';

/** Where a state-based-action check happens. */
export type StateBasedActionsRule = '117.5' | '514.3' | '723.1c' | '723.2c';

export interface HostHooks {
  /** 502.3 */
  untap(player: PlayerId): void;
  /** 504.1 */
  draw(player: PlayerId): void;
  /** 514.1 */
  discard(player: PlayerId, count: number, maxHandSize: number): void;
  /** 704.3: one check; whether any action was performed, and what triggered (unchecked: the rules validate it). */
  performStateBasedActions(rule: StateBasedActionsRule): { performed: boolean; triggered: unknown[] };
}

export const NO_HOOKS: HostHooks = {
  untap: () => undefined,
  draw: () => undefined,
  discard: () => undefined,
  performStateBasedActions: () => ({ performed: false, triggered: [] }),
};
