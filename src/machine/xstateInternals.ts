// What the machine relies on of XState beyond its documented API, in one place (issue 19):
// the `resolve` protocol of built-in actions, the snapshot spread, the per-microstep
// `actionExecutor`, an actor's own scope (`_actorScope`); the `StateMachine` subclass of the
// boundary (boundary.ts) overrides only `transition`, `getInitialSnapshot` and `provide`, XState's
// documented logic interface. Each fact is named here with why it holds, and checked by behaviour
// as the package loads (`fastPathAgrees`): an XState release that keeps the shapes and changes
// their meaning makes the machine use XState's documented API instead.
import { assign, createActor, type AnyActorScope, type AnyStateMachine, type ExecutableActionObject } from 'xstate';

/** An XState machine snapshot: a plain object whose state fields (value, _nodes, tags…) actions never change. */
export type Snapshot = { context: object } & Record<string, unknown>;

/**
 * An action built as XState builds its own (`assign`, `raise`, `emit`…): a function carrying
 * `type` and `resolve`, which XState calls with the microstep's current snapshot; it returns the
 * next snapshot, its params, and actions to run right after it, in order (xstate 5
 * `resolveAndExecuteActionsWithContext`). Called as a function — an XState that stopped
 * resolving it so — it throws rather than skip the rules.
 */
export function builtInAction(type: string, resolve: (scope: unknown, snapshot: never, args: never, params: never) => [unknown, unknown, unknown[] | undefined]): unknown {
  function rulesAction(): never {
    throw new Error('mtg-turn-machine: this XState version did not resolve a rules action as a built-in action; it is not supported');
  }
  return Object.assign(rulesAction, { type, resolve });
}

/**
 * What an inspector is shown of a rules action that ran: a built-in action named `type` with
 * an `execute`, which XState hands to the actor's `actionExecutor` by its `type` with the params
 * its `resolve` returns — and that executor sends the inspection event `@xstate.action` (xstate 5
 * `resolveAndExecuteActionsWithContext`). The rules ran in the rules action's own `resolve`;
 * nothing is left to do. Put first among the actions the rules action hands on, so it is seen
 * before what it emits and the hooks it calls; only where something inspects (`isInspected`),
 * since each executed action costs the actor a tenth of its speed.
 */
export function seenAction(type: string, params: unknown): unknown {
  return Object.assign(function seen(): void {}, { type, resolve: (_scope: unknown, snapshot: unknown) => [snapshot, params, undefined], execute: RAN_IN_RESOLVE });
}

function RAN_IN_RESOLVE(): void {}

/** Per actor system: whether anything inspects it (see `isInspected`). */
const inspectedSystems = new WeakMap<object, { inspected: boolean }>();

/**
 * Whether anything inspects the system of `scope`'s actor: its root actor was created with an
 * `inspect` option (XState adds it to the system in the constructor, before the initial
 * transition), or `system.inspect(…)` was called since (noted by wrapping that method the first
 * time the system is seen; an observer that unsubscribes leaves it noted). XState keeps its
 * observers private; the self-test (`fastPathAgrees`) checks by behaviour that an inspected
 * actor sees the rules actions on the fast path as on the documented one.
 */
export function isInspected(scope: unknown): boolean {
  const { self, system } = scope as { self?: { _parent?: unknown; options?: { inspect?: unknown } }; system?: { inspect?: (observer: unknown) => unknown } };
  if (system === undefined || system === null) return false;
  let noted = inspectedSystems.get(system);
  if (noted === undefined) {
    let root = self;
    while (root?._parent) root = root._parent as typeof root;
    const record = { inspected: root?.options?.inspect !== undefined };
    const inspect = system.inspect;
    if (typeof inspect === 'function') {
      system.inspect = (observer: unknown) => { record.inspected = true; return inspect.call(system, observer); };
    }
    inspectedSystems.set(system, (noted = record));
  }
  return noted.inspected;
}

