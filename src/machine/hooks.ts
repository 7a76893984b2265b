// Host hooks: where a game engine plugs in the turn-based actions the machine does not model
// (permanents, libraries, hands) and its own state-based actions. An engine provides them by
// name with XState's `.provide({ actions: { drawCard: … } })`; the machine calls each one at
// every point its rule applies, synchronously, beside its own bookkeeping (which `.provide`
// cannot replace). They are never referenced by the chart itself.
import type { HostHooks, StateBasedActionsRule } from '../rules/hooks.js';
import type { PlayerId, StackObjectSpec } from '../vocabulary/index.js';

export type { StateBasedActionsRule } from '../rules/hooks.js';

/** What a check may return: whether any action was performed, and the abilities that triggered. */
export type StateBasedActionsResult = boolean | void | { performed: boolean; triggered?: StackObjectSpec[] };

/** What each host hook is called with: the engine's part of untap (502.3), draw (504.1), discard (514.1), resolution (608.2c), state-based actions (704.3). */
export interface HookParams {
  /** 502.3: `player` (the active player; with teams, each player of the active team in turn, 805.9) untaps their permanents. */
  untapPermanents: { player: PlayerId; turn: number };
  /** 504.1: `player` draws a card (805.4b: with teams, each player of the active team, in the team's order). */
  drawCard: { player: PlayerId; turn: number };
  /**
   * 514.1: `player` discards down to `maxHandSize`: called in every cleanup step for the active player
   * (with teams, each player of the active team); `count` is what the machine's own count of the hand
   * says (0 when at or under the maximum: an engine that keeps real hands discards what its hand needs).
   */
  discardCards: { player: PlayerId; count: number; maxHandSize: number; turn: number };
  /** 608.2c: `object` begins to resolve; the engine performs its own part of it here, before the instructions the machine performs (endTurn, extraTurn, …). */
  resolveObject: { object: StackObjectSpec; turn: number };
  /** 704.3: check state-based actions once, performing every one that applies (repeated while any is). */
  performStateBasedActions: { rule: StateBasedActionsRule; turn: number };
}
/** The name of a host hook (an action a host replaces with `.provide()`). */
export type HookName = keyof HookParams;

/** A hook as the machine calls it: the action arguments XState gave the calling action, and the hook's params. */
type HookFunction<K extends HookName> = (args: unknown, params: HookParams[K]) => K extends 'performStateBasedActions' ? StateBasedActionsResult : void;

/** The defaults: nothing to do (the machine models no permanents, libraries or hands' contents). */
export const defaultHooks: { [K in HookName]: HookFunction<K> } = {
  untapPermanents: () => undefined,
  drawCard: () => undefined,
  discardCards: () => undefined,
  resolveObject: () => undefined,
  performStateBasedActions: () => false,
};

export const HOOK_NAMES = new Set<string>(Object.keys(defaultHooks));

interface LogicWithActions { implementations?: { actions?: Record<string, unknown> } }

/** The host's hooks as the rules call them: the provided function (or the default) with the calling action's arguments. */
class ActionHooks implements HostHooks {
  constructor(private readonly actions: Record<string, unknown>, private readonly args: unknown, private readonly turn: number) {}

  private hook<K extends HookName>(name: K): HookFunction<K> {
    const provided = this.actions[name];
    return (typeof provided === 'function' ? provided : defaultHooks[name]) as HookFunction<K>;
  }

  untap(player: PlayerId): void {
    this.hook('untapPermanents')(this.args, { player, turn: this.turn });
  }

  draw(player: PlayerId): void {
    this.hook('drawCard')(this.args, { player, turn: this.turn });
  }

  discard(player: PlayerId, count: number, maxHandSize: number): void {
    this.hook('discardCards')(this.args, { player, count, maxHandSize, turn: this.turn });
  }

  resolve(object: StackObjectSpec): void {
    this.hook('resolveObject')(this.args, { object, turn: this.turn });
  }

  performStateBasedActions(rule: StateBasedActionsRule): { performed: boolean; triggered: unknown[] } {
    const result = this.hook('performStateBasedActions')(this.args, { rule, turn: this.turn });
    if (typeof result === 'object' && result !== null) {
      return { performed: result.performed === true, triggered: Array.isArray(result.triggered) ? result.triggered : [] };
    }
    return { performed: result === true, triggered: [] };
  }
}

const NO_ACTIONS: Record<string, unknown> = {};

/**
 * The hooks of the machine an action runs in: the actor's own logic (`self.logic`) holds what
 * `.provide()` gave it. `args` are passed through to the host's functions; `turn` is the turn
 * as the action begins.
 */
export function hooksOf(self: unknown, args: unknown, turn: number): HostHooks {
  const actions = ((self as { logic?: LogicWithActions } | undefined)?.logic?.implementations?.actions) ?? NO_ACTIONS;
  return new ActionHooks(actions, args, turn);
}
