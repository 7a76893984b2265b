// Team games at the boundary (805, 810): the input is checked whole, seats act within their
// team, the view and legalActions answer per player and per team, and a team game persists,
// resumes and refuses a tampered snapshot like any other.
import { describe, expect, it } from 'vitest';
import { createGame, GameInputError, restoreSnapshot, SnapshotError, type Game, type GameInput } from '../../src/index.js';

const twoHeadedGiant: GameInput = { players: ['A', 'B', 'C', 'D'], teams: [['A', 'B'], ['C', 'D']], options: { variant: 'twoHeadedGiant' } };

/** Passes (each team once per round) until the precombat main phase of turn 1. */
function atMainPhase(game: Game): Game {
  while (game.view().phase !== 'precombatMain') game.send({ type: 'priority.pass', player: game.view().priority! });
  return game;
}

describe('a team game input is checked whole', () => {
  it.each([
    [{ players: ['A', 'B', 'C', 'D'], teams: [['A', 'B'], ['C', 'D']] }, /teams: teams need "sharedTeamTurns"/],
    [{ players: ['A', 'B', 'C', 'D'], teams: [['A', 'C'], ['B', 'D']], options: { sharedTeamTurns: true } }, /players: must list the teams' players, team by team/],
    [{ players: ['A', 'B', 'C'], teams: [['A', 'B'], ['C']], options: { variant: 'twoHeadedGiant' } }, /810.1/],
    [{ players: ['A', 'B'], options: { sharedTeamTurns: true } }, /options.sharedTeamTurns: "sharedTeamTurns" needs "teams"/],
    [{ players: ['A+B', 'C'], teams: [['A+B'], ['C']], options: { sharedTeamTurns: true } }, /teams\[0\]\[0\]: "A\+B": a player id in a game with teams cannot contain "\+"/],
  ] as [unknown, RegExp][])('%j', (input, message) => {
    expect(() => createGame(input as GameInput)).toThrow(GameInputError);
    expect(() => createGame(input as GameInput)).toThrow(message);
  });
});

describe('the view and legalActions, per player and per team', () => {
  it('names the active team, its players, who holds priority and who may act', () => {
    const game = atMainPhase(createGame(twoHeadedGiant));
    expect(game.view()).toMatchObject({
      teams: { 'A+B': ['A', 'B'], 'C+D': ['C', 'D'] },
      activeTeam: 'A+B', activePlayer: 'A', activePlayers: ['A', 'B'],
      priority: 'A+B', mayAct: ['A', 'B'], awaiting: { kind: 'priority', side: 'A+B', players: ['A', 'B'] },
    });
    expect(game.legalActions('B')).toContainEqual({ type: 'spell.cast', timing: 'sorcery' });
    expect(game.legalActions('A')).toEqual(game.legalActions('B'));
    expect(game.legalActions('C')).toEqual([{ type: 'player.concede' }]); // 104.3a: at any time
  });

  it('says which team must declare, and either of its players may', () => {
    const game = createGame(twoHeadedGiant);
    while (game.view().waitingFor !== 'declareAttackers') game.send({ type: 'priority.pass', player: game.view().priority! });
    expect(game.view()).toMatchObject({ declaring: 'A+B', priority: null, mayAct: [], awaiting: { side: 'A+B', players: ['A', 'B'] } });
    expect(game.legalActions('B')).toContainEqual({ type: 'combat.declareAttackers', barred: [] });
    expect(game.legalActions('D')).toEqual([{ type: 'player.concede' }]);
  });

  it('a game without teams keeps its meaning: teams and activeTeam are null, priority is a player', () => {
    const game = atMainPhase(createGame({ players: ['A', 'B'] }));
    expect(game.view()).toMatchObject({ teams: null, activeTeam: null, activePlayers: ['A'], priority: 'A', mayAct: ['A'], awaiting: { side: 'A', players: ['A'] } });
  });
});

describe('seats in a team game', () => {
  it('a seat acts for its own team (805.5a), never for the other team or as its teammate', () => {
    const game = atMainPhase(createGame(twoHeadedGiant));
    const b = game.seat('B');
    const c = game.seat('C');
    expect(c.send({ type: 'priority.pass', player: 'C+D' })).toMatchObject({ rule: '805.5a' }); // its own team, refused by the rules
    expect(c.send({ type: 'priority.pass', player: 'A+B' })).toMatchObject({ rule: 'seat' });
    expect(b.send({ type: 'spell.cast', object: { id: 'x', controller: 'A' } })).toMatchObject({ rule: 'seat', reason: "B's seat cannot act for A" });
    expect(b.send({ type: 'spell.cast', object: { id: 'bear', controller: 'B', type: 'creature' } })).toBeNull();
    expect(b.send({ type: 'priority.pass', player: 'A+B' })).toBeNull();
    expect(game.view().priority).toBe('C+D');
    expect([...game.history].reverse().find((r) => r.type === 'passed')).toMatchObject({ type: 'passed', team: 'A+B', player: 'A' });
  });
});

describe('a team game persists and resumes', () => {
  it('resumes with the same view and the same future', () => {
    const game = atMainPhase(createGame(twoHeadedGiant));
    game.send({ type: 'spell.cast', object: { id: 'walk', controller: 'B', type: 'sorcery', effects: [{ extraTurn: { player: 'B' } }] } });
    const resumed = createGame(twoHeadedGiant, { snapshot: restoreSnapshot(JSON.parse(JSON.stringify(game.persist()))) });
    expect(resumed.view()).toEqual({ ...game.view(), history: [] });
    for (const g of [game, resumed]) for (const player of ['B', 'D']) expect(g.send({ type: 'priority.pass', player })).toBeNull();
    expect(resumed.view()).toMatchObject({ priority: 'A+B', stack: [], nextTurns: ['A+B', 'C+D', 'A+B', 'C+D', 'A+B'] });
    expect(resumed.view()).toEqual({ ...game.view(), history: resumed.history });
  });

  it('resumes a game whose team ids read as numbers ("2" is the starting team, though an object lists "1" first)', () => {
    const input: GameInput = { players: ['2', '1'], teams: [['2'], ['1']], options: { sharedTeamTurns: true } };
    const game = createGame(input);
    const resumed = createGame(input, { snapshot: restoreSnapshot(JSON.parse(JSON.stringify(game.persist()))) });
    expect(resumed.view()).toMatchObject({ activeTeam: '2', nextTurns: ['1', '2', '1', '2'] });
  });

  it('one effect skipping two teams at limits.maxSkips adds what fits and records the rest; the game still restores', () => {
    const input: GameInput = { players: ['A', 'B', 'C', 'D', 'E', 'F'], teams: [['A', 'B'], ['C', 'D'], ['E', 'F']], options: { sharedTeamTurns: true }, limits: { maxSkips: 1 } };
    const game = createGame(input);
    expect(game.send({ type: 'spell.cast', object: { id: 'brine', controller: 'A', effects: [{ skip: { players: ['C', 'E'], step: 'untap' } }] } })).toBeNull();
    for (const player of ['A', 'C', 'E']) expect(game.send({ type: 'priority.pass', player })).toBeNull();
    expect(game.history.filter((r) => r.type === 'limitReached')).toMatchObject([{ limit: 'maxSkips', id: 'brine: skip' }]);
    expect(() => restoreSnapshot(JSON.parse(JSON.stringify(game.persist())))).not.toThrow();
  });

  it('refuses a snapshot of another seating', () => {
    const game = createGame(twoHeadedGiant);
    const snapshot = restoreSnapshot(JSON.parse(JSON.stringify(game.persist())));
    expect(() => createGame({ players: ['A', 'B', 'C', 'D'] }, { snapshot })).toThrow(/teams A\+B, C\+D; the input names A, B, C, D/);
  });

  it.each([
    ['a side that is no team', (c: Record<string, unknown>) => { c.activeSide = 'A'; }, 'snapshot.context.activeSide'],
    ['sides out of step with the teams', (c: Record<string, unknown>) => { c.sides = ['C+D', 'A+B']; }, 'snapshot.context.sides'],
    ['a team id that is not its players', (c: Record<string, unknown>) => { c.teams = { 'A+B': ['A', 'B'], 'D+C': ['C', 'D'] }; }, 'snapshot.context.teams'],
    ['a holder of priority that is a player, not a team', (c: Record<string, unknown>) => { c.priority = { holder: 'B', passes: 0 }; }, 'snapshot.context.priority.holder'],
  ])('refuses %s', (_name, change, path) => {
    const persisted = JSON.parse(JSON.stringify(createGame(twoHeadedGiant).persist()));
    change(persisted.snapshot.context);
    let error: unknown;
    try {
      restoreSnapshot(persisted);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SnapshotError);
    expect((error as SnapshotError).message).toContain(path);
  });
});
