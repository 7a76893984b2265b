// The host's HTTP and WebSocket server (protocol: docs/HOST.md). Everything it receives is
// hostile: each request and frame is read whole or refused with a reason, never crashes the
// process, and touches only its own game. Tokens are compared in constant time (table.ts) and
// never logged: the log lines name methods, paths without their query, and reasons.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { createHostGuard, SECURITY_HEADERS } from './guard.js';
import { checkCreateRequest, parseClientMessage } from './protocol.js';
import { isTableError, Table, type Role, type TableLimits } from './table.js';
import type { Storage } from './storage.js';
import type { Faults } from './table.js';

export interface ServerLimits {
  /** WebSocket connections to one game at once. */
  maxConnectionsPerGame: number;
  /** WebSocket connections to the host at once. */
  maxConnections: number;
  /** The largest frame or request body, in bytes. */
  maxMessageBytes: number;
  /** Messages a connection may send per second, on average… */
  messagesPerSecond: number;
  /** …and at once. */
  messageBurst: number;
  /** Log entries one GET /games/:id/log answers at most (`next` says where to go on). */
  maxLogEntries: number;
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  maxConnectionsPerGame: 32, maxConnections: 2_000, maxMessageBytes: 64 * 1024, messagesPerSecond: 20, messageBurst: 40, maxLogEntries: 10_000,
};

export interface HostOptions {
  storage: Storage;
  /** TCP port; 0 picks a free one. Default 4320. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1 (this machine only). */
  host?: string;
  /** More names the Host header may give (a public name behind a proxy). */
  names?: string[];
  /** Browser origins allowed beside the host's own (`https://table.example`). */
  allowOrigins?: string[];
  /** A folder of a client page served at `/` (index.html and its files), same origin as the API. */
  staticDir?: string;
  limits?: Partial<ServerLimits & TableLimits>;
  faults?: Faults;
  /** Told why a request or connection was refused or failed; never given a token. */
  log?: (line: string) => void;
}

export interface RunningHost {
  url: string;
  port: number;
  table: Table;
  close(): Promise<void>;
}

export const DEFAULT_HOST_PORT = 4320;
const GAME_ID = /^[A-Za-z0-9_-]{1,64}$/;
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml',
};

class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

