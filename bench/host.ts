// npm run bench -- --host [--json]   (or npm run bench:host)
//
// The table host (packages/host), measured as clients use it:
// 1. events per second through the host — HTTP to create, a WebSocket per seat, every event sent
//    with expectVersion and acknowledged only once it is in the database — on PGlite (a folder)
//    and on PostgreSQL ($MTG_HOST_POSTGRES_URL; the row is left out without it), with one client
//    and with 16 games played at once;
// 2. memory per live game: live games (the actor, its seats, its listeners) held by a host's table
//    whose storage keeps nothing in this process, measured at turn 10 and again at turn 1,000.
// MTG_HOST_BENCH_MEMORY_ONLY=1 measures only the memory. Figures are reported, never asserted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createGame, type PersistedGame } from 'mtg-turn-machine';
import { pgliteStorage, postgresStorage, startHost, Table, type Storage } from 'mtg-turn-machine-host';
import { WebSocket } from 'ws';

const json = process.argv.includes('--json');
const log = (line: string) => (json ? process.stderr.write(`${line}\n`) : console.log(line));

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

interface Policy { event: Record<string, unknown>; player: string }

/** Whoever the game waits for passes, or declares no attackers or blockers: a game that only moves on. */
function next(view: ReturnType<ReturnType<typeof createGame>['view']>): Policy {
  const player = view.mayAct[0] ?? view.awaiting!.players[0];
  if (view.waitingFor === 'declareAttackers') return { player, event: { type: 'combat.declareAttackers', player, attackers: [] } };
  if (view.waitingFor === 'declareBlockers') return { player, event: { type: 'combat.declareBlockers', player, blockers: [] } };
  return { player, event: { type: 'priority.pass', player } };
}

/** Plays `events` events of one game through a running host; resolves with the count. */
async function playThrough(url: string, events: number): Promise<number> {
  const made = await (await fetch(`${url}/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ input: { players: ['A', 'B'] } }) })).json() as { id: string; seats: Record<string, string> };
  const sockets: Record<string, WebSocket> = {};
  const answers: Record<string, ((m: { type: string; version?: number; view?: unknown }) => void)[]> = { A: [], B: [] };
  await Promise.all(['A', 'B'].map((p) => new Promise<void>((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/games/${made.id}/live?token=${made.seats[p]}`);
    sockets[p] = ws;
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type !== 'view') answers[p].shift()?.(message);
    });
    ws.once('open', () => resolve());
    ws.once('error', reject);
  })));
  const shadow = createGame({ players: ['A', 'B'] });
  for (let v = 0; v < events; v += 1) {
    const { player, event } = next(shadow.view());
    const answer = await new Promise<{ type: string }>((resolve) => {
      answers[player].push(resolve);
      sockets[player].send(JSON.stringify({ type: 'send', event, expectVersion: v }));
    });
    if (answer.type !== 'accepted') throw new Error(`refused: ${JSON.stringify(answer)}`);
    shadow.send(event);
  }
  shadow.stop();
  for (const ws of Object.values(sockets)) ws.close();
  return events;
}

async function throughput(name: string, open: () => Promise<Storage>): Promise<Record<string, number | string>> {
  const storage = await open();
  const host = await startHost({ storage, port: 0, limits: { messagesPerSecond: 1e6, messageBurst: 1e6 } });
  try {
    await playThrough(host.url, 50); // warm-up
    let t = performance.now();
    const one = await playThrough(host.url, 400);
    const single = one / ((performance.now() - t) / 1000);
    t = performance.now();
    const counts = await Promise.all(Array.from({ length: 16 }, () => playThrough(host.url, 150)));
    const parallel = counts.reduce((a, b) => a + b, 0) / ((performance.now() - t) / 1000);
    log(`  ${name.padEnd(10)} ${single.toFixed(0).padStart(6)} events/s with one client, ${parallel.toFixed(0).padStart(6)} events/s with 16 games at once`);
    return { storage: name, oneClient: Math.round(single), sixteenGames: Math.round(parallel) };
  } finally {
    await host.close();
    await storage.close();
  }
}

/** A storage that keeps only each game's version and latest snapshot (what a database holds, out of this heap, is not counted). */
function versionsOnly(): Storage {
  const games = new Map<string, { game: Awaited<ReturnType<Storage['load']>>; }>();
  return {
    kind: 'memory',
    create: async (game) => { games.set(game.id, { game }); return true; },
    load: async (id) => games.get(id)?.game ?? null,
    version: async (id) => games.get(id)?.game?.version ?? null,
    append: async (id, entry, snapshot: PersistedGame) => {
      const found = games.get(id)?.game;
      if (!found || found.version !== entry.version - 1) return false;
      found.version = entry.version;
      found.snapshot = snapshot;
      return true;
    },
    log: async () => [],
    takeback: async () => false,
    takebacks: async () => [],
    count: async () => games.size,
    close: async () => { games.clear(); },
  };
}

const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

/**
 * What `GAMES` live games played to `turn` hold: the heap with them live, less the heap once the
 * table has put them away (the stored snapshots stay in the storage, so they are not counted).
 */
async function liveGamesAt(turn: number, GAMES: number): Promise<number> {
  const storage = versionsOnly();
  const table = new Table({ storage, limits: { maxLiveGames: GAMES } });
  const ids: string[] = [];
  for (let i = 0; i < GAMES; i += 1) ids.push((await table.create({ players: ['A', 'B'] })).id);
  for (const id of ids) {
    for (;;) {
      const state = await table.state(id, { kind: 'spectator' });
      if (state.view.turn >= turn) break;
      const { player, event } = next(state.view as never);
      const result = await table.send(id, { kind: 'seat', player }, event, state.version);
      if (result.type !== 'accepted') throw new Error(JSON.stringify(result));
    }
  }
  const live = heap();
  await table.close();
  const away = heap();
  await storage.close();
  return (live - away) / GAMES;
}

async function memoryPerGame(): Promise<Record<string, number>> {
  const GAMES = 16;
  const kib = (bytes: number) => Number((bytes / 1024).toFixed(1));
  await liveGamesAt(10, GAMES); // warm-up: the code paths compiled before anything is counted
  const at10 = await liveGamesAt(10, GAMES);
  const at1000 = await liveGamesAt(1000, GAMES);
  log(`  memory per live game: ${kib(at10)} KiB at turn 10, ${kib(at1000)} KiB at turn 1,000 (${GAMES} games: the live actors only, records go to the log)`);
  return { kibAtTurn10: kib(at10), kibAtTurn1000: kib(at1000) };
}

export async function runHostBench(): Promise<Record<string, unknown>> {
  log('The table host (packages/host): events/s through HTTP + WebSocket, each acknowledged once stored');
  const rows = [];
  if (process.env.MTG_HOST_BENCH_MEMORY_ONLY) return { memory: await memoryPerGame() };
  const dir = mkdtempSync(join(tmpdir(), 'mtg-host-bench-'));
  try {
    rows.push(await throughput('PGlite', () => pgliteStorage(dir)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.MTG_HOST_POSTGRES_URL;
  if (url) rows.push(await throughput('PostgreSQL', () => postgresStorage(url)));
  else log('  PostgreSQL: left out (set MTG_HOST_POSTGRES_URL, e.g. from packages/host/scripts/start-postgres.sh)');
  const memory = await memoryPerGame();
  return { throughput: rows, memory };
}

if (process.argv[1]?.endsWith('bench/host.ts')) {
  const result = await runHostBench();
  if (json) console.log(JSON.stringify(result, null, 2));
}
