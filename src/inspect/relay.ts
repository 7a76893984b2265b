import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { VIEWER_PATH } from './protocol.js';

/** What the relay keeps and accepts; a producer that goes past a cap is closed, never given more memory. */
export interface InspectRelayOptions {
  /** Largest message a program may send, in bytes; a larger one closes it with 1009. */
  maxMessageBytes?: number;
  /**
   * Actor announcements kept for viewers that connect later, per program: one more closes the program
   * that sent it with 1008. Per program, so a program that announces too many is the one closed, never
   * another (at most maxProducers × this in all).
   */
  maxActors?: number;
  /** Bytes of those announcements, per program; past it, that program is closed with 1008 too. */
  maxActorBytes?: number;
  /** Other messages kept for later viewers, per program (its newest; its older ones are dropped, never another program's). */
  replayLimit?: number;
  /** Bytes of those messages, per program (its newest). */
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
  maxActorBytes: 8 * 1024 * 1024,
  replayLimit: 1000,
  replayBytes: 2 * 1024 * 1024,
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

/**
 * Fields naming actors; each program numbers its actors from `x:0` (and may call one `anonymous`), so the
 * relay prefixes every one with the program's connection: two programs never share an actor.
 */
const ACTOR_ID_FIELDS = ['sessionId', 'parentId', 'rootId', 'sourceId'];

function namespaced(message: InspectionMessage, program: number): InspectionMessage {
  const copy = { ...message };
  for (const field of ACTOR_ID_FIELDS) {
    if (typeof copy[field] === 'string') copy[field] = `p${program}/${copy[field] as string}`;
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
  /** Its place in the order messages arrived, all programs together. */
  sequence: number;
  text: string;
  bytes: number;
}

interface ProgramKept {
  actors: Map<string, Kept>;
  actorBytes: number;
  recent: Kept[];
  recentBytes: number;
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
  /** What is kept of each connected program, each within its own caps. */
  const kept = new Map<number, ProgramKept>();
  let sequence = 0;

  function keptOf(program: number): ProgramKept {
    let entry = kept.get(program);
    if (!entry) {
      entry = { actors: new Map(), actorBytes: 0, recent: [], recentBytes: 0 };
      kept.set(program, entry);
    }
    return entry;
  }

  function keepRecent(entry: ProgramKept, message: Kept): void {
    entry.recent.push(message);
    entry.recentBytes += message.bytes;
    while (entry.recent.length > limits.replayLimit || entry.recentBytes > limits.replayBytes) entry.recentBytes -= entry.recent.shift()!.bytes;
  }

  /** Keeps an actor announcement within its program's caps, or says why it cannot. */
  function keepActor(entry: ProgramKept, id: string, message: Kept): string | undefined {
    const previous = entry.actors.get(id);
    const count = entry.actors.size + (previous ? 0 : 1);
    const bytes = entry.actorBytes - (previous?.bytes ?? 0) + message.bytes;
    if (count > limits.maxActors) return `the relay keeps at most ${limits.maxActors} actors per program`;
    if (bytes > limits.maxActorBytes) return `the relay keeps at most ${limits.maxActorBytes} bytes of actor announcements per program`;
    entry.actors.set(id, message);
    entry.actorBytes = bytes;
    return undefined;
  }

  /** What a page that connects now is sent first: every program's actors, then their recent messages, in the order they came. */
  function replay(): Kept[] {
    const all = [...kept.values()];
    const bySequence = (a: Kept, b: Kept) => a.sequence - b.sequence;
    return [...all.flatMap((entry) => [...entry.actors.values()]).sort(bySequence), ...all.flatMap((entry) => entry.recent).sort(bySequence)];
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
    for (const { text } of replay()) viewer.send(text);
  });

  let programs = 0;
  producers.on('connection', (producer: WebSocket) => {
    const program = ++programs;
    producer.on('error', (error) => refused(`program p${program}: ${error.message}`));
    producer.on('close', () => kept.delete(program));
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
      const entry = keptOf(program);
      const item = { sequence: ++sequence, text, bytes: Buffer.byteLength(text) };
      if (message.type === '@xstate.actor' && message.sessionId) {
        const refusal = keepActor(entry, message.sessionId, item);
        if (refusal) {
          refused(`program p${program}: ${refusal}`);
          producer.close(1008, refusal);
          kept.delete(program);
          return;
        }
      } else keepRecent(entry, item);
      broadcast(item.text);
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
      const all = [...kept.values()];
      const sum = (of: (entry: ProgramKept) => number) => all.reduce((total, entry) => total + of(entry), 0);
      return { actors: sum((e) => e.actors.size), messages: sum((e) => e.recent.length), bytes: sum((e) => e.actorBytes + e.recentBytes) };
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
