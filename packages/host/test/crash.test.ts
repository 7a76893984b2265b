// Nothing lost: host processes are SIGKILLed at ≥ 200 points of scripted games — between events
// (from outside, at a random time), inside a write's transaction before its commit, after the
// commit before the answer, inside a 723.1 procedure's resolution, during a 514.3a cleanup — and
// restarted on the same database; every game must reach the final view of an uninterrupted run,
// with every acknowledged event in its log exactly once. Then every game's log replays through a
// fresh machine to the same view at every version.
import { rmSync } from 'node:fs';
import { createGame, type View } from 'mtg-turn-machine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_SKIP, requirePostgres, tempDir } from './adapters.js';
import { buildChild } from './buildChild.js';
import { http } from './client.js';
import { crashRun, FAULT_KINDS, type CrashRun } from './crashDriver.js';
import { crashScripts, type Script } from './scripts.js';

let childFile: string;
beforeAll(async () => {
  childFile = await buildChild();
});

const strip = (view: View & { history?: unknown }) => {
  const { history: _history, ...rest } = view;
  return rest;
};

async function checkRun(run: CrashRun): Promise<void> {
  for (const game of run.games) {
    const { script } = game;
    const n = script.events.length;
    const state = await http(run.final.url, `/games/${game.id}`, { token: game.spectator });
    expect(state.json.version, script.name).toBe(n);
    expect(state.json.view, `${script.name}: the final view`).toEqual(script.views[n]);
    const log = await http(run.final.url, `/games/${game.id}/log?records=1`, { token: game.spectator });
    const events = log.json.events as { version: number; event: unknown; by: string; records: unknown[] }[];
    // Every version once, in order: nothing doubled, nothing lost.
    expect(events.map((e) => e.version), script.name).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(events.map((e) => ({ by: e.by, event: e.event })), script.name).toEqual(script.events);
    expect(events.map((e) => e.records), `${script.name}: the records`).toEqual(script.records);
    // Every acknowledged version is in the log, acknowledged once.
    expect(new Set(game.acked).size, script.name).toBe(game.acked.length);
    expect(game.acked.every((v) => v >= 1 && v <= n), script.name).toBe(true);
  }
}

/** 5.: the log replays through a fresh machine to the same view at every version. */
function replayEveryVersion(script: Script, events: { event: unknown; by: string }[]): void {
  const game = createGame(script.input);
  expect(strip(game.view()), `${script.name} at version 0`).toEqual(script.views[0]);
  events.forEach((entry, i) => {
    const refusal = entry.by === 'engine' ? game.send(entry.event) : game.seat(entry.by).send(entry.event);
    expect(refusal, `${script.name}: event ${i + 1}`).toBeNull();
    expect(strip(game.view()), `${script.name} at version ${i + 1}`).toEqual(script.views[i + 1]);
  });
  game.stop();
}

async function suite(database: string[], scripts: Script[], kills: number, seed: number): Promise<void> {
  const run = await crashRun(childFile, database, scripts, kills, seed);
  try {
    const total = Object.values(run.kills).reduce((a, b) => a + b, 0);
    console.log(`crash suite on ${database[0]}: ${total} kills (${FAULT_KINDS.map((k) => `${k} ${run.kills[k]}`).join(', ')}), ${run.lives} host processes, ${scripts.length} games, ${scripts.reduce((a, s) => a + s.events.length, 0)} events`);
    expect(total).toBeGreaterThanOrEqual(kills);
    for (const kind of FAULT_KINDS) expect(run.kills[kind], `kills at ${kind}`).toBeGreaterThan(0);
    await checkRun(run);
    for (const game of run.games) {
      const log = await http(run.final.url, `/games/${game.id}/log`, { token: game.spectator });
      replayEveryVersion(game.script, log.json.events);
    }
  } finally {
    run.final.kill();
    await run.final.exited;
  }
}

const KILLS = Number(process.env.MTG_CRASH_KILLS ?? 200);

describe.skipIf(POSTGRES_SKIP !== null)(`crash suite: PostgreSQL${POSTGRES_SKIP ? ` (${POSTGRES_SKIP})` : ''}`, () => {
  it(`SIGKILLed ${KILLS} times: every game reaches the uninterrupted run's final view, every acknowledged event logged once, every log replays`, async () => {
    await suite(['postgres', requirePostgres()], crashScripts(16, 110), KILLS, 24);
  }, 600_000);
});

describe('crash suite: PGlite', () => {
  const dir = tempDir('mtg-host-crash-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('SIGKILLed at every kind of point: the same guarantees on the embedded database', async () => {
    await suite(['pglite', dir], crashScripts(3, 70), Number(process.env.MTG_CRASH_PGLITE_KILLS ?? 8), 7);
  }, 600_000);
});
