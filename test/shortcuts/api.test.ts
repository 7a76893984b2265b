// Standing passes (732.2) through the public API: the typed helpers, the view's reasons, refusals with
// their rule or JSON path, stops, teams, the bound, persistence and the playout.
import { describe, expect, it } from 'vitest';
import {
  cancelPassUntil, createGame, passUntilEndOfTurn, passUntilNextStep, passUntilNextTurn, passUntilStep, restoreSnapshot, stopsAt,
  type Game, type HistoryRecord,
} from '../../src/index.js';
import { createPlayout } from '../../src/playout/index.js';
import { runScenario } from '../../src/scenario/index.js';

const NOTHING = { declareNoAttackers: true, declareNoBlockers: true };
const since = (game: Game, from: number) => game.history.slice(from);
const types = (records: readonly HistoryRecord[]) => records.map((r) => r.type);

describe('the README\'s five lines (732.2)', () => {
  it('Bo until his next turn, Ann until end of turn: turn 1 runs by itself, Bo holds priority in his upkeep, and the view says why', () => {
    const game = createGame({ players: ['Ann', 'Bo'] }, { history: 'all' }); // records of earlier turns are read
    expect(game.send(passUntilNextTurn('Bo', 'Bo', { declareNoBlockers: true }))).toBeNull();
    expect(game.send(passUntilEndOfTurn('Ann', { declareNoAttackers: true }))).toBeNull();
    expect(game.view()).toMatchObject({ turn: 2, activePlayer: 'Bo', step: 'upkeep', priority: 'Bo' });
    expect(game.view().awaiting).toEqual({
      kind: 'priority', side: 'Bo', players: ['Bo'], reason: "Bo's standing pass (until Bo's next turn) reached its end: Bo holds priority", rule: '732.2',
    });
    // 732.2: Ann's pass ended just before turn 1's turnEnded; Bo's right after turn 2's turnBegan.
    const h = game.history;
    const annEnd = h.findIndex((r) => r.type === 'shortcutEnded' && r.player === 'Ann');
    expect(h[annEnd + 1]).toMatchObject({ type: 'turnEnded', turn: 1 });
    const boEnd = h.findIndex((r) => r.type === 'shortcutEnded' && r.player === 'Bo');
    expect(h[boEnd - 1]).toMatchObject({ type: 'turnBegan', turn: 2, player: 'Bo' });
    expect(game.view().shortcuts).toEqual({ Ann: null, Bo: null });
    // A stop per step and whose turn: Ann passes until Bo's end step, unless Bo's upkeep comes first (it does not: it is now).
    expect(game.send(passUntilStep('Ann', 'end', 'Bo', { stops: stopsAt(['upkeep'], 'others') }))).toBeNull();
    expect(game.view().shortcuts.Ann).toEqual({ until: { step: 'end', turnOf: 'Bo' }, unless: ['opponentCasts', 'opponentActivates', 'ownTrigger'], stops: [{ step: 'upkeep', whose: 'others' }] });
  });
});

