// What the machine relies on of XState beyond its documented API, in one place (issue 19):
// each fact is named here with why it holds, so that an XState release that changes one is
// found by its name. (More of them live in actions.ts and microstep.ts for now: the `resolve`
// protocol of built-in actions, the snapshot spread, the per-microstep `actionExecutor`.)
import type { AnyActorScope, ExecutableActionObject } from 'xstate';

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