function readBody(request: IncomingMessage, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > max) {
      reject(new HttpError(413, `the body is over ${max} bytes`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        reject(new HttpError(413, `the body is over ${max} bytes`));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const bearer = (header: string | undefined): string | undefined => {
  const found = header === undefined ? null : /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(header);
  return found?.[1];
};

/** The static files of a client page (their names read once; nothing outside the folder is reachable). */
function staticFiles(dir: string | undefined): Map<string, { file: string; type: string }> {
  const files = new Map<string, { file: string; type: string }>();
  if (!dir) return files;
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    const type = CONTENT_TYPES[extname(name)];
    if (type && statSync(file).isFile()) files.set(`/${name}`, { file, type });
  }
  const index = files.get('/index.html');
  if (index) files.set('/', index);
  return files;
}

export async function startHost(options: HostOptions): Promise<RunningHost> {
  const limits = { ...DEFAULT_SERVER_LIMITS, ...options.limits };
  const log = options.log ?? (() => undefined);
  const table = new Table({ storage: options.storage, limits: options.limits, faults: options.faults });
  const files = staticFiles(options.staticDir);
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes });
  const sockets = new Set<WebSocket>();
  let guard = createHostGuard('127.0.0.1', '127.0.0.1', 0);

  const send = (response: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) => {
    if (response.headersSent) return;
    response.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'application/json; charset=utf-8', ...extra });
    response.end(JSON.stringify(body));
  };

  async function authorized(request: IncomingMessage, id: string): Promise<Role> {
    const given = bearer(request.headers.authorization);
    if (given === undefined) throw new HttpError(401, 'send Authorization: Bearer <a token of this game>');
    const role = await table.roleOf(id, given);
    if (role === null) throw new HttpError(403, 'this token is not one of this game');
    return role;
  }

  async function route(request: IncomingMessage, response: ServerResponse, cors: Record<string, string>): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://host');
    const parts = url.pathname.split('/').filter(Boolean);
    if (request.method === 'OPTIONS' && Object.keys(cors).length > 0) {
      response.writeHead(204, { ...SECURITY_HEADERS, ...cors, 'Access-Control-Allow-Methods': 'GET, POST', 'Access-Control-Allow-Headers': 'Authorization, Content-Type', 'Access-Control-Max-Age': '600' });
      response.end();
      return;
    }
    if (parts[0] !== 'games') {
      const file = request.method === 'GET' ? files.get(url.pathname) : undefined;
      if (!file) throw new HttpError(404, 'not found: the API is under /games');
      response.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': file.type });
      response.end(readFileSync(file.file));
      return;
    }
    if (parts.length === 1) {
      if (request.method !== 'POST') throw new HttpError(405, 'POST /games creates a game');
      if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) throw new HttpError(415, 'send Content-Type: application/json');
      const text = await readBody(request, limits.maxMessageBytes);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new HttpError(400, 'the body is not JSON');
      }
      const problem = checkCreateRequest(body);
      if (problem) throw new HttpError(400, `body${problem.startsWith('/') ? problem : ` ${problem}`}`);
      send(response, 201, await table.create((body as { input: unknown }).input), cors);
      return;
    }
    const id = parts[1];
    if (!GAME_ID.test(id) || parts.length > 3 || (parts.length === 3 && parts[2] !== 'log' && parts[2] !== 'takebacks')) throw new HttpError(404, 'no such path');
    if (request.method !== 'GET') throw new HttpError(405, 'GET only');
    const role = await authorized(request, id);
    if (parts.length === 2) {
      send(response, 200, await table.state(id, role), cors);
    } else if (parts[2] === 'log') {
      const after = Number(url.searchParams.get('after') ?? 0);
      if (!Number.isInteger(after) || after < 0) throw new HttpError(400, '?after= is a version (an integer ≥ 0)');
      const withRecords = url.searchParams.get('records') === '1';
      const entries = await table.log(id, after, limits.maxLogEntries + 1);
      const page = entries.slice(0, limits.maxLogEntries);
      const events = page.map((e) => ({ version: e.version, event: e.event, by: e.by, ...(withRecords && { records: e.records }) }));
      send(response, 200, { events, ...(entries.length > page.length && { next: page[page.length - 1].version }) }, cors);
    } else {
      send(response, 200, { takebacks: await table.takebacks(id) }, cors);
    }
  }

  const server = createServer((request, response) => {
    const where = `${request.method} ${(request.url ?? '').split('?')[0].slice(0, 200)}`;
    const refusal = guard.refuseHost(request.headers.host) ?? guard.refuseOrigin(request.headers.origin);
    if (refusal) {
      log(`refused ${where}: ${refusal}`);
      send(response, 403, { error: refusal });
      return;
    }
    const origin = request.headers.origin;
    const cors: Record<string, string> = guard.isAllowedOrigin(origin) ? { 'Access-Control-Allow-Origin': origin!, Vary: 'Origin' } : {};
    route(request, response, cors).catch((error: unknown) => {
      const status = error instanceof HttpError || isTableError(error) ? error.status : 503;
      const reason = error instanceof HttpError || isTableError(error) ? error.message : 'the host cannot serve this now (its database failed); try again';
      if (status >= 500) log(`${where}: ${error instanceof Error ? error.message : String(error)}`);
      send(response, status, { error: reason }, cors);
    });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  const refuseUpgrade = (socket: Duplex, status: number, reason: string) => {
    const body = JSON.stringify({ error: reason });
    socket.end(`HTTP/1.1 ${status} Refused\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  };

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const url = new URL(request.url ?? '/', 'http://host');
    const parts = url.pathname.split('/').filter(Boolean);
    const refusal = guard.refuseHost(request.headers.host) ?? guard.refuseOrigin(request.headers.origin);
    if (refusal) {
      log(`refused a connection: ${refusal}`);
      refuseUpgrade(socket, 403, refusal);
      return;
    }
    if (parts.length !== 3 || parts[0] !== 'games' || parts[2] !== 'live' || !GAME_ID.test(parts[1])) {
      refuseUpgrade(socket, 404, 'connect to /games/:id/live?token=TOKEN');
      return;
    }
    const id = parts[1];
    const given = url.searchParams.get('token') ?? '';
    if (!/^[A-Za-z0-9_-]{1,200}$/.test(given)) {
      refuseUpgrade(socket, 401, 'connect with ?token=<a token of this game>');
      return;
    }
    if (sockets.size >= limits.maxConnections) {
      refuseUpgrade(socket, 503, `this host holds its limit of ${limits.maxConnections} connections`);
      return;
    }
    table.roleOf(id, given).then((role) => {
      if (role === null) return refuseUpgrade(socket, 403, 'this token is not one of this game');
      if (table.listeners(id) >= limits.maxConnectionsPerGame) return refuseUpgrade(socket, 503, `this game holds its limit of ${limits.maxConnectionsPerGame} connections`);
      wss.handleUpgrade(request, socket, head, (ws) => { void serveConnection(ws, id, role); });
      return undefined;
    }, (error: unknown) => {
      refuseUpgrade(socket, isTableError(error) ? error.status : 503, isTableError(error) ? error.message : 'the host cannot serve this now');
    });
  });

  async function serveConnection(ws: WebSocket, id: string, role: Role): Promise<void> {
    sockets.add(ws);
    const out = (message: unknown) => { if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message)); };
    let unwatch: (() => void) | undefined;
    ws.on('error', () => ws.terminate());
    ws.on('close', () => { sockets.delete(ws); unwatch?.(); });
    // Messages wait their turn: one at a time per connection, in order.
    let queue: Promise<unknown> = Promise.resolve();
    let tokens = limits.messageBurst;
    let refill = Date.now();
    let overRate = 0;
    ws.on('message', (data: RawData, isBinary: boolean) => {
      const now = Date.now();
      tokens = Math.min(limits.messageBurst, tokens + ((now - refill) / 1000) * limits.messagesPerSecond);
      refill = now;
      if (tokens < 1) {
        overRate += 1;
        if (overRate > limits.messageBurst) ws.close(1008, 'too many messages');
        else out({ type: 'refused', reason: `over ${limits.messagesPerSecond} messages a second: this one was not read`, rule: 'rate' });
        return;
      }
      tokens -= 1;
      overRate = 0;
      if (isBinary) {
        out({ type: 'refused', reason: 'binary frames are not read: send JSON text', rule: 'protocol' });
        return;
      }
      const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
      queue = queue.then(async () => {
        const parsed = parseClientMessage(text);
        if (!parsed.ok) return out({ type: 'refused', reason: parsed.reason, rule: 'protocol' });
        const { message } = parsed;
        if (message.type === 'send') {
          const result = await table.send(id, role, message.event, message.expectVersion);
          return out(result);
        }
        const result = await table.takeback(id, role, message.to);
        if (result.type === 'refused') return out(result);
        if (result.state) broadcastTakeback(id, result.state);
        return undefined;
      }).catch((error: unknown) => {
        log(`game ${id}: ${error instanceof Error ? error.message : String(error)}`);
        out({ type: 'refused', reason: 'the host could not do this now (its database failed); nothing changed', rule: 'host' });
      });
    });
    try {
      unwatch = await table.watch(id, (pushed) => {
        out({ type: 'view', version: pushed.version, view: pushed.view, ...(role.kind === 'seat' && { legalActions: table.legalActionsFor(id, role.player) }) });
      });
      takebackWatchers.set(ws, { id, out });
      ws.on('close', () => takebackWatchers.delete(ws));
      const state = await table.state(id, role);
      out({ type: 'view', ...state });
    } catch (error) {
      log(`game ${id}: ${error instanceof Error ? error.message : String(error)}`);
      ws.close(1011, 'the host cannot serve this game now');
    }
  }

  const takebackWatchers = new Map<WebSocket, { id: string; out: (message: unknown) => void }>();
  function broadcastTakeback(id: string, state: { to: number; askedBy: string; agreed: string[]; waiting: string[] }) {
    for (const watcher of takebackWatchers.values()) if (watcher.id === id) watcher.out({ type: 'takeback', ...state });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_HOST_PORT, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  guard = createHostGuard(address.address, options.host ?? '127.0.0.1', address.port, options.names, options.allowOrigins);
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}`,
    port: address.port,
    table,
    async close() {
      for (const ws of sockets) ws.terminate();
      await new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); });
      await table.close();
    },
  };
}
