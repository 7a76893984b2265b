// Host hooks in the machine: where a game engine plugs in the turn-based actions the machine
// does not model (permanents, libraries, hands) and its own state-based actions. The machine
// holds them as actions named after the hooks (what `createTurnMachine({ hooks })` provides,
// and what `.provide({ actions: { drawCard } })` still may, the older spelling), each
// contained here: a hook call is spent from the event's budget, and a hook that throws or
// answers what the rules cannot read is a `HookFault` — the event is refused, the game as it
// was (boundary.ts). The rules ask for them; the rules actions hand each call back to XState
// as an action of its own, by name with its params (actions.ts), which XState executes where
// it executes effects: at once in a running actor, collected by `transition()`.
import { HOOK_NAMES as HOOK_ORDER, type CheckAnswer, type HookName, type HookParams, type HostHooks, type StateBasedActionsResult } from '../rules/hooks.js';
import type { StackObjectSpec } from '../vocabulary/index.js';
import { spend } from './budget.js';
import { BudgetExceeded, HookFault, messageOf } from './faults.js';

export type { HookName, HookParams, HostHooks, StateBasedActionsResult, StateBasedActionsRule } from '../rules/hooks.js';

/** A hook as an XState action: the action arguments, and the hook's params (the `.provide({ actions })` spelling). */
export type HookAction<K extends HookName> = (args: unknown, params: HookParams[K]) => ReturnType<HostHooks[K]>;

/** The machine's hook actions when no engine provides them: nothing to do (never called: see `providedHooksOf`). */
export const DEFAULT_HOOK_ACTIONS: { [K in HookName]: HookAction<K> } = {
  untapPermanents: () => undefined,
  drawCard: () => undefined,
  discardCards: () => undefined,
  resolveObject: () => undefined,
  performStateBasedActions: () => false,
};

/** The actions a host may provide (the hooks), and nothing of the machine's own. */
export const HOOK_NAMES: ReadonlySet<string> = new Set<string>(HOOK_ORDER);

/**
 * A host's hooks object as the machine's hook actions (each called as a method of `hooks`);
 * refused whole with a TypeError naming what is wrong: not an object, a name that is no hook,
 * a hook that is not a function.
 */
export function hookActionsOf(hooks: unknown): Partial<Record<HookName, HookAction<HookName>>> {
  if (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks)) {
    throw new TypeError(`hooks: an object of host hooks (${HOOK_ORDER.join(', ')}) is expected`);
  }
  const actions: Partial<Record<HookName, HookAction<HookName>>> = {};
  const host = hooks as Record<string, unknown>;
  for (const name of Object.keys(host)) {
    if (!HOOK_NAMES.has(name)) throw new TypeError(`hooks.${name}: not a host hook (the hooks are ${HOOK_ORDER.join(', ')})`);
    const hook = host[name];
    if (hook === undefined) continue;
    if (typeof hook !== 'function') throw new TypeError(`hooks.${name}: a host hook is a function`);
    actions[name as HookName] = (_args, params) => (hook as (p: unknown) => StateBasedActionsResult).call(hooks, params);
  }
  return actions;
}

/** A deep, frozen copy of plain data (what the machine hands a hook: writing to it cannot change the game). */
function frozenCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? value.map(frozenCopy) : {};
  if (!Array.isArray(value)) for (const key of Object.keys(value)) (copy as Record<string, unknown>)[key] = frozenCopy((value as Record<string, unknown>)[key]);
  return Object.freeze(copy) as T;
}

/** The answers of the state-based-action checks executed, by the params object of each call (read once by the action after it). */
const answers = new WeakMap<object, CheckAnswer>();

/** The engine's answer to the check called with `params`, once; undefined when that call was not executed (XState's pure `transition()`). */
export function takeAnswer(params: object): CheckAnswer | undefined {
  const answer = answers.get(params);
  answers.delete(params);
  return answer;
}

const CONTAINED = new WeakSet<object>();

/**
 * A hook action contained (see the module comment). The state-based-action check's answer is
 * read whole here and kept for the action that follows the call (`takeAnswer`).
 */