describe('where a pass ends', () => {
  it('"next step": B passes in A\'s upkeep, and the pass ends as the next step (here the main phase) begins', () => {
    const game = createGame({ players: ['A', 'B'] });
    game.send(passUntilNextStep('B'));
    const from = game.history.length;
    game.send({ type: 'priority.pass', player: 'A' });
    expect(types(since(game, from))).toEqual(['passed', 'stateBasedActions', 'priority', 'passed', 'stepEnded', 'phaseEnded', 'phaseBegan', 'shortcutEnded', 'stateBasedActions', 'priority']);
    expect(since(game, from).find((r) => r.type === 'shortcutEnded')).toMatchObject({ player: 'B', reason: 'stop' });
    expect(game.view()).toMatchObject({ phase: 'precombatMain', priority: 'A' });
  });

  it('508.1: a pass that does not say so never declares attackers — the game waits for A, the pass staying in force', () => {
    const game = createGame({ players: ['A', 'B'] });
    game.send(passUntilEndOfTurn('B'));
    game.send(passUntilEndOfTurn('A'));
    expect(game.view()).toMatchObject({ step: 'declareAttackers', waitingFor: 'declareAttackers', declaring: 'A' });
    expect(game.view().awaiting?.reason).toBe("A's standing pass (until end of turn) does not declare attackers: the game waits for A");
    expect(game.view().shortcuts.A).not.toBeNull();
    game.send({ type: 'combat.declareAttackers', player: 'A', attackers: [] });
    expect(game.view()).toMatchObject({ turn: 2, step: 'upkeep', priority: 'B' });
  });

  it('603.3b: a pass never orders triggered abilities; ownTrigger ends the pass of the player whose ability goes on the stack', () => {
    const game = createGame({ players: ['A', 'B'], options: { triggerOrder: 'choose' } });
    game.send(passUntilNextTurn('B', 'B', NOTHING));
    game.send({ type: 'trigger.report', ability: { id: 'b1', controller: 'B', effects: [] } });
    game.send({ type: 'trigger.report', ability: { id: 'b2', controller: 'B', effects: [] } });
    game.send({ type: 'priority.pass', player: 'A' });
    expect(game.view()).toMatchObject({ waitingFor: 'orderTriggers', orderTriggers: { player: 'B', triggers: ['b1', 'b2'] } });
    game.send({ type: 'triggers.order', player: 'B', order: ['b2', 'b1'] });
    expect(game.history.filter((r) => r.type === 'shortcutEnded')).toMatchObject([{ player: 'B', reason: 'ownTrigger' }]);
  });

  it('the bound: 1000 automatic passes with no decision by hand end every pass (loopGuard); the player receiving priority then holds it', () => {
    const game = createGame({ players: ['A', 'B'] }, { history: 'all' }); // records of earlier turns are read
    const never = { unless: [], ...NOTHING };
    game.send(passUntilStep('B', 'firstStrikeDamage', undefined, never));
    const from = game.history.length;
    game.send(passUntilStep('A', 'firstStrikeDamage', undefined, never));
    const records = since(game, from);
    expect(records.filter((r) => r.type === 'passed')).toHaveLength(1000);
    expect(records.filter((r) => r.type === 'shortcutEnded').map((r) => (r as { reason: string }).reason)).toEqual(['loopGuard', 'loopGuard']);
    expect(game.view().priority).not.toBeNull();
    expect(game.view().awaiting?.reason).toMatch(/ended after 1000 automatic passes in a row/);
  });
});

describe('refusals (nothing changes)', () => {
  it('a cancel without a pass is refused with 732.2; a malformed until with its JSON path', () => {
    const game = createGame({ players: ['A', 'B'] });
    expect(game.send(cancelPassUntil('B'))).toEqual({ reason: 'B has no standing pass to cancel', rule: '732.2' });
    expect(game.send({ type: 'shortcut.passUntil', player: 'B', until: { step: 'end', endOfTurn: true } })).toMatchObject({ rule: 'input', path: 'until' });
    expect(game.send({ type: 'shortcut.passUntil', player: 'B', until: { endOfTurn: true, turnOf: 'A' } })).toMatchObject({ rule: 'input', path: 'until.turnOf' });
    expect(game.send({ type: 'shortcut.passUntil', player: 'B', until: { nextTurnOf: 'Z' } })).toMatchObject({ rule: 'input', path: 'until.nextTurnOf' });
    expect(game.send({ type: 'shortcut.passUntil', player: 'B', until: { endOfTurn: true }, unless: ['ownTrigger', 'ownTrigger'] })).toMatchObject({ path: 'unless[1]' });
    expect(game.send({ type: 'step.finished' })).toMatchObject({ rule: 'input' }); // one of the chart's own signals
    expect(game.history.some((r) => r.type === 'shortcutSet')).toBe(false);
  });

  it('a seat sets only its own pass (with teams, its team\'s)', () => {
    const game = createGame({ players: ['A', 'B'] });
    expect(game.seat('A').send(passUntilEndOfTurn('B'))).toMatchObject({ rule: 'seat' });
    expect(game.seat('B').send(passUntilEndOfTurn('B'))).toBeNull();
  });
});

describe('teams (805.5): the pass is the team\'s', () => {
  it('2HG: C sets the pass of C+D; the team passes by it; a spell of the other team ends it', () => {
    const game = createGame({ players: ['A', 'B', 'C', 'D'], teams: [['A', 'B'], ['C', 'D']], options: { variant: 'twoHeadedGiant' } });
    game.send(passUntilNextTurn('C', 'C+D', NOTHING));
    expect(game.view().shortcuts).toMatchObject({ 'C+D': { until: { nextTurnOf: 'C+D' } }, C: { until: { nextTurnOf: 'C+D' } }, D: { until: { nextTurnOf: 'C+D' } }, 'A+B': null });
    game.send({ type: 'priority.pass', player: 'A' });
    expect(game.history.filter((r) => r.type === 'passed').pop()).toMatchObject({ player: 'C', team: 'C+D' });
    game.send({ type: 'spell.cast', object: { id: 'bolt', controller: 'B', type: 'instant', effects: [] } });
    expect(game.history.filter((r) => r.type === 'shortcutEnded')).toMatchObject([{ player: 'C', team: 'C+D', reason: 'opponentCasts' }]);
  });
});

