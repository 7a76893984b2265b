// Host hooks: an engine plugs its turn-based actions and its state-based-action check into the
// machine with .provide(); the machine calls each at every point its rule applies.
import { describe, expect, it } from 'vitest';
import { goTo } from '../helpers.js';
import { createGame, turnMachine, type Game, type StateBasedActionsRule } from '../../src/index.js';

/** A game whose engine logs every hook call; its state-based-action check answers from `performs`. */
function engineGame(performs: (rule: StateBasedActionsRule) => boolean) {
  const calls: string[] = [];
  const machine = turnMachine.provide({
    actions: {
      untapPermanents: (_, { player, turn }) => { calls.push(`T${turn} untap ${player}`); },
      drawCard: (_, { player, turn }) => { calls.push(`T${turn} draw ${player}`); },
      discardCards: (_, { player, count, maxHandSize, turn }) => { calls.push(`T${turn} discard ${player} ${count} (to ${maxHandSize})`); },
      resolveObject: (_, { object, turn }) => { calls.push(`T${turn} resolve ${object.id}`); },
      performStateBasedActions: (_, { rule, turn }) => {
        const performed = performs(rule);
        calls.push(`T${turn} sba ${rule}${performed ? ' performed' : ''}`);
        return performed;
      },
    },
  });
  const game = createGame({ players: ['A', 'B'], options: { skipFirstDraw: false, hands: { A: 9 }, history: 'all' } }, { machine }); // 'all': zones of earlier turns are read
  return { game, calls };
}

function pass(game: Game): void {
  const { priority } = game.view();
  expect(game.send({ type: 'priority.pass', player: priority! })).toBeNull();
}

describe('a game engine plugs in through .provide()', () => {
  it('every hook is called at every rule point, in the rules\' order: Time Stop, Mandate of Peace, a 514.3a second cleanup', () => {
    let performOnceIn514 = true;
    const { game, calls } = engineGame((rule) => {
      if (rule === '514.3' && performOnceIn514) {
        performOnceIn514 = false;
        return true; // a creature with lethal damage dies in cleanup: 514.3a gives priority
      }
      return false;
    });
    // Turn 1: 502.3, then 117.5 before A's upkeep priority.
    expect(calls).toEqual(['T1 untap A', 'T1 sba 117.5']);
    calls.length = 0;
    pass(game); pass(game); // upkeep ends: 504.1, then 117.5 in the draw step
    expect(calls).toEqual(['T1 sba 117.5', 'T1 draw A', 'T1 sba 117.5']);
    calls.length = 0;
    pass(game); pass(game); // draw step ends → precombat main
    pass(game); pass(game); // → beginning of combat
    pass(game); pass(game); // → declare attackers
    expect(game.send({ type: 'combat.declareAttackers', player: 'A', attackers: [{ id: 'bear' }] })).toBeNull();
    expect(game.send({ type: 'spell.cast', object: { id: 'mandate', controller: 'A', effects: [{ endCombat: {} }] } })).toBeNull();
    calls.length = 0;
    pass(game); pass(game); // Mandate of Peace resolves: 723.2c, then 117.5 in the postcombat main phase (723.2f)
    expect(game.view()).toMatchObject({ phase: 'postcombatMain', priority: 'A' });
    expect(calls).toEqual(['T1 sba 117.5', 'T1 resolve mandate', 'T1 sba 723.2c', 'T1 sba 117.5']); // 608.2c: the engine's part first
    calls.length = 0;
    expect(game.send({ type: 'spell.cast', object: { id: 'timeStop', controller: 'A', effects: [{ endTurn: {} }] } })).toBeNull();
    pass(game); pass(game); // Time Stop: 723.1c, then cleanup: 514.1 discard, the 514.3 check (it performs an action) → priority (514.3a)
    expect(game.view()).toMatchObject({ step: 'cleanup', priority: 'A', turn: 1 });
    expect(calls).toEqual([
      'T1 sba 117.5', 'T1 sba 117.5', // after the cast (117.3c) and after A's pass (117.3d)
      'T1 resolve timeStop', 'T1 sba 723.1c',
      'T1 discard A 3 (to 7)',
      'T1 sba 514.3 performed', 'T1 sba 514.3', // 704.3: checked again after an action was performed; nothing waits, so A receives priority
    ]);
    calls.length = 0;
    pass(game); pass(game); // all pass: another cleanup step (514.3a): the engine is asked again (its real hand may have grown), no priority; turn 2
    expect(game.view()).toMatchObject({ turn: 2, activePlayer: 'B', step: 'upkeep', priority: 'B' });
    expect(calls).toEqual(['T1 sba 117.5', 'T1 discard A 0 (to 7)', 'T1 sba 514.3', 'T2 untap B', 'T2 sba 117.5']);
  });

  it('the machine\'s own state-based actions happen beside the engine\'s: 704.5e is not lost by providing the hook', () => {
    const { game } = engineGame(() => false);
    expect(game.send({ type: 'ability.activate', object: { id: 'sundial', controller: 'A', effects: [{ endTurn: {} }] } })).toBeNull();
    pass(game); pass(game);
    // The ability was exiled by 723.1b and ceased to exist at 723.1c's check (704.5e), engine or not.
    expect(game.view().zones).toMatchObject({ exile: [], ceasedToExist: ['sundial'] });
  });

  it('only the hooks can be provided: the machine\'s own actions and guards cannot be replaced', () => {
    expect(() => turnMachine.provide({ actions: { exileStack: () => undefined } })).toThrow(/action "exileStack": only the host hooks can be provided/);
    expect(() => turnMachine.provide({ guards: { isLastPass: () => true } })).toThrow(/guard "isLastPass"/);
  });

  it('in a team turn each player of the active team untaps, draws and discards, in the team\'s order (805.4b, 805.6, 805.9)', () => {
    const calls: string[] = [];
    const machine = turnMachine.provide({
      actions: {
        untapPermanents: (_, { player, turn }) => { calls.push(`T${turn} untap ${player}`); },
        drawCard: (_, { player, turn }) => { calls.push(`T${turn} draw ${player}`); },
        discardCards: (_, { player, count, turn }) => { calls.push(`T${turn} discard ${player} ${count}`); },
      },
    });
    const game = createGame({
      players: ['A', 'B', 'C', 'D'], teams: [['A', 'B'], ['C', 'D']], options: { variant: 'twoHeadedGiant', hands: { C: 8, D: 9 } },
    }, { machine });
    goTo(game, { turn: 3, step: 'upkeep' });
    // Turn 1: the starting team skips its first draw (810.6); turn 2: C+D's players, each in turn.
    expect(calls).toEqual([
      'T1 untap A', 'T1 untap B', 'T1 discard A 0', 'T1 discard B 0',
      'T2 untap C', 'T2 untap D', 'T2 draw C', 'T2 draw D', 'T2 discard C 2', 'T2 discard D 3',
      'T3 untap A', 'T3 untap B',
    ]);
  });
});