export function containedHook<K extends HookName>(name: K, hook: HookAction<K>): HookAction<K> {
  if (CONTAINED.has(hook)) return hook;
  const contained = ((args: unknown, params: HookParams[K]) => {
    spend('hookCalls');
    let result: unknown;
    try {
      result = hook(args, params);
    } catch (error) {
      if (error instanceof BudgetExceeded || error instanceof HookFault) throw error;
      throw new HookFault(name, `threw: ${messageOf(error)}`);
    }
    if (name === 'performStateBasedActions') {
      const answer = readCheck(result);
      answers.set(params, answer);
      return answer;
    }
    return undefined;
  }) as HookAction<K>;
  CONTAINED.add(contained);
  return contained;
}

/** A state-based-action check's answer, read once and whole: true, false, nothing, or { performed, triggered? }. */
function readCheck(result: unknown): CheckAnswer {
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

/** One hook call the rules asked for, as an XState action by name: what XState executes (and an inspector sees). */
export interface HookCall {
  readonly type: HookName;
  readonly params: object;
}

/** Which hooks a machine's engine provides (the others are not called at all). */
export interface ProvidedHooks {
  /** Any of untap, draw, discard, resolve: the rules actions collect their calls (`CollectingHooks`). */
  readonly effects: boolean;
  /** The state-based-action check: asked between two actions (actions.ts). */
  readonly stateBasedActions: boolean;
  readonly names: ReadonlySet<HookName>;
}

/** A machine whose engine provides none of the hooks. */
export const NO_HOOKS_PROVIDED: ProvidedHooks = { effects: false, stateBasedActions: false, names: new Set() };
const provided = new WeakMap<object, ProvidedHooks>();

/** What a machine's actions (`machine.implementations.actions`) provide of the hooks; read once per machine. */
export function providedHooksOf(actions: Record<string, unknown> | undefined): ProvidedHooks {
  if (actions === undefined) return NO_HOOKS_PROVIDED;
  let known = provided.get(actions);
  if (known === undefined) {
    const names = new Set(HOOK_ORDER.filter((name) => typeof actions[name] === 'function' && actions[name] !== DEFAULT_HOOK_ACTIONS[name]));
    known = names.size === 0 ? NO_HOOKS_PROVIDED : { effects: [...names].some((n) => n !== 'performStateBasedActions'), stateBasedActions: names.has('performStateBasedActions'), names };
    provided.set(actions, known);
  }
  return known;
}

/**
 * The hooks as a rules action sees them: each call of a provided hook is collected, to be
 * handed to XState after the action (`calls`); the others do nothing. An engine's
 * state-based-action check is never asked here: the machine asks it between actions (actions.ts).
 */
export class CollectingHooks implements HostHooks {
  readonly calls: HookCall[] = [];
  constructor(private readonly names: ReadonlySet<HookName>) {}

  private collect(type: HookName, params: object): void {
    if (this.names.has(type)) this.calls.push({ type, params });
  }

  untapPermanents(params: HookParams['untapPermanents']): void { this.collect('untapPermanents', params); }
  drawCard(params: HookParams['drawCard']): void { this.collect('drawCard', params); }
  discardCards(params: HookParams['discardCards']): void { this.collect('discardCards', params); }
  resolveObject(params: HookParams['resolveObject']): void {
    this.collect('resolveObject', { object: frozenCopy(params.object) as StackObjectSpec, turn: params.turn });
  }

  /** No engine's check is provided (one that is, is asked between actions: actions.ts): nothing performed. */
  performStateBasedActions(): false {
    return false;
  }
}

/**
 * The hooks called at once, contained (a HookFault for what throws or lies), for an executor
 * without XState (the playout): the same calls, in the same order, as the machine's.
 */
export function immediateHooks(hooks: Partial<HostHooks> | undefined): HostHooks | undefined {
  if (hooks === undefined) return undefined;
  const actions = hookActionsOf(hooks);
  const call = <K extends HookName>(name: K): HookAction<K> => {
    const action = actions[name] as HookAction<K> | undefined;
    return action === undefined ? DEFAULT_HOOK_ACTIONS[name] as HookAction<K> : containedHook(name, action);
  };
  const [untap, draw, discard, resolve, check] = [call('untapPermanents'), call('drawCard'), call('discardCards'), call('resolveObject'), call('performStateBasedActions')];
  return {
    untapPermanents: (params) => untap(undefined, params),
    drawCard: (params) => draw(undefined, params),
    discardCards: (params) => discard(undefined, params),
    resolveObject: (params) => resolve(undefined, { object: frozenCopy(params.object), turn: params.turn }),
    performStateBasedActions: (params) => check(undefined, { ...params }),
  };
}
