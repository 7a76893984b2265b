import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWebSocketInspector } from '@statelyai/inspect';
import { createActor } from 'xstate';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { VIEWER_PATH } from '../../src/inspect/protocol.js';
import { startVisualizer, type RunningVisualizer } from '../../src/server/server.js';
import { toyTurnMachine } from '../visualizer/fixtures/toyTurnMachine.js';
import { exchange, frame, rawGet, sendAfterHandshake, tryUpgrade } from './raw.js';

let running: RunningVisualizer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

function fixtureDirs() {
  const root = mkdtempSync(join(tmpdir(), 'visualizer-server-'));
  const staticDir = join(root, 'static');
  const scenarios = join(root, 'scenarios');
  mkdirSync(staticDir);
  mkdirSync(scenarios);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>page</title>');
  writeFileSync(join(root, 'secret.txt'), 'not served');
  writeFileSync(join(scenarios, 'one.json'), JSON.stringify({ name: 'First scenario', players: ['A', 'B'], script: [] }));
  return { staticDir, scenarioDirs: [scenarios] };
}

/** A viewer page's connection: collects what the relay sends. */
function connectViewer(url: string): Promise<{ messages: Record<string, unknown>[]; socket: WebSocket }> {
  const socket = new WebSocket(`${url}${VIEWER_PATH}`);
  const messages: Record<string, unknown>[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
  return new Promise((resolve) => socket.on('open', () => resolve({ messages, socket })));
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(check()).toBe(true);
};

describe('startVisualizer', () => {
  it('serves the page and the bundled scenarios on a free port, nothing outside', async () => {
    running = await startVisualizer({ port: 0, ...fixtureDirs() });
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(await (await fetch(running.url)).text()).toContain('<title>page</title>');
    expect(await (await fetch(`${running.url}api/scenarios`)).json()).toEqual([{ file: 'one.json', name: 'First scenario' }]);
    expect((await (await fetch(`${running.url}api/scenarios/one.json`)).json()).name).toBe('First scenario');
    expect((await fetch(`${running.url}..%2Fsecret.txt`)).status).toBe(404);
    expect((await fetch(`${running.url}api/scenarios/..%2F..%2Fsecret.txt`)).status).toBe(404);
  });

  it('refuses to start when the page is not built', async () => {
    await expect(startVisualizer({ port: 0, staticDir: tmpdir() + '/nothing-here' })).rejects.toThrow(/not built/);
  });
});

describe('inspector relay', () => {
  it('relays @statelyai/inspect messages to viewers, replaying them to late viewers, ids per program', async () => {
    running = await startVisualizer({ port: 0, ...fixtureDirs() });
    const inspector = createWebSocketInspector({ url: running.inspectUrl });
    const actor = createActor(toyTurnMachine, { inspect: inspector.inspect }).start();
    actor.send({ type: 'pass' });
    actor.send({ type: 'pass' });
    const late = await connectViewer(running.inspectUrl);
    await until(() => late.messages.filter((m) => m.type === '@xstate.snapshot').length === 3);
    const announcement = late.messages[0];
    expect(announcement).toMatchObject({ type: '@xstate.actor', sessionId: 'p1/x:0' });
    expect(JSON.parse(announcement.definition as string).id).toBe('turn');
    const live = await connectViewer(running.inspectUrl);
    await until(() => live.messages.length === late.messages.length);
    actor.send({ type: 'pass' });
    const valueOf = (message: Record<string, unknown>) => JSON.stringify((message.snapshot as { value?: unknown } | undefined)?.value);
    await until(() => live.messages.some((message) => valueOf(message)?.includes('"ending":"end"')));
    actor.stop();
    inspector.stop();
    late.socket.close();
    live.socket.close();
  });

  it.each([['not json'], [JSON.stringify({ no: 'type' })]])('disconnects a program that sends %s, saying why; the others go on', async (text) => {
    running = await startVisualizer({ port: 0, ...fixtureDirs() });
    const viewer = await connectViewer(running.inspectUrl);
    const careless = new WebSocket(running.inspectUrl);
    await new Promise((resolve) => careless.on('open', resolve));
    const closed = new Promise<[number, string]>((resolve) => careless.on('close', (code, reason) => resolve([code, reason.toString()])));
    careless.send(text);
    expect(await closed).toEqual([1007, 'not an inspection message (JSON with a string "type")']);
    const program = new WebSocket(running.inspectUrl);
    await new Promise((resolve) => program.on('open', resolve));
    program.send(JSON.stringify({ type: '@xstate.event', sessionId: 'x:0', event: { type: 'go' } }));
    await until(() => viewer.messages.length === 1);
    expect(viewer.messages[0]).toMatchObject({ type: '@xstate.event', sessionId: 'p2/x:0' });
    program.close();
    viewer.socket.close();
  });
});

const portOf = (url: string) => Number(new URL(url).port);

describe('the HTTP server refuses what it should not answer, with a reason', () => {
  it('refuses a Host that is not the bound address (DNS rebinding) with 421, page and WebSocket alike', async () => {
    running = await startVisualizer({ port: 0, ...fixtureDirs() });
    const port = portOf(running.url);
    for (const host of [`evil.example:${port}`, `evil.example`, `127.0.0.1.nip.io:${port}`, `127.0.0.1:${port + 1}`]) {
      const refused = await rawGet(port, '/', { host });
      expect(refused.status, host).toBe(421);
      expect(refused.body).toMatch(/host/i);
      expect(refused.body).not.toContain('<title>page</title>');
      expect((await tryUpgrade(port, VIEWER_PATH, { host })).status, host).toBe(421);
      expect((await tryUpgrade(port, '/', { host })).status, host).toBe(421);
    }
    expect((await rawGet(port, '/', { host: null }, 'GET')).status).toBeGreaterThanOrEqual(400);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
      expect((await rawGet(port, '/', { host })).status, host).toBe(200);
      expect((await rawGet(port, '/api/scenarios', { host })).status, host).toBe(200);
      expect((await tryUpgrade(port, VIEWER_PATH, { host })).status, host).toBe(101);
    }
  });

  it('accepts a WebSocket from the page’s own origin or from a program without Origin, refuses any other Origin with 403', async () => {
    running = await startVisualizer({ port: 0, ...fixtureDirs() });
    const port = portOf(running.url);
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`, null]) {
      expect((await tryUpgrade(port, VIEWER_PATH, { origin })).status, String(origin)).toBe(101);
    }
    expect((await tryUpgrade(port, '/', {})).status).toBe(101);
    for (const origin of ['http://evil.example', `http://127.0.0.1:${port + 1}`, `https://127.0.0.1:${port}`, 'null', 'file://', `http://evil.example:${port}`]) {
      for (const path of [VIEWER_PATH, '/', '/any/path']) {
        const refused = await tryUpgrade(port, path, { origin });
        expect(refused.status, `${origin} ${path}`).toBe(403);
        expect(refused.body).toMatch(/origin/i);
      }
    }
    // a page, even the visualizer's own, does not feed the relay: only programs do
    expect((await tryUpgrade(port, '/', { origin: `http://127.0.0.1:${port}` })).status).toBe(403);
  });

  it('--allow-origin: pages of that one web app may feed the relay (logged), never watch it; other origins stay refused', async () => {
    const log: string[] = [];
    running = await startVisualizer({ port: 0, ...fixtureDirs(), allowOrigins: ['http://localhost:5173'], log: (line) => log.push(line) });
    const port = portOf(running.url);
    expect(log).toContain('the inspector relay accepts programs from pages of http://localhost:5173 (--allow-origin)');
    // Before: 403, a UI developer's app on its dev server could not be inspected.
    expect((await tryUpgrade(port, '/', { origin: 'http://localhost:5173' })).status).toBe(101);
    expect(log.some((line) => line.includes('program from the page of http://localhost:5173 connected'))).toBe(true);
    const watching = await tryUpgrade(port, VIEWER_PATH, { origin: 'http://localhost:5173' });
    expect(watching.status).toBe(403);
    for (const origin of ['http://localhost:5174', 'https://localhost:5173', 'http://evil.example', 'null']) {
      const refused = await tryUpgrade(port, '/', { origin });
      expect(refused.status, origin).toBe(403);
      expect(refused.body).toContain('pages of http://localhost:5173 (--allow-origin)');
    }
  });

  it('--allow-origin refuses "*", "null" and anything but one exact origin, before listening', async () => {
    for (const origin of ['*', 'null', 'http://*.example', 'localhost:5173', 'ftp://localhost', 'http://localhost:5173/app', 'http://u@localhost:5173']) {
      await expect(startVisualizer({ port: 0, ...fixtureDirs(), allowOrigins: [origin] }), origin).rejects.toThrow(/--allow-origin/);
    }
  });

  it('answers a malformed % escape with 400 and a short reason, no error text', async () => {
    running = await startVisualizer({ port: 0, ...fixtureDirs() });
    const port = portOf(running.url);
    for (const path of ['/%E0%A4%A', '/%', '/api/scenarios/%zz', '/app.js%']) {
      const answer = await rawGet(port, path);
      expect(answer.status, path).toBe(400);
      expect(answer.body).toMatch(/escape/i);
      expect(answer.body).not.toMatch(/URIError|Error:|at |\//);
      expect(answer.body.length).toBeLessThan(200);
    }
    expect((await rawGet(port, '/')).status).toBe(200);
  });

  it('serves nothing outside the page folder, however the path is written', async () => {
    running = await startVisualizer({ port: 0, ...fixtureDirs() });
    const port = portOf(running.url);
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/..%5csecret.txt', '/static/../../secret.txt', '/%00', '//secret.txt']) {
      const answer = await rawGet(port, path);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.body, path).not.toContain('not served');
    }
  });

  it('sends the security headers with every answer', async () => {
    running = await startVisualizer({ port: 0, ...fixtureDirs() });
    const port = portOf(running.url);
    for (const path of ['/', '/api/scenarios', '/missing.js', '/%']) {
      const { headers } = await rawGet(port, path);
      const csp = headers['content-security-policy'] ?? '';
      expect(csp, path).toMatch(/default-src 'none'/);
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toMatch(/style-src 'self'(;|$)/);
      expect(csp).toMatch(/connect-src 'self'(;|$)/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).not.toMatch(/unsafe/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    }
    expect((await rawGet(port, '/', { host: 'evil.example' })).headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers only GET and HEAD, and a range it cannot serve with the whole file', async () => {
    running = await startVisualizer({ port: 0, ...fixtureDirs() });
    const port = portOf(running.url);
    expect((await rawGet(port, '/', {}, 'POST')).status).toBe(405);
    expect((await rawGet(port, '/', {}, 'HEAD')).status).toBe(200);
    const ranged = await rawGet(port, '/', { range: 'bytes=5-2' });
    expect([200, 416]).toContain(ranged.status);
    expect((await rawGet(port, '/')).body).toContain('<title>page</title>');
  });

  it('answers a request it cannot parse with 400, a header too large with 431, and survives many idle connections', async () => {
    running = await startVisualizer({ port: 0, ...fixtureDirs() });
    const port = portOf(running.url);
    const garbage = (await exchange(port, 'NOT HTTP AT ALL\r\n\r\n')).toString('latin1');
    expect(garbage).toMatch(/^HTTP\/1\.1 400/);
    const huge = (await exchange(port, `GET / HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nx-big: ${'a'.repeat(100_000)}\r\n\r\n`)).toString('latin1');
    expect(huge).toMatch(/^HTTP\/1\.1 431/);
    const idle: Socket[] = [];
    try {
      for (let i = 0; i < 300; i++) idle.push(connect(port, '127.0.0.1').on('error', () => {}));
      expect((await rawGet(port, '/')).status).toBe(200);
    } finally {
      for (const socket of idle) socket.destroy();
    }
  });
});

