// An actor of the turn machine that takes any value as an event: what is not a well-formed
// event of the game — including XState's own `xstate.*` events, which XState would obey — is
// refused with `rejected` and changes nothing; `send` never throws. Every event is read once
// (a frozen, checked copy is what the machine gets); listeners and inspection callbacks are
// contained (api/faults.ts) and called once XState is done with the event, so a listener that
// sends again has its own event performed then and there.
import { createActor, type Actor, type InspectionEvent, type Observer, type Snapshot } from 'xstate';
import { acceptEvent, ForeignEvent } from '../machine/boundary.js';
import { checkedInput, GameInputError } from '../machine/context.js';
import { flush, isBusy, isTrusted, registerQueue, trust, type DeliveryQueue } from '../machine/delivery.js';
import { messageOf } from '../machine/faults.js';
import { hookActionsOf, type HostHooks } from '../machine/hooks.js';
import { turnMachine, type TurnMachine } from './machine.js';
import type { GameContext } from '../rules/types.js';
import { limitsOf, type GameInput } from '../vocabulary/index.js';
import { contained, report, type FaultReporter } from './faults.js';
import { checkSnapshot, checkSnapshotFor, SnapshotError } from './persistence.js';
import { playabilityIssues } from './playable.js';

/** An actor of the turn machine. */
export type TurnActor = Actor<TurnMachine>;

/** `createTurnActor`'s options: the host's hooks, a snapshot to resume, inspection. */
export interface TurnActorOptions {
  /** The host game engine's hooks (see `HostHooks`): those it has; the others do nothing. */
  hooks?: Partial<HostHooks>;
  /** Resume from a persisted snapshot (see `restoreSnapshot`); it is checked again (`SnapshotError`), against the input's limits. */
  snapshot?: Snapshot<unknown>;
  /** XState's inspection callback (e.g. `@statelyai/inspect`); what it throws is contained (`onFault`). */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /**
   * Another build of the machine (`createTurnMachine({ hooks })`, or the older spelling
   * `turnMachine.provide({ actions: { … host hooks … } })`); `hooks` are added to it.
   */
  machine?: TurnMachine;
  /** Told of each fault contained: a listener or inspection callback that threw, a host hook that failed an event. */
  onFault?: FaultReporter;
}

/** `createTurnMachine`'s options. */
export interface TurnMachineOptions {
  /** The host game engine's hooks (see `HostHooks`): those it has; the others do nothing. A TypeError names what is not a hook. */
  hooks?: Partial<HostHooks>;
  /** The machine to add them to (default `turnMachine`). */
  machine?: TurnMachine;
}

/**
 * The turn machine with a host engine's hooks, for `createActor` or further `.provide()`-style
 * use (`turnMachine` itself, with none, stays the one Stately's tools read). The hooks are the
 * machine's actions named after them: XState executes each call where it executes effects
 * (at once in a running actor; `transition()` and `initialTransition()` only return them).
 */
export function createTurnMachine(options: TurnMachineOptions = {}): TurnMachine {
  const machine = options.machine ?? turnMachine;
  if (options.hooks === undefined) return machine;
  return machine.provide({ actions: hookActionsOf(options.hooks) } as Parameters<TurnMachine['provide']>[0]);
}

/** A game that could not begin: the engine's hooks failed as turn 1 began. */
export class GameStartError extends Error {
  constructor(readonly reason: string) {
    super(`the game could not begin: ${reason}`);
    this.name = 'GameStartError';
  }
}

/** An event XState would handle itself, or could not read: it reaches the machine wrapped, to be refused. */
function needsWrapping(event: unknown): boolean {
  try {
    if (typeof event !== 'object' || event === null || Array.isArray(event)) return true;
    const { type } = event as { type?: unknown };
    return typeof type !== 'string' || type.startsWith('xstate.');
  } catch {
    return true;
  }
}

/** Deep-freezes a checked copy (plain data the boundary just built). */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}

/**
 * The one read of an event: what the actor hands XState — a frozen checked copy the boundary
 * takes as it is, or the refusal wrapped (the boundary refuses it without reading it again).
 */
export function readEvent(owner: object, context: GameContext, event: unknown): object {
  if (event instanceof ForeignEvent || isTrusted(event, owner)) return event as object;
  const accepted = acceptEvent(context, event);
  if (accepted.ok) return trust(deepFreeze(accepted.event), owner);
  return new ForeignEvent(event, accepted);
}

/** What the refusal of a send to a game that takes no more events says. */
export function stoppedRefusal(actor: { getSnapshot(): unknown }): { reason: string; rule: string } | null {
  const snapshot = actor.getSnapshot() as { status?: unknown; error?: unknown };
  if (snapshot.status === 'active') return null;
  if (snapshot.status === 'error') return { reason: `the game failed (${messageOf(snapshot.error)}): it takes no more events`, rule: 'failed' };
  return { reason: 'the game is stopped: it takes no more events', rule: 'stopped' };
}

/** What a hardened actor hands XState for `event`: see `readEvent` (XState's own events and non-events wrapped). */
export function prepareEvent(actor: { getSnapshot(): { context: GameContext } }, event: unknown): object {
  return needsWrapping(event) ? new ForeignEvent(event) : readEvent(actor, actor.getSnapshot().context, event);
}

