// mtg-turn-machine/react (issue 23): the store behind useGame holds the whole history from the first
// record (turn 1's, which an effect-time listener misses), each seat's legal actions and the last
// refusal, and tells its subscribers only when one of them changed; the hook renders it.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createGame, legalActions, pass, view } from '../../src/index.js';
import { createGameStore, useGame } from '../../src/react/index.js';

const INPUT = { players: ['Ann', 'Bo'] };

describe('createGameStore', () => {
  it('starts with every record of turn 1 so far, the view and each seat\'s legal actions (117.3a: only Ann may act)', () => {
    const store = createGameStore(INPUT);
    const state = store.getState();
    const reference = createGame(INPUT);
    expect(state.history.length).toBeGreaterThan(0);
    expect(state.history).toEqual(reference.history);
    expect(state.history[0]).toMatchObject({ type: 'turnBegan', turn: 1, player: 'Ann' });
    expect(state.view).toEqual(view(reference.snapshot()));
    expect(state.legalActions.Ann).toEqual(legalActions(reference.snapshot(), 'Ann'));
    expect(state.legalActions.Bo).toEqual([{ type: 'player.concede' }]); // 117.3a: Bo may only concede (104.3a)
    expect(store.getState()).toBe(state); // nothing changed: the same object
  });

  it('tells subscribers once per change: an accepted event, a refusal; nothing for an event that changed nothing it shows', () => {
    const store = createGameStore(INPUT);
    let calls = 0;
    const unsubscribe = store.subscribe(() => { calls += 1; });
    const first = store.getState();

    expect(first.seats.Bo.send(pass('Bo'))).toMatchObject({ rule: '117.1' }); // Bo does not hold priority
    expect(calls).toBe(1);
    const refused = store.getState();
    expect(refused.refusal).toMatchObject({ rule: '117.1' });
    expect(refused.snapshot).toBe(first.snapshot);

    expect(refused.send(pass('Ann'))).toBeNull();
    expect(calls).toBe(2);
    const passed = store.getState();
    expect(passed.refusal).toBeNull();
    expect(passed.view.priority).toBe('Bo');
    expect(passed.legalActions.Bo.map((a) => a.type)).toContain('priority.pass');

    // Sent to the actor directly, refused: the snapshot, the history and the store's refusal are as they were.
    passed.game.actor.send({ type: 'priority.pass', player: 'Ann' } as never);
    expect(calls).toBe(2);
    expect(store.getState()).toBe(passed);

    // Accepted through the actor directly: seen too.
    passed.game.actor.send({ type: 'priority.pass', player: 'Bo' } as never);
    expect(calls).toBe(3);
    expect(store.getState().history.length).toBeGreaterThan(passed.history.length);
    expect(store.getState().view.phase).toBe('precombatMain'); // 103.8a: no draw in turn 1 of a two-player game
    unsubscribe();
    store.getState().send(pass('Ann'));
    expect(calls).toBe(3);
  });
});

describe('useGame', () => {
  it('renders turn 1 with its records on the first render (no effect needed to catch them)', () => {
    function Table() {
      const { view: seen, history, legalActions: legal } = useGame(INPUT);
      return createElement('p', null, `turn ${seen.turn}, ${seen.priority} holds priority, ${history.length} records, Ann may ${legal.Ann.length}, Bo may ${legal.Bo.length}`);
    }
    const records = createGame(INPUT).history.length;
    expect(renderToString(createElement(Table))).toBe(`<p>turn 1, Ann holds priority, ${records} records, Ann may 6, Bo may 1</p>`);
  });
});
