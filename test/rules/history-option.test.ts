// The `history` option: what the game keeps of its past. 'all' (true): every record and the
// zones of the whole game; 'turn' (the default): records are emitted, and the zones and
// createGame's history are the current turn's; false: no record built or emitted, no zones.
// The game plays exactly the same whatever it keeps; with 'turn' or false its state depends on
// what is live in the game (and this turn), not on how long it has been going.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  createGame, GameInputError, persistGame, restoreSnapshot, turnMachine, view, type Game, type GameInput, type HistoryRecord, type TurnEvent,
} from '../../src/index.js';
import { createPlayout } from '../../src/playout/index.js';
import type { HistoryKept } from '../../src/vocabulary/input.js';
import { beginDraft, changesOf } from '../../src/rules/draft.js';
import { ceaseToExist } from '../../src/rules/priority.js';
import { initialContext } from '../../src/rules/setup.js';
import { activate, cast, everyonePasses, goTo, ok, timeStop } from '../helpers.js';

const withHistory = (history: boolean | HistoryKept): GameInput => ({ players: ['A', 'B'], options: { history } });
const NO_ZONES = { exile: [], graveyard: [], battlefield: [], ceasedToExist: [], leftGame: [] };

/** A spell to the graveyard, a mutating creature merged, an ability that ceases to exist, then Time Stop (723.1b exiles). */
function play(game: Game): void {
  goTo(game, { turn: 1, phase: 'precombatMain' });
  cast(game, { id: 'bolt' });
  everyonePasses(game);
  cast(game, { id: 'bear', type: 'creature' });
  everyonePasses(game);
  cast(game, { id: 'gemrazer', type: 'creature', mutate: true, targets: ['bear'] });
  everyonePasses(game);
  activate(game, { id: 'pump' });
  everyonePasses(game);
  cast(game, timeStop());
  everyonePasses(game);
}

