// 608: resolving spells and abilities.
import { describe, expect, it } from 'vitest';
import { activate, cast, everyonePasses, gameWithPriorityIn, has, ok } from '../helpers.js';

const main = () => gameWithPriorityIn('precombatMain');

describe('608.2 resolving instants, sorceries and abilities', () => {
  it('608.2c: instructions happen in written order', () => {
    const game = main();
    cast(game, { id: 'x', effects: [{ createEffect: { id: 'first', until: 'endOfTurn' } }, { addMana: { player: 'A', amount: 3 } }, { createEffect: { id: 'second', until: 'endOfTurn' } }] });
    everyonePasses(game);
    expect(game.view().effects).toEqual(['first', 'second']);
    expect(game.view().manaPool.A).toBe(3);
  });

  it('608.2b: all targets illegal → does not resolve, to the graveyard; some legal → resolves', () => {
    const game = main();
    cast(game, { id: 'fork', targets: ['elf', 'bear'], effects: [{ addMana: { player: 'A', amount: 1 } }] });
    ok(game, { type: 'target.invalidate', id: 'elf' });
    everyonePasses(game);
    expect(has(game, { type: 'resolved', id: 'fork' })).toBe(true);
    expect(game.view().manaPool.A).toBe(1);
    cast(game, { id: 'shock', targets: ['elf'], effects: [{ addMana: { player: 'A', amount: 5 } }] });
    everyonePasses(game);
    expect(has(game, { type: 'didNotResolve', id: 'shock' })).toBe(true);
    expect(has(game, { type: 'resolved', id: 'shock' })).toBe(false);
    expect(game.view().manaPool.A).toBe(1);
    expect(game.view().zones.graveyard).toEqual(['fork', 'shock']);
  });

  it('608.2n: an ability ceases to exist after resolving; 608.2a: a false intervening "if" → removed, does nothing', () => {
    const game = main();
    activate(game, { id: 'pump', effects: [] });
    everyonePasses(game);
    expect(game.view().zones.ceasedToExist).toEqual(['pump']);
    ok(game, { type: 'trigger.report', ability: { id: 'ifTrigger', controller: 'A', if: 'cond', effects: [{ addMana: { player: 'A', amount: 1 } }] } });
    ok(game, { type: 'priority.pass', player: 'A' });
    ok(game, { type: 'condition.set', name: 'cond', value: false });
    everyonePasses(game);
    expect(has(game, { type: 'didNotResolve', id: 'ifTrigger' })).toBe(true);
    expect(game.view().zones.ceasedToExist).toEqual(['pump', 'ifTrigger']);
    expect(game.view().manaPool.A).toBe(0);
  });

  it('603.4: an ability whose intervening "if" is false as it would trigger does not trigger', () => {
    const game = main();
    ok(game, { type: 'condition.set', name: 'cond', value: false });
    ok(game, { type: 'trigger.report', ability: { id: 'never', controller: 'A', if: 'cond' } });
    expect(game.view().pendingTriggers).toEqual([]);
    expect(has(game, { type: 'triggered', id: 'never' })).toBe(false);
  });

  it('608.2m: exiled by its own 723.1b, the spell still finishes its instructions', () => {
    const game = main();
    cast(game, { id: 'timeStop', effects: [{ endTurn: {} }, { addMana: { player: 'B', amount: 2 } }, { createEffect: { id: 'after', until: 'endOfTurn' } }] });
    everyonePasses(game);
    expect(has(game, { type: 'effectCreated', id: 'after' })).toBe(true);
    expect(has(game, { type: 'manaEmptied', player: 'B', phase: 'precombatMain' })).toBe(true); // 500.5 as 723.1d ends the phase
    expect(game.view().zones.exile).toEqual(['timeStop']);
  });

  it('608.2g: a spell cast during resolution waits; nobody receives priority until the resolution is over', () => {
    const game = main();
    cast(game, { id: 'electrodominance', effects: [{ cast: { id: 'ponder', controller: 'A', type: 'sorcery' } }] });
    const from = game.history.length;
    everyonePasses(game);
    const after = game.history.slice(from).map((r) => `${r.type}${'id' in r ? ` ${r.id}` : ''}`);
    expect(after.slice(after.indexOf('resolved electrodominance'))).toEqual([
      'resolved electrodominance', 'putOnStack ponder', 'moved electrodominance', 'stateBasedActions', 'priority',
    ]);
    expect(game.view()).toMatchObject({ stack: ['ponder'], priority: 'A' });
  });
});

describe('608.3 permanent spells', () => {
  it('608.3a enters the battlefield; 608.3e cannot enter → graveyard; 608.3f a copy becomes a token', () => {
    const game = main();
    cast(game, { id: 'bear', type: 'creature' });
    everyonePasses(game);
    cast(game, { id: 'clone', type: 'creature', cannotEnter: true });
    everyonePasses(game);
    cast(game, { id: 'bearCopy', type: 'creature', copy: true });
    everyonePasses(game);
    expect(game.view().zones).toMatchObject({ battlefield: ['bear', 'bearCopy'], graveyard: ['clone'] });
  });

  it('608.3b an Aura with an illegal target goes to the graveyard; with bestow it enters as a creature', () => {
    const game = main();
    cast(game, { id: 'pacifism', type: 'aura', targets: ['elf'] });
    ok(game, { type: 'target.invalidate', id: 'elf' });
    everyonePasses(game);
    cast(game, { id: 'eidolon', type: 'aura', bestow: true, targets: ['elf'] });
    everyonePasses(game);
    expect(game.view().zones).toMatchObject({ battlefield: ['eidolon'], graveyard: ['pacifism'] });
    expect(has(game, { type: 'didNotResolve', id: 'pacifism' })).toBe(true);
  });

  it('608.3d a mutating creature spell over a legal target merges (and does so even if it "cannot enter")', () => {
    const game = main();
    cast(game, { id: 'bear', type: 'creature' });
    everyonePasses(game);
    cast(game, { id: 'gemrazer', type: 'creature', mutate: true, targets: ['bear'], cannotEnter: true });
    everyonePasses(game);
    expect(has(game, { type: 'merged', id: 'gemrazer', into: 'bear' })).toBe(true);
    expect(game.view().zones).toMatchObject({ battlefield: ['bear'], graveyard: [] });
  });

  it('704.5e: a copy of an instant goes to the graveyard, then ceases to exist at the next check', () => {
    const game = main();
    cast(game, { id: 'optCopy', copy: true });
    everyonePasses(game);
    expect(game.view().zones).toMatchObject({ graveyard: [], ceasedToExist: ['optCopy'] });
    const i = game.history.findIndex((r) => r.type === 'moved' && r.id === 'optCopy');
    expect(game.history.slice(i).map((r) => r.type).slice(0, 3)).toEqual(['moved', 'stateBasedActions', 'ceasedToExist']);
  });
});
