// The turn chart's action and guard names, bound for the playout to the very functions the
// XState machine runs: `ACTION_RULES` (a rules function over a draft), `ACTION_SIGNALS` (a
// raised event), `reject` (a refusal, `refusalInState`), and `turnGuards`. A name the chart
// uses that is none of these is an error when the chart is compiled, not a silent no-op.
import { ACTION_EVENTS, ACTION_RULES, ACTION_SIGNALS, refusalInState, type Rule } from '../machine/actions.js';
import { turnGuards } from '../machine/guards.js';
import { HOOK_NAMES } from '../machine/hooks.js';
import type { MachineEvent } from '../machine/events.js';
import type { Refusal } from '../rules/legality.js';
import type { Draft } from '../rules/draft.js';
import type { GameContext } from '../rules/types.js';
import type { WaitingFor } from '../vocabulary/index.js';
import type { Bindings, BoundAction, BoundGuard, ChartEvent } from '../statechart/index.js';

/** What the bound actions and guards act on: the playout's game (see playout.ts). */
export interface TurnRun {
  readonly ctx: GameContext;
  readonly internalQueue: ChartEvent[];
  /** Reused for every guard call: `{ context: ctx, event }`. */
  readonly guardArgs: { context: GameContext; event: MachineEvent };
  /** The last refusal of this `send` (as `createGame` reports the last `rejected`). */
  refusal: Refusal | null;
  /** Set by the executor (src/statechart/step.ts): a microstep that leaves the active states as they were, whose actions must say whether they changed the context. */
  readonly tracking: boolean;
  readonly changed: boolean;
  /** The draft a rules action writes through in place: the context itself. */
  readonly draft: Draft;
  /** A rules action in a tracked microstep that has changed nothing yet: on a copy-on-write draft, to tell whether it changes the context. */
  applyTracked(rule: Rule<unknown>, event: MachineEvent, params: unknown): void;
  /** Takes the refusals a rules action left in `draft` (the last is this send's). */
  takeRefusals(draft: Draft): void;
}

/**
 * One rules action: in place, through the run's draft, unless the microstep is tracked and
 * nothing has changed yet (then on a draft of its own, `applyTracked`). Called by every bound
 * rules action, with nothing between it and the rule.
 */
function runRule(run: TurnRun, rule: Rule<unknown>, event: MachineEvent, params: unknown): void {
  if (run.tracking && !run.changed) {
    run.applyTracked(rule, event, params);
    return;
  }
  const { draft } = run;
  rule(draft, event, params);
  if (draft.refusals.length !== 0) run.takeRefusals(draft);
}

type Params = unknown | ((args: { context: GameContext; event: MachineEvent }) => unknown);
type Guard = (args: { context: GameContext; event: MachineEvent }, params: unknown) => boolean;

const RULES = ACTION_RULES as unknown as Record<string, Rule<unknown>>;
const SIGNALS = ACTION_SIGNALS as Record<string, ChartEvent>;
const EVENTS = ACTION_EVENTS as Record<string, (ctx: GameContext) => ChartEvent>;
const GUARDS = turnGuards as unknown as Record<string, Guard>;

/** A reference as XState reads it: a name, or `{ type, params }` (params a value or a function of context and event). */
function reference(ref: unknown, what: string, where: string): { type: string; params: Params; dynamic: boolean } {
  if (typeof ref === 'string') return { type: ref, params: undefined, dynamic: false };
  if (typeof ref === 'object' && ref !== null && typeof (ref as { type?: unknown }).type === 'string') {
    const { type, params } = ref as { type: string; params?: Params };
    return { type, params, dynamic: typeof params === 'function' };
  }
  throw new Error(`playout: ${where}: only named ${what}s are supported (got ${typeof ref === 'function' ? 'an inline function' : JSON.stringify(ref)})`);
}

/** The params of one call: XState evaluates a params function with the current context and event. */
const paramsNow = (run: TurnRun, event: ChartEvent, params: Params): unknown =>
  (params as (args: { context: GameContext; event: MachineEvent }) => unknown)({ context: run.ctx, event: event as MachineEvent });

/** Refusals as `createGame` reports them. */
export const asRefusal = (r: Refusal): Refusal => ({ reason: r.reason, rule: r.rule, ...(r.path !== undefined && { path: r.path }) });

function bindAction(ref: unknown, where: string): BoundAction<TurnRun> {
  const { type, params, dynamic } = reference(ref, 'action', where);
  const rule = Object.hasOwn(RULES, type) ? RULES[type] : undefined;
  if (rule) {
    return dynamic
      ? (run, event) => runRule(run, rule, event as MachineEvent, paramsNow(run, event, params))
      : (run, event) => runRule(run, rule, event as MachineEvent, params);
  }
  if (Object.hasOwn(SIGNALS, type)) {
    const signal = SIGNALS[type];
    return (run) => { run.internalQueue.push(signal); };
  }
  if (Object.hasOwn(EVENTS, type)) {
    const build = EVENTS[type];
    return (run) => { run.internalQueue.push(build(run.ctx)); };
  }
  if (type === 'reject') {
    return (run, event) => {
      const { waitingFor } = (dynamic ? paramsNow(run, event, params) : params) as { waitingFor: WaitingFor };
      run.refusal = asRefusal(refusalInState(run.ctx, event as MachineEvent, waitingFor));
    };
  }
  const why = HOOK_NAMES.has(type) ? 'a host hook: the chart never runs hooks itself' : 'neither a rules action (ACTION_RULES), a signal (ACTION_SIGNALS or ACTION_EVENTS) nor reject';
  throw new Error(`playout: ${where}: action "${type}" is ${why}`);
}

function bindGuard(ref: unknown, where: string): BoundGuard<TurnRun> {
  const { type, params, dynamic } = reference(ref, 'guard', where);
  const guard = Object.hasOwn(GUARDS, type) ? GUARDS[type] : undefined;
  if (!guard) throw new Error(`playout: ${where}: guard "${type}" is not one of turnGuards`);
  if (dynamic) {
    return (run, event) => {
      const args = run.guardArgs;
      args.event = event as MachineEvent;
      return guard(args, paramsNow(run, event, params));
    };
  }
  return (run, event) => {
    const args = run.guardArgs;
    args.event = event as MachineEvent;
    return guard(args, params);
  };
}

export const turnBindings: Bindings<TurnRun> = { action: bindAction, guard: bindGuard };
