import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { VIEWER_PATH } from './protocol.js';

/** What the relay keeps and accepts; a producer that goes past a cap is closed, never given more memory. */
export interface InspectRelayOptions {
  /** Largest message a program may send, in bytes; a larger one closes it with 1009. */
  maxMessageBytes?: number;
  /** Actor announcements kept for viewers that connect later, all programs together; one more closes the program that sent it with 1008. */
  maxActors?: number;
  /** Bytes of those announcements, all programs together; past it, 1008 too. */
  maxActorBytes?: number;
  /** Other messages kept for later viewers (the newest; older ones are dropped). */
  replayLimit?: number;
  /** Bytes of those messages (the newest; older ones are dropped). */
  replayBytes?: number;
  /** Programs connected at once; one more is refused with HTTP 503. */
  maxProducers?: number;
  /** Pages connected at once; one more is refused with HTTP 503. */
  maxViewers?: number;
  /** Bytes waiting to be sent to one page; a page that reads slower than that is disconnected. */
  maxViewerBacklog?: number;
  /** Told each time the relay closes or refuses a connection, and why. */
  onRefusal?: (reason: string) => void;
}

export const RELAY_LIMITS = {
  maxMessageBytes: 1024 * 1024,
  maxActors: 1000,
  maxActorBytes: 32 * 1024 * 1024,
  replayLimit: 1000,
  replayBytes: 16 * 1024 * 1024,
  maxProducers: 32,
  maxViewers: 32,
  maxViewerBacklog: 16 * 1024 * 1024,
} as const satisfies Required<Omit<InspectRelayOptions, 'onRefusal'>>;

/** Pages only listen: what one sends is refused past this size (1009) and closed otherwise (1008). */
const VIEWER_MAX_PAYLOAD = 1024;

export interface KeptState {
  /** Actor announcements kept. */
  actors: number;
  /** Other messages kept. */
  messages: number;
  /** Bytes of both. */
  bytes: number;
}

export interface InspectRelay {
  /** Programs currently connected. */
  readonly producerCount: number;
  /** Pages currently connected. */
  readonly viewerCount: number;
  /** What the relay holds for viewers that connect later. */
  readonly kept: KeptState;
  /** Takes over an HTTP upgrade the caller has accepted (Host, Origin): `/__inspect/viewer` for pages, any other path for programs. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
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

/** Whether an upgrade request is for the viewer path (a page) rather than a program. */
export function isViewerRequest(request: IncomingMessage): boolean {
  return (request.url ?? '/').split('?')[0] === VIEWER_PATH;
}

/** Answers an upgrade request with an HTTP error and its reason as text, then closes the connection. */
export function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.on('error', () => socket.destroy());
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  );
}

interface Kept {
  program: number;
  text: string;
  bytes: number;
}

/**
 * Relays the messages of `@statelyai/inspect`'s WebSocket inspector (`@xstate.actor`,
 * `@xstate.event`, `@xstate.snapshot`, JSON text) from inspected programs to the
 * visualizer pages. Actor ids get the program's number (`p1/x:0`). A page that
 * connects later first receives the actor announcements of the programs still
 * connected, then their most recent messages; all of it within the caps of
 * {@link RELAY_LIMITS}. The caller owns the HTTP server and decides which upgrades
 * reach {@link InspectRelay.handleUpgrade}.
 */
