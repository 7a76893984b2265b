// One writer per game: two host processes on one PostgreSQL, each sent a different event for the
// same version of the same game at the same moment, round after round. Exactly one commits each
// version (the other is refused, changing nothing, and catches up); the log has every version
// once; both hosts then show the same game. PGlite, one process's database, keeps a second host out.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_SKIP, requirePostgres, tempDir } from './adapters.js';
import { buildChild } from './buildChild.js';
import { connect, http, type Any, type Live } from './client.js';
import { startHostProcess, type HostProcess } from './crashDriver.js';

let childFile: string;
beforeAll(async () => {
  childFile = await buildChild();
});

const answerOf = (live: Live) => live.until((m: Any) => m.type !== 'view' && m.type !== 'takeback');

describe.skipIf(POSTGRES_SKIP !== null)(`two host processes on one PostgreSQL${POSTGRES_SKIP ? ` (${POSTGRES_SKIP})` : ''}`, () => {
  const hosts: HostProcess[] = [];
  afterAll(async () => {
    for (const host of hosts) host.kill();
    await Promise.all(hosts.map((h) => h.exited));
  });

  it('never both commit a version of one game', async () => {
    const url = requirePostgres();
    hosts.push(await startHostProcess(childFile, ['postgres', url], 'none'), await startHostProcess(childFile, ['postgres', url], 'none'));
    const [one, two] = hosts;
    const games = await Promise.all(Array.from({ length: 6 }, async () => (await http(one.url, '/games', { body: { input: { players: ['A', 'B'] } } })).json));
    const ROUNDS = 12;
    let accepted = 0;
    await Promise.all(games.map(async (game, g) => {
      const conns = new Map<string, Live>();
      const at = async (host: HostProcess, player: string) => {
        const key = `${host.url} ${player}`;
        if (!conns.has(key)) {
          const live = await connect(host.url, game.id, game.seats[player]);
          await live.next();
          conns.set(key, live);
        }
        return conns.get(key)!;
      };
      let version = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const state = (await http(one.url, `/games/${game.id}`, { token: game.spectator })).json;
        expect(state.version).toBe(version);
        const player = state.view.priority ?? state.view.declaring;
        const event = (id: string) => (state.view.waitingFor === 'declareAttackers'
          ? { type: 'combat.declareAttackers', player, attackers: [] }
          : { type: 'spell.cast', object: { id, controller: player, type: 'instant', effects: [] } });
        // Host one: pass priority (or declare no attackers); host two: cast a spell. Both legal now, for the same version.
        const first = await at(one, player);
        const second = await at(two, player);
        first.send({ type: 'send', event: state.view.waitingFor === 'priority' ? { type: 'priority.pass', player } : event(`x${g}`), expectVersion: version });
        second.send({ type: 'send', event: event(`spell${g}-${round}`), expectVersion: version });
        const answers = await Promise.all([answerOf(first), answerOf(second)]);
        const won = answers.filter((a) => a.type === 'accepted');
        expect(won, JSON.stringify(answers)).toHaveLength(1);
        expect(won[0].version).toBe(version + 1);
        expect(answers.find((a) => a.type === 'refused')).toMatchObject({ rule: 'version' });
        accepted += 1;
        version += 1;
      }
      for (const live of conns.values()) await live.close();
    }));
    for (const game of games) {
      const log = (await http(two.url, `/games/${game.id}/log`, { token: game.spectator })).json.events;
      expect(log.map((e: Any) => e.version)).toEqual(Array.from({ length: ROUNDS }, (_, i) => i + 1));
      const [a, b] = await Promise.all(hosts.map(async (h) => (await http(h.url, `/games/${game.id}`, { token: game.spectator })).json));
      expect(a).toEqual(b);
      expect(a.version).toBe(ROUNDS);
    }
    expect(accepted).toBe(games.length * ROUNDS);
  });
});

describe('PGlite is one process\'s database', () => {
  const dir = tempDir('mtg-host-lock-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('a second host process on the same folder is refused while the first runs, and takes over once it is killed', async () => {
    const first = await startHostProcess(childFile, ['pglite', dir], 'none');
    await expect(startHostProcess(childFile, ['pglite', dir], 'none')).rejects.toThrow(/in use by another host/);
    first.kill();
    await first.exited;
    const second = await startHostProcess(childFile, ['pglite', dir], 'none');
    second.kill();
    await second.exited;
  });
});
