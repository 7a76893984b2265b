// 500.5 inside 723.1d and 723.2d: when Time Stop or Mandate of Peace ends the combat phase
// partway through one of its steps, that step ends first ("until end of step" effects end, its
// mana empties, `stepEnded`), then the combat phase ends: creatures leave combat and "until end
// of combat" (and "… on your next turn") effects end, then "until end of phase", mana, `phaseEnded`
// — the order of a combat phase that ends normally (FORMAT.md: "after the `stepEnded` of its last step").
import { describe, expect, it } from 'vitest';
import type { Game, HistoryRecord } from '../../src/index.js';
import { COMBAT_STEPS_WITH_PRIORITY, cast, everyonePasses, goTo, newGame, ok } from '../helpers.js';

/** B's turn 2 at its first priority in `step`, B attacking with a first striker (every combat step happens, 508.8, 510.4). */
function bInCombatStep(step: string): Game {
  const game = newGame(['A', 'B']);
  goTo(game, { turn: 1, phase: 'precombatMain' });
  // "until end of combat on your next turn" (511.3, 500.5): bound to B's turn 2 as it begins.
  ok(game, { type: 'effect.create', effect: { id: 'nextCombatOfB', until: { endOfCombatOnNextTurnOf: 'B' } } });
  goTo(game, { turn: 2, step: 'beginningOfCombat' });
  for (let i = 0; i < 100; i += 1) {
    const v = game.view();
    if (v.step === step && v.waitingFor === 'priority') return game;
    if (v.waitingFor === 'declareAttackers') ok(game, { type: 'combat.declareAttackers', player: 'B', attackers: [{ id: 'knight', firstStrike: true }] });
    else if (v.waitingFor === 'declareBlockers') ok(game, { type: 'combat.declareBlockers', player: 'A', blockers: [{ id: 'wall', blocking: 'knight' }] });
    else ok(game, { type: 'priority.pass', player: v.priority! });
  }
  throw new Error(`never reached ${step}`);
}

const DURATIONS = [
  { id: 'untilEndOfStep', until: 'endOfStep' },
  { id: 'untilEndOfPhase', until: 'endOfPhase' },
  { id: 'untilEndOfCombat', until: 'endOfCombat' },
  { id: 'untilEndOfTurn', until: 'endOfTurn' },
  { id: 'untilNextEndStep', until: { beginningOf: 'end' } },
  { id: 'untilBsNextTurn', until: { nextTurnOf: 'B' } },
] as const;

const at = (records: readonly HistoryRecord[], match: (r: HistoryRecord) => boolean, what: string): number => {
  const index = records.findIndex(match);
  expect(index, `${what} was not recorded`).toBeGreaterThanOrEqual(0);
  return index;
};
const ended = (id: string) => (r: HistoryRecord) => r.type === 'effectEnded' && r.id === id;

describe.each([
  { card: 'Time Stop', effect: { endTurn: {} }, procedure: '723.1d', edition: '724.1d' },
  { card: 'Mandate of Peace', effect: { endCombat: {} }, procedure: '723.2d', edition: '724.2d' },
] as const)('500.5 inside $procedure: $card ends combat partway through a step', ({ effect, edition }) => {
  it.each(COMBAT_STEPS_WITH_PRIORITY)('from %s: the step ends first, then the combat phase (creatures leave combat, end-of-combat durations end)', (step) => {
    const game = bInCombatStep(step);
    for (const duration of DURATIONS) ok(game, { type: 'effect.create', effect: duration });
    ok(game, { type: 'mana.add', player: 'B', amount: 2 });
    cast(game, { id: 'ender', controller: 'B', effects: [effect] });
    const from = game.history.length;
    everyonePasses(game);
    const after = game.history.slice(from);

    const stepEnded = at(after, (r) => r.type === 'stepEnded' && r.step === step, `stepEnded ${step}`);
    const phaseEnded = at(after, (r) => r.type === 'phaseEnded' && r.phase === 'combat', 'phaseEnded combat');
    // The step's own end (500.5): "until end of step" effects, then its mana, then stepEnded.
    const stepEffect = at(after, ended('untilEndOfStep'), 'untilEndOfStep ended');
    const mana = at(after, (r) => r.type === 'manaEmptied' && r.player === 'B', 'B\'s mana emptied');
    expect(stepEffect).toBeLessThan(mana);
    expect(mana).toBeLessThan(stepEnded);
    // Then, as the combat phase ends: the durations of combat and of the phase, before phaseEnded.
    for (const id of ['untilEndOfCombat', 'nextCombatOfB', 'untilEndOfPhase']) {
      const index = at(after, ended(id), `${id} ended`);
      expect(index, `${id} ended before the step did`).toBeGreaterThan(stepEnded);
      expect(index).toBeLessThan(phaseEnded);
    }
    // "until end of combat" ones end with the combat (first), then "until end of phase".
    expect(at(after, ended('untilEndOfCombat'), '')).toBeLessThan(at(after, ended('untilEndOfPhase'), ''));
    // Creatures leave combat as the phase ends (723.1d / 723.2d; 724.x in the default edition's numbers) — after
    // the step ended — except in the end of combat step, which removes them as it ends (511.3).
    const removals = after.filter((r) => r.type === 'removedFromCombat');
    if (step === 'beginningOfCombat') expect(removals).toEqual([]);
    else {
      expect(removals.map((r) => r.type === 'removedFromCombat' && r.id).sort()).toEqual(step === 'declareAttackers' ? ['knight'] : ['knight', 'wall']);
      for (const removal of removals) {
        const index = after.indexOf(removal);
        if (step === 'endOfCombat') expect(index).toBeLessThan(stepEnded);
        else expect(index).toBeGreaterThan(stepEnded);
        expect(index).toBeLessThan(phaseEnded);
        expect(removal).toMatchObject({ rule: edition, step });
      }
    }
    // "until end of turn" lasts past the combat: to cleanup (514.2) when the turn is ended, else still in force.
    const turnEffect = after.findIndex(ended('untilEndOfTurn'));
    if ('endTurn' in effect) expect(turnEffect).toBeGreaterThan(phaseEnded);
    else expect(turnEffect).toBe(-1);
    // Durations that name no end of combat do not end with it (500.4: the next end step begins only after
    // Mandate of Peace; 723.1e skips it; "until B's next turn" outlives this turn of B's).
    expect(after.findIndex(ended('untilBsNextTurn'))).toBe(-1);
    // (Time Stop: the end step is skipped, 723.1e; Mandate: the game is in the postcombat main phase, before it)
    expect(after.findIndex(ended('untilNextEndStep'))).toBe(-1);
    expect(game.view().attackers).toEqual([]);
  });
});

describe('the same order when combat ends normally (511.3, 500.5)', () => {
  it('end of combat: creatures leave as the step ends; end-of-combat durations after its stepEnded', () => {
    const game = bInCombatStep('endOfCombat');
    ok(game, { type: 'effect.create', effect: { id: 'untilEndOfCombat', until: 'endOfCombat' } });
    const from = game.history.length;
    everyonePasses(game);
    const after = game.history.slice(from);
    const stepEnded = at(after, (r) => r.type === 'stepEnded' && r.step === 'endOfCombat', 'stepEnded');
    expect(at(after, (r) => r.type === 'removedFromCombat', 'removal')).toBeLessThan(stepEnded);
    expect(after.find((r) => r.type === 'removedFromCombat')).not.toHaveProperty('rule');
    for (const id of ['untilEndOfCombat', 'nextCombatOfB']) expect(at(after, ended(id), id)).toBeGreaterThan(stepEnded);
  });
});
