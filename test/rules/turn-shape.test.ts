// 500.1, 103.8, 500.7–500.11, 614.10a: the turn's shape, extra and skipped parts.
import { describe, expect, it } from 'vitest';
import { cast, everyonePasses, gameWithPriorityIn, goTo, has, newGame, stepsBegun } from '../helpers.js';

describe('500.1 the phases and steps of a turn; 103.8 the first draw', () => {
  it('two players: the first player skips the draw of turn 1 only', () => {
    const game = newGame(['A', 'B']);
    goTo(game, { turn: 3, step: 'upkeep' });
    expect(stepsBegun(game, 1)).not.toContain('draw');
    expect(stepsBegun(game, 2)).toContain('draw');
    // B drew an eighth card in turn 2 and discarded down to seven in its cleanup (514.1).
    expect(game.view().handSize).toEqual({ A: 7, B: 7 });
    expect(has(game, { type: 'discarded', player: 'B', count: 1, turn: 2 })).toBe(true);
  });

  it('three players: nobody skips a draw by default; skipFirstDraw can be set', () => {
    expect(stepsBegun(advanced(newGame(['A', 'B', 'C'])), 1)).toContain('draw');
    expect(stepsBegun(advanced(newGame(['A', 'B', 'C'], { skipFirstDraw: true })), 1)).not.toContain('draw');
  });

  it('every phase and step instance begins and ends, in order, and main phases have no steps', () => {
    const game = newGame(['A', 'B'], { skipFirstDraw: false });
    goTo(game, { turn: 2, step: 'upkeep' });
    expect(game.history.filter((r) => r.turn === 1 && (r.type === 'stepBegan' || r.type === 'phaseBegan'))
      .map((r) => (r.type === 'stepBegan' ? r.step : `[${r.phase}]`)))
      .toEqual(['[beginning]', 'untap', 'upkeep', 'draw', '[precombatMain]', '[combat]', 'beginningOfCombat', 'declareAttackers', 'endOfCombat', '[postcombatMain]', '[ending]', 'end', 'cleanup']);
    const began = game.history.filter((r) => r.turn === 1 && r.type.endsWith('Began') && r.type !== 'turnBegan').length;
    const ended = game.history.filter((r) => r.turn === 1 && r.type.endsWith('Ended') && r.type !== 'turnEnded').length;
    expect(ended).toBe(began);
    expect(game.snapshot().context.stepsThisTurn).toEqual(['untap', 'upkeep']);
  });

  it('502.4: no priority in untap; 504.1: the draw step draws a card', () => {
    const game = newGame(['A', 'B'], { skipFirstDraw: false });
    goTo(game, { turn: 1, step: 'draw' });
    expect(game.view().handSize.A).toBe(8);
    expect(has(game, { type: 'priority', step: 'untap' })).toBe(false);
  });
});

function advanced(game: ReturnType<typeof newGame>) {
  goTo(game, { turn: 1, phase: 'precombatMain' });
  return game;
}

describe('500.7 extra turns', () => {
  it('two extra turns after the same turn: the most recent first; then turn order resumes', () => {
    const game = gameWithPriorityIn('precombatMain');
    cast(game, { id: 'timeWalk', type: 'sorcery', effects: [{ extraTurn: { player: 'A' } }] });
    everyonePasses(game);
    cast(game, { id: 'timeWarp', type: 'sorcery', effects: [{ extraTurn: { player: 'B' } }] });
    everyonePasses(game);
    expect(game.view().nextTurns.slice(0, 5)).toEqual(['B', 'A', 'B', 'A', 'B']);
    goTo(game, { turn: 4, step: 'upkeep' });
    expect(game.history.filter((r) => r.type === 'turnBegan').map((r) => (r as { player: string }).player)).toEqual(['A', 'B', 'A', 'B']);
  });

  it('an extra turn taken during an extra turn comes directly after it', () => {
    const game = gameWithPriorityIn('precombatMain');
    cast(game, { id: 'walk1', type: 'sorcery', effects: [{ extraTurn: { player: 'A' } }, { extraTurn: { player: 'A' } }] });
    everyonePasses(game);
    goTo(game, { turn: 2, phase: 'precombatMain' });
    cast(game, { id: 'timeWarp', controller: 'A', type: 'sorcery', effects: [{ extraTurn: { player: 'B' } }] });
    everyonePasses(game);
    expect(game.view().nextTurns.slice(0, 4)).toEqual(['B', 'A', 'B', 'A']);
  });

  it('500.11: a skipped turn never happens and is not counted', () => {
    const game = gameWithPriorityIn('precombatMain', ['A', 'B', 'C']);
    cast(game, { id: 'stitch', type: 'sorcery', effects: [{ skip: { player: 'B', turn: true } }] });
    everyonePasses(game);
    expect(game.view().nextTurns.slice(0, 3)).toEqual(['C', 'A', 'B']);
    goTo(game, { turn: 2, step: 'upkeep' });
    expect(game.view().activePlayer).toBe('C');
  });
});

