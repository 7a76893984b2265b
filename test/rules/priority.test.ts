// 117.3–117.5, 704.3, 603.3b: priority, state-based actions, triggers going on the stack.
import { describe, expect, it } from 'vitest';
import { cast, everyonePasses, gameWithPriorityIn, has, newGame, ok, records } from '../helpers.js';

describe('117.3 who receives priority', () => {
  it('117.3a/d: the active player first, then each player in turn order; 117.4: all pass → the step ends', () => {
    const game = newGame(['A', 'B', 'C']);
    const holders = [game.view().priority];
    for (let i = 0; i < 2; i += 1) {
      ok(game, { type: 'priority.pass', player: game.view().priority! });
      holders.push(game.view().priority);
    }
    expect(holders).toEqual(['A', 'B', 'C']);
    ok(game, { type: 'priority.pass', player: 'C' });
    expect(game.view().step).toBe('draw');
  });

  it('117.3c: after casting, the caster receives priority again; 117.3b: after resolving, the active player', () => {
    const game = newGame(['A', 'B', 'C']);
    ok(game, { type: 'priority.pass', player: 'A' });
    cast(game, { id: 'bolt', controller: 'B' });
    expect(game.view().priority).toBe('B');
    everyonePasses(game); // B, C, A pass
    expect(game.view()).toMatchObject({ step: 'upkeep', priority: 'A', stack: [] });
  });

  it('500.2: a stack that merely became empty does not end the step — all must pass again', () => {
    const game = newGame();
    cast(game, { id: 'bolt', controller: 'A' });
    everyonePasses(game);
    expect(game.view()).toMatchObject({ step: 'upkeep', priority: 'A' });
  });

  it('117.5: state-based actions are checked every time a player would receive priority', () => {
    const game = newGame();
    const from = game.history.length;
    ok(game, { type: 'priority.pass', player: 'A' });
    const kinds = game.history.slice(from).map((r) => r.type);
    expect(kinds).toEqual(['passed', 'stateBasedActions', 'priority']);
  });

  it('704.3: the check repeats while it performs an action; the trigger it causes goes on the stack before priority', () => {
    const game = newGame();
    ok(game, { type: 'stateBasedActions.schedule', ability: { id: 'dies', controller: 'B' } });
    const from = game.history.length;
    ok(game, { type: 'priority.pass', player: 'A' });
    expect(game.history.slice(from).map((r) => r.type)).toEqual([
      'passed', 'stateBasedActions', 'triggered', 'stateBasedActions', 'putOnStack', 'stateBasedActions', 'priority',
    ]);
    expect(game.view()).toMatchObject({ stack: ['dies'], priority: 'B' });
  });

  it('603.3b: waiting triggers go on the stack APNAP: the active player\'s first, then in turn order, each in trigger order', () => {
    const game = gameWithPriorityIn('precombatMain', ['A', 'B', 'C']);
    ok(game, { type: 'priority.pass', player: 'A' });
    for (const [id, controller] of [['c1', 'C'], ['b1', 'B'], ['a1', 'A'], ['c2', 'C'], ['a2', 'A']]) {
      ok(game, { type: 'trigger.report', ability: { id, controller } });
    }
    expect(game.view().pendingTriggers).toEqual(['c1', 'b1', 'a1', 'c2', 'a2']);
    ok(game, { type: 'priority.pass', player: 'B' });
    expect(game.view()).toMatchObject({ stack: ['a1', 'a2', 'b1', 'c1', 'c2'], priority: 'C', pendingTriggers: [] });
    expect(records(game, 'putOnStack').map((r) => (r as { id: string }).id)).toEqual(['a1', 'a2', 'b1', 'c1', 'c2']);
  });

  it('a trigger reported while a player holds priority waits until a player would next receive priority', () => {
    const game = newGame();
    ok(game, { type: 'trigger.report', ability: { id: 't', controller: 'A' } });
    expect(game.view()).toMatchObject({ stack: [], pendingTriggers: ['t'], priority: 'A' });
    expect(has(game, { type: 'putOnStack', id: 't' })).toBe(false);
  });
});
