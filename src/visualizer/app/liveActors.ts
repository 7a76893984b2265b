import type { MachineDefinition } from '../chart/graph.js';
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
  steps: LiveStep[];
  /** Events received, including those that changed nothing. */
  events: string[];
}

function parseDefinition(text: string | undefined): MachineDefinition | undefined {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && 'states' in parsed ? (parsed as MachineDefinition) : undefined;
  } catch {
    return undefined;
  }
}

/** The actors of an inspector stream, as they were announced and as they changed. */
export function createLiveActors() {
  const actors = new Map<string, LiveActor>();

  function actorFor(sessionId: string): LiveActor {
    let actor = actors.get(sessionId);
    if (!actor) {
      actor = { sessionId, name: sessionId, truncated: false, steps: [], events: [] };
      actors.set(sessionId, actor);
    }
    return actor;
  }

  return {
    actors,
    /** Takes one message; returns the actor it concerns. */
    receive(message: InspectMessage): LiveActor {
      const actor = actorFor(message.sessionId);
      switch (message.type) {
        case '@xstate.actor':
          actor.name = message.name ?? actor.name;
          actor.parentId = message.parentId;
          actor.definition = parseDefinition(message.definition);
          actor.truncated = message.definition ? isTruncatedDefinition(message.definition) : false;
          if (message.snapshot?.value !== undefined) actor.steps.push({ eventType: '(created)', snapshot: message.snapshot });
          break;
        case '@xstate.event':
          actor.events.push(message.event.type);
          break;
        case '@xstate.snapshot':
          actor.steps.push({ eventType: message.event.type, snapshot: message.snapshot });
          break;
      }
      return actor;
    },
  };
}
