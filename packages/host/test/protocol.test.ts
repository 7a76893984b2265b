// The protocol of docs/HOST.md over a real socket, on the memory adapter (the storage suites
// cover the databases): creating, reading as a seat or spectator, the log, the live connection,
// refusals that change nothing (the machine's reason and rule), reconnection, and hostile input
// answered with a reason while other games go on.
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { memoryStorage, SCHEMAS, startHost, type RunningHost } from '../src/index.js';
import { connect, http, type Any } from './client.js';

let host: RunningHost;
beforeAll(async () => {
  host = await startHost({ storage: memoryStorage(), port: 0, limits: { maxConnectionsPerGame: 4, messagesPerSecond: 5, messageBurst: 10, maxGames: 50 } });
});
afterAll(() => host.close());

const newGame = async (input: unknown = { players: ['A', 'B'] }) => {
  const made = await http(host.url, '/games', { body: { input } });
  expect(made.status).toBe(201);
  return made.json as { id: string; seats: Record<string, string>; spectator: string; engine: string };
};
/** A GET with exactly these headers (fetch will not send another Host). */
const rawStatus = (path: string, headers: Record<string, string>) => new Promise<number>((resolve, reject) => {
  const request = httpRequest(`${host.url}${path}`, { headers, setHost: false }, (response) => {
    response.resume();
    resolve(response.statusCode ?? 0);
  });
  request.on('error', reject);
  request.end();
});
const pass = (player: string) => ({ type: 'priority.pass', player });

