// An actor of the turn machine that takes any value as an event: what is not a well-formed
// event of the game — including XState's own `xstate.*` events, which XState would obey — is
// refused with `rejected` and changes nothing; `send` never throws.
import { createActor, type Actor, type InspectionEvent, type Observer, type Snapshot } from 'xstate';
import { ForeignEvent } from '../machine/boundary.js';
import { checkedInput } from '../machine/context.js';
import { turnMachine, type TurnMachine } from '../machine/index.js';
import type { GameInput } from '../vocabulary/index.js';
import { checkSnapshotFor } from './persistence.js';

/** An actor of the turn machine. */
export type TurnActor = Actor<TurnMachine>;

/** `createTurnActor`'s options: the machine (a `turnMachine.provide(…)` with the host's hooks), a snapshot to resume, inspection. */
export interface TurnActorOptions {
  /** Resume from a persisted snapshot (see `restoreSnapshot`); it is checked again (`SnapshotError`). */
  snapshot?: Snapshot<unknown>;
  /** XState's inspection callback (e.g. `@statelyai/inspect`). */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /** Another build of the machine: `turnMachine.provide({ actions: { … host hooks … } })`. */
  machine?: TurnMachine;
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

/** Makes `actor.send` take any value: see the module comment. */
export function guardSend<A extends { send(event: never): void }>(actor: A): A {
  const send = actor.send.bind(actor) as (event: unknown) => void;
  Object.defineProperty(actor, 'send', {
    value: (event: unknown) => send(needsWrapping(event) ? new ForeignEvent(event) : event),
    writable: false,
    configurable: false,
  });
  return actor;
}

/**
 * `createActor(turnMachine, { input })` with the input checked first (a `GameInputError`
 * names each problem; XState would only report it later) and `send` guarded.
 */
export function createTurnActor(input: GameInput, options: TurnActorOptions = {}): TurnActor {
  const checked = checkedInput(input);
  const machine = options.machine ?? turnMachine;
  const snapshot = options.snapshot === undefined ? undefined : checkSnapshotFor(checked, options.snapshot);
  const actor = createActor(machine, {
    input: checked,
    ...(snapshot && { snapshot }),
    ...(options.inspect && { inspect: options.inspect }),
  });
  return guardSend(actor);
}