describe('500.8–500.10 additional phases and steps', () => {
  it('Relentless Assault cast in the first main phase: its combat and main come right after that main phase', () => {
    const game = gameWithPriorityIn('precombatMain');
    cast(game, { id: 'relentlessAssault', type: 'sorcery', effects: [{ addPhases: { phases: ['combat', 'postcombatMain'] } }] });
    everyonePasses(game);
    goTo(game, { turn: 2, step: 'upkeep' });
    const phases = game.history.filter((r) => r.turn === 1 && r.type === 'phaseBegan').map((r) => (r as { phase: string }).phase);
    expect(phases).toEqual(['beginning', 'precombatMain', 'combat', 'postcombatMain', 'combat', 'postcombatMain', 'ending']);
  });

  it('two additional combat phases: both happen (none is lost), each beginning and ending', () => {
    const game = gameWithPriorityIn('postcombatMain');
    cast(game, { id: 'ra1', type: 'sorcery', effects: [{ addPhases: { phases: ['combat', 'postcombatMain'] } }] });
    everyonePasses(game);
    cast(game, { id: 'ra2', type: 'sorcery', effects: [{ addPhases: { phases: ['combat', 'postcombatMain'] } }] });
    everyonePasses(game);
    goTo(game, { turn: 2, step: 'upkeep' });
    const combats = game.history.filter((r) => r.turn === 1 && r.type === 'phaseEnded' && r.phase === 'combat');
    expect(combats).toHaveLength(3);
  });

  it('500.9: an additional upkeep step directly after the upkeep; 500.10 (Obeka): upkeeps after the phase, each in its own beginning phase', () => {
    const game = newGame();
    cast(game, { id: 'extraUpkeep', controller: 'A', effects: [{ addStep: { step: 'upkeep' } }] });
    everyonePasses(game);
    everyonePasses(game);
    expect(game.view()).toMatchObject({ step: 'upkeep', priority: 'A' });
    expect(game.view().stepsThisTurn).toEqual(['untap', 'upkeep', 'upkeep']);
    cast(game, { id: 'obeka', controller: 'A', effects: [{ addStep: { step: 'upkeep', afterPhase: true, count: 2 } }] });
    everyonePasses(game);
    goTo(game, { turn: 1, phase: 'precombatMain' });
    const beginnings = game.history.filter((r) => r.type === 'phaseBegan' && r.phase === 'beginning');
    expect(beginnings).toHaveLength(3);
    expect(game.view().stepsThisTurn).toEqual(['untap', 'upkeep', 'upkeep', 'upkeep', 'upkeep', 'precombatMain']);
  });

  it('500.10 an added step in a main phase comes in a phase of its own after it', () => {
    const game = gameWithPriorityIn('precombatMain');
    cast(game, { id: 'x', effects: [{ addStep: { step: 'end' } }] });
    everyonePasses(game);
    everyonePasses(game);
    expect(game.view()).toMatchObject({ phase: 'ending', step: 'end' });
  });
});

describe('500.11 skips; 614.10a', () => {
  it('a skipped step, phase, and each instance (Fatespinner)', () => {
    const game = gameWithPriorityIn('precombatMain');
    cast(game, { id: 'skips', effects: [
      { skip: { player: 'B', step: 'upkeep' } },
      { skip: { player: 'B', phase: 'combat' } },
    ] });
    everyonePasses(game);
    goTo(game, { turn: 3, step: 'upkeep' });
    expect(stepsBegun(game, 2)).toEqual(['untap', 'draw', 'end', 'cleanup']);
    expect(game.history.filter((r) => r.turn === 2 && r.type === 'phaseBegan').map((r) => (r as { phase: string }).phase))
      .toEqual(['beginning', 'precombatMain', 'postcombatMain', 'ending']);
  });

  it('614.10a: a skip made during that very step waits for the next one', () => {
    const game = newGame();
    cast(game, { id: 'skipUpkeep', controller: 'A', effects: [{ skip: { player: 'A', step: 'upkeep' } }] });
    everyonePasses(game);
    expect(game.view().step).toBe('upkeep'); // still this upkeep
    goTo(game, { turn: 3, phase: 'precombatMain' });
    expect(stepsBegun(game, 3)).toEqual(['untap', 'draw']);
    expect(game.snapshot().context.skips).toEqual([]); // used up
  });

  it('"each": every upkeep of that player\'s next turn, and only that turn', () => {
    const game = gameWithPriorityIn('precombatMain');
    cast(game, { id: 'fatespinner', effects: [{ skip: { player: 'B', step: 'upkeep', each: true } }] });
    everyonePasses(game);
    goTo(game, { turn: 2, phase: 'precombatMain' });
    cast(game, { id: 'extraUpkeeps', controller: 'B', effects: [{ addStep: { step: 'upkeep', afterPhase: true } }] });
    everyonePasses(game);
    goTo(game, { turn: 4, step: 'upkeep' });
    expect(stepsBegun(game, 2).filter((s) => s === 'upkeep')).toEqual([]);
    expect(stepsBegun(game, 4)).toContain('upkeep');
  });

  it('508.8: a skipped declare attackers step declares no attackers, so blockers and damage are skipped too', () => {
    const game = gameWithPriorityIn('precombatMain');
    cast(game, { id: 's', effects: [{ skip: { player: 'A', step: 'declareAttackers' } }] });
    everyonePasses(game);
    goTo(game, { turn: 1, phase: 'postcombatMain' });
    expect(game.view().stepsThisTurn).toEqual(['untap', 'upkeep', 'draw', 'precombatMain', 'beginningOfCombat', 'endOfCombat', 'postcombatMain']);
  });

  it('508.8: a skip of a step that does not happen anyway waits for the next one', () => {
    const game = gameWithPriorityIn('precombatMain');
    cast(game, { id: 's', effects: [{ skip: { player: 'A', step: 'declareBlockers' } }] });
    everyonePasses(game);
    goTo(game, { turn: 2, step: 'upkeep' }); // A attacked with nobody: blockers skipped by 508.8
    expect(game.snapshot().context.skips).toHaveLength(1);
  });
});
