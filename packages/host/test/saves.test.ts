// Saved games survive upgrades: every golden save in test/fixtures/saves/ (made by earlier
// releases: logs, snapshots and views; mid-turn, mid-723, 514.3a cleanups, team games) is
// restored by this release and played on. A snapshot of another machine version — what an
// upgrade leaves in the database — is restored by replaying the log through this machine.
import { readdirSync, readFileSync } from 'node:fs';
import { legalActions, MACHINE_VERSION, type Game, type View } from 'mtg-turn-machine';
import { describe, expect, it } from 'vitest';
import { importSave, memoryStorage, migrateSave, restoreSave, Table, type SavedGame } from '../src/index.js';
import { SAVES_DIR } from './makeSaves.js';

const files = readdirSync(SAVES_DIR).filter((f) => f.endsWith('.json')).sort();
const load = (file: string): SavedGame => JSON.parse(readFileSync(`${SAVES_DIR}${file}`, 'utf8'));
const strip = (game: Game) => {
  const { history: _history, ...view } = game.view();
  return view as View;
};

/** Plays on by the machine's own offers: whoever may act passes, or declares no attackers or blockers, or orders as offered. */
function playOn(game: Game, events: number): void {
  for (let i = 0; i < events; i += 1) {
    const v = game.view();
    const player = v.mayAct[0] ?? v.awaiting?.players[0];
    expect(player, `event ${i}: someone may act`).toBeDefined();
    const side = v.teams ? { team: Object.keys(v.teams).find((t) => v.teams![t].includes(player!))! } : { player };
    const offered = legalActions(game.snapshot(), player!).map((a) => a.type);
    const event = v.waitingFor === 'declareAttackers' ? { type: 'combat.declareAttackers', ...side, attackers: [] }
      : v.waitingFor === 'declareBlockers' ? { type: 'combat.declareBlockers', ...side, blockers: [] }
        : v.waitingFor === 'orderTriggers' ? { type: 'triggers.order', ...side, order: v.orderTriggers!.triggers }
          : { type: 'priority.pass', player };
    expect(offered, `event ${i}`).toContain(event.type);
    expect(game.seat(player!).send(event), `event ${i}: ${JSON.stringify(event)}`).toBeNull();
  }
}

describe('golden saves', () => {
  it('there are saves of every kind the issue names', () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const kind of ['mid-turn', 'mid-723', '2hg', '514.3a']) expect(files.some((f) => f.includes(kind)), kind).toBe(true);
  });

  describe.each(files)('%s', (file) => {
    const save = load(file);

    it('restores to the view it was saved with, and plays on', async () => {
      const { game } = await restoreSave(save);
      expect(strip(game)).toMatchObject(save.view);
      playOn(game, 40);
      game.stop();
    });

    it('replaying its log through this machine gives the same game as its snapshot', async () => {
      const fromLog = await restoreSave({ ...save, snapshot: null });
      expect(fromLog.replayed).toBe(true);
      expect(strip(fromLog.game)).toMatchObject(save.view);
      if (save.snapshot?.version === MACHINE_VERSION) {
        const fromSnapshot = await restoreSave(save);
        expect(fromSnapshot.replayed).toBe(false);
        expect(fromLog.game.snapshot().context).toEqual(fromSnapshot.game.snapshot().context);
        fromSnapshot.game.stop();
      }
      fromLog.game.stop();
    });

    it('a snapshot of another machine version (an upgrade) is restored by replaying the log', async () => {
      const upgraded = { ...save, snapshot: { ...save.snapshot!, version: 'mtgTurn@00000000' } };
      const { game, replayed } = await restoreSave(upgraded);
      expect(replayed).toBe(true);
      expect(strip(game)).toMatchObject(save.view);
      game.stop();
    });

    it('a host takes it in as a game and plays on through its seats', async () => {
      const table = new Table({ storage: memoryStorage() });
      const made = await importSave(table, save);
      const state = await table.state(made.id, { kind: 'spectator' });
      expect(state.version).toBe(save.version);
      expect(state.view).toMatchObject(save.view);
      const player = state.view.mayAct[0];
      expect(await table.send(made.id, { kind: 'seat', player }, { type: 'priority.pass', player }, save.version)).toEqual({ type: 'accepted', version: save.version + 1 });
      await table.close();
    });
  });

  it('refuses what is not a save of a known format, saying why', async () => {
    const save = load(files[0]);
    expect(() => migrateSave([])).toThrow(/a JSON object/);
    expect(() => migrateSave({ ...save, format: 99 })).toThrow(/format 99 is newer/);
    expect(() => migrateSave({ ...save, format: 0 })).toThrow(/not a format version/);
    expect(() => migrateSave({ ...save, version: save.version + 1 })).toThrow(/versions/);
    await expect(restoreSave({ ...save, snapshot: null, log: save.log.map((e, i) => (i === 0 ? { ...e, event: { type: 'nope' } } : e)) })).rejects.toThrow(/does not replay/);
  });
});
