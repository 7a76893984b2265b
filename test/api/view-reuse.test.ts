// The view keeps some of its parts from one call to the next while the context fields they are
// made of are the same objects (src/api/view.ts `decides`, src/rules/shortcuts.ts `noPassesView`,
// the zones' frozen lists) and reads the upcoming turns in place when nothing is skipped. A
// playout changes its one context in place: these tests play such a game and check that each
// part follows the game, that a view is its caller's own, and that two games do not mix.
import { describe, expect, it } from 'vitest';
import { passUntilNextTurn } from '../../src/index.js';
import { createPlayout, type Playout } from '../../src/playout/index.js';
import type { TurnEvent } from '../../src/vocabulary/index.js';

const ok = (game: Playout, event: TurnEvent) => expect(game.send(event), event.type).toBeNull();

/** Everyone passes (sent by whoever decides) until the game waits for something else than a pass of priority on this stack. */
function passRound(game: Playout): void {
  const start = game.view().stack.length;
  for (let i = 0; i < 20 && game.view().waitingFor === 'priority' && game.view().stack.length === start; i += 1) {
    const v = game.view();
    ok(game, { type: 'priority.pass', player: v.priority!, ...(v.decider !== v.priority && { by: v.decider! }) });
  }
}

/** Passes (and declares nothing) until turn `turn` begins. */
function toTurn(game: Playout, turn: number): void {
  for (let i = 0; i < 200 && game.view().turn < turn; i += 1) {
    const v = game.view();
    const who = v.priority ?? v.declaring!;
    const by = v.decider !== who ? { by: v.decider! } : {};
    if (v.waitingFor === 'declareAttackers') ok(game, { type: 'combat.declareAttackers', player: who, attackers: [], ...by });
    else if (v.waitingFor === 'declareBlockers') ok(game, { type: 'combat.declareBlockers', player: who, blockers: [], ...by });
    else ok(game, { type: 'priority.pass', player: who, ...by });
  }
  expect(game.view().turn).toBe(turn);
}

function resolve(game: Playout, effects: object[]): void {
  const holder = game.view().priority!;
  ok(game, { type: 'spell.cast', object: { id: `s${game.view().turn}-${game.view().stack.length}`, controller: holder, type: 'instant', effects } } as TurnEvent);
  passRound(game);
}

describe('view parts kept between calls follow a game changed in place', () => {
  it('decides: who makes each decision changes as control begins and ends (722.1, 722.5)', () => {
    const game = createPlayout({ players: ['A', 'B'] }, { recording: false });
    expect(game.view().decides).toEqual({ A: 'A', B: 'B' });
    resolve(game, [{ controlNextTurn: { player: 'B', controller: 'A' } }]);
    expect(game.view().decides).toEqual({ A: 'A', B: 'B' }); // (not before B's turn)
    toTurn(game, 2);
    expect(game.view().decides).toEqual({ A: 'A', B: 'A' });
    expect(game.view().controlledBy).toEqual({ B: 'A' });
    toTurn(game, 3);
    expect(game.view().decides).toEqual({ A: 'A', B: 'B' });
  });

  it('decides: a player who concedes is no longer listed (800.4)', () => {
    const game = createPlayout({ players: ['A', 'B', 'C'] }, { recording: false });
    expect(Object.keys(game.view().decides)).toEqual(['A', 'B', 'C']);
    ok(game, { type: 'player.concede', player: 'B' });
    expect(Object.keys(game.view().decides)).toEqual(['A', 'C']);
  });

  it('shortcuts: a standing pass shows, and none again once it ends (732.2)', () => {
    const game = createPlayout({ players: ['A', 'B'] }, { recording: false });
    expect(game.view().shortcuts).toEqual({ A: null, B: null });
    ok(game, passUntilNextTurn('B', 'B'));
    expect(game.view().shortcuts.B).not.toBeNull();
    expect(game.view().shortcuts.A).toBeNull();
    toTurn(game, 2);
    expect(game.view().shortcuts).toEqual({ A: null, B: null });
  });

  it('nextTurns: extra turns come first, the most recent first, and then turn order (500.7)', () => {
    const game = createPlayout({ players: ['A', 'B', 'C'] }, { recording: false });
    expect(game.view().nextTurns).toEqual(['B', 'C', 'A', 'B', 'C', 'A']);
    resolve(game, [{ extraTurn: { player: 'C' } }]);
    resolve(game, [{ extraTurn: { player: 'B' } }]);
    const { nextTurns } = game.view();
    expect(nextTurns.slice(0, 4)).toEqual(['B', 'C', 'B', 'C']);
    // The turns that then come are those listed.
    for (let i = 0; i < nextTurns.length; i += 1) {
      toTurn(game, 2 + i);
      expect(game.view().activePlayer, `turn ${2 + i}`).toBe(nextTurns[i]);
    }
  });

  it('a view is its caller\'s own: changing one changes no later view', () => {
    const game = createPlayout({ players: ['A', 'B'] }, { recording: false });
    const first = game.view();
    first.decides.A = 'B';
    first.shortcuts.A = { until: { nextTurnOf: 'A' }, unless: [] } as never;
    first.activePlayers.push('B');
    first.mayAct.push('B');
    const next = game.view();
    expect(next.decides).toEqual({ A: 'A', B: 'B' });
    expect(next.shortcuts).toEqual({ A: null, B: null });
    expect(next.activePlayers).toEqual(['A']);
    expect(next.mayAct).toEqual(['A']);
  });

  it('two games viewed in turn each show their own players', () => {
    const duel = createPlayout({ players: ['A', 'B'] }, { recording: false });
    const teams = createPlayout({ players: ['A', 'B', 'C', 'D'], teams: [['A', 'B'], ['C', 'D']], options: { variant: 'twoHeadedGiant' } }, { recording: false });
    for (let i = 0; i < 3; i += 1) {
      expect(duel.view().decides).toEqual({ A: 'A', B: 'B' });
      expect(duel.view().shortcuts).toEqual({ A: null, B: null });
      expect(teams.view().decides).toEqual({ A: 'A', B: 'B', C: 'C', D: 'D' });
      expect(teams.view().shortcuts).toEqual({ 'A+B': null, 'C+D': null, A: null, B: null, C: null, D: null });
    }
  });
});
