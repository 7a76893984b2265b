// 723.2: ending the combat phase (Mandate of Peace).
import { describe, expect, it } from 'vitest';
import {
  COMBAT_STEPS_WITH_PRIORITY, STEPS_WITH_PRIORITY, cast, everyonePasses, gameWithPriorityIn, has, mandateOfPeace, ok, stepsBegun,
} from '../helpers.js';

const NON_COMBAT = STEPS_WITH_PRIORITY.filter((s) => !(COMBAT_STEPS_WITH_PRIORITY as readonly string[]).includes(s));

describe('723.2 Mandate of Peace in each combat step with priority', () => {
  it.each(COMBAT_STEPS_WITH_PRIORITY)('in %s: stack exiled, combat over, postcombat main begins properly', (step) => {
    const game = gameWithPriorityIn(step);
    ok(game, { type: 'trigger.register', trigger: { id: 'atEndOfCombat', controller: 'A', when: 'endOfCombat', once: true } });
    ok(game, { type: 'trigger.register', trigger: { id: 'atPostcombatMain', controller: 'A', when: 'postcombatMain', once: true } });
    ok(game, { type: 'effect.create', effect: { id: 'combatBuff', until: 'endOfCombat' } });
    ok(game, { type: 'effect.create', effect: { id: 'turnBuff', until: 'endOfTurn' } });
    ok(game, { type: 'mana.add', player: 'A', amount: 2 });
    cast(game, { id: 'bolt', controller: 'A' });
    cast(game, mandateOfPeace('A'));
    const from = game.history.length;
    everyonePasses(game);

    const v = game.view();
    expect(v.zones.exile).toEqual(['bolt', 'mandate']); // 723.2b
    expect(v.attackers).toEqual([]); // 723.2d
    expect(v.blockers).toEqual([]);
    expect(v.effects).toEqual(['turnBuff']); // 723.2d: only "until end of combat" effects end
    expect(has(game, { type: 'triggered', id: 'atEndOfCombat' })).toBe(false); // 723.2e
    expect(has(game, { type: 'manaEmptied', player: 'A' }, from)).toBe(true); // 500.5 as the step/phase ends
    // 723.2d, 723.2f: the next phase *begins*: its "beginning of" trigger goes on the stack, A gets priority.
    expect(v).toMatchObject({ phase: 'postcombatMain', step: null, priority: 'A', stack: ['atPostcombatMain'] });
    expect(has(game, { type: 'phaseBegan', phase: 'postcombatMain' }, from)).toBe(true);
    expect(has(game, { type: 'phaseEnded', phase: 'combat' }, from)).toBe(true);
    const combatStepsAfter = game.history.slice(from).filter((r) => r.type === 'stepBegan');
    expect(combatStepsAfter).toEqual([]);
    expect(stepsBegun(game, 1).at(-1)).toBe(step);
  });

  it('723.2d: a skipped next phase is passed over as usual (Fatespinner skipping the postcombat main)', () => {
    const game = gameWithPriorityIn('declareBlockers');
    ok(game, { type: 'priority.pass', player: 'A' });
    cast(game, { id: 'fatespinner', controller: 'B', effects: [{ skip: { player: 'A', phase: 'postcombatMain' } }, { endCombat: {} }] });
    everyonePasses(game);
    expect(game.view()).toMatchObject({ phase: 'ending', step: 'end', priority: 'A' });
  });

  it('723.2f: what triggered during the process goes on the stack in the next phase', () => {
    const game = gameWithPriorityIn('combatDamage');
    ok(game, { type: 'priority.pass', player: 'A' });
    cast(game, { id: 'mandate', controller: 'B', effects: [{ trigger: { id: 'before', controller: 'A' } }, { endCombat: {} }, { trigger: { id: 'during', controller: 'B' } }] });
    everyonePasses(game);
    expect(has(game, { type: 'triggerRemoved', id: 'before' })).toBe(true);
    expect(game.view()).toMatchObject({ phase: 'postcombatMain', priority: 'A', stack: ['during'] });
  });
});

describe('723.2g ending combat outside a combat phase does nothing at all', () => {
  it.each(NON_COMBAT)('in %s: no exile, no trigger removal, the spell just resolves', (step) => {
    const game = gameWithPriorityIn(step);
    cast(game, { id: 'bolt', controller: 'A' });
    cast(game, { id: 'mandate', controller: 'A', effects: [{ trigger: { id: 'waiting', controller: 'B' } }, { endCombat: {} }] });
    everyonePasses(game);
    const v = game.view();
    expect(v).toMatchObject({ step: step === 'precombatMain' || step === 'postcombatMain' ? null : step, priority: 'A', stack: ['bolt', 'waiting'] });
    expect(v.zones.exile).toEqual([]);
    expect(v.zones.graveyard).toEqual(['mandate']);
    expect(has(game, { type: 'endCombatIgnored', source: 'mandate' })).toBe(true);
    expect(has(game, { type: 'triggerRemoved' })).toBe(false);
    expect(has(game, { type: 'combatEndedByEffect' })).toBe(false);
  });
});
