// How what one event makes the machine emit reaches the host, and what the sender learns.
//
// XState runs each `emit` as a deferred function, shifted off one array one by one after the
// transition: quadratic in the records of one send (160,000 records: 12 s). The boundary
// (boundary.ts) runs each transition with a scope of its own, which collects the emitted
// events; then hands the whole list on at once — to XState as one deferred function (a plain
// actor), or to the hardened actor's own queue, delivered once XState is done with the event
// (`flush`, api/actor.ts), so that listeners run outside XState: a listener that sends again
// gets that event's own outcome. An event that fails (a hook throws, a budget is passed) emits
// nothing but its refusal.
import type { AnyActorScope } from 'xstate';
import type { Refusal } from '../rules/legality.js';
import type { TurnEmitted } from './emitted.js';

/** The outcome of each event a sender handed in (by the object it sent): null when accepted. */
const outcomes = new WeakMap<object, Refusal | null>();
/** Events already read and checked once (a frozen copy), by the actor that read them: its boundary takes them as they are. */
const trusted = new WeakMap<object, object>();
/** Actors in the middle of a transition (a host hook is running, or an inspection callback). */
const busy = new WeakSet<object>();

/** A hardened actor's queue of deliveries: run once XState is done with the event. */
export interface DeliveryQueue {
  items: (() => void)[];
  flushing: boolean;
}
const queues = new WeakMap<object, DeliveryQueue>();

export function registerQueue(actor: object): DeliveryQueue {
  const queue: DeliveryQueue = { items: [], flushing: false };
  queues.set(actor, queue);
  return queue;
}

/** Runs what is queued, in order (also what is queued while running); a nested call leaves it to the outer one. */
export function flush(queue: DeliveryQueue): void {
  if (queue.flushing) return;
  queue.flushing = true;
  try {
    for (let i = 0; i < queue.items.length; i += 1) queue.items[i]();
  } finally {
    queue.items = [];
    queue.flushing = false;
  }
}

export function trust<T extends object>(event: T, owner: object): T {
  trusted.set(event, owner);
  return event;
}
/** Whether `event` is a copy `owner` read (a copy another game read was checked against another game's players and limits). */
export const isTrusted = (event: unknown, owner: unknown): boolean => typeof event === 'object' && event !== null && trusted.get(event) === owner;

export const outcomeOf = (sent: object): Refusal | null | undefined => outcomes.get(sent);
export const isBusy = (actor: object): boolean => busy.has(actor);

/** XState's scope for one transition, what it defers (the emits) collected and what is emitted kept, until `restore`. */
export interface CapturingScope {
  /** The emitted events, once `collect` ran the deferred functions. */
  collect(): TurnEmitted[];
  /** Puts XState's own `defer` and `emit` back. */
  restore(): void;
}

/**
 * Captures on the scope object itself (its own two properties swapped for the transition, then
 * put back): a scope of another shape or prototype would make every access XState makes to it
 * polymorphic, and cost more than the capture saves.
 */
export function capturingScope(scope: AnyActorScope): CapturingScope {
  const deferred: (() => void)[] = [];
  const emitted: TurnEmitted[] = [];
  const own = scope as AnyActorScope & { defer(fn: () => void): void; emit(event: unknown): void };
  const { defer, emit } = own;
  own.defer = (fn: () => void) => { deferred.push(fn); };
  own.emit = (event: unknown) => { emitted.push(event as TurnEmitted); };
  return {
    collect() {
      for (let i = 0; i < deferred.length; i += 1) deferred[i]();
      return emitted;
    },
    restore() {
      own.defer = defer;
      own.emit = emit;
    },
  };
}

/** Runs `run` with the actor marked busy (see `isBusy`). */
export function whileBusy<T>(actor: object, run: () => T): T {
  if (busy.has(actor)) return run();
  busy.add(actor);
  try {
    return run();
  } finally {
    busy.delete(actor);
  }
}

/** Hands one event's emitted list on (see the module comment) and notes its outcome for `sent`. */
export function deliver(scope: AnyActorScope, sent: unknown, emitted: readonly TurnEmitted[]): void {
  if (typeof sent === 'object' && sent !== null) {
    const refusal = emitted.find((e) => e.type === 'rejected') as (TurnEmitted & { type: 'rejected' }) | undefined;
    outcomes.set(sent, refusal ? { reason: refusal.reason, rule: refusal.rule, ...(refusal.path !== undefined && { path: refusal.path }) } : null);
  }
  if (emitted.length === 0) return;
  const run = () => { for (let i = 0; i < emitted.length; i += 1) scope.emit(emitted[i]); };
  const queue = queues.get(scope.self);
  if (queue) queue.items.push(run);
  else scope.defer(run);
}
