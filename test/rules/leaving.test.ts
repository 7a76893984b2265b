// Leaving the game (800.4, 104.3a, 104.3e, 104.2a): what persistence keeps of a game with departed
// players, or one that is over; the records in words; the invalid files of FORMAT.md's "Leaving the game".
import { describe, expect, it } from 'vitest';
import {
  createGame, describeRecord, restoreSnapshot, ruleOfRecord, type Game, type HistoryRecord, type TurnEvent,
} from '../../src/index.js';
import { validateScenario } from '../../src/scenario/index.js';
import { nudge } from '../../src/scenario/driver.js';

const pass = (game: Game) => game.send({ type: 'priority.pass', player: game.view().priority! });
/** The same events sent to a game and to its restored copy: the same refusals and the same views. */
function sameFuture(game: Game, events: (g: Game) => TurnEvent[]): void {
  const restored = createGame({ players: game.view().players }, { snapshot: restoreSnapshot(JSON.parse(JSON.stringify(game.persist()))) });
  const strip = (g: Game) => ({ ...g.view(), history: undefined });
  expect(strip(restored)).toEqual(strip(game));
  for (let i = 0; i < 40; i += 1) {
    const [event] = events(game);
    if (!event) break;
    expect(restored.send(event)).toEqual(game.send(event));
    expect(strip(restored)).toEqual(strip(game));
  }
}

describe('a game with departed players, or over, restores identically', () => {
  it('a turn going on without its active player (800.4j): the same view and the same future', () => {
    const game = createGame({ players: ['A', 'B', 'C'] });
    for (let i = 0; i < 6; i += 1) pass(game);
    game.send({ type: 'spell.cast', object: { id: 'bBear', controller: 'A', owner: 'B', type: 'instant', effects: [] } });
    expect(game.send({ type: 'player.concede', player: 'A' })).toBeNull();
    expect(game.view()).toMatchObject({ activePlayer: null, turnOf: 'A', inGame: ['B', 'C'], zones: { leftGame: [] }, stack: [] });
    const next = (g: Game): TurnEvent[] => {
      const v = g.view();
      if (v.waitingFor === 'declareAttackers') return [{ type: 'combat.declareAttackers', player: v.activePlayer!, attackers: [] }];
      return v.priority ? [{ type: 'priority.pass', player: v.priority }] : [];
    };
    sameFuture(game, next);
    expect(game.view()).toMatchObject({ turn: 3, activePlayer: 'C' });
    expect(game.view().nextTurns.slice(0, 4)).toEqual(['B', 'C', 'B', 'C']); // 800.4k: A's turns do not begin
  });

  it('a game that is over (104.2a): restored, it refuses everything as the original does', () => {
    const game = createGame({ players: ['A', 'B'] });
    game.send({ type: 'player.concede', player: 'A' });
    sameFuture(game, () => [{ type: 'priority.pass', player: 'B' }]);
    const restored = createGame({ players: ['A', 'B'] }, { snapshot: restoreSnapshot(JSON.parse(JSON.stringify(game.persist()))) });
    expect(restored.view()).toMatchObject({ gameOver: true, winners: ['B'] });
    expect(restored.send({ type: 'mana.add', player: 'B', amount: 1 })).toMatchObject({ rule: '104.2a' });
  });

  it('a game whose resolution ended it, in the middle of 723.1 (the resolution stops; nothing is left in progress)', () => {
    const game = createGame({ players: ['A', 'B'] });
    for (let i = 0; i < 4; i += 1) pass(game);
    game.send({ type: 'spell.cast', object: { id: 'timeStop', controller: 'A', effects: [{ endTurn: {} }, { loseGame: { player: 'B' } }] } });
    pass(game);
    pass(game);
    expect(game.view()).toMatchObject({ gameOver: true, winners: ['A'], priority: null, waitingFor: null });
    expect(() => restoreSnapshot(JSON.parse(JSON.stringify(game.persist())))).not.toThrow();
  });
});

