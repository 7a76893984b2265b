// 514 cleanup; 506–511 combat; 500.4–500.6 durations, mana and "beginning of" triggers.
import { describe, expect, it } from 'vitest';
import { cast, everyonePasses, gameWithPriorityIn, goTo, has, newGame, ok, stepsBegun } from '../helpers.js';

describe('514 cleanup', () => {
  it('514.1 discard to hand size; 514.2 "until end of turn" effects end; 514.3 no priority', () => {
    const game = newGame(['A', 'B'], { hands: { A: 10 }, maxHandSize: 8 });
    ok(game, { type: 'effect.create', effect: { id: 'giantGrowth', until: 'endOfTurn' } });
    goTo(game, { turn: 2, step: 'upkeep' });
    expect(has(game, { type: 'discarded', player: 'A', count: 2, step: 'cleanup' })).toBe(true);
    expect(has(game, { type: 'effectEnded', id: 'giantGrowth', step: 'cleanup' })).toBe(true);
    expect(has(game, { type: 'priority', step: 'cleanup' })).toBe(false);
    expect(game.view().handSize.A).toBe(8);
  });

  it('514.3a by a waiting trigger: priority in cleanup, then another cleanup step', () => {
    const game = newGame();
    ok(game, { type: 'trigger.register', trigger: { id: 'madness', controller: 'A', when: 'cleanup', whoseTurn: 'A', once: true } });
    goTo(game, { turn: 1, step: 'end' });
    everyonePasses(game);
    expect(game.view()).toMatchObject({ step: 'cleanup', priority: 'A', stack: ['madness'] });
    everyonePasses(game);
    everyonePasses(game);
    expect(stepsBegun(game, 1).slice(-2)).toEqual(['cleanup', 'cleanup']);
    expect(game.view().turn).toBe(2);
  });

  it('514.3a by a state-based action alone: priority in cleanup with an empty stack, then another cleanup', () => {
    const game = newGame();
    goTo(game, { turn: 1, step: 'end' });
    ok(game, { type: 'priority.pass', player: 'A' });
    // Performed by cleanup's own check; its trigger's intervening "if" is false, so only the action happens.
    ok(game, { type: 'condition.set', name: 'neverTrue', value: false });
    ok(game, { type: 'stateBasedActions.schedule', ability: { id: 'sba', controller: 'B', if: 'neverTrue' } });
    ok(game, { type: 'priority.pass', player: 'B' });
    expect(game.view()).toMatchObject({ step: 'cleanup', priority: 'A', stack: [], pendingTriggers: [] });
    everyonePasses(game);
    expect(stepsBegun(game, 1).slice(-2)).toEqual(['cleanup', 'cleanup']);
    expect(game.view().turn).toBe(2);
  });

  it('two cleanup repeats in a row: a trigger during the first window makes a third cleanup', () => {
    const game = newGame();
    ok(game, { type: 'trigger.register', trigger: { id: 'c', controller: 'A', when: 'cleanup', whoseTurn: 'A' } });
    goTo(game, { turn: 1, step: 'cleanup' });
    everyonePasses(game); // resolve c@1
    everyonePasses(game); // second cleanup: c triggers again (c@1.2)
    expect(game.view()).toMatchObject({ step: 'cleanup', stack: ['c@1.2'] });
    everyonePasses(game);
    everyonePasses(game);
    expect(game.view()).toMatchObject({ step: 'cleanup', stack: ['c@1.3'] });
    expect(stepsBegun(game, 1).filter((s) => s === 'cleanup')).toHaveLength(3);
  });
});

