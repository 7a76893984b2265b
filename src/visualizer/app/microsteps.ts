import type { AnyStateMachine, AnyStateNode, InspectionEvent } from 'xstate';
import { describeRecord, type HistoryRecord, type TurnSnapshot } from '../../index.js';
import { takenTransitionsOf, type TakenTransition } from '../chart/active.js';

/**
 * One microstep of an event: the machine as it was right after one set of transitions,
 * before the next eventless transition or raised event moved it on. Passing through
 * cleanup after Time Stop (723.1d) happens in such steps, all within one `send`.
 */
export interface Microstep {
  /** The event that took the transitions: the one sent, or one the machine raised (`step.finished`). */
  eventType: string;
  snapshot: TurnSnapshot;
  taken: TakenTransition[];
  /** The history records this microstep's actions emitted. */
  records: HistoryRecord[];
}

/** A history record being emitted, as the inspector reports the `emit` action (emitted events themselves come later). */
function emittedRecordOf(event: InspectionEvent): HistoryRecord | undefined {
  if (event.type !== '@xstate.action' || event.action.type !== 'xstate.emit') return undefined;
  const emitted = (event.action.params as { event?: { type?: string; record?: HistoryRecord } } | undefined)?.event;
  return emitted?.type === 'history' ? emitted.record : undefined;
}

/** Collects the microsteps of the events sent to an actor, from its inspection events. */
export function createMicrostepRecorder() {
  let steps: Microstep[] = [];
  let records: HistoryRecord[] = [];
  return {
    inspect(event: InspectionEvent): void {
      const record = emittedRecordOf(event);
      if (record) records.push(record);
      if (event.type !== '@xstate.microstep') return;
      steps.push({ eventType: event.event.type, snapshot: event.snapshot as TurnSnapshot, taken: takenTransitionsOf(event), records });
      records = [];
    },
    /** The microsteps since the last call. */
    take(): Microstep[] {
      const taken = steps;
      steps = [];
      records = [];
      return taken;
    },
  };
}

/** A state's name for a reader: its path without parallel states (`phases.ending.cleanup`, `priority.inactive`). */
function readablePath(node: AnyStateNode): string {
  const keys: string[] = [];
  for (let current: AnyStateNode | undefined = node; current?.parent; current = current.parent) {
    if (current.type !== 'parallel') keys.unshift(current.key);
  }
  return keys.join('.') || node.key;
}

const isSelfOrAncestor = (ancestorId: string, id: string) => id === ancestorId || id.startsWith(`${ancestorId}.`);

/**
 * What a microstep did, in one line: the raised event if not the one sent, where it went
 * (`→` a target, `↻` a state re-entered or staying), and what the rules recorded.
 */
export function describeMicrostep(step: Microstep, sentType: string, machine: AnyStateMachine): { move: string; records: string } {
  const moves = step.taken.map(({ source, target }) => {
    const targets = target ?? [];
    if (targets.length === 0) return `↻ ${readablePath(machine.getStateNodeById(source.id))}`;
    return targets
      .map(({ id }) => `${isSelfOrAncestor(id, source.id) ? '↻' : '→'} ${readablePath(machine.getStateNodeById(id))}`)
      .join(', ');
  });
  const prefix = step.eventType === sentType ? '' : `${step.eventType} `;
  return { move: `${prefix}${moves.join(', ') || '(no transition)'}`, records: step.records.map(describeRecord).join('; ') };
}
