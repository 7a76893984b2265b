// A real actor of the turn machine, driven event by event, with every event observed by
// the rules monitor. (createGame does the same without an inspection hook; the model
// suite needs `inspect` from the very first microstep to record the transitions taken.)
import { createActor, type InspectionEvent } from 'xstate';
import {
  turnMachine, type GameInput, type HistoryRecord, type Refusal, type TurnEvent, type TurnSnapshot,
} from '../index.js';
import { RulesMonitor, type Observation } from './invariants.js';

/** A real actor of the turn machine whose every event the rules monitor observes. */
export interface Run {
  readonly input: GameInput;
  readonly history: HistoryRecord[];
  readonly monitor: RulesMonitor;
  readonly observations: Observation[];
  /** Sends an event and returns what the monitor observed. */
  send(event: TurnEvent): Observation;
  /** The actor's snapshot now. */
  snapshot(): TurnSnapshot;
  /** Stops the actor. */
  stop(): void;
}

/** Starts an actor of `machine` (the turn machine by default) on `input`, watched by a new rules monitor. */
export function startRun(
  input: GameInput,
  inspect?: (event: InspectionEvent) => void,
  machine: typeof turnMachine = turnMachine,
): Run {
  const history: HistoryRecord[] = [];
  const monitor = new RulesMonitor(input);
  const observations: Observation[] = [];
  let refusal: Refusal | null = null;
  const actor = createActor(machine, inspect ? { input, inspect } : { input });
  actor.on('history', (e) => { history.push(e.record); });
  actor.on('rejected', (e) => { refusal = { reason: e.reason, rule: e.rule }; });
  actor.start();
  const first: Observation = { event: null, before: null, after: actor.getSnapshot(), records: [...history], refusal: null };
  monitor.observe(first);
  observations.push(first);
  return {
    input,
    history,
    monitor,
    observations,
    send(event) {
      const before = actor.getSnapshot();
      const from = history.length;
      refusal = null;
      actor.send(event);
      const o: Observation = { event, before, after: actor.getSnapshot(), records: history.slice(from), refusal };
      monitor.observe(o);
      observations.push(o);
      return o;
    },
    snapshot: () => actor.getSnapshot(),
    stop: () => actor.stop(),
  };
}