describe('the new records in words, with their rule', () => {
  const game = createGame({ players: ['A', 'B', 'C'] }, { history: 'all' }); // records of earlier turns are read
  game.send({ type: 'trigger.report', ability: { id: 'bWaits', controller: 'B' } });
  game.send({ type: 'player.concede', player: 'B' });
  for (let i = 0; i < 60 && game.view().turn < 2; i += 1) nudge(game);
  game.send({ type: 'player.concede', player: 'A' });
  const find = (type: HistoryRecord['type']) => game.history.find((r) => r.type === type)!;
  it.each([
    ['playerLeft', 'B leaves the game (conceded)', '104.3a'],
    ['triggerRemoved', 'bWaits (waiting trigger) ceases to exist', '800.4d'],
    ['turnDidNotBegin', 'B\'s turn does not begin: they left the game', '800.4k'],
    ['gameEnded', 'the game ends: C wins', '104.2a'],
  ] as const)('%s', (type, words, rule) => {
    expect(describeRecord(find(type))).toBe(words);
    expect(ruleOfRecord(find(type))).toBe(rule);
  });
});

describe('invalid files (FORMAT.md "Leaving the game")', () => {
  const file = (script: object[]) => ({ name: 'x', players: ['A', 'B', 'C'], script });
  const errors = (script: object[]) => {
    const result = validateScenario(file(script));
    return result.ok ? [] : result.errors;
  };
  it.each([
    ['concede not a player id', [{ concede: 'Z' }], 'script[0].concede'],
    ['loseGame of an unknown player', [{ cast: { id: 's', controller: 'A', effects: [{ loseGame: { player: 'Z' } }] } }], 'script[0].cast.effects[0].loseGame.player'],
    ['loseGame without a player', [{ cast: { id: 's', controller: 'A', effects: [{ loseGame: {} }] } }], 'script[0].cast.effects[0].loseGame.player'],
    ['its own controller\'s loss not last', [{ cast: { id: 's', controller: 'A', effects: [{ loseGame: { player: 'A' } }, { extraTurn: { player: 'B' } }] } }], 'script[0].cast.effects[0].loseGame'],
    ['its own controller\'s loss not last, in an AT', [{ at: { id: 't', controller: 'A', when: 'end', effects: [{ loseGame: { player: 'A' } }, { endTurn: {} }] } }], 'script[0].at.effects[0].loseGame'],
    ['loseGame inside onlyIf', [{ cast: { id: 's', controller: 'A', effects: [{ onlyIf: { extraTurn: true, then: [{ loseGame: { player: 'B' } }] } }] } }], 'script[0].cast.effects[0].onlyIf.then[0]'],
    ['owner on an ability', [{ activate: { id: 'a', controller: 'A', owner: 'B' } }], 'script[0].activate.owner'],
    ['owner on a copy', [{ cast: { id: 's', controller: 'A', owner: 'B', copy: true } }], 'script[0].cast.owner'],
    ['owner an unknown player', [{ cast: { id: 's', controller: 'A', owner: 'Z' } }], 'script[0].cast.owner'],
    ['a concede in reject naming nobody', [{ reject: { concede: 7 } }], 'script[0].reject.concede'],
  ])('%s', (_name, script, path) => {
    expect(errors(script).some((line) => line.startsWith(`${path}:`)), errors(script).join('\n')).toBe(true);
  });
  it('accepts a loss of another player anywhere, and of its own controller last', () => {
    expect(errors([
      { cast: { id: 's', controller: 'A', owner: 'B', effects: [{ loseGame: { player: 'B' } }, { extraTurn: { player: 'C' } }, { loseGame: { player: 'A' } }] } },
      { reject: { concede: 'A' } },
      { expect: { inGame: ['A'], turnOf: 'A', gameOver: true, winners: ['A'], activePlayer: null, zones: { leftGame: [] } } },
    ])).toEqual([]);
  });
});