describe('persistence and the playout', () => {
  it('a game with a pass in force resumes from its snapshot and goes on the same; a snapshot holding priority against its pass is refused', () => {
    const game = createGame({ players: ['A', 'B'] });
    game.send(passUntilNextTurn('B', 'B', NOTHING));
    const json = JSON.parse(JSON.stringify(game.persist()));
    const resumed = createGame({ players: ['A', 'B'] }, { snapshot: restoreSnapshot(json) });
    expect(resumed.view()).toEqual({ ...game.view(), history: [] });
    game.send(passUntilEndOfTurn('A', NOTHING));
    resumed.send(passUntilEndOfTurn('A', NOTHING));
    expect(resumed.view()).toEqual({ ...game.view(), history: resumed.history });
    const tampered = JSON.parse(JSON.stringify(json));
    tampered.snapshot.context.shortcuts.passes.A = tampered.snapshot.context.shortcuts.passes.B;
    expect(() => restoreSnapshot(tampered)).toThrow(/snapshot\.context\.shortcuts: A holds priority while their standing pass holds/);
  });

  it('the playout passes the same: a whole turn in two sends, the same history as the actor', () => {
    const playout = createPlayout({ players: ['A', 'B'] });
    const game = createGame({ players: ['A', 'B'] });
    for (const event of [passUntilNextTurn('B', 'B', NOTHING), passUntilEndOfTurn('A', NOTHING)]) {
      expect(playout.send(event)).toBeNull();
      game.send(event);
    }
    expect(playout.view()).toMatchObject({ turn: 2, priority: 'B' });
    expect(playout.history).toEqual(game.history);
  });
});

describe('the scenario format\'s invalid files (exit status 2, with the JSON path)', () => {
  const scenario = (entry: object) => runScenario({ name: 'x', players: ['A', 'B'], script: [entry] });
  it.each([
    [{ passUntil: { player: 'B' } }, 'script[0].passUntil.until'],
    [{ passUntil: { player: 'B', until: { step: 'end', phase: 'ending' } } }, 'script[0].passUntil.until'],
    [{ passUntil: { player: 'B', until: { step: 'ends' } } }, 'script[0].passUntil.until.step'],
    [{ passUntil: { player: 'B', until: { endOfTurn: false } } }, 'script[0].passUntil.until.endOfTurn'],
    [{ passUntil: { player: 'B', until: { nextTurnOf: 'B', turnOf: 'A' } } }, 'script[0].passUntil.until.turnOf'],
    [{ passUntil: { player: 'B', until: { endOfTurn: true }, unless: ['opponentCasts', 'opponentCasts'] } }, 'script[0].passUntil.unless[1]'],
    [{ passUntil: { player: 'B', until: { endOfTurn: true }, declareNoAttackers: 'yes' } }, 'script[0].passUntil.declareNoAttackers'],
    [{ passUntil: { player: 'B', until: { endOfTurn: true }, stops: [] } }, 'script[0].passUntil'],
    [{ passUntil: { player: 'Z', until: { endOfTurn: true } } }, 'script[0].passUntil.player'],
    [{ cancelPassUntil: 'Z' }, 'script[0].cancelPassUntil'],
    [{ reject: { passUntil: { player: 'B', until: {} } } }, 'script[0].reject.passUntil.until'],
    [{ expect: { shortcuts: { B: { until: { endOfTurn: true } } } } }, 'script[0].expect.shortcuts.B.unless'],
  ])('%j → %s', (entry, path) => {
    const result = scenario(entry);
    expect(result.invalid).toBe(true);
    expect(result.failures[0].message.startsWith(`${path}:`), result.failures[0].message).toBe(true);
  });

  it('a reject of cancelPassUntil passes when B has no pass, and passUntil counts its automatic passes in passAll', () => {
    expect(runScenario({ name: 'r', players: ['A', 'B'], script: [{ reject: { cancelPassUntil: 'B' } }] }).ok).toBe(true);
    const result = runScenario({
      name: 'p', players: ['A', 'B'],
      script: [{ passUntil: { player: 'B', until: { step: 'draw' } } }, { passAll: true }, { expect: { phase: 'precombatMain', priority: 'A' } }],
    });
    expect(result.failures).toEqual([]);
  });
});
