import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWebSocketInspector } from '@statelyai/inspect';
import { createActor } from 'xstate';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { VIEWER_PATH } from '../../src/inspect/protocol.js';
import { startVisualizer, type RunningVisualizer } from '../../src/server/server.js';
import { toyTurnMachine } from '../visualizer/fixtures/toyTurnMachine.js';

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

  it('ignores what is not an inspection message', async () => {
    running = await startVisualizer({ port: 0, ...fixtureDirs() });
    const viewer = await connectViewer(running.inspectUrl);
    const program = new WebSocket(running.inspectUrl);
    await new Promise((resolve) => program.on('open', resolve));
    program.send('not json');
    program.send(JSON.stringify({ no: 'type' }));
    program.send(JSON.stringify({ type: '@xstate.event', sessionId: 'x:0', event: { type: 'go' } }));
    await until(() => viewer.messages.length === 1);
    expect(viewer.messages[0]).toMatchObject({ type: '@xstate.event', sessionId: 'p1/x:0' });
    program.close();
    viewer.socket.close();
  });
});
