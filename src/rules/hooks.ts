// What the rules ask of a host game engine, at the rule points where it acts: one interface,
// one set of names, for every executor (the XState machine, the playout). The machine glue
// connects these to the hooks an engine provides (src/machine/hooks.ts) and contains them;
// the defaults do nothing.
import type { PlayerId, StackObjectSpec } from '../vocabulary/index.js';
import type { Frozen } from './types.js';

/** Where a state-based-action check happens. */
export type StateBasedActionsRule = '117.5' | '514.3' | '723.1c' | '723.2c';

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
  resolveObject: { object: Frozen<StackObjectSpec>; turn: number };
  /** 704.3: check state-based actions once, performing every one that applies (repeated while any is). */
  performStateBasedActions: { rule: StateBasedActionsRule; turn: number };
}

/** The name of a host hook. */
export type HookName = keyof HookParams;

/**
 * A host game engine's hooks: its part of the turn-based actions and its state-based actions,
 * called synchronously at every point its rule applies, in the rules' order. A host passes
 * those it has (`Partial<HostHooks>`) as `{ hooks }` to `createGame`, `createTurnActor`,
 * `createTurnMachine` or `createPlayout`; the others do nothing.
 */
export interface HostHooks {
  /** 502.3: the player untaps their permanents. */
  untapPermanents(params: HookParams['untapPermanents']): void;
  /** 504.1: the player draws a card. */
  drawCard(params: HookParams['drawCard']): void;
  /** 514.1: the player discards down to the maximum hand size (every cleanup step; `count` 0 when the machine's count is at or under it). */
  discardCards(params: HookParams['discardCards']): void;
  /** 608.2c: an object begins to resolve (before the instructions the machine performs). */
  resolveObject(params: HookParams['resolveObject']): void;
  /** 704.3: one check; whether any action was performed, and what triggered (the rules validate what triggered). */
  performStateBasedActions(params: HookParams['performStateBasedActions']): StateBasedActionsResult;
}

/** The hooks' names, in the order of the rules they serve. */
export const HOOK_NAMES: readonly HookName[] = ['untapPermanents', 'drawCard', 'discardCards', 'resolveObject', 'performStateBasedActions'];

/** The hooks of no engine: nothing to do (the machine models no permanents, libraries or hands' contents). */
export const NO_HOOKS: HostHooks = {
  untapPermanents: () => undefined,
  drawCard: () => undefined,
  discardCards: () => undefined,
  resolveObject: () => undefined,
  performStateBasedActions: () => false,
};

/** A check's answer as the rules use it (the glue has read and checked it whole: src/machine/hooks.ts). */
export interface CheckAnswer {
  performed: boolean;
  triggered: readonly unknown[];
}

/** A check's answer when the engine performed nothing (or was not asked: XState's pure `transition()`). */
export const NOTHING_PERFORMED: CheckAnswer = Object.freeze({ performed: false, triggered: Object.freeze([]) });

/** An answer already read by the glue, or a default hook's: true, false, nothing, or { performed, triggered? }. */
export function answerOf(result: StateBasedActionsResult): CheckAnswer {
  if (result === undefined || result === false) return NOTHING_PERFORMED;
  if (result === true) return { performed: true, triggered: [] };
  return { performed: result.performed === true, triggered: result.triggered ?? [] };
}
