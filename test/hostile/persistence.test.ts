// Persistence refuses what it cannot resume (issue 10's measured examples), naming the JSON
// path; what it accepts resumes exactly: the same view and the same future.
import { describe, expect, it } from 'vitest';
import {
  createGame, createTurnActor, restoreSnapshot, SnapshotError, SnapshotVersionError, type Game, type TurnEvent,
} from '../../src/index.js';

/** A game at A's precombat main phase with a spell on the stack, an extra turn and a waiting trigger. */
function busyGame(): Game {
  const game = createGame({ players: ['A', 'B'] });
  for (let i = 0; i < 4; i += 1) game.send({ type: 'priority.pass', player: game.view().priority! });
  game.send({ type: 'spell.cast', object: { id: 'walk', controller: 'A', type: 'sorcery', effects: [{ extraTurn: { player: 'A' } }] } });
  game.send({ type: 'trigger.report', ability: { id: 'warden', controller: 'B' } });
  return game;
}

/** The persisted JSON of a game, with one change made to it. */
function tampered(game: Game, change: (persisted: { version: string; snapshot: Record<string, unknown> & { context: Record<string, unknown> } }) => void): unknown {
  const persisted = JSON.parse(JSON.stringify(game.persist()));
  change(persisted);
  return persisted;
}

