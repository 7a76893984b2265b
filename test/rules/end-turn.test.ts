// 723.1: ending the turn (Time Stop, Sundial of the Infinite, Day's Undoing, Obeka…).
import { describe, expect, it } from 'vitest';
import {
  COMBAT_STEPS_WITH_PRIORITY, STEPS_WITH_PRIORITY, activate, cast, everyonePasses, gameWithPriorityIn, goTo, has, newGame, ok, records, stepsBegun, timeStop,
} from '../helpers.js';

describe('723.1 Time Stop from every step in which a player can hold priority', () => {
  it.each(STEPS_WITH_PRIORITY)('from %s: stack exiled, straight to cleanup, end step skipped, no priority in cleanup', (step) => {
    const game = gameWithPriorityIn(step);
    ok(game, { type: 'trigger.register', trigger: { id: 'atEndStep', controller: 'B', when: 'end', once: true } });
    ok(game, { type: 'effect.create', effect: { id: 'untilEndOfCombat', until: 'endOfCombat' } });
    cast(game, { id: 'shock', controller: 'A' });
    cast(game, timeStop('A'));
    const from = game.history.length;
    everyonePasses(game);

    // 723.1b: both spells exiled, the resolving one included; nothing went to the graveyard.
    expect(game.view().zones.exile).toEqual(['shock', 'timeStop']);
    expect(game.view().zones.graveyard).toEqual([]);
    // 723.1d/e: straight to cleanup; the end step (and its trigger) never happened after the spell.
    const after = game.history.slice(from);
    const resolvedAt = after.findIndex((r) => r.type === 'resolved');
    const cleanupAt = after.findIndex((r) => r.type === 'stepBegan' && r.step === 'cleanup');
    expect(resolvedAt).toBeGreaterThanOrEqual(0);
    expect(cleanupAt).toBeGreaterThan(resolvedAt);
    const begunBetween = after.slice(resolvedAt, cleanupAt).filter((r) => r.type === 'stepBegan' || r.type === 'phaseBegan');
    expect(begunBetween).toEqual(step === 'end' ? [] : [expect.objectContaining({ type: 'phaseBegan', phase: 'ending' })]);
    expect(has(game, { type: 'triggered', id: 'atEndStep' })).toBe(false);
    // 723.1f: nothing triggered, so nobody got priority in cleanup and the turn ended.
    expect(has(game, { type: 'priority', step: 'cleanup', turn: 1 })).toBe(false);
    expect(game.view()).toMatchObject({ turn: 2, activePlayer: 'B', step: 'upkeep', priority: 'B', stack: [] });
    // 723.1d: ended in combat, "until end of combat" effects end and creatures leave combat;
    // created outside combat, such an effect lasts until the next combat ends.
    const inCombat = (COMBAT_STEPS_WITH_PRIORITY as readonly string[]).includes(step);
    expect(game.view().effects.includes('untilEndOfCombat')).toBe(!inCombat);
    expect(game.view().attackers).toEqual([]);
    // 500.5: the step and phase that were current ended properly.
    expect(after.slice(resolvedAt, cleanupAt).some((r) => r.type === 'stepEnded' || r.type === 'phaseEnded')).toBe(true);
  });

  it('723.1d: ended during combat, creatures leave combat and "until end of combat" effects end as combat ends', () => {
    const game = gameWithPriorityIn('combatDamage');
    ok(game, { type: 'effect.create', effect: { id: 'pump', until: 'endOfCombat' } });
    cast(game, timeStop('A'));
    everyonePasses(game);
    const removed = records(game, 'removedFromCombat').map((r) => [(r as { id: string }).id, r.step]);
    expect(removed).toEqual([['knight', 'combatDamage'], ['wall', 'combatDamage']]);
    expect(has(game, { type: 'effectEnded', id: 'pump', phase: 'combat' })).toBe(true);
    expect(stepsBegun(game, 1)).toEqual(['untap', 'upkeep', 'draw', 'beginningOfCombat', 'declareAttackers', 'declareBlockers', 'firstStrikeDamage', 'combatDamage', 'cleanup']);
  });
});

