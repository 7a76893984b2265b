import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { VIEWER_PATH } from '../../src/inspect/protocol.js';
import type { InspectRelayOptions } from '../../src/inspect/relay.js';
import { startVisualizer, type RunningVisualizer } from '../../src/server/server.js';
import { upgradeRequest } from './raw.js';

const servers: RunningVisualizer[] = [];
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  for (const server of servers.splice(0)) await server.close();
});

async function start(relay: InspectRelayOptions = {}): Promise<RunningVisualizer> {
  const staticDir = mkdtempSync(join(tmpdir(), 'relay-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>page</title>');
  mkdirSync(join(staticDir, 'scenarios'));
  const running = await startVisualizer({ port: 0, staticDir, scenarioDirs: [join(staticDir, 'scenarios')], relay });
  servers.push(running);
  return running;
}

interface Client {
  socket: WebSocket;
  messages: Record<string, unknown>[];
  /** The close code and reason the relay closed it with, once it did. */
  closed?: { code: number; reason: string };
}

function open(url: string): Promise<Client> {
  const socket = new WebSocket(url);
  sockets.push(socket);
  const client: Client = { socket, messages: [] };
  socket.on('message', (data) => client.messages.push(JSON.parse(String(data)) as Record<string, unknown>));
  socket.on('close', (code, reason) => (client.closed = { code, reason: reason.toString() }));
  socket.on('error', () => {});
  return new Promise((resolve, reject) => {
    socket.on('open', () => resolve(client));
    socket.on('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
  });
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 250 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(check()).toBe(true);
};

const actor = (sessionId: string, padding = '') => JSON.stringify({ type: '@xstate.actor', sessionId, definition: `{"id":"m${padding}"}` });
const event = (sessionId: string, n: number) => JSON.stringify({ type: '@xstate.event', sessionId, event: { type: `e${n}` } });

describe('the relay forgets a program that leaves, and keeps a bounded amount', () => {
  it('forgets a producer’s actors and messages when it disconnects: the kept state shrinks', async () => {
    const server = await start();
    const first = await open(server.inspectUrl);
    const second = await open(server.inspectUrl);
    for (const id of ['x:0', 'x:1', 'x:2']) first.socket.send(actor(id));
    for (let n = 0; n < 10; n++) first.socket.send(event('x:0', n));
    second.socket.send(actor('x:0'));
    second.socket.send(event('x:0', 99));
    await until(() => server.relay.kept.actors === 4 && server.relay.kept.messages === 11);
    const bytesWithBoth = server.relay.kept.bytes;

    first.socket.close();
    await until(() => server.relay.producerCount === 1);
    expect(server.relay.kept.actors).toBe(1);
    expect(server.relay.kept.messages).toBe(1);
    expect(server.relay.kept.bytes).toBeLessThan(bytesWithBoth);
    const late = await open(`${server.inspectUrl}${VIEWER_PATH}`);
    await until(() => late.messages.length === 2);
    expect(late.messages.map((m) => m.sessionId)).toEqual(['p2/x:0', 'p2/x:0']);

    second.socket.close();
    await until(() => server.relay.producerCount === 0);
    expect(server.relay.kept).toEqual({ actors: 0, messages: 0, bytes: 0 });
  });

  it('refuses a producer that announces more actors than the cap, closing it with 1008 and a reason', async () => {
    const server = await start({ maxActors: 3 });
    const greedy = await open(server.inspectUrl);
    for (let n = 0; n < 10; n++) greedy.socket.send(actor(`x:${n}`));
    await until(() => greedy.closed !== undefined);
    expect(greedy.closed).toEqual({ code: 1008, reason: expect.stringMatching(/at most 3 actors per program/) });
    await until(() => server.relay.producerCount === 0);
    expect(server.relay.kept.actors).toBe(0);
    const polite = await open(server.inspectUrl);
    polite.socket.send(actor('x:0'));
    await until(() => server.relay.kept.actors === 1);
    expect(polite.closed).toBeUndefined();
  });

  it('caps each program on its own: a program past the actor cap is closed, the next program is not (one cannot evict another)', async () => {
    const server = await start({ maxActors: 5 });
    const hog = await open(server.inspectUrl);
    for (let n = 0; n < 5; n++) hog.socket.send(actor(`x:${n}`));
    await until(() => server.relay.kept.actors === 5);
    // Before: the cap was shared, and this innocent program's first actor closed it with 1008 while the hog stayed.
    const innocent = await open(server.inspectUrl);
    innocent.socket.send(actor('x:0'));
    innocent.socket.send(event('x:0', 1));
    await until(() => server.relay.kept.actors === 6 && server.relay.kept.messages === 1);
    expect(innocent.closed).toBeUndefined();
    hog.socket.send(actor('x:5'));
    await until(() => hog.closed !== undefined);
    expect(hog.closed).toEqual({ code: 1008, reason: expect.stringMatching(/at most 5 actors per program/) });
    await until(() => server.relay.kept.actors === 1);
    expect(innocent.closed).toBeUndefined();
    const late = await open(`${server.inspectUrl}${VIEWER_PATH}`);
    await until(() => late.messages.length === 2);
    expect(late.messages.map((m) => m.sessionId)).toEqual(['p2/x:0', 'p2/x:0']);
  });

  it('keeps replay per program: a chatty program drops its own old messages, not another program\'s', async () => {
    const server = await start({ replayLimit: 3 });
    const quiet = await open(server.inspectUrl);
    quiet.socket.send(event('x:0', 1));
    await until(() => server.relay.kept.messages === 1);
    const chatty = await open(server.inspectUrl);
    for (let n = 0; n < 50; n++) chatty.socket.send(event('x:0', n));
    await until(() => server.relay.kept.messages === 4);
    const late = await open(`${server.inspectUrl}${VIEWER_PATH}`);
    await until(() => late.messages.length === 4);
    expect(late.messages.map((m) => `${m.sessionId as string} ${(m.event as { type: string }).type}`)).toEqual([
      'p1/x:0 e1', 'p2/x:0 e47', 'p2/x:0 e48', 'p2/x:0 e49',
    ]);
  });

  it('namespaces every actor id per connection, "anonymous" too: two programs never merge', async () => {
    const server = await start();
    const viewer = await open(`${server.inspectUrl}${VIEWER_PATH}`);
    const first = await open(server.inspectUrl);
    const second = await open(server.inspectUrl);
    const anonymous = (name: string) => JSON.stringify({ type: '@xstate.actor', sessionId: 'anonymous', rootId: 'anonymous', name, definition: '{"id":"m"}' });
    first.socket.send(anonymous('first'));
    await until(() => viewer.messages.length === 1);
    second.socket.send(anonymous('second'));
    await until(() => viewer.messages.length === 2);
    expect(viewer.messages.map((m) => [m.sessionId, m.rootId, m.name])).toEqual([
      ['p1/anonymous', 'p1/anonymous', 'first'],
      ['p2/anonymous', 'p2/anonymous', 'second'],
    ]);
    expect(server.relay.kept.actors).toBe(2);
  });

  it('refuses a producer whose actor announcements exceed the kept-bytes cap', async () => {
    const server = await start({ maxActorBytes: 2000 });
    const bulky = await open(server.inspectUrl);
    for (let n = 0; n < 5; n++) bulky.socket.send(actor(`x:${n}`, 'x'.repeat(600)));
    await until(() => bulky.closed !== undefined);
    expect(bulky.closed).toEqual({ code: 1008, reason: expect.stringMatching(/bytes/) });
    await until(() => server.relay.kept.bytes === 0);
  });

  it('closes a producer that sends a message over the size cap with 1009, keeping nothing of it', async () => {
    const server = await start({ maxMessageBytes: 1024 });
    const program = await open(server.inspectUrl);
    program.socket.send(event('x:0', 1));
    await until(() => server.relay.kept.messages === 1);
    program.socket.send(actor('x:1', 'x'.repeat(2000)));
    await until(() => program.closed !== undefined);
    expect(program.closed?.code).toBe(1009);
    await until(() => server.relay.kept.messages === 0);
    expect(server.relay.kept.actors).toBe(0);
  });

  it('keeps at most replayLimit messages and replayBytes bytes for late viewers, the newest', async () => {
    const server = await start({ replayLimit: 5, replayBytes: 100_000 });
    const program = await open(server.inspectUrl);
    for (let n = 0; n < 20; n++) program.socket.send(event('x:0', n));
    await until(() => server.relay.kept.messages === 5);
    const late = await open(`${server.inspectUrl}${VIEWER_PATH}`);
    await until(() => late.messages.length === 5);
    expect(late.messages.map((m) => (m.event as { type: string }).type)).toEqual(['e15', 'e16', 'e17', 'e18', 'e19']);

    const small = await start({ replayBytes: 1000 });
    const chatty = await open(small.inspectUrl);
    for (let n = 0; n < 100; n++) chatty.socket.send(event('x:0', n));
    const viewer = await open(`${small.inspectUrl}${VIEWER_PATH}`);
    await until(() => small.relay.kept.messages > 0 && viewer.messages.length === small.relay.kept.messages);
    expect(small.relay.kept.bytes).toBeLessThanOrEqual(1000);
    expect(viewer.messages.at(-1)?.event).toEqual({ type: 'e99' });
  });

  it('refuses a producer or a viewer past the connection caps with 503', async () => {
    const server = await start({ maxProducers: 2, maxViewers: 1 });
    await open(server.inspectUrl);
    await open(server.inspectUrl);
    await expect(open(server.inspectUrl)).rejects.toThrow(/refused: 503/);
    await open(`${server.inspectUrl}${VIEWER_PATH}`);
    await expect(open(`${server.inspectUrl}${VIEWER_PATH}`)).rejects.toThrow(/refused: 503/);
    expect(server.relay.producerCount).toBe(2);
  });

  it('closes a page that sends anything: pages only listen', async () => {
    const server = await start();
    const viewer = await open(`${server.inspectUrl}${VIEWER_PATH}`);
    viewer.socket.send(actor('x:0'));
    await until(() => viewer.closed !== undefined);
    expect(viewer.closed).toEqual({ code: 1008, reason: 'the relay expects nothing from pages' });
    expect(server.relay.kept.actors).toBe(0);
  });

  it('drops a viewer that does not read rather than buffering for it without bound', async () => {
    const server = await start({ maxViewerBacklog: 256 * 1024 });
    const port = Number(new URL(server.url).port);
    // A viewer that completes the handshake and then never reads.
    const stuck = connect(port, '127.0.0.1').on('error', () => {});
    stuck.write(upgradeRequest(port, VIEWER_PATH));
    await until(() => server.relay.viewerCount === 1);
    stuck.pause();
    const program = await open(server.inspectUrl);
    const big = event('x:0', 0).replace('e0', 'e'.repeat(500_000));
    for (let n = 0; n < 200 && server.relay.viewerCount > 0; n++) {
      program.socket.send(big);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(server.relay.viewerCount).toBe(0);
    stuck.destroy();
  });
});
