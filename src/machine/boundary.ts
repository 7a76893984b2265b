// The machine's boundary: every event from outside is checked before the statechart sees
// it. A well-formed event reaches the chart as a fresh copy (the host's object is never
// kept, so changing it later changes nothing); anything else — not an object, a type the
// game does not know, one of the chart's own signals, a malformed or oversized payload —
// is refused with `rejected` and leaves the snapshot as it was.
import { StateMachine, type EventObject } from 'xstate';
import type { Refusal } from '../rules/legality.js';
import { envOf } from '../rules/env.js';
import type { GameContext } from '../rules/types.js';
import {
  DEFAULT_LIMITS, EVENT_SCHEMAS, describe, formatPath, isTurnEventType, limitsOf, parse, quote, type GameInput, type Limits,
  type Schema, type TurnEvent,
} from '../vocabulary/index.js';
import { checkCounters, withBudget } from './budget.js';
import { capturingScope, deliver, isTrusted, whileBusy } from './delivery.js';
import type { TurnEmitted } from './emitted.js';
import { refusalOfFault } from './faults.js';
import { containedHook, type HookAction, type HookName } from './hooks.js';
import { executingAtOnce, inScope } from './xstateInternals.js';

export type Acceptance = { ok: true; event: TurnEvent } | { ok: false; refusal: Refusal };

const input = (reason: string, path?: string): Acceptance => ({ ok: false, refusal: { reason, rule: 'input', ...(path && { path }) } });

function readType(raw: unknown): { type: unknown } | { unreadable: string } | null {
  try {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
    return { type: (raw as { type?: unknown }).type };
  } catch (error) {
    let message = 'an unreadable error';
    try { message = String(error instanceof Error ? error.message : error).slice(0, 200); } catch { /* keep the fallback */ }
    return { unreadable: message };
  }
}

/** The envelope: an object whose type is a string; the type, or why not. */
function envelopeType(raw: unknown): string | Acceptance {
  const envelope = readType(raw);
  if (!envelope) return input(`an event is an object with a type, such as {"type": "priority.pass", "player": "A"}; got ${describe(raw)}`);
  if ('unreadable' in envelope) return input(`the event could not be read: ${envelope.unreadable}`);
  if (typeof envelope.type !== 'string') return input(`an event's type must be a string, got ${describe(envelope.type)}`, 'type');
  return envelope.type;
}

/** A value a guarded `send` wrapped (not an event, or one of XState's own): always refused. */
function refuseForeign(original: unknown): Acceptance {
  const type = envelopeType(original);
  return typeof type === 'string' ? ownEventOfXState(type) : type;
}

const ownEventOfXState = (type: string) => input(`${quote(type)} is XState's own event; a game does not take it from outside`, 'type');