describe('723.1a: triggers that triggered before the process cease to exist; later ones wait (723.1f)', () => {
  it('a trigger reported before Time Stop resolves is removed; one from its resolution after endTurn waits for cleanup', () => {
    const game = gameWithPriorityIn('precombatMain');
    cast(game, {
      id: 'daysUndoing', controller: 'A', type: 'sorcery',
      effects: [{ trigger: { id: 'before', controller: 'B' } }, { endTurn: {} }, { trigger: { id: 'during', controller: 'B' } }],
    });
    everyonePasses(game);
    expect(has(game, { type: 'triggerRemoved', id: 'before' })).toBe(true);
    expect(has(game, { type: 'triggerRemoved', id: 'during' })).toBe(false);
    // 723.1f + 514.3a: the waiting trigger goes on the stack in cleanup and A gets priority there.
    expect(game.view()).toMatchObject({ turn: 1, step: 'cleanup', priority: 'A', stack: ['during'] });
    everyonePasses(game); // resolves "during"
    expect(game.view()).toMatchObject({ step: 'cleanup', priority: 'A', stack: [] });
    everyonePasses(game); // another cleanup step, then the turn ends
    expect(stepsBegun(game, 1).slice(-2)).toEqual(['cleanup', 'cleanup']);
    expect(game.view()).toMatchObject({ turn: 2, activePlayer: 'B' });
  });

  it('117.5: an action scheduled before the last pass is performed as the next player would receive priority, not by 723.1c', () => {
    const game = gameWithPriorityIn('end');
    activate(game, { id: 'sundial', controller: 'A', timing: 'yourTurn', effects: [{ endTurn: {} }] });
    ok(game, { type: 'stateBasedActions.schedule', ability: { id: 'dies', controller: 'B' } });
    ok(game, { type: 'priority.pass', player: 'A' });
    // B would receive priority: the check happens now and performs the action, so "dies" triggers first.
    expect(game.view().pendingTriggers).toEqual([]);
    expect(game.view().stack).toEqual(['sundial', 'dies']);
  });

  it('723.1c: the check inside the procedure performs a scheduled action; its trigger waits for cleanup (723.1f)', () => {
    const game = gameWithPriorityIn('end');
    activate(game, { id: 'sundial', controller: 'A', timing: 'yourTurn', effects: [{ endTurn: {} }] });
    ok(game, { type: 'priority.pass', player: 'A' });
    ok(game, { type: 'stateBasedActions.schedule', ability: { id: 'dies', controller: 'B' } });
    const from = game.history.length;
    ok(game, { type: 'priority.pass', player: 'B' });
    const after = game.history.slice(from).map((r) => `${r.type}:${'id' in r ? r.id : ''}${'step' in r && r.type === 'stepBegan' ? r.step : ''}`);
    expect(after.indexOf('resolved:sundial')).toBeGreaterThanOrEqual(0);
    expect(after.indexOf('triggered:dies')).toBeGreaterThan(after.indexOf('resolved:sundial'));
    expect(after.indexOf('triggered:dies')).toBeLessThan(after.indexOf('stepBegan:cleanup'));
    expect(game.view()).toMatchObject({ step: 'cleanup', priority: 'A', stack: ['dies'], zones: { ceasedToExist: ['sundial'] } });
    everyonePasses(game);
    everyonePasses(game);
    expect(stepsBegun(game, 1).filter((s) => s === 'cleanup')).toHaveLength(2);
    expect(game.view().turn).toBe(2);
  });
});

describe('723.1d: ending the turn during cleanup begins a new cleanup step', () => {
  it('Time Stop cast in a cleanup priority window', () => {
    const game = newGame(['A', 'B']);
    ok(game, { type: 'trigger.register', trigger: { id: 'cleanupTrigger', controller: 'A', when: 'cleanup', once: true } });
    goTo(game, { turn: 1, step: 'cleanup' });
    expect(game.view()).toMatchObject({ step: 'cleanup', priority: 'A', stack: ['cleanupTrigger'] });
    cast(game, timeStop('A'));
    everyonePasses(game);
    // The trigger was exiled with the stack; a new cleanup began; nothing waits, so no priority and the turn ended.
    expect(game.view().zones.ceasedToExist).toContain('cleanupTrigger');
    expect(stepsBegun(game, 1).filter((s) => s === 'cleanup')).toHaveLength(2);
    expect(has(game, { type: 'stepBegan', step: 'end', turn: 1 })).toBe(true); // before Time Stop
    expect(game.view()).toMatchObject({ turn: 2, activePlayer: 'B', step: 'upkeep' });
  });
});

describe('723.1 keeps the rest of the turn honest', () => {
  it('added phases and steps still waiting are dropped; skips still waiting are not used up', () => {
    const game = gameWithPriorityIn('precombatMain');
    cast(game, { id: 'relentless', controller: 'A', type: 'sorcery', effects: [{ addPhases: { phases: ['combat', 'postcombatMain'] } }] });
    everyonePasses(game);
    ok(game, { type: 'trigger.register', trigger: { id: 'x', controller: 'A', when: 'upkeep', whoseTurn: 'A' } });
    cast(game, {
      id: 'fatespinner', controller: 'A',
      effects: [{ skip: { player: 'B', step: 'draw' } }, { endTurn: {} }],
    });
    everyonePasses(game);
    expect(stepsBegun(game, 1).slice(-1)).toEqual(['cleanup']);
    expect(game.view().turn).toBe(2);
    goTo(game, { turn: 2, phase: 'precombatMain' });
    expect(stepsBegun(game, 2)).toEqual(['untap', 'upkeep']); // B's draw skipped in turn 2
  });
});
