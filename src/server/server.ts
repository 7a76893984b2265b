import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { Duplex, Readable } from 'node:stream';
import sirv from 'sirv';
import { createInspectRelay, isViewerRequest, refuseUpgrade, type InspectRelay, type InspectRelayOptions } from '../inspect/relay.js';
import { createHostGuard, parseAllowedOrigin, SECURITY_HEADERS } from './guard.js';
import { visualizerAssets } from './paths.js';

export const DEFAULT_VISUALIZER_PORT = 4310;

export interface VisualizerOptions {
  /** TCP port; 0 picks a free one. Default 4310. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1 (this machine only). */
  host?: string;
  /** Folders whose `*.json` files the page offers as bundled scenarios. Default: the examples shipped with the CLI (see visualizerAssets). */
  scenarioDirs?: string[];
  /** The built page (`index.html`, `app.js`, `app.css`). Default: the CLI package's `dist/visualizer/`. */
  staticDir?: string;
  /** The inspector relay's caps (see RELAY_LIMITS). */
  relay?: InspectRelayOptions;
  /**
   * Origins of web apps whose pages may feed the relay (`http://localhost:5173`), each exactly as a browser
   * sends it; `*` is never accepted. They may not watch it: only this server's own page does.
   */
  allowOrigins?: string[];
  /** Told why a request or a connection was refused or failed; default: nothing. */
  log?: (line: string) => void;
}

export interface RunningVisualizer {
  /** The page, e.g. `http://127.0.0.1:4310/`. */
  url: string;
  /** Where inspected programs point `createWebSocketInspector({ url })`. */
  inspectUrl: string;
  relay: InspectRelay;
  close(): Promise<void>;
}

interface ScenarioEntry {
  file: string;
  name: string;
  dir: string;
}

function listScenarios(dirs: string[]): ScenarioEntry[] {
  return dirs.filter(existsSync).flatMap((dir) =>
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => {
        let name = file;
        try {
          const parsed: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
          if (parsed && typeof parsed === 'object' && 'name' in parsed && typeof parsed.name === 'string') name = parsed.name;
        } catch {
          // an invalid file is still offered: loading it shows the runner's error
        }
        return { file, name, dir };
      }),
  );
}

/** A short text answer; the security headers are already on the response. */
function send(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(body);
}

const TEXT = 'text/plain; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

/** The decoded path of a request target, or why it cannot be read. */
function decodedPath(target: string | undefined): { path: string } | { refusal: string } {
  const raw = (target ?? '/').split(/[?#]/)[0];
  if (!raw.startsWith('/')) return { refusal: 'The request target must be a path starting with "/".' };
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return { refusal: 'Malformed %-escape in the URL.' };
  }
  if (path.includes('\0')) return { refusal: 'The URL contains a NUL character (%00).' };
  return { path };
}

/** Serves the visualizer page, the bundled scenarios, and the inspector relay on one port. */
export async function startVisualizer(options: VisualizerOptions = {}): Promise<RunningVisualizer> {
  const staticDir = resolve(options.staticDir ?? visualizerAssets().staticDir);
  const scenarioDirs = (options.scenarioDirs ?? visualizerAssets().scenarioDirs).map((dir) => resolve(dir));
  if (!existsSync(join(staticDir, 'index.html'))) {
    throw new Error(`The visualizer is not built: ${join(staticDir, 'index.html')} is missing (run: npm run build)`);
  }
  const log = options.log ?? (() => {});
  const allowOrigins = (options.allowOrigins ?? []).map((text) => {
    const parsed = parseAllowedOrigin(text);
    if ('error' in parsed) throw new Error(parsed.error);
    return parsed.origin;
  });
  // dev: looks each file up when asked (a rebuilt page is served as it now is), only below staticDir.
  const serveStatic = sirv(staticDir, { dev: true, etag: true, onNoMatch: (_request, response) => send(response, 404, TEXT, 'Not found.') });
  const server = createServer();
  server.on('connection', (socket) => socket.on('error', () => socket.destroy()));
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (socket.writable && error.code !== 'ECONNRESET') {
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
      const reason = status.slice(4) + '.';
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${reason.length}\r\n\r\n${reason}`);
    }
    socket.destroy();
  });

  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? DEFAULT_VISUALIZER_PORT, options.host ?? '127.0.0.1', () => {
      server.off('error', fail);
      server.on('error', (error) => log(`server: ${error.message}`));
      done();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const guard = createHostGuard(address, options.host ?? '127.0.0.1', port, allowOrigins);
  for (const origin of allowOrigins) log(`the inspector relay accepts programs from pages of ${origin} (--allow-origin)`);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
    const hostRefusal = guard.refuseHost(request.headers.host);
    if (hostRefusal) return send(response, 421, TEXT, hostRefusal);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD');
      return send(response, 405, TEXT, `${request.method} is not answered here: only GET and HEAD.`);
    }
    const target = decodedPath(request.url);
    if ('refusal' in target) return send(response, 400, TEXT, target.refusal);
    const { path } = target;
    if (path === '/api/scenarios') {
      const list = listScenarios(scenarioDirs).map(({ file, name }) => ({ file, name }));
      return send(response, 200, JSON_TYPE, JSON.stringify(list));
    }
    if (path.startsWith('/api/scenarios/')) {
      const entry = listScenarios(scenarioDirs).find(({ file }) => file === path.slice('/api/scenarios/'.length));
      if (!entry) return send(response, 404, TEXT, 'No such scenario.');
      return send(response, 200, JSON_TYPE, await readFile(join(entry.dir, entry.file)));
    }
    if (path === '/favicon.ico') return send(response, 204, TEXT, '');
    // Whole files only: a page of three small files needs no ranges.
    delete request.headers.range;
    // A file that vanishes between sirv's look-up and its read ends this answer, not the process.
    response.once('pipe', (source: Readable) => source.once('error', () => response.destroy()));
    serveStatic(request, response);
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    handle(request, response).catch((error: unknown) => {
      log(`request ${request.url?.slice(0, 200)} failed: ${error instanceof Error ? error.message : String(error)}`);
      if (response.headersSent) response.destroy();
      else send(response, 500, TEXT, 'Internal error.');
    });
  });

  const relay = createInspectRelay({ ...options.relay, onRefusal: options.relay?.onRefusal ?? log });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const refusal = guard.refuseHost(request.headers.host);
    if (refusal) return refuseUpgrade(socket, 421, refusal);
    const target = decodedPath(request.url);
    if ('refusal' in target) return refuseUpgrade(socket, 400, target.refusal);
    const originRefusal = guard.refuseOrigin(request.headers.origin, isViewerRequest(request));
    if (originRefusal) {
      log(originRefusal);
      return refuseUpgrade(socket, 403, originRefusal);
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !isViewerRequest(request)) log(`program from the page of ${origin.slice(0, 100)} connected (--allow-origin)`);
    relay.handleUpgrade(request, socket, head);
  });

  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/`,
    inspectUrl: `ws://${host}:${port}`,
    relay,
    close: () =>
      new Promise<void>((done) => {
        relay.close();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