/**
 * Whether this XState builds its own actions the way `builtInAction` builds ours: a function
 * carrying `type` and `resolve`. Checked on XState's own `assign`, once, without running
 * anything (the shape; `fastPathAgrees` checks the meaning).
 */
export const XSTATE_RESOLVES_BUILT_INS: boolean = (() => {
  const probe = assign(() => ({})) as unknown as { type?: unknown; resolve?: unknown };
  return probe.type === 'xstate.assign' && typeof probe.resolve === 'function';
})();

/**
 * The microstep's snapshot with a new context. Actions do not change the active states, so the
 * snapshot is the same but for its context: a copy of XState's plain snapshot object spares
 * recomputing the state value (what XState's `assign` does, by rebuilding the snapshot). Any
 * other kind of snapshot gets XState's own `assign`.
 */
export function nextSnapshot<S extends Snapshot>(snapshot: S, next: S['context']): [S, unknown[] | undefined] {
  if (Object.getPrototypeOf(snapshot) === Object.prototype && '_nodes' in snapshot && 'value' in snapshot) {
    return [{ ...snapshot, context: next }, undefined];
  }
  return [snapshot, [assign(() => next)]];
}

/**
 * Whether `scope` is an actor's own scope (its `createActor` computing the initial snapshot),
 * not one made for XState's pure functions (`initialTransition`, `transition`: an inert scope
 * whose executor only collects). XState keeps an actor's scope as `actor._actorScope`, set
 * before the constructor computes the initial snapshot.
 */
export function isActorsOwnScope(scope: unknown): boolean {
  const self = (scope as { self?: { _actorScope?: unknown } } | undefined)?.self;
  return self !== undefined && self !== null && self._actorScope === scope;
}

/**
 * Runs `run` (an actor's initial transition) with the actions named in `names` executed at
 * once, as XState executes every action of a running actor. Before `start()` XState defers an
 * actor's actions to it; the engine's hooks must run in the transition, since the
 * state-based-action check reads the engine's answer in the very next action. Their inspection
 * event is still XState's own, at start (the action is handed on without its function). Any
 * other scope (XState's pure functions) is left as it is: nothing is executed.
 */
export function executingAtOnce<T>(scope: unknown, names: ReadonlySet<string>, run: () => T): T {
  if (!isActorsOwnScope(scope)) return run();
  const own = scope as AnyActorScope;
  const outside = own.actionExecutor;
  own.actionExecutor = (action: ExecutableActionObject) => {
    if (!names.has(action.type) || action.exec === undefined) {
      outside(action);
      return;
    }
    action.exec(action.info, action.params);
    outside({ ...action, exec: undefined });
  };
  try {
    return run();
  } finally {
    own.actionExecutor = outside;
  }
}

/** An event of the self-test's game, and what a machine does with it. */
type SelfTestEvent = { type: string } & Record<string, unknown>;

/** A small game through the fast path and the documented one: turn 1's priority, Time Stop (723.1), a pass into turn 2's draw. */
const SELF_TEST_EVENTS: SelfTestEvent[] = [
  { type: 'priority.pass', player: 'A' },
  { type: 'spell.cast', object: { id: 'timeStop', controller: 'B', type: 'instant', effects: [{ endTurn: {} }] } },
  { type: 'priority.pass', player: 'B' },
  { type: 'priority.pass', player: 'A' },
  { type: 'priority.pass', player: 'B' },
  { type: 'priority.pass', player: 'A' },
];

