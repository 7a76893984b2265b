import type { MachineDefinition } from '../chart/graph.js';
import { undrawableText } from '../chart/limits.js';
import { isTruncatedDefinition, type InspectMessage, type InspectedSnapshot } from '../../inspect/protocol.js';

/** One snapshot of a live actor, with the event that led to it. */
export interface LiveStep {
  eventType: string;
  snapshot: InspectedSnapshot;
}

export interface LiveActor {
  sessionId: string;
  name: string;
  parentId?: string;
  definition?: MachineDefinition;
  /** The definition arrived cut at the inspector's depth limit. */
  truncated: boolean;
  /** Why the definition that arrived is not read (too long, not JSON), if it is not. */
  definitionRefused?: string;
  /** The newest steps (at most MAX_KEPT); `droppedSteps` older ones were let go. */
  steps: LiveStep[];
  droppedSteps: number;
  /** Events received, including those that changed nothing (the newest MAX_KEPT). */
  events: string[];
  droppedEvents: number;
}

/** Steps and events kept per actor: a program that runs for hours does not fill the tab's memory. */
export const MAX_KEPT = 10_000;

function parseDefinition(text: string | undefined): { definition?: MachineDefinition; refused?: string } {
  if (!text) return {};
  const tooLong = undrawableText(text);
  if (tooLong) return { refused: tooLong };
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && 'states' in parsed ? { definition: parsed as MachineDefinition } : {};
  } catch (error) {
    return { refused: `the definition is not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}

/** Appends, letting the oldest go past MAX_KEPT (in chunks, so appending stays cheap); returns how many went. */
function pushBounded<T>(list: T[], item: T): number {
  list.push(item);
  if (list.length <= MAX_KEPT + MAX_KEPT / 10) return 0;
  return list.splice(0, list.length - MAX_KEPT).length;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Why a message is not one of the inspector's, as far as the page reads it; undefined if it is. */
function problemOf(message: unknown): string | undefined {
  if (!isObject(message)) return 'not an object';
  if (typeof message.sessionId !== 'string') return 'no sessionId';
  if (message.type === '@xstate.actor') return message.snapshot === undefined || isObject(message.snapshot) ? undefined : 'snapshot is not an object';
  if (message.type !== '@xstate.event' && message.type !== '@xstate.snapshot') return `unknown type ${JSON.stringify(message.type)}`;
  if (!isObject(message.event) || typeof message.event.type !== 'string') return `${message.type} without an event type`;
  return message.type === '@xstate.snapshot' && !isObject(message.snapshot) ? '@xstate.snapshot without a snapshot' : undefined;
}

/** The actors of an inspector stream, as they were announced and as they changed. */
export function createLiveActors() {
  const actors = new Map<string, LiveActor>();

  function actorFor(sessionId: string): LiveActor {
    let actor = actors.get(sessionId);
    if (!actor) {
      actor = { sessionId, name: sessionId, truncated: false, steps: [], droppedSteps: 0, events: [], droppedEvents: 0 };
      actors.set(sessionId, actor);
    }
    return actor;
  }

  return {
    actors,
    /** Takes one message; returns the actor it concerns. A message of another shape is refused (thrown, saying why) and changes nothing. */
    receive(message: InspectMessage): LiveActor {
      const problem = problemOf(message);
      if (problem) throw new Error(problem);
      const actor = actorFor(message.sessionId);
      switch (message.type) {
        case '@xstate.actor':
          actor.name = message.name ?? actor.name;
          actor.parentId = message.parentId;
          ({ definition: actor.definition, refused: actor.definitionRefused } = parseDefinition(message.definition));
          actor.truncated = message.definition && !actor.definitionRefused ? isTruncatedDefinition(message.definition) : false;
          if (message.snapshot?.value !== undefined) actor.droppedSteps += pushBounded(actor.steps, { eventType: '(created)', snapshot: message.snapshot });
          break;
        case '@xstate.event':
          actor.droppedEvents += pushBounded(actor.events, message.event.type);
          break;
        case '@xstate.snapshot':
          actor.droppedSteps += pushBounded(actor.steps, { eventType: message.event.type, snapshot: message.snapshot });
          break;
      }
      return actor;
    },
  };
}
