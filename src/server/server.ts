import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { attachInspectRelay, type InspectRelay } from '../inspect/relay.js';
import { packageRoot } from './paths.js';

export const DEFAULT_VISUALIZER_PORT = 4310;

export interface VisualizerOptions {
  /** TCP port; 0 picks a free one. Default 4310. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1 (this machine only). */
  host?: string;
  /** Folders whose `*.json` files the page offers as bundled scenarios. Default: the package's `test/scenarios/`. */
  scenarioDirs?: string[];
  /** The built page (`index.html`, `app.js`, `app.css`). Default: the package's `dist/visualizer/`. */
  staticDir?: string;
}

export interface RunningVisualizer {
  /** The page, e.g. `http://127.0.0.1:4310/`. */
  url: string;
  /** Where inspected programs point `createWebSocketInspector({ url })`. */
  inspectUrl: string;
  relay: InspectRelay;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.map': 'application/json; charset=utf-8',
};

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

function send(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(body);
}

/** Serves the visualizer page, the bundled scenarios, and the inspector relay on one port. */
export async function startVisualizer(options: VisualizerOptions = {}): Promise<RunningVisualizer> {
  const root = packageRoot();
  const staticDir = resolve(options.staticDir ?? join(root, 'dist', 'visualizer'));
  const scenarioDirs = (options.scenarioDirs ?? [join(root, 'test', 'scenarios')]).map((dir) => resolve(dir));
  if (!existsSync(join(staticDir, 'index.html'))) {
    throw new Error(`The visualizer is not built: ${join(staticDir, 'index.html')} is missing (run: npx tsx src/visualizer/build.ts)`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (path === '/api/scenarios') {
      const list = listScenarios(scenarioDirs).map(({ file, name }) => ({ file, name }));
      return send(response, 200, CONTENT_TYPES['.json'], JSON.stringify(list));
    }
    if (path.startsWith('/api/scenarios/')) {
      const entry = listScenarios(scenarioDirs).find(({ file }) => file === path.slice('/api/scenarios/'.length));
      if (!entry) return send(response, 404, 'text/plain', 'no such scenario');
      return send(response, 200, CONTENT_TYPES['.json'], await readFile(join(entry.dir, entry.file)));
    }
    if (path === '/favicon.ico') return send(response, 204, 'text/plain', '');
    const file = normalize(join(staticDir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(staticDir + sep) || !existsSync(file)) return send(response, 404, 'text/plain', 'not found');
    send(response, 200, CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', await readFile(file));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, 'text/plain', String(error)));
  });
  const relay = attachInspectRelay(server);
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? DEFAULT_VISUALIZER_PORT, options.host ?? '127.0.0.1', done);
  });
  const { address, port } = server.address() as AddressInfo;
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