/** What one run of the self-test's game shows: each snapshot's value and context, every emitted event, every hook call, the actions an inspector sees. */
function selfTestRun(machine: AnyStateMachine): string {
  const calls: unknown[] = [];
  const record = (name: string) => (_args: unknown, params: unknown) => { calls.push([name, params]); return name === 'performStateBasedActions' ? false : undefined; };
  const hooked = machine.provide({
    actions: Object.fromEntries(['untapPermanents', 'drawCard', 'discardCards', 'resolveObject', 'performStateBasedActions'].map((name) => [name, record(name)])),
  } as never) as AnyStateMachine;
  const emitted: unknown[] = [];
  // The rules actions an inspector sees, by name (XState's own actions, `xstate.*`, differ between the paths).
  const inspected: string[] = [];
  const inspect = (e: { type: string; action?: { type: string } }) => { if (e.type === '@xstate.action' && !e.action!.type.startsWith('xstate.')) inspected.push(e.action!.type); };
  const actor = createActor(hooked, { input: { players: ['A', 'B'] }, inspect });
  actor.on('*', (event) => { emitted.push(event); });
  // An action that throws stops the actor with an error: observed here (not reported as unhandled), it fails the run.
  let failure: { error: unknown } | null = null;
  actor.subscribe({ error: (error) => { failure ??= { error }; } });
  actor.start();
  const seen: unknown[] = [];
  const note = () => {
    if (failure) throw new Error('the self-test game failed', { cause: failure.error });
    const { value, context } = actor.getSnapshot();
    seen.push({ value, context });
  };
  note();
  for (const event of SELF_TEST_EVENTS) {
    actor.send(event);
    note();
  }
  actor.stop();
  return JSON.stringify({ seen, emitted, calls, inspected });
}

/**
 * The behavioural self-test of the fast path (issue 19): the same microsteps run on `fast` (the
 * rules actions built as XState builds its own, on the facts above) and on `documented`
 * (`enqueueActions` + `assign`, XState's documented API) must agree — every snapshot's value and
 * context, every emitted record, every hook call, every action an inspector sees by name. A disagreement (or a throw) on this xstate
 * means its internals changed meaning: the machine then uses the documented path.
 */
export function fastPathAgrees(fast: AnyStateMachine, documented: AnyStateMachine): boolean {
  try {
    return selfTestRun(fast) === selfTestRun(documented);
  } catch {
    return false;
  }
}

/**
 * Which microstep a rules action runs in, for the rules actions that share one working copy per
 * microstep (actions.ts, `SharedDraft`). XState gives an actor scope a fresh `actionExecutor`
 * for each microstep it takes (and restores it after; xstate ≥ 5.27), so that function is the
 * microstep's identity. The boundary (boundary.ts) notes, per scope, the executor outside its
 * transition (`inScope`); an executor other than that one is a microstep's (`microstepSlot`).
 * Outside such a call — the bare chart of machines/turn.ts run by another machine — or with an executor XState did
 * not replace, there is no identity, and no action shares (each assigns its own changes, as
 * XState would expect). The self-test (`fastPathAgrees`) checks the sharing by its result.
 */
interface Transition {
  /** The scope's executor outside any microstep. */
  readonly outside: unknown;
  /** The microstep last seen (its executor), and what its rules actions share. */
  microstep: unknown;
  shared: unknown;
}

/** Each scope's transition in progress (nested machines each have their own scope): one lookup per action. */
const transitions = new WeakMap<object, Transition>();

/** Runs `run` (a transition of the machine) in `scope`, noting the scope's executor outside any microstep. */
export function inScope<T>(scope: unknown, run: () => T): T {
  const own = scope as AnyActorScope;
  const before = transitions.get(own);
  transitions.set(own, { outside: own.actionExecutor, microstep: undefined, shared: undefined });
  try {
    return run();
  } finally {
    if (before !== undefined) transitions.set(own, before);
    else transitions.delete(own);
  }
}

/** What the rules actions of one microstep share (see `microstepSlot`). */
export interface MicrostepSlot {
  shared: unknown;
}

/**
 * The slot of the microstep `scope` is in (an action's scope, as XState hands it to `resolve`):
 * empty as a new microstep begins; undefined when the microstep is not known.
 */
export function microstepSlot(scope: unknown): MicrostepSlot | undefined {
  const own = scope as AnyActorScope;
  const transition = transitions.get(own);
  if (transition === undefined) return undefined;
  const executor = own.actionExecutor;
  if (executor === transition.outside) return undefined;
  if (transition.microstep !== executor) {
    transition.microstep = executor;
    transition.shared = undefined;
  }
  return transition;
}