export function createInspectRelay(options: InspectRelayOptions = {}): InspectRelay {
  const limits = { ...RELAY_LIMITS, ...options };
  const refused = options.onRefusal ?? (() => {});
  const producers = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes });
  const viewers = new WebSocketServer({ noServer: true, maxPayload: VIEWER_MAX_PAYLOAD });
  const actors = new Map<string, Kept>();
  let actorBytes = 0;
  const recent: Kept[] = [];
  let recentBytes = 0;

  function forget(program: number): void {
    for (const [id, kept] of actors) {
      if (kept.program === program) {
        actors.delete(id);
        actorBytes -= kept.bytes;
      }
    }
    for (let i = recent.length - 1; i >= 0; i--) {
      if (recent[i].program === program) recentBytes -= recent.splice(i, 1)[0].bytes;
    }
  }

  function keepRecent(kept: Kept): void {
    recent.push(kept);
    recentBytes += kept.bytes;
    while (recent.length > limits.replayLimit || recentBytes > limits.replayBytes) recentBytes -= recent.shift()!.bytes;
  }

  /** Keeps an actor announcement, or says why it cannot. */
  function keepActor(id: string, kept: Kept): string | undefined {
    const previous = actors.get(id);
    const count = actors.size + (previous ? 0 : 1);
    const bytes = actorBytes - (previous?.bytes ?? 0) + kept.bytes;
    if (count > limits.maxActors) return `the relay keeps at most ${limits.maxActors} actors`;
    if (bytes > limits.maxActorBytes) return `the relay keeps at most ${limits.maxActorBytes} bytes of actor announcements`;
    actors.set(id, kept);
    actorBytes = bytes;
    return undefined;
  }

  function broadcast(text: string): void {
    for (const viewer of viewers.clients) {
      if (viewer.readyState !== WebSocket.OPEN) continue;
      if (viewer.bufferedAmount > limits.maxViewerBacklog) {
        refused(`page dropped: more than ${limits.maxViewerBacklog} bytes waiting for it`);
        viewer.terminate();
      } else viewer.send(text);
    }
  }

  viewers.on('connection', (viewer: WebSocket) => {
    // ws has already closed the connection with its code (1002, 1007, 1009) when it emits 'error'.
    viewer.on('error', (error) => refused(`page: ${error.message}`));
    viewer.on('message', () => viewer.close(1008, 'the relay expects nothing from pages'));
    for (const { text } of [...actors.values(), ...recent]) viewer.send(text);
  });

  let programs = 0;
  producers.on('connection', (producer: WebSocket) => {
    const program = ++programs;
    producer.on('error', (error) => refused(`program p${program}: ${error.message}`));
    producer.on('close', () => forget(program));
    producer.on('message', (data) => {
      if (producer.readyState !== WebSocket.OPEN) return;
      const parsed = parseInspection(data);
      if (!parsed) {
        // Refusals, never silence: a program that sends something else is told, and disconnected.
        const reason = 'not an inspection message (JSON with a string "type")';
        refused(`program p${program}: ${reason}`);
        producer.close(1007, reason);
        return;
      }
      const message = namespaced(parsed, program);
      const text = JSON.stringify(message);
      const kept = { program, text, bytes: Buffer.byteLength(text) };
      if (message.type === '@xstate.actor' && message.sessionId) {
        const refusal = keepActor(message.sessionId, kept);
        if (refusal) {
          refused(`program p${program}: ${refusal}`);
          producer.close(1008, refusal);
          return;
        }
      } else keepRecent(kept);
      broadcast(kept.text);
    });
  });

  return {
    get producerCount() {
      return producers.clients.size;
    },
    get viewerCount() {
      return viewers.clients.size;
    },
    get kept() {
      return { actors: actors.size, messages: recent.length, bytes: actorBytes + recentBytes };
    },
    handleUpgrade(request, socket, head) {
      const [target, cap, who] = isViewerRequest(request) ? [viewers, limits.maxViewers, 'pages'] : [producers, limits.maxProducers, 'programs'];
      if (target.clients.size >= cap) {
        refused(`refused: already ${cap} ${who} connected`);
        return refuseUpgrade(socket, 503, `The relay accepts at most ${cap} ${who} at once.`);
      }
      target.handleUpgrade(request, socket, head, (ws) => target.emit('connection', ws, request));
    },
    close() {
      for (const client of [...producers.clients, ...viewers.clients]) client.terminate();
      producers.close();
      viewers.close();
    },
  };
}
