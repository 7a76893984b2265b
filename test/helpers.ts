// Shared test helpers: games driven the way FORMAT.md scenarios drive them.
import { expect } from 'vitest';
import { createGame, type Game, type GameInput, type HistoryRecord, type StackObjectSpec, type TurnEvent } from '../src/index.js';
import { advanceTo, passAll, type AdvanceTarget } from '../src/scenario/driver.js';

/** A game that keeps its whole past ('all'), as scenarios do: tests read records and zones of earlier turns. */
export function newGame(players: string[] = ['A', 'B'], options: GameInput['options'] = {}): Game {
  return createGame({ players, options: { history: 'all', ...options } });
}

/** Sends an event that must be accepted. */
export function ok(game: Game, event: TurnEvent): void {
  const refusal = game.send(event);
  expect(refusal, `${event.type} refused: ${refusal?.reason}`).toBeNull();
}

export function goTo(game: Game, target: AdvanceTarget): void {
  const problem = advanceTo(game, target);
  expect(problem, problem ?? '').toBeNull();
}

export function everyonePasses(game: Game): void {
  const problem = passAll(game);
  expect(problem, problem ?? '').toBeNull();
}

export function cast(game: Game, object: Partial<StackObjectSpec> & { id: string }): void {
  const controller = object.controller ?? game.view().priority!;
  ok(game, { type: 'spell.cast', object: { type: 'instant', effects: [], ...object, controller } });
}

export function activate(game: Game, object: Partial<StackObjectSpec> & { id: string }): void {
  const controller = object.controller ?? game.view().priority!;
  ok(game, { type: 'ability.activate', object: { effects: [], ...object, controller } });
}

type CardSpec = Partial<StackObjectSpec> & { id: string };
export const timeStop = (controller?: string): CardSpec => ({ id: 'timeStop', controller, effects: [{ endTurn: {} }] });
export const mandateOfPeace = (controller?: string): CardSpec => ({ id: 'mandate', controller, effects: [{ endCombat: {} }] });

/** The records (since `from`) of one type, as compact strings for readable assertions. */
export function records(game: Game, type: HistoryRecord['type'], from = 0): HistoryRecord[] {
  return game.history.slice(from).filter((r) => r.type === type);
}

export function has(game: Game, pattern: Partial<Record<string, unknown>>, from = 0): boolean {
  return game.history.slice(from).some((r) => Object.entries(pattern).every(([k, v]) => (r as unknown as Record<string, unknown>)[k] === v));
}

/** Steps begun in `turn`, from the history. */
export function stepsBegun(game: Game, turn: number): string[] {
  return game.history.filter((r) => r.turn === turn && r.type === 'stepBegan').map((r) => (r as { step: string }).step);
}

/**
 * Drives turn 1 to the first priority in `stepOrPhase`, attacking with a first striker so
 * that every combat step happens (508.8, 510.4). Turn 1 keeps its draw step.
 */
export function gameWithPriorityIn(stepOrPhase: string, players: string[] = ['A', 'B']): Game {
  const game = newGame(players, { skipFirstDraw: false });
  for (let i = 0; i < 200; i += 1) {
    const v = game.view();
    if ((v.step ?? v.phase) === stepOrPhase && v.waitingFor === 'priority') return game;
    if (v.waitingFor === 'declareAttackers') ok(game, { type: 'combat.declareAttackers', player: v.activePlayer!, attackers: [{ id: 'knight', firstStrike: true }] });
    else if (v.waitingFor === 'declareBlockers') ok(game, { type: 'combat.declareBlockers', player: game.snapshot().context.defendersToDeclare[0], blockers: [{ id: 'wall', blocking: 'knight' }] });
    else ok(game, { type: 'priority.pass', player: v.priority! });
  }
  throw new Error(`never reached ${stepOrPhase}`);
}

export const STEPS_WITH_PRIORITY = [
  'upkeep', 'draw', 'precombatMain', 'beginningOfCombat', 'declareAttackers', 'declareBlockers',
  'firstStrikeDamage', 'combatDamage', 'endOfCombat', 'postcombatMain', 'end',
] as const;
export const COMBAT_STEPS_WITH_PRIORITY = [
  'beginningOfCombat', 'declareAttackers', 'declareBlockers', 'firstStrikeDamage', 'combatDamage', 'endOfCombat',
] as const;

/** A small seeded generator (mulberry32, the bench's): the same play on every run. */
export { seeded } from '../bench/random.js';
