// Which microstep the machine is in, for the rules actions that share one working copy per
// microstep (actions.ts, `SharedDraft`). The machine behind its boundary (boundary.ts) says
// which actor scope it is running in, around each `transition` and `getInitialSnapshot`; XState
// gives that scope a fresh `actionExecutor` for each microstep it takes (and restores it after),
// so that function is the microstep's identity. Outside such a call — the bare chart of
// machines/turn.ts run by another machine — or with an executor XState did not replace, there
// is no identity, and no action shares (each assigns its own changes, as XState would expect).

interface Scope { actionExecutor?: unknown }

const scopes: { scope: Scope; outside: unknown }[] = [];

/** Runs `run` (a transition of the machine) in `scope`; nested machines (a host hook sending to another actor) stack. */
export function inScope<T>(scope: unknown, run: () => T): T {
  scopes.push({ scope: scope as Scope, outside: (scope as Scope).actionExecutor });
  try {
    return run();
  } finally {
    scopes.pop();
  }
}

/** The current microstep's identity, or undefined when not known. */
export function currentMicrostep(): unknown {
  const current = scopes[scopes.length - 1];
  if (current === undefined) return undefined;
  const executor = current.scope.actionExecutor;
  return executor === current.outside ? undefined : executor;
}
