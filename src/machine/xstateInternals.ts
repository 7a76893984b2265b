// What the machine relies on of XState beyond its documented API, in one place (issue 19):
// each fact is named here with why it holds, so that an XState release that changes one is
// found by its name. (More of them live in actions.ts and microstep.ts for now: the `resolve`
// protocol of built-in actions, the snapshot spread, the per-microstep `actionExecutor`.)
import { createActor, type AnyActorScope, type AnyStateMachine, type ExecutableActionObject } from 'xstate';

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

/** What one run of the self-test's game shows: each snapshot's value and context, every emitted event, every hook call. */
function selfTestRun(machine: AnyStateMachine): string {
  const calls: unknown[] = [];
  const record = (name: string) => (_args: unknown, params: unknown) => { calls.push([name, params]); return name === 'performStateBasedActions' ? false : undefined; };
  const hooked = machine.provide({
    actions: Object.fromEntries(['untapPermanents', 'drawCard', 'discardCards', 'resolveObject', 'performStateBasedActions'].map((name) => [name, record(name)])),
  } as never) as AnyStateMachine;
  const emitted: unknown[] = [];
  const actor = createActor(hooked, { input: { players: ['A', 'B'] } });
  actor.on('*', (event) => { emitted.push(event); });
  actor.start();
  const seen: unknown[] = [];
  const note = () => { const { value, context } = actor.getSnapshot(); seen.push({ value, context }); };
  note();
  for (const event of SELF_TEST_EVENTS) {
    actor.send(event);
    note();
  }
  actor.stop();
  return JSON.stringify({ seen, emitted, calls });
}

/**
 * The behavioural self-test of the fast path (issue 19): the same microsteps run on `fast` (the
 * rules actions built as XState builds its own, on the facts above) and on `documented`
 * (`enqueueActions` + `assign`, XState's documented API) must agree — every snapshot's value and
 * context, every emitted record, every hook call. A disagreement (or a throw) on this xstate
 * means its internals changed meaning: the machine then uses the documented path.
 */
export function fastPathAgrees(fast: AnyStateMachine, documented: AnyStateMachine): boolean {
  try {
    return selfTestRun(fast) === selfTestRun(documented);
  } catch {
    return false;
  }
}
