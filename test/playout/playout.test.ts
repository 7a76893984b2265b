// createPlayout's contract, case by case (the differential test covers the bulk): the same
// answers as createGame for what comes from outside, clones independent both ways, history
// only when recorded, resuming from an actor's persisted game and the other way round.
import { describe, expect, it } from 'vitest';
import {
  createGame, GameInputError, persistGame, restoreSnapshot, SnapshotError, type TurnEvent,
} from '../../src/index.js';
import { createPlayout, type Playout } from '../../src/playout/index.js';
import { canonical } from './differential.js';

const A_B = { players: ['A', 'B'] };
/** A game that keeps every record ('all'): the tests that count records across a turn's end. */
const A_B_ALL = { players: ['A', 'B'], options: { history: 'all' as const } };
const pass = (player: string): TurnEvent => ({ type: 'priority.pass', player });
const timeStop: TurnEvent = { type: 'spell.cast', object: { id: 'timeStop', controller: 'A', effects: [{ endTurn: {} }] } };
const persisted = (p: Playout) => canonical(p.persist());
const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('createPlayout', () => {
  it('starts where createGame starts: turn 1, A holds priority in the upkeep, the same history', () => {
    const game = createGame(A_B);
    const playout = createPlayout(A_B);
    expect(playout.view()).toMatchObject({ turn: 1, step: 'upkeep', priority: 'A' });
    expect(canonical(playout.history)).toBe(canonical(game.history));
    expect(persisted(playout)).toBe(canonical(persistGame(game.actor)));
  });

  const hostile: [string, unknown][] = [
    ['null', null], ['a number', 42], ['a list', []], ['no type', {}], ['XState\'s own event', { type: 'xstate.stop' }],
    ['a signal of the chart', { type: 'step.finished' }], ['an unknown type', { type: 'turn.skip' }],
    ['a malformed pass', { type: 'priority.pass', player: 'nobody' }],
    ['a throwing getter', new Proxy({}, { get() { throw new Error('boom'); } })],
    ['a pass out of turn', pass('B')],
    ['a declaration out of its step', { type: 'combat.declareAttackers', player: 'A', attackers: [] }],
  ];
  it.each(hostile)('refuses %s exactly as createGame does, changing nothing', (_name, event) => {
    const game = createGame(A_B);
    const playout = createPlayout(A_B);
    const before = persisted(playout);
    const refusal = playout.send(event);
    expect(refusal).not.toBeNull();
    expect(refusal).toEqual(game.send(event));
    expect(playout.explainRefusal(event)).toEqual(refusal);
    expect(persisted(playout)).toBe(before);
  });

  it('ends the turn with Time Stop as the actor does (723.1), and offers the same actions', () => {
    const input = { ...A_B, options: { history: 'all' as const } }; // zones of the turn that ended are read
    const game = createGame(input);
    const playout = createPlayout(input);
    for (const event of [timeStop, pass('A'), pass('B')]) expect(playout.send(event)).toEqual(game.send(event));
    expect(playout.view()).toMatchObject({ turn: 2, activePlayer: 'B', step: 'upkeep', zones: { exile: ['timeStop'] } });
    expect(playout.history.some((r) => r.type === 'turnEndedByEffect')).toBe(true);
    for (const player of ['A', 'B']) expect(playout.legalActions(player)).toEqual(game.legalActions(player));
    expect(persisted(playout)).toBe(canonical(persistGame(game.actor)));
  });

  it('keeps no history without recording, and plays the same', () => {
    const recorded = createPlayout(A_B_ALL);
    const silent = createPlayout(A_B_ALL, { recording: false });
    for (const event of [timeStop, pass('A'), pass('B'), pass('B')]) expect(silent.send(event)).toEqual(recorded.send(event));
    expect(silent.history).toEqual([]);
    expect(recorded.history.length).toBeGreaterThan(10);
    expect(persisted(silent)).toBe(persisted(recorded));
  });

  it('clones independently, both ways', () => {
    const original = createPlayout(A_B_ALL);
    original.send(timeStop);
    const before = persisted(original);
    const clone = original.clone();
    clone.send(pass('A'));
    clone.send(pass('B'));
    expect(clone.view().turn).toBe(2);
    expect(persisted(original)).toBe(before);
    expect(original.history.length).toBeLessThan(clone.history.length);
    const cloneState = persisted(clone);
    original.send({ type: 'spell.cast', object: { id: 'bolt', controller: 'A', effects: [] } });
    original.send({ type: 'mana.add', player: 'A', amount: 2 });
    expect(persisted(clone)).toBe(cloneState);
    expect(original.clone({ recording: false }).history).toEqual([]);
  });

  it('resumes from an actor\'s persisted game, and an actor resumes from its persisted game', () => {
    const game = createGame(A_B);
    game.send(timeStop);
    const playout = createPlayout(A_B, { snapshot: restoreSnapshot(viaJson(persistGame(game.actor))), history: game.history });
    expect(playout.history).toEqual(game.history);
    for (const event of [pass('A'), pass('B')]) expect(playout.send(event)).toEqual(game.send(event));
    const resumed = createGame(A_B, { snapshot: restoreSnapshot(viaJson(playout.persist())) });
    expect(canonical(persistGame(resumed.actor))).toBe(canonical(persistGame(game.actor)));
    expect(resumed.send(pass('B'))).toEqual(playout.send(pass('B')));
    expect(persisted(playout)).toBe(canonical(persistGame(resumed.actor)));
  });

  it('checks its input and a snapshot as createGame does', () => {
    expect(() => createPlayout({ players: ['A'] })).toThrow(GameInputError);
    const snapshot = restoreSnapshot(viaJson(createPlayout(A_B).persist()));
    expect(() => createPlayout({ players: ['A', 'C'] }, { snapshot })).toThrow(SnapshotError);
    expect(() => createPlayout(A_B, { snapshot: { status: 'done' } as never })).toThrow(SnapshotError);
  });
});
