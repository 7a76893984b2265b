// Host hooks: where a game engine plugs in the turn-based actions the machine does not model
// (permanents, libraries, hands) and its own state-based actions. An engine provides them by
// name with XState's `.provide({ actions: { drawCard: … } })`; the machine calls each one at
// every point its rule applies, synchronously, beside its own bookkeeping (which `.provide`
// cannot replace). They are never referenced by the chart itself.
import type { HostHooks, StateBasedActionsRule } from '../rules/hooks.js';
import type { PlayerId, StackObjectSpec } from '../vocabulary/index.js';
import { spend } from './budget.js';
import { BudgetExceeded, HookFault, messageOf } from './faults.js';

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

/** A deep, frozen copy of plain data (what the machine hands a hook: writing to it cannot change the game). */
function frozenCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? value.map(frozenCopy) : {};
  if (!Array.isArray(value)) for (const key of Object.keys(value)) (copy as Record<string, unknown>)[key] = frozenCopy((value as Record<string, unknown>)[key]);
  return Object.freeze(copy) as T;
}

/**
 * The host's hooks as the rules call them: the provided function (or the default) with the
 * calling action's arguments. Each call is spent from the event's budget and contained: a hook
 * that throws, or answers what the machine cannot read, is a `HookFault` — the event it ran in
 * is refused and the game stays as before it (boundary.ts).
 */
class ActionHooks implements HostHooks {
  constructor(private readonly actions: Record<string, unknown>, private readonly args: unknown, private readonly turn: number) {}

  private call<K extends HookName>(name: K, params: HookParams[K]): ReturnType<HookFunction<K>> {
    const provided = this.actions[name];
    const hook = (typeof provided === 'function' ? provided : defaultHooks[name]) as HookFunction<K>;
    spend('hookCalls');
    try {
      return hook(this.args, params) as ReturnType<HookFunction<K>>;
    } catch (error) {
      if (error instanceof BudgetExceeded || error instanceof HookFault) throw error;
      throw new HookFault(name, `threw: ${messageOf(error)}`);
    }
  }

  untap(player: PlayerId): void {
    this.call('untapPermanents', { player, turn: this.turn });
  }

  draw(player: PlayerId): void {
    this.call('drawCard', { player, turn: this.turn });
  }

  discard(player: PlayerId, count: number, maxHandSize: number): void {
    this.call('discardCards', { player, count, maxHandSize, turn: this.turn });
  }

  resolve(object: StackObjectSpec): void {
    this.call('resolveObject', { object: frozenCopy(object), turn: this.turn });
  }

  performStateBasedActions(rule: StateBasedActionsRule): { performed: boolean; triggered: unknown[] } {
    const result: unknown = this.call('performStateBasedActions', { rule, turn: this.turn });
    return readCheck(result);
  }
}

/** A state-based-action check's answer, read once and whole: true, false, nothing, or { performed, triggered? }. */
function readCheck(result: unknown): { performed: boolean; triggered: unknown[] } {
  const fault = (what: string) => new HookFault('performStateBasedActions', `answered ${what}: expected true, false, nothing, or { performed: boolean, triggered?: [abilities] }`);
  if (result === undefined || typeof result === 'boolean') return { performed: result === true, triggered: [] };
  if (typeof result !== 'object' || result === null || Array.isArray(result)) throw fault(result === null ? 'null' : Array.isArray(result) ? 'a list' : `a ${typeof result}`);
  let performed: unknown;
  let triggered: unknown;
  try {
    ({ performed, triggered } = result as { performed?: unknown; triggered?: unknown });
    if (performed !== undefined && typeof performed !== 'boolean') throw fault(`"performed": ${typeof performed}`);
    if (triggered === undefined) return { performed: performed === true, triggered: [] };
    if (!Array.isArray(triggered)) throw fault('"triggered" that is not a list');
    if (triggered.length > MAX_TRIGGERED_READ) throw fault(`${triggered.length} triggered abilities at once`);
    return { performed: performed === true, triggered: Array.from(triggered as unknown[]) };
  } catch (error) {
    if (error instanceof HookFault) throw error;
    throw new HookFault('performStateBasedActions', `answered a value that could not be read (${messageOf(error)})`);
  }
}

/** More than any limit lets wait at once: an answer this long is read no further. */
const MAX_TRIGGERED_READ = 100_000;

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