describe('506–511 combat', () => {
  it('508.8: no attackers → declare blockers and combat damage are skipped, end of combat still happens', () => {
    const game = newGame();
    goTo(game, { turn: 2, step: 'upkeep' });
    expect(stepsBegun(game, 1)).toEqual(['untap', 'upkeep', 'beginningOfCombat', 'declareAttackers', 'endOfCombat', 'end', 'cleanup']);
  });

  it('510.4: no first-strike step without first or double strike; one with double strike', () => {
    const game = newGame();
    goTo(game, { turn: 1, step: 'declareAttackers' });
    ok(game, { type: 'combat.declareAttackers', player: 'A', attackers: [{ id: 'bear' }] });
    goTo(game, { turn: 2, step: 'upkeep' });
    expect(stepsBegun(game, 1)).not.toContain('firstStrikeDamage');
    expect(stepsBegun(game, 1)).toContain('combatDamage');
    goTo(game, { turn: 2, step: 'declareAttackers' });
    ok(game, { type: 'combat.declareAttackers', player: 'B', attackers: [{ id: 'bear' }] });
    everyonePasses(game);
    ok(game, { type: 'combat.declareBlockers', player: 'A', blockers: [{ id: 'knight', blocking: 'bear', doubleStrike: true }] });
    goTo(game, { turn: 3, step: 'upkeep' });
    expect(stepsBegun(game, 2).filter((s) => s.endsWith('Damage'))).toEqual(['firstStrikeDamage', 'combatDamage']);
  });

  it('509.1: every defending player declares blockers, in turn order, before anyone gets priority', () => {
    const game = newGame(['A', 'B', 'C', 'D']);
    goTo(game, { turn: 1, step: 'declareAttackers' });
    ok(game, { type: 'combat.declareAttackers', player: 'A', attackers: [{ id: 'bear' }] });
    everyonePasses(game);
    expect(game.view()).toMatchObject({ waitingFor: 'declareBlockers', priority: null });
    expect(game.send({ type: 'combat.declareBlockers', player: 'C', blockers: [] })?.reason).toMatch(/waiting for B/);
    expect(game.send({ type: 'combat.declareBlockers', player: 'B', blockers: [{ id: 'wall', blocking: 'elf' }] }))
      .toEqual({ reason: 'wall cannot block "elf": it is not an attacking creature', rule: '509.1a' });
    ok(game, { type: 'combat.declareBlockers', player: 'B', blockers: [] });
    ok(game, { type: 'combat.declareBlockers', player: 'C', blockers: [{ id: 'wall', blocking: 'bear' }] });
    expect(game.view().waitingFor).toBe('declareBlockers');
    ok(game, { type: 'combat.declareBlockers', player: 'D', blockers: [] });
    expect(game.view()).toMatchObject({ waitingFor: 'priority', priority: 'A', blockers: ['wall'] });
  });

  it('511.3: creatures are removed from combat as the end of combat step ends', () => {
    const game = gameWithPriorityIn('endOfCombat');
    expect(game.view().attackers).toEqual(['knight']);
    everyonePasses(game);
    expect(has(game, { type: 'removedFromCombat', id: 'knight', step: 'endOfCombat' })).toBe(true);
    expect(game.view().attackers).toEqual([]);
  });
});

describe('500.4–500.6 durations, mana, "beginning of" triggers', () => {
  it('500.5: mana empties at the end of each step and phase; "until end of step/phase" effects end', () => {
    const game = newGame();
    ok(game, { type: 'mana.add', player: 'A', amount: 2 });
    ok(game, { type: 'effect.create', effect: { id: 'step', until: 'endOfStep' } });
    ok(game, { type: 'effect.create', effect: { id: 'phase', until: 'endOfPhase' } });
    everyonePasses(game);
    expect(has(game, { type: 'manaEmptied', player: 'A', step: 'upkeep' })).toBe(true);
    expect(has(game, { type: 'effectEnded', id: 'step', step: 'upkeep' })).toBe(true);
    expect(has(game, { type: 'effectEnded', id: 'phase', phase: 'beginning' })).toBe(true);
    expect(game.view().manaPool).toEqual({ A: 0, B: 0 });
  });

  it('500.4: "until your next upkeep" ends as that upkeep begins, before its triggers', () => {
    const game = newGame();
    ok(game, { type: 'effect.create', effect: { id: 'untilUpkeep', until: { beginningOf: 'upkeep' } } });
    goTo(game, { turn: 2, step: 'upkeep' });
    expect(has(game, { type: 'effectEnded', id: 'untilUpkeep', turn: 2, step: 'upkeep' })).toBe(true);
  });

  it('500.6: "at the beginning of" triggers only when such a step begins after registration; ids per turn', () => {
    const game = newGame();
    ok(game, { type: 'trigger.register', trigger: { id: 'everyUpkeep', controller: 'A', when: 'upkeep' } });
    expect(game.view().pendingTriggers).toEqual([]); // this upkeep already began
    goTo(game, { turn: 2, step: 'upkeep' });
    expect(game.view().stack).toEqual(['everyUpkeep@2']);
    cast(game, { id: 'x', controller: 'B', effects: [{ at: { id: 'delayed', controller: 'B', when: 'end', once: true } }] });
    everyonePasses(game);
    goTo(game, { turn: 3, step: 'upkeep' });
    expect(has(game, { type: 'triggered', id: 'delayed', turn: 2 })).toBe(true);
    goTo(game, { turn: 4, step: 'upkeep' });
    expect(game.history.filter((r) => r.type === 'triggered' && r.id === 'delayed')).toHaveLength(1);
  });

  it('"endOfCombat" effects created before combat last until the end of the next combat', () => {
    const game = newGame();
    ok(game, { type: 'effect.create', effect: { id: 'e', until: 'endOfCombat' } });
    goTo(game, { turn: 1, step: 'endOfCombat' });
    expect(game.view().effects).toEqual(['e']);
    everyonePasses(game);
    expect(game.view().effects).toEqual([]);
  });
});
