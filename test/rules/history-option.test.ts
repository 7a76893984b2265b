// The `history` option: with it off, the game keeps no record of the past — no history records
// built or emitted, no zones — and plays exactly the same; its state then depends on what is
// live in the game, not on how long it has been going.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  createGame, createPlayout, GameInputError, persistGame, turnMachine, view, type Game, type GameInput, type TurnEvent,
} from '../../src/index.js';
import { beginDraft, changesOf } from '../../src/rules/draft.js';
import { ceaseToExist } from '../../src/rules/priority.js';
import { initialContext } from '../../src/rules/setup.js';
import { activate, cast, everyonePasses, goTo, ok, timeStop } from '../helpers.js';

const withHistory = (history: boolean): GameInput => ({ players: ['A', 'B'], options: { history } });

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
  it('is on by default: records are emitted and the zones kept', () => {
    const game = createGame({ players: ['A', 'B'] });
    play(game);
    expect(game.history.length).toBeGreaterThan(0);
    expect(game.view().zones).toEqual({ exile: ['timeStop'], graveyard: ['bolt'], battlefield: ['bear'], ceasedToExist: ['pump'], leftGame: [] });
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
  });

  it('off: the persisted game state depends on what is live, not on the turn (a long game stays the size of a short one)', () => {
    const sizes = (history: boolean) => {
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
    const on = sizes(true);
    expect(on[101] - on[11]).toBeGreaterThan(1000); // the zones: a record of the past
  });

  it('a merged permanent leaves nothing in the game state but its history record (608.3d)', () => {
    const game = createGame({ players: ['A', 'B'] });
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
