import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { VIEWER_PATH } from './protocol.js';

export interface InspectRelayOptions {
  /** Non-actor messages kept for a viewer that connects later (actor announcements are always kept). */
  replayLimit?: number;
}

export interface InspectRelay {
  /** Programs currently connected. */
  readonly producerCount: number;
  close(): void;
}

interface InspectionMessage {
  type: string;
  sessionId?: string;
  [field: string]: unknown;
}

/** Fields naming actors; each program numbers its actors from `x:0`, so the relay prefixes them per program. */
const ACTOR_ID_FIELDS = ['sessionId', 'parentId', 'rootId', 'sourceId'];

function namespaced(message: InspectionMessage, program: number): InspectionMessage {
  const copy = { ...message };
  for (const field of ACTOR_ID_FIELDS) {
    if (typeof copy[field] === 'string' && copy[field] !== 'anonymous') copy[field] = `p${program}/${copy[field] as string}`;
  }
  return copy;
}

function parseInspection(data: RawData): InspectionMessage | undefined {
  try {
    const message: unknown = JSON.parse(data.toString());
    if (message && typeof message === 'object' && 'type' in message && typeof message.type === 'string') {
      return message as InspectionMessage;
    }
  } catch {
    // not JSON: not an inspection message
  }
  return undefined;
}

/**
 * Relays the messages of `@statelyai/inspect`'s WebSocket inspector (`@xstate.actor`,
 * `@xstate.event`, `@xstate.snapshot`, JSON text) from inspected programs to the
 * visualizer pages, on the given HTTP server. Actor ids get the program's number
 * (`p1/x:0`). A page that connects later first receives every actor announcement,
 * then the most recent messages.
 */
export function attachInspectRelay(server: Server, options: InspectRelayOptions = {}): InspectRelay {
  const replayLimit = options.replayLimit ?? 1000;
  const producers = new WebSocketServer({ noServer: true });
  const viewers = new WebSocketServer({ noServer: true });
  const actors = new Map<string, string>();
  const recent: string[] = [];

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const target = path === VIEWER_PATH ? viewers : producers;
    target.handleUpgrade(request, socket, head, (ws) => target.emit('connection', ws, request));
  }
  server.on('upgrade', onUpgrade);

  viewers.on('connection', (viewer: WebSocket) => {
    for (const message of [...actors.values(), ...recent]) viewer.send(message);
  });

  let programs = 0;
  producers.on('connection', (producer: WebSocket) => {
    const program = ++programs;
    producer.on('message', (data) => {
      const parsed = parseInspection(data);
      if (!parsed) return;
      const message = namespaced(parsed, program);
      const text = JSON.stringify(message);
      if (message.type === '@xstate.actor' && message.sessionId) actors.set(message.sessionId, text);
      else {
        recent.push(text);
        if (recent.length > replayLimit) recent.shift();
      }
      for (const viewer of viewers.clients) {
        if (viewer.readyState === WebSocket.OPEN) viewer.send(text);
      }
    });
  });

  return {
    get producerCount() {
      return producers.clients.size;
    },
    close() {
      server.off('upgrade', onUpgrade);
      for (const client of [...producers.clients, ...viewers.clients]) client.terminate();
      producers.close();
      viewers.close();
    },
  };
}