/** The refusal of an event sent from a host hook to its own game, mid-event. */
export const REENTRANT_FROM_HOOK = {
  reason: 'sent to the game from inside its own event (a host hook or an inspection callback): refused — send it once that event is done (a history listener may)',
  rule: 'engine',
} as const;

type Listener = (event: never) => void;

/**
 * Makes a turn actor's `send` take any value (read once, see `readEvent`), its listeners and
 * observers contained and called after XState is done with each event (`flush`).
 */
export function hardenActor<A extends TurnActor>(actor: A, reporter: () => FaultReporter | undefined): A {
  const queue: DeliveryQueue = registerQueue(actor);
  const send = actor.send.bind(actor) as (event: unknown) => void;
  const on = actor.on.bind(actor) as (type: string, handler: Listener) => { unsubscribe(): void };
  const subscribe = actor.subscribe.bind(actor) as (observer: Partial<Observer<unknown>>) => { unsubscribe(): void };
  const start = actor.start.bind(actor);
  const stop = actor.stop.bind(actor);
  const define = (name: string, value: unknown) => Object.defineProperty(actor, name, { value, writable: false, configurable: false });
  define('send', (event: unknown) => {
    const stopped = stoppedRefusal(actor);
    if (stopped) return; // XState would drop it (and warn): the game's send says why
    if (isBusy(actor)) {
      // A host hook (or an inspection callback) sending to its own game mid-event: refused, not queued behind it.
      report(reporter(), { source: 'hook', name: 'send', message: REENTRANT_FROM_HOOK.reason });
      return;
    }
    send(prepareEvent(actor, event));
    flush(queue);
  });
  define('start', () => {
    start();
    flush(queue);
    return actor;
  });
  define('stop', () => {
    stop();
    flush(queue);
    return actor;
  });
  define('on', (type: string, handler: Listener) => {
    if (typeof handler !== 'function') throw new TypeError(`actor.on("${String(type)}", handler): the handler must be a function`);
    return on(type, contained(handler, 'listener', String(type), reporter));
  });
  define('subscribe', (observerOrNext: unknown, error?: unknown, complete?: unknown) => {
    const observer = (typeof observerOrNext === 'function' ? { next: observerOrNext, error, complete } : observerOrNext ?? {}) as Partial<Observer<unknown>>;
    const next = typeof observer.next === 'function' ? contained(observer.next.bind(observer), 'listener', 'snapshot', reporter) : undefined;
    return subscribe({
      next: next && ((snapshot: unknown) => { queue.items.push(() => next(snapshot)); }),
      error: typeof observer.error === 'function' ? contained(observer.error.bind(observer), 'listener', 'error', reporter) : () => undefined,
      complete: typeof observer.complete === 'function' ? contained(observer.complete.bind(observer), 'listener', 'complete', reporter) : undefined,
    });
  });
  return actor;
}

/** Backwards-compatible name: `hardenActor` without a fault reporter. */
export const guardSend = <A extends TurnActor>(actor: A): A => hardenActor(actor, () => undefined);

function containedInspect(inspect: NonNullable<TurnActorOptions['inspect']>, reporter: () => FaultReporter | undefined): Observer<InspectionEvent> {
  const observer = (typeof inspect === 'function' ? { next: inspect } : inspect) as Partial<Observer<InspectionEvent>>;
  const part = (name: 'next' | 'error' | 'complete') => {
    const fn = observer[name];
    return typeof fn === 'function' ? contained(fn.bind(observer) as (...a: unknown[]) => unknown, 'inspect', name, reporter) : () => undefined;
  };
  return { next: part('next'), error: part('error'), complete: part('complete') };
}

/**
 * `createActor(turnMachine, { input })` with the input checked first (a `GameInputError`
 * names each problem; XState would only report it later), a snapshot checked against the
 * input's limits, the inspection callback contained and `send` hardened (see the module comment).
 */
export function createTurnActor(input: GameInput, options: TurnActorOptions = {}): TurnActor {
  const checked = checkedInput(input);
  const unplayable = playabilityIssues(checked);
  if (unplayable.length > 0) throw new GameInputError(unplayable);
  const machine = createTurnMachine({ hooks: options.hooks, machine: options.machine });
  const snapshot = options.snapshot === undefined ? undefined : checkSnapshotFor(checked, options.snapshot);
  const reporter = () => options.onFault;
  const actor = createActor(machine, {
    input: checked,
    ...(snapshot && { snapshot }),
    ...(options.inspect && { inspect: containedInspect(options.inspect, reporter) }),
  });
  const initial = actor.getSnapshot() as { status?: unknown; error?: unknown };
  if (initial.status === 'error') throw new GameStartError(messageOf(initial.error));
  if (checked.limits !== undefined && snapshot === undefined) {
    // Limits a host lowered: turn 1 must be a game its own snapshot can resume.
    try {
      checkSnapshot(actor.getPersistedSnapshot(), limitsOf(checked));
    } catch (error) {
      if (!(error instanceof SnapshotError)) throw error;
      throw new GameInputError([`limits: turn 1 could not be saved and resumed under these limits (${error.path}: ${error.reason})`]);
    }
  }
  return hardenActor(actor, reporter);
}