describe('a malformed WebSocket frame closes that connection, never the server process', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill();
    child = undefined;
  });

  /** startVisualizer in a process of its own (test/server/fixtures/serve.ts), for a test to see whether it survives. */
  async function serveInChild(): Promise<{ url: string; port: number; alive: () => boolean }> {
    const { staticDir } = fixtureDirs();
    const started = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fixtures', 'serve.ts'), staticDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const found = output.match(/http:\/\/\S+/);
        if (found) resolve(found[0]);
      };
      started.stdout.on('data', read);
      started.stderr.on('data', read);
      started.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
    });
    return { url, port: portOf(url), alive: () => started.exitCode === null && started.signalCode === null };
  }

  const cases: [string, () => Buffer, number][] = [
    ['an unmasked client frame', () => frame(0x1, Buffer.from('{"type":"x"}'), { masked: false }), 1002],
    ['a text frame that is not UTF-8', () => frame(0x1, Buffer.from([0x7b, 0xff, 0xfe, 0x7d])), 1007],
    ['a header announcing 100 MB', () => frame(0x2, Buffer.alloc(0), { announce: 100_000_000 }), 1009],
    ['a reserved opcode', () => frame(0x3, Buffer.from('x')), 1002],
  ];
  for (const [name, bytes, code] of cases) {
    it(`${name}: close code ${code}, and the server still answers`, async () => {
      const server = await serveInChild();
      for (const path of ['/', VIEWER_PATH]) {
        const answer = await sendAfterHandshake(server.port, path, bytes());
        expect(answer.status).toBe(101);
        expect(answer.closeCode).toBe(code);
        expect((await rawGet(server.port, '/')).status).toBe(200);
        expect(server.alive()).toBe(true);
      }
    });
  }
});