describe('restoreSnapshot refuses what the machine cannot resume', () => {
  it.each([
    ['a state value that does not exist', (p) => { p.snapshot.value = { turn: { phases: { combat: 'lunch' }, priority: 'holding' } }; }, 'snapshot.value.turn.phases'],
    ['a state the game is never at rest in', (p) => { p.snapshot.value = { turn: { phases: { beginning: 'untap' }, priority: 'holding' } }; }, 'snapshot.value.turn.phases'],
    ['a state that disagrees with the game state', (p) => { p.snapshot.value = { turn: { phases: { ending: 'end' }, priority: 'holding' } }; }, 'snapshot.context.step'],
    ['turn: -5', (p) => { p.snapshot.context.turn = -5; }, 'snapshot.context.turn'],
    ['an unknown active player', (p) => { p.snapshot.context.activeSide = 'Z'; }, 'snapshot.context.activeSide'],
    // (each one of these was accepted, and the first hung the host looking for the next turn that is not skipped)
    ['a turn skip marked "each" (every turn skipped forever)', (p) => { p.snapshot.context.skips = [{ side: 'A', kind: 'turn', id: 'turn', each: true, turn: null }, { side: 'B', kind: 'turn', id: 'turn', each: true, turn: null }]; }, 'snapshot.context.skips[0].each'],
    ['a step skip naming a phase', (p) => { p.snapshot.context.skips = [{ side: 'A', kind: 'step', id: 'combat', each: false, turn: null }]; }, 'snapshot.context.skips[0].id'],
    ['a step planned in a phase it is not of', (p) => { p.snapshot.context.stepQueue = ['cleanup']; }, 'snapshot.context.stepQueue[0]'],
    ['a planned phase with another phase\'s step', (p) => { (p.snapshot.context.phaseQueue as { steps: string[] }[])[0].steps = ['upkeep']; }, 'snapshot.context.phaseQueue[0].steps[0]'],
    ['a first-strike step planned ahead (510.4 makes it)', (p) => { (p.snapshot.context.phaseQueue as { steps: string[] }[])[0].steps = ['firstStrikeDamage']; }, 'snapshot.context.phaseQueue[0].steps[0]'],
    ['stack: [null]', (p) => { p.snapshot.context.stack = [null]; }, 'snapshot.context.stack[0]'],
    ['status "done"', (p) => { p.snapshot.status = 'done'; }, 'snapshot.status'],
    ['snapshot: null (would become a new game)', (p) => { (p as { snapshot: unknown }).snapshot = null; }, 'snapshot'],
    ['a holder of priority while nobody holds it', (p) => { (p.snapshot.context.priority as { holder: unknown }).holder = null; }, 'snapshot.context.priority.holder'],
    ['a resolution in progress', (p) => { p.snapshot.context.resolution = { object: { id: 'x', controller: 'A', kind: 'spell' }, next: 0, resolves: true }; }, 'snapshot.context.resolution'],
    ['an extra key', (p) => { p.snapshot.context.cheat = true; }, 'snapshot.context'],
    ['mana as a string', (p) => { p.snapshot.context.manaPool = { A: '5', B: 0 }; }, 'snapshot.context.manaPool.A'],
    ['a child actor', (p) => { p.snapshot.children = { x: {} }; }, 'snapshot.children'],
  ] as [string, (p: Parameters<Parameters<typeof tampered>[1]>[0]) => void, string][])('%s', (_name, change, path) => {
    const json = tampered(busyGame(), change);
    let error: unknown;
    try { restoreSnapshot(json); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(SnapshotError);
    expect((error as SnapshotError).path.startsWith(path), `${(error as SnapshotError).path}: ${(error as Error).message}`).toBe(true);
  });

  it('refuses another version, naming it', () => {
    const json = tampered(busyGame(), (p) => { p.version = 'mtgTurn@00000000'; });
    expect(() => restoreSnapshot(json)).toThrow(SnapshotVersionError);
    expect(() => restoreSnapshot(json)).toThrow(/"mtgTurn@00000000"/);
  });

  it.each([null, undefined, 'x', [], { version: 'v' }, { snapshot: {} }])('refuses %j', (value) => {
    expect(() => restoreSnapshot(value)).toThrow(SnapshotError);
  });

  it('refuses a snapshot of other players than the input names', () => {
    const snapshot = restoreSnapshot(JSON.parse(JSON.stringify(busyGame().persist())));
    expect(() => createTurnActor({ players: ['C', 'D'] }, { snapshot })).toThrow(/the snapshot is a game of A, B/);
  });
});

describe('an accepted game resumes exactly', () => {
  it('the same view and the same future, event by event', () => {
    const original = busyGame();
    const restored = createGame({ players: ['A', 'B'] }, { snapshot: restoreSnapshot(JSON.parse(JSON.stringify(original.persist()))) });
    const { history: _h, ...view } = original.view();
    const { history: _r, ...restoredView } = restored.view();
    expect(restoredView).toEqual(view);
    const script: TurnEvent[] = [
      { type: 'priority.pass', player: 'A' }, { type: 'priority.pass', player: 'B' },
      { type: 'mana.add', player: 'A', amount: 3 }, { type: 'priority.pass', player: 'A' }, { type: 'priority.pass', player: 'B' },
      { type: 'priority.pass', player: 'A' }, { type: 'priority.pass', player: 'B' },
    ];
    for (const event of script) {
      expect(restored.send(event)).toEqual(original.send(event));
      expect(JSON.stringify(restored.persist())).toBe(JSON.stringify(original.persist()));
    }
  });
});

describe('what the machine accepted, it can resume', () => {
  it('an object nested as deeply as an event may be persists and restores (it sits deeper in the game state than in its event)', () => {
    const game = createGame({ players: ['A', 'B'] });
    const deep = { type: 'spell.cast', object: { id: 'x', controller: 'A', effects: [{ cast: { id: 'y', controller: 'A', effects: [{ at: { id: 'z', controller: 'A', when: 'upkeep', effects: [{ addPhases: { phases: ['combat'] } }] } }] } }] } };
    expect(game.send(deep)).toBeNull();
    expect(game.send({ type: 'discard.schedule', player: 'A', ability: deep.object })).toBeNull();
    const resumed = createGame({ players: ['A', 'B'] }, { snapshot: restoreSnapshot(JSON.parse(JSON.stringify(game.persist()))) });
    expect(resumed.view()).toEqual({ ...game.view(), history: [] });
  });
});