/** Checks an event from outside: a fresh, well-formed copy, or why it is refused. Never throws. */
export function acceptEvent(ctx: GameContext, raw: unknown): Acceptance {
  const type = envelopeType(raw);
  if (typeof type !== 'string') return type;
  if (type.startsWith('xstate.')) return ownEventOfXState(type);
  if (!isTurnEventType(type)) return input(`unknown event ${quote(type)}`, 'type');
  const parsed = parse(EVENT_SCHEMAS[type] as Schema<TurnEvent>, raw, envOf(ctx));
  if (parsed.ok) return { ok: true, event: parsed.value };
  const [issue] = parsed.issues;
  const path = formatPath(issue.path);
  return { ok: false, refusal: { reason: `${path}: ${issue.message}`, rule: issue.code === 'limit' ? 'limit' : 'input', path } };
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the class below extends XState's generic StateMachine for any chart */
type AnyChart = StateMachine<GameContext, any, any, any, any, any, any, any, any, any, any, any, any, any>;
const ChartBase = StateMachine as unknown as new (config: AnyChart['config'], implementations: AnyChart['implementations']) => AnyChart;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * A chart behind the boundary. `provide` keeps the boundary, and accepts only the host hooks
 * (`allowedActions`): the machine's own rules actions and guards cannot be replaced.
 */
export function guardMachine<M extends AnyChart>(chart: M, allowedActions: ReadonlySet<string>): M {
  class GuardedMachine extends ChartBase {
    transition(snapshot: Parameters<AnyChart['transition']>[0], event: EventObject, scope: Parameters<AnyChart['transition']>[2]) {
      // XState's own stop signal (actor.stop()) passes; hosts' events are checked.
      if (isStopSignal(event)) return super.transition(snapshot, event, scope);
      const original: unknown = event instanceof ForeignEvent ? event.original : event;
      const accepted: Acceptance = event instanceof ForeignEvent ? event.refusal ?? refuseForeign(event.original)
        : isTrusted(event, scope.self) ? { ok: true, event: event as TurnEvent } : acceptEvent(snapshot.context, event);
      if (!accepted.ok) {
        deliver(scope, event, [rejectedOf(original, accepted.refusal)]);
        return snapshot;
      }
      // One event: its own scope (what it emits is handed on at once, or dropped if it fails), its budget, no fault let out.
      const own = capturingScope(scope);
      let next: typeof snapshot;
      let emitted: TurnEmitted[];
      try {
        next = whileBusy(scope.self, () => withBudget(snapshot.context.limits, () => inScope(scope, () => super.transition(snapshot, accepted.event, scope))));
        checkCounters(snapshot.context, next.context);
        emitted = own.collect();
      } catch (error) {
        own.restore();
        deliver(scope, event, [rejectedOf(original, refusalOfFault(error))]);
        return snapshot;
      }
      own.restore();
      deliver(scope, event, emitted);
      return next;
    }

    getInitialSnapshot(scope: Parameters<AnyChart['getInitialSnapshot']>[0], input: Parameters<AnyChart['getInitialSnapshot']>[1]) {
      // Before the actor starts, XState defers the actions themselves (their emits run at start): XState's own scope;
      // an actor's own hook calls run in the transition, as in a running actor (xstateInternals.ts).
      return whileBusy(scope.self, () => withBudget(initialLimits(input), () => executingAtOnce(scope, allowedActions,
        () => inScope(scope, () => super.getInitialSnapshot(scope, input)))));
    }

    provide(implementations: Parameters<AnyChart['provide']>[0]): AnyChart {
      const { actions = {}, guards = {}, actors = {}, delays = {} } = implementations as Record<string, Record<string, unknown> | undefined>;
      const refused = [
        ...Object.keys(actions).filter((name) => !allowedActions.has(name)).map((name) => `action "${name}"`),
        ...Object.keys(guards).map((name) => `guard "${name}"`),
        ...Object.keys(actors).map((name) => `actor "${name}"`),
        ...Object.keys(delays).map((name) => `delay "${name}"`),
      ];
      if (refused.length > 0) {
        throw new TypeError(`${refused.join(', ')}: only the host hooks can be provided (${[...allowedActions].join(', ')}); `
          + 'the machine\'s own rules actions and guards are not replaceable');
      }
      // Each hook contained (hooks.ts): its calls spent from the event's budget, its faults the event's refusal.
      const hooks = Object.fromEntries(Object.entries(actions).map(([name, hook]) => [name, typeof hook === 'function' ? containedHook(name as HookName, hook as HookAction<HookName>) : hook]));
      const provided = super.provide({ ...implementations, actions: hooks } as Parameters<AnyChart['provide']>[0]);
      return new GuardedMachine(provided.config, provided.implementations);
    }
  }
  return new GuardedMachine(chart.config, chart.implementations) as unknown as M;
}

/**
 * A value a guarded `send` could not hand to XState as it is (not an object with a string
 * type, or one of XState's own `xstate.*` events), or one already refused on its one read
 * (`refusal`): the boundary refuses it, naming the original, without reading it again.
 */
export class ForeignEvent {
  readonly type = 'mtg.foreign';
  constructor(readonly original: unknown, readonly refusal?: Acceptance & { ok: false }) {}
}

/** XState's stop signal, exactly as `actor.stop()` enqueues it. */
function isStopSignal(event: unknown): boolean {
  try {
    return typeof event === 'object' && event !== null && (event as EventObject).type === 'xstate.stop' && Object.keys(event).length === 1;
  } catch {
    return false;
  }
}

/** The limits of a game input (the defaults for one the context factory will refuse). */
function initialLimits(input: unknown): Limits {
  try {
    return limitsOf(input as GameInput);
  } catch {
    return DEFAULT_LIMITS;
  }
}

const rejectedOf = (event: unknown, refusal: Refusal): TurnEmitted => ({ type: 'rejected', event, ...refusal });
