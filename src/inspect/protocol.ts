// The messages of @statelyai/inspect's WebSocket inspector (0.7), as JSON text on the wire.
import type { StateValue } from 'xstate';

/** Where the visualizer page listens; every other WebSocket path of the server is for inspected programs. */
export const VIEWER_PATH = '/__inspect/viewer';

export interface InspectedSnapshot {
  status?: string;
  value?: StateValue;
  context?: unknown;
}

interface Message {
  sessionId: string;
  rootId?: string;
  createdAt?: string;
  _version?: string;
}

/** An actor was created; `definition` is its machine config as JSON text (cut at the inspector's depth limit). */
export interface ActorMessage extends Message {
  type: '@xstate.actor';
  name?: string;
  parentId?: string;
  definition?: string;
  snapshot?: InspectedSnapshot;
}

export interface EventMessage extends Message {
  type: '@xstate.event';
  sourceId?: string;
  event: { type: string };
}

export interface SnapshotMessage extends Message {
  type: '@xstate.snapshot';
  event: { type: string };
  snapshot: InspectedSnapshot;
}

export type InspectMessage = ActorMessage | EventMessage | SnapshotMessage;

/** safe-stable-stringify's marks for what lay below the depth limit. */
export function isTruncatedDefinition(definition: string): boolean {
  return definition.includes('"[Object]"') || definition.includes('"[Array]"');
}