describe('POST /games and GET /games/:id', () => {
  it('creates a game at version 0 with a token per seat; each seat reads its own legal actions, a spectator none', async () => {
    const game = await newGame();
    expect(Object.keys(game.seats)).toEqual(['A', 'B']);
    const a = await http(host.url, `/games/${game.id}`, { token: game.seats.A });
    expect(a.status).toBe(200);
    expect(a.json.version).toBe(0);
    // 117.3a: the active player receives priority in the upkeep (turn 1: no draw, 103.8a).
    expect(a.json.view).toMatchObject({ turn: 1, activePlayer: 'A', step: 'upkeep', priority: 'A' });
    expect(a.json.legalActions).toContainEqual({ type: 'priority.pass' });
    const b = await http(host.url, `/games/${game.id}`, { token: game.seats.B });
    expect(b.json.legalActions).toEqual([{ type: 'player.concede' }]); // 104.3a: Bo may only concede now
    const spectator = await http(host.url, `/games/${game.id}`, { token: game.spectator });
    expect(spectator.json).not.toHaveProperty('legalActions');
    expect(spectator.json.view).toEqual(a.json.view);
  });

  it('a missing token is 401, a wrong one or another game\'s is 403, an unknown game 404', async () => {
    const game = await newGame();
    const other = await newGame();
    expect((await http(host.url, `/games/${game.id}`)).status).toBe(401);
    expect((await http(host.url, `/games/${game.id}`, { headers: { Authorization: 'Basic x' } })).status).toBe(401);
    expect((await http(host.url, `/games/${game.id}`, { token: 'nope' })).status).toBe(403);
    expect((await http(host.url, `/games/${game.id}`, { token: other.seats.A })).status).toBe(403);
    expect((await http(host.url, `/games/${game.id}/log`, { token: other.spectator })).status).toBe(403);
    expect((await http(host.url, '/games/unknown', { token: game.seats.A })).status).toBe(404);
    expect((await http(host.url, '/games/..%2f..%2fetc', { token: game.seats.A })).status).toBe(404);
  });

  it('refuses a bad body or input with the reason, naming the bad input', async () => {
    expect(await http(host.url, '/games', { body: '{"input":' })).toMatchObject({ status: 400, json: { error: 'the body is not JSON' } });
    expect((await http(host.url, '/games', { body: { input: { players: ['A', 'B'] }, extra: 1 } })).json.error).toMatch(/extra/);
    const bad = await http(host.url, '/games', { body: { input: { players: ['A'] } } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/2 to 8 players/);
    expect((await http(host.url, '/games', { body: 'x'.repeat(70 * 1024) })).status).toBe(413);
    expect((await http(host.url, '/games', { body: {}, headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
  });
});

describe('the live connection', () => {
  it('sends the view on connect and after every accepted event; a seat acts only as itself; refusals change nothing', async () => {
    const game = await newGame();
    const a = await connect(host.url, game.id, game.seats.A);
    const b = await connect(host.url, game.id, game.seats.B);
    expect(await a.next()).toMatchObject({ type: 'view', version: 0 });
    expect(await b.next()).toMatchObject({ type: 'view', version: 0 });
    // 117.3d: A passes, B receives priority.
    a.send({ type: 'send', event: pass('A'), expectVersion: 0 });
    expect(await a.until((m: Any) => m.type === 'accepted')).toEqual({ type: 'accepted', version: 1 });
    const pushed = await b.next();
    expect(pushed).toMatchObject({ type: 'view', version: 1, view: { priority: 'B' } });
    expect(pushed.legalActions).toContainEqual({ type: 'priority.pass' });
    // The machine's own refusal: A does not hold priority (117.1); another seat's action (seat).
    a.send({ type: 'send', event: pass('A') });
    expect(await a.next()).toMatchObject({ type: 'refused', rule: '117.1' });
    a.send({ type: 'send', event: pass('B') });
    expect(await a.next()).toMatchObject({ type: 'refused', rule: 'seat', reason: "A's seat cannot act for B" });
    // A report only the engine makes.
    a.send({ type: 'send', event: { type: 'mana.add', player: 'A', amount: 1 } });
    expect(await a.next()).toMatchObject({ type: 'refused', rule: 'seat' });
    // A stale expectVersion.
    b.send({ type: 'send', event: pass('B'), expectVersion: 0 });
    expect(await b.until((m: Any) => m.type !== 'view')).toMatchObject({ type: 'refused', rule: 'version' });
    const log = await http(host.url, `/games/${game.id}/log`, { token: game.spectator });
    expect(log.json).toEqual({ events: [{ version: 1, event: pass('A'), by: 'A' }] });
    await a.close();
    await b.close();
  });

  it('the engine token sends host reports; the log names it', async () => {
    const game = await newGame();
    const engine = await connect(host.url, game.id, game.engine);
    await engine.next();
    engine.send({ type: 'send', event: { type: 'mana.add', player: 'A', amount: 2 } });
    expect(await engine.until((m: Any) => m.type !== 'view')).toEqual({ type: 'accepted', version: 1 });
    expect((await http(host.url, `/games/${game.id}/log`, { token: game.seats.B })).json.events[0].by).toBe('engine');
    await engine.close();
  });

  it('a spectator watches; its send is refused and the connection stays', async () => {
    const game = await newGame();
    const watcher = await connect(host.url, game.id, game.spectator);
    expect(await watcher.next()).not.toHaveProperty('legalActions');
    watcher.send({ type: 'send', event: pass('A') });
    expect(await watcher.next()).toMatchObject({ type: 'refused', rule: 'seat' });
    const a = await connect(host.url, game.id, game.seats.A);
    a.send({ type: 'send', event: pass('A') });
    expect(await watcher.next()).toMatchObject({ type: 'view', version: 1 });
    expect(watcher.ws.readyState).toBe(WebSocket.OPEN);
    await a.close();
    await watcher.close();
  });

  it('reconnecting with the same token: the current view and version, nothing replayed, nothing lost', async () => {
    const game = await newGame();
    let a = await connect(host.url, game.id, game.seats.A);
    await a.next();
    a.send({ type: 'send', event: pass('A'), expectVersion: 0 });
    await a.until((m: Any) => m.type === 'accepted');
    await a.close();
    const b = await connect(host.url, game.id, game.seats.B);
    await b.next();
    b.send({ type: 'send', event: pass('B'), expectVersion: 1 });
    await b.until((m: Any) => m.type === 'accepted');
    a = await connect(host.url, game.id, game.seats.A);
    const first = await a.next();
    expect(first).toMatchObject({ type: 'view', version: 2 });
    // 117.4: both passed in succession with an empty stack: the upkeep ended, the draw step began (turn 1 skips the draw, 103.8a: main phase).
    expect(first.view.stepsThisTurn).toContain('upkeep');
    a.send({ type: 'send', event: pass('A'), expectVersion: 2 });
    expect(await a.next()).toMatchObject({ type: 'view', version: 3 });
    expect(await a.next()).toEqual({ type: 'accepted', version: 3 });
    expect((await http(host.url, `/games/${game.id}/log`, { token: game.spectator })).json.events.map((e: Any) => e.version)).toEqual([1, 2, 3]);
    await a.close();
    await b.close();
  });

  it('a takeback needs every seat; it restores exactly that version and records who asked', async () => {
    const game = await newGame();
    const a = await connect(host.url, game.id, game.seats.A);
    const b = await connect(host.url, game.id, game.seats.B);
    await a.next();
    await b.next();
    const at1 = (await http(host.url, `/games/${game.id}`, { token: game.spectator })).json;
    a.send({ type: 'send', event: pass('A') });
    await a.until((m: Any) => m.type === 'accepted');
    const at1Again = (await http(host.url, `/games/${game.id}`, { token: game.spectator })).json;
    b.send({ type: 'send', event: pass('B') });
    await b.until((m: Any) => m.type === 'accepted');
    a.send({ type: 'takeback', to: 5 });
    expect(await a.until((m: Any) => m.type !== 'view')).toMatchObject({ type: 'refused', rule: 'takeback' });
    b.send({ type: 'takeback', to: 1 });
    expect(await a.until((m: Any) => m.type === 'takeback')).toEqual({ type: 'takeback', to: 1, askedBy: 'B', agreed: ['B'], waiting: ['A'] });
    const spectator = await connect(host.url, game.id, game.spectator);
    await spectator.next();
    spectator.send({ type: 'takeback', to: 1 });
    expect(await spectator.next()).toMatchObject({ type: 'refused', rule: 'seat' });
    a.send({ type: 'takeback', to: 1 });
    const back = await a.until((m: Any) => m.type === 'view');
    expect(back).toMatchObject({ type: 'view', version: 1 });
    expect(back.view).toEqual(at1Again.view);
    expect(back.view).not.toEqual(at1.view);
    expect((await http(host.url, `/games/${game.id}/log`, { token: game.spectator })).json.events.map((e: Any) => e.version)).toEqual([1]);
    const takebacks = (await http(host.url, `/games/${game.id}/takebacks`, { token: game.spectator })).json.takebacks;
    expect(takebacks).toMatchObject([{ from: 2, to: 1, askedBy: 'B', agreed: ['B', 'A'] }]);
    await Promise.all([a.close(), b.close(), spectator.close()]);
  });
});

describe('hostile input', () => {
  it('answers every bad frame with a reason, keeps the connection, and other games go on', async () => {
    const game = await newGame();
    const other = await newGame();
    const a = await connect(host.url, game.id, game.seats.A);
    await a.next();
    const frames: unknown[] = ['not json', '[]', 'null', '{"type":"send"}', '{"type":"send","event":1,"expectVersion":-1}', '{"type":"nope"}',
      '{"type":"send","event":{"type":"xstate.stop"}}', '{"type":"send","event":{"type":"priority.pass","player":"A","__proto__":{"x":1}}}',
      JSON.stringify({ type: 'send', event: { type: 'spell.cast', object: { id: 'x'.repeat(5000), controller: 'A', type: 'instant', effects: [] } } })];
    for (const frame of frames) {
      a.send(frame);
      const answer = await a.next();
      expect(answer.type).toBe('refused');
      expect(typeof answer.reason).toBe('string');
    }
    a.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await a.next()).toMatchObject({ type: 'refused', rule: 'protocol' });
    expect((await http(host.url, `/games/${game.id}`, { token: game.seats.A })).json.version).toBe(0);
    const b = await connect(host.url, other.id, other.seats.A);
    await b.next();
    b.send({ type: 'send', event: pass('A') });
    expect(await b.until((m: Any) => m.type === 'accepted')).toEqual({ type: 'accepted', version: 1 });
    await a.close();
    await b.close();
  });

  it('closes a connection that sends a frame over the size limit; the game is untouched', async () => {
    const game = await newGame();
    const a = await connect(host.url, game.id, game.seats.A);
    await a.next();
    a.send('x'.repeat(65 * 1024));
    expect((await a.closed).code).toBe(1009);
    expect((await http(host.url, `/games/${game.id}`, { token: game.seats.A })).json.version).toBe(0);
  });

  it('refuses messages over the rate, then closes a connection that keeps on', async () => {
    const game = await newGame();
    const a = await connect(host.url, game.id, game.seats.B);
    await a.next();
    for (let i = 0; i < 30; i += 1) a.send({ type: 'send', event: pass('B') });
    const answers = await Promise.all(Array.from({ length: 20 }, () => a.next()));
    expect(answers.filter((m: Any) => m.rule === 'rate').length).toBeGreaterThan(0);
    expect((await a.closed).code).toBe(1008);
  });

  it('limits connections per game', async () => {
    const game = await newGame();
    const open = await Promise.all(Array.from({ length: 4 }, () => connect(host.url, game.id, game.spectator)));
    await expect(connect(host.url, game.id, game.spectator)).rejects.toMatchObject({ status: 503 });
    await Promise.all(open.map((c) => c.close()));
  });

  it('refuses bad tokens, paths and another site\'s Host or Origin (DNS rebinding, cross-site pages)', async () => {
    const game = await newGame();
    await expect(connect(host.url, game.id, 'wrong')).rejects.toMatchObject({ status: 403 });
    await expect(connect(host.url, game.id, '')).rejects.toMatchObject({ status: 401 });
    await expect(connect(host.url, game.id, game.seats.A, { Origin: 'https://evil.example' })).rejects.toMatchObject({ status: 403 });
    await expect(connect(host.url, game.id, game.seats.A, { Host: 'evil.example' })).rejects.toMatchObject({ status: 403 });
    expect(await rawStatus(`/games/${game.id}`, { Host: 'evil.example', Authorization: `Bearer ${game.seats.A}` })).toBe(403);
    expect(await rawStatus(`/games/${game.id}`, { Host: new URL(host.url).host, Authorization: `Bearer ${game.seats.A}` })).toBe(200);
    const crossSite = await http(host.url, '/games', { body: { input: { players: ['A', 'B'] } }, headers: { Origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const own = await connect(host.url, game.id, game.seats.A, { Origin: host.url });
    await own.close();
  });

  it('refuses games past the host\'s limit', async () => {
    for (;;) {
      const made = await http(host.url, '/games', { body: { input: { players: ['A', 'B'] } } });
      if (made.status !== 201) {
        expect(made).toMatchObject({ status: 503, json: { error: expect.stringMatching(/limit of 50 games/) } });
        break;
      }
    }
  });
});

describe('docs/HOST.md', () => {
  it('prints the JSON Schema of every message exactly as the host declares it', () => {
    const doc = readFileSync(new URL('../../../docs/HOST.md', import.meta.url), 'utf8');
    for (const [name, schema] of Object.entries(SCHEMAS)) {
      expect(doc, name).toContain(`"$id": "${name}"`);
      const block = doc.split(`"$id": "${name}"`)[1].split('```')[0];
      expect(JSON.parse(`{"$id": "${name}"${block}`), name).toEqual({ $id: name, ...schema });
    }
  });
});