describe('GameInput.options.history', () => {
  it("'all' (and true, the earlier default): every record is kept, and the zones of the whole game", () => {
    for (const history of ['all', true] as const) {
      const game = createGame(withHistory(history));
      play(game); // Time Stop ends turn 1: the zones seen in turn 2 are turn 1's
      expect(game.view().turn).toBe(2);
      expect(game.history[0]).toMatchObject({ type: 'turnBegan', turn: 1 });
      expect(game.view().zones).toEqual({ exile: ['timeStop'], graveyard: ['bolt'], battlefield: ['bear'], ceasedToExist: ['pump'], leftGame: [] });
      expect(game.snapshot().context.options.history).toBe('all');
    }
  });

  it("'turn' is the default: records are emitted, the zones and game.history are the current turn's", () => {
    const game = createGame({ players: ['A', 'B'] });
    const emitted: HistoryRecord[] = [];
    game.actor.on('history', (e) => { emitted.push(e.record); });
    goTo(game, { turn: 1, phase: 'precombatMain' });
    cast(game, { id: 'bolt' });
    everyonePasses(game);
    expect(game.view().zones.graveyard).toEqual(['bolt']); // in the turn it went there
    cast(game, { id: 'bear', type: 'creature' });
    everyonePasses(game);
    cast(game, timeStop());
    everyonePasses(game);
    expect(game.view().turn).toBe(2);
    expect(game.view().zones).toEqual(NO_ZONES); // turn 2 begun: nothing went anywhere in it yet
    expect(game.history[0]).toMatchObject({ type: 'turnBegan', turn: 2 });
    expect(game.history.every((r) => r.turn === 2)).toBe(true);
    // Listeners get every record whatever is kept (turn 1's Time Stop included).
    expect(emitted.some((r) => r.type === 'moved' && r.id === 'timeStop' && r.to === 'exile' && r.turn === 1)).toBe(true);
    expect(game.snapshot().context.options.history).toBe('turn');
  });

  it("'turn' and 'all' play the same game: only the past kept differs", () => {
    const fromTurn: HistoryRecord[] = [];
    const turn = createGame(withHistory('turn'), { history: (record) => { fromTurn.push(record); } });
    const all = createGame(withHistory('all'));
    play(turn);
    play(all);
    expect(fromTurn).toEqual(all.history);
    const { history: _h1, zones: _z1, ...seenTurn } = turn.view();
    const { history: _h2, zones: _z2, ...seenAll } = all.view();
    expect(seenTurn).toEqual(seenAll);
  });

  it("createGame's history: what game.history keeps, whatever the game keeps; a sink gets every record", () => {
    const all = createGame({ players: ['A', 'B'] }, { history: 'all' });
    play(all);
    expect(all.history[0]).toMatchObject({ type: 'turnBegan', turn: 1 });
    expect(all.view().zones).toEqual(NO_ZONES); // the game's own option ('turn') decides its zones
    const sunk: HistoryRecord[] = [];
    const sink = createGame({ players: ['A', 'B'] }, { history: (record) => { sunk.push(record); } });
    play(sink);
    expect(sink.history).toEqual([]);
    expect(sunk).toEqual(all.history);
    const none = createGame(withHistory('all'), { history: false });
    play(none);
    expect(none.history).toEqual([]);
    expect(none.view().zones.exile).toEqual(['timeStop']);
  });

  it('a list given as history (earlier versions) is the records before the snapshot, kept with all that follow', () => {
    const first = createGame(withHistory('turn'), { history: 'all' });
    goTo(first, { turn: 1, phase: 'precombatMain' });
    const before = [...first.history];
    const legacy = createGame({ players: ['A', 'B'] }, { snapshot: restoreSnapshot(first.persist()), history: before });
    const now = createGame({ players: ['A', 'B'] }, { snapshot: restoreSnapshot(first.persist()), history: 'all', historyBefore: before });
    for (const game of [legacy, now, first]) ok(game, { type: 'priority.pass', player: 'A' });
    expect(legacy.history).toEqual(first.history);
    expect(now.history).toEqual(first.history);
  });

  it("createGame's history is checked: anything else is refused with a TypeError", () => {
    for (const history of ['some', 3, null, {}]) {
      expect(() => createGame({ players: ['A', 'B'] }, { history: history as never })).toThrow(TypeError);
    }
    expect(() => createGame({ players: ['A', 'B'] }, { history: [], historyBefore: [] })).toThrow(/historyBefore/);
  });

  it('persists and restores what it keeps; a save of an earlier version (history: true) resumes keeping all', () => {
    for (const history of ['all', 'turn', false] as const) {
      const game = createGame(withHistory(history));
      goTo(game, { turn: 1, phase: 'precombatMain' });
      cast(game, { id: 'bolt' });
      everyonePasses(game);
      const persisted = game.persist();
      const restored = createGame({ players: ['A', 'B'] }, { snapshot: restoreSnapshot(JSON.parse(JSON.stringify(persisted))) });
      expect(restored.snapshot().context.options.history).toBe(history);
      expect(restored.view().zones).toEqual(game.view().zones);
      expect(JSON.parse(JSON.stringify(restored.persist()))).toEqual(JSON.parse(JSON.stringify(persisted)));
    }
    const old = JSON.parse(JSON.stringify(createGame(withHistory('all')).persist()));
    old.snapshot.context.options.history = true;
    const resumed = createGame({ players: ['A', 'B'] }, { snapshot: restoreSnapshot(old) });
    expect(resumed.snapshot().context.options.history).toBe('all');
  });

  it('off: no history record is built or emitted, the zones stay empty, and the game plays the same', () => {
    const on = createGame(withHistory(true));
    const off = createGame(withHistory(false));
    let emitted = 0;
    off.actor.on('history', () => { emitted += 1; });
    play(on);
    play(off);
    expect(emitted).toBe(0);
    expect(off.history).toEqual([]);
    expect(off.view().zones).toEqual({ exile: [], graveyard: [], battlefield: [], ceasedToExist: [], leftGame: [] });
    const { history: _h1, zones: _z1, ...seenOn } = on.view();
    const { history: _h2, zones: _z2, ...seenOff } = off.view();
    expect(seenOff).toEqual(seenOn);
  });

  it('is checked like any input', () => {
    expect(() => createGame({ players: ['A', 'B'], options: { history: 'no' as unknown as boolean } })).toThrow(GameInputError);
    expect(() => createGame({ players: ['A', 'B'], options: { history: 'no' as unknown as boolean } })).toThrow(/options\.history/);
    expect(() => createGame({ players: ['A', 'B'], options: { history: 1 as unknown as boolean } })).toThrow(GameInputError);
  });

  it("off and 'turn': the persisted game state depends on what is live, not on the turn (a long game stays the size of a short one)", () => {
    const sizes = (history: boolean | HistoryKept) => {
      const actor = createActor(turnMachine, { input: withHistory(history) });
      actor.start();
      const at: Record<number, number> = {};
      let refused = false;
      actor.on('rejected', () => { refused = true; });
      const send = (event: TurnEvent) => actor.send(event);
      for (;;) {
        const v = view(actor.getSnapshot());
        if (v.turn === 11 || v.turn === 101) at[v.turn] ??= JSON.stringify(persistGame(actor)).length;
        if (v.turn > 101 || refused) break;
        if (v.step === null && v.phase === 'precombatMain' && v.stack.length === 0 && v.priority === v.activePlayer && !at[-v.turn]) {
          at[-v.turn] = 1; // once per turn: a spell (to the graveyard) and an ability (ceases to exist)
          send({ type: 'spell.cast', object: { id: `s${v.turn}`, controller: v.activePlayer!, effects: [] } });
          send({ type: 'ability.activate', object: { id: `a${v.turn}`, controller: v.activePlayer!, effects: [] } });
          continue;
        }
        if (v.waitingFor === 'declareAttackers') send({ type: 'combat.declareAttackers', player: v.activePlayer!, attackers: [] });
        else send({ type: 'priority.pass', player: v.priority! });
      }
      actor.stop();
      expect(refused).toBe(false);
      return at;
    };
    const off = sizes(false);
    expect(Math.abs(off[101] - off[11])).toBeLessThanOrEqual(12); // a few more digits in turn and phase numbers
    const turn = sizes('turn');
    expect(Math.abs(turn[101] - turn[11])).toBeLessThanOrEqual(12);
    const on = sizes('all');
    expect(on[101] - on[11]).toBeGreaterThan(1000); // the zones: a record of the past
  });

  it('a merged permanent leaves nothing in the game state but its history record (608.3d)', () => {
    const game = createGame(withHistory('all'));
    play(game);
    const context = (persistGame(game.actor).snapshot as unknown as { context: Record<string, unknown> }).context;
    expect(Object.keys(context)).not.toContain('merged');
    expect(game.history.some((r) => r.type === 'merged' && r.id === 'gemrazer' && r.into === 'bear')).toBe(true);
  });

  it('off: a playout shows and persists what the actor does, and records nothing', () => {
    const game = createGame(withHistory(false));
    const playout = createPlayout(withHistory(false));
    const events: TurnEvent[] = [];
    const spy: Game = { ...game, send: (event) => { events.push(event as TurnEvent); return game.send(event); } };
    play(spy);
    for (const event of events) expect(playout.send(event)).toBeNull();
    expect(playout.recording).toBe(false);
    expect(playout.history).toEqual([]);
    expect(playout.view()).toEqual(view(game.snapshot()));
    expect(playout.persist()).toEqual(JSON.parse(JSON.stringify(game.persist())));
  });

  it("'turn': a playout keeps the records createGame keeps (the current turn's), and shows the same", () => {
    const game = createGame(withHistory('turn'));
    const playout = createPlayout(withHistory('turn'));
    const events: TurnEvent[] = [];
    const spy: Game = { ...game, send: (event) => { events.push(event as TurnEvent); return game.send(event); } };
    play(spy);
    for (const event of events) expect(playout.send(event)).toBeNull();
    expect(playout.recording).toBe(true);
    expect(playout.history[0]).toMatchObject({ type: 'turnBegan', turn: 2 });
    expect(playout.history).toEqual(game.history);
    expect(playout.view()).toEqual(view(game.snapshot()));
  });

  it("view() hands out the zones' own lists, frozen (no copy per call); the next object there makes a new list", () => {
    const game = createGame(withHistory('all'));
    goTo(game, { turn: 1, phase: 'precombatMain' });
    cast(game, { id: 'bolt' });
    everyonePasses(game);
    const seen = game.view().zones.graveyard;
    expect(game.view().zones.graveyard).toBe(seen);
    expect(Object.isFrozen(seen)).toBe(true);
    cast(game, { id: 'shock' });
    everyonePasses(game);
    expect(game.view().zones.graveyard).toEqual(['bolt', 'shock']);
    expect(seen).toEqual(['bolt']);
  });

  it('game.view() shares the history it returns (no copy per call)', () => {
    const game = createGame({ players: ['A', 'B'] });
    ok(game, { type: 'priority.pass', player: 'A' });
    expect(game.view().history).toBe(game.history);
  });

  it('a zone list is copied only when written: the others stay shared with the state before', () => {
    const before = { ...initialContext({ players: ['A', 'B'] }), zones: { exile: ['e'], graveyard: ['g'], battlefield: ['b'], ceasedToExist: ['c'], leftGame: [] } };
    const draft = beginDraft(before);
    ceaseToExist(draft, 'x');
    const { zones } = changesOf(draft)!;
    expect(zones).toEqual({ exile: ['e'], graveyard: ['g'], battlefield: ['b'], ceasedToExist: ['c', 'x'], leftGame: [] });
    expect(zones!.exile).toBe(before.zones.exile);
    expect(zones!.graveyard).toBe(before.zones.graveyard);
    expect(zones!.battlefield).toBe(before.zones.battlefield);
    expect(before.zones.ceasedToExist).toEqual(['c']);
  });
});
