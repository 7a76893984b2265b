// Five turns of a game between A and B through the engine, the engine's state checked after each:
// Time Stop (723.1), Mandate of Peace (723.2), a 514.3a second cleanup, Day's Undoing with a creature
// destroyed by 723.1c's state-based-action check.
import { beforeEach, describe, expect, it } from 'vitest';
import { Engine, type Executor } from '../src/engine.js';

const plains = (n: number) => Array.from({ length: n }, () => 'Plains');

let executor: Executor = 'actor';

function newGame(): Engine {
  return new Engine([
    {
      id: 'A',
      library: plains(20),
      hand: ['Time Stop', 'Mandate of Peace', 'Giant Growth', 'Ancestral Recall', "Day's Undoing", ...plains(4)],
      battlefield: ['Grizzly Bears', 'Lhurgoyf'],
    },
    {
      id: 'B',
      library: plains(20),
      hand: ['Shock', 'Shock', 'Grim Affliction', ...plains(4)],
      battlefield: ['Hill Giant'],
      graveyard: ['Llanowar Elves', 'Grizzly Bears'],
    },
  ], {}, executor);
}

const names = (cards: { name: string }[]) => cards.map((card) => card.name);
const ok = (refusal: unknown) => expect(refusal).toBeNull();

/** Turn 1: B shocks A's Grizzly Bears; A answers with Time Stop. */
function turnOne(engine: Engine): void {
  const { game } = engine;
  engine.passUntil(() => game.view().phase === 'precombatMain');
  ok(engine.pass('A'));
  ok(engine.cast('B', 'Shock', [engine.named('Grizzly Bears').card.id]));
  ok(engine.pass('B'));
  ok(engine.cast('A', 'Time Stop'));
  ok(engine.pass('A'));
  ok(engine.pass('B'));
}

/** Turn 2 (B): Hill Giant attacks, Grizzly Bears blocks, A casts Mandate of Peace in the declare blockers step. */
function turnTwo(engine: Engine): void {
  const { game } = engine;
  const giant = engine.named('Hill Giant').card.id;
  engine.passUntil(() => game.view().waitingFor === 'declareAttackers');
  ok(engine.attack('B', [giant]));
  engine.passUntil(() => game.view().waitingFor === 'declareBlockers');
  ok(engine.block('A', [[engine.named('Grizzly Bears').card.id, giant]]));
  ok(engine.pass('B'));
  ok(engine.cast('A', 'Mandate of Peace'));
  ok(engine.pass('A'));
  ok(engine.pass('B'));
}

/**
 * Turn 3 (A): Giant Growth on Grizzly Bears, then B's Grim Affliction (two -1/-1 counters): a 3/3 until
 * the cleanup step ends Giant Growth (514.2) and the 514.3 check finds a 0/0. A receives priority
 * (514.3a), casts Ancestral Recall (draws three), and all pass: another cleanup step.
 */
function turnThree(engine: Engine): void {
  const { game } = engine;
  engine.passUntil(() => game.view().turn === 3 && game.view().phase === 'precombatMain');
  const bears = engine.named('Grizzly Bears').card.id;
  ok(engine.cast('A', 'Giant Growth', [bears]));
  ok(engine.pass('A'));
  ok(engine.pass('B'));
  ok(engine.pass('A'));
  ok(engine.cast('B', 'Grim Affliction', [bears]));
  ok(engine.pass('B'));
  ok(engine.pass('A'));
}

// The same engine on both executors: the actor (createGame) and the playout (createPlayout), every test on each.
describe.each<Executor>(['actor', 'playout'])('a host engine plugged into the turn machine (%s)', (on) => {
  beforeEach(() => { executor = on; });

  it('Time Stop: the stack is exiled, so the Shock never deals its damage; A discards down to seven in cleanup', () => {
    const engine = newGame();
    turnOne(engine);
    const { game, players } = engine;
    expect(game.view()).toMatchObject({ turn: 2, activePlayer: 'B', step: 'upkeep' });
    expect(names(engine.exile)).toEqual(['Shock', 'Time Stop']); // 723.1b
    expect(engine.named('Grizzly Bears').damage).toBe(0);
    expect(players.A.hand).toHaveLength(7); // nine, Time Stop cast, one Plains discarded
    expect(names(players.A.graveyard)).toEqual(['Plains']);
    expect(names(players.B.hand)).toEqual(['Shock', 'Grim Affliction', 'Plains', 'Plains', 'Plains', 'Plains']);
    expect(engine.log).toEqual(['T1 502.3 A untaps nothing', 'T1 514.1 A discards 1', 'T2 502.3 B untaps nothing']);
  });

  it('Mandate of Peace: combat ends before damage; the attacker stays tapped until its controller untaps', () => {
    const engine = newGame();
    turnOne(engine);
    turnTwo(engine);
    const { game, players } = engine;
    expect(game.view()).toMatchObject({ turn: 2, phase: 'postcombatMain', priority: 'B', attackers: [], blockers: [] });
    expect(engine.named('Hill Giant')).toMatchObject({ tapped: true, damage: 0 });
    expect(engine.named('Grizzly Bears')).toMatchObject({ damage: 0 });
    expect(players.A.life).toBe(20);
    expect(engine.log.some((line) => line.includes('510.2'))).toBe(false); // no combat damage step
    expect(names(engine.exile)).toEqual(['Shock', 'Time Stop', 'Mandate of Peace']); // 723.2b exiles the resolving spell too
    engine.passUntil(() => game.view().turn === 4);
    expect(engine.named('Hill Giant').tapped).toBe(false);
    expect(engine.log).toContain('T4 502.3 B untaps Hill Giant');
  });

  it('514.3a: a 0/0 found by the cleanup check dies, A receives priority, and another cleanup step follows', () => {
    const engine = newGame();
    turnOne(engine);
    turnTwo(engine);
    turnThree(engine);
    const { game, players } = engine;
    const bears = engine.named('Grizzly Bears');
    expect(engine.toughness(bears)).toBe(3);
    engine.passUntil(() => game.view().step === 'cleanup');
    expect(game.view()).toMatchObject({ turn: 3, step: 'cleanup', priority: 'A' });
    expect(engine.battlefield.map((p) => p.card.name)).not.toContain('Grizzly Bears');
    expect(names(players.A.graveyard)).toContain('Grizzly Bears');
    expect(engine.log).toContain('T3 514.3 Grizzly Bears dies (704.5f)');
    ok(engine.cast('A', 'Ancestral Recall', ['A']));
    ok(engine.pass('A'));
    ok(engine.pass('B'));
    expect(players.A.hand).toHaveLength(8);
    engine.passUntil(() => game.view().turn === 4);
    expect(game.view().stepsThisTurn).toEqual(['untap', 'upkeep']);
    expect(game.history.filter((r) => r.turn === 3 && r.type === 'stepBegan' && r.step === 'cleanup')).toHaveLength(2);
  });

  // The machine counts a hand from its draws only; it calls discardCards in every cleanup step, so the
  // engine, whose real hand (Ancestral Recall drew three) holds eight, discards in the second one.
  it('514.3a: the second cleanup step discards the cards drawn in the first one\'s priority window', () => {
    const engine = newGame();
    turnOne(engine);
    turnTwo(engine);
    turnThree(engine);
    const { game, players } = engine;
    engine.passUntil(() => game.view().step === 'cleanup');
    ok(engine.cast('A', 'Ancestral Recall', ['A']));
    ok(engine.pass('A'));
    ok(engine.pass('B'));
    engine.passUntil(() => game.view().turn === 4);
    expect(players.A.hand).toHaveLength(7);
    expect(engine.log).toContain('T3 514.1 A discards 1');
  });

  it("Day's Undoing: the Shock's 2 damage on a 3/4 Lhurgoyf, then each player shuffles and draws seven, and the turn ends", () => {
    const engine = newGame();
    daysUndoing(engine, (damage, toughness) => {
      expect(damage).toBe(2); // the 117.5 check after the Shock let it live
      expect(toughness).toBe(4); // Llanowar Elves and two Grizzly Bears in graveyards
    });
    const { game, players } = engine;
    expect(names(engine.exile)).toContain("Day's Undoing"); // 723.1b
    expect(players.A.hand).toHaveLength(7);
    expect(players.B.hand).toHaveLength(7);
    expect(game.view()).toMatchObject({ turn: 6, activePlayer: 'B' });
  });

  // Day's Undoing's own part (the shuffle) is done by the resolveObject hook as it begins to resolve
  // (608.2c), before its endTurn: 723.1c's check then sees a 0/1 with 2 damage.
  it("Day's Undoing: with the graveyards shuffled away Lhurgoyf is a 0/1 with 2 damage, destroyed by 723.1c's check", () => {
    const engine = newGame();
    daysUndoing(engine);
    expect(engine.log).toContain('T5 723.1c Lhurgoyf dies (704.5g)');
    expect(names(engine.players.A.graveyard)).toEqual(['Lhurgoyf']); // the graveyard was shuffled away first
  });
});

/** Turns 1–5: in A's fifth turn B shocks Lhurgoyf, then A casts Day's Undoing; `before` sees Lhurgoyf's damage and toughness as it is cast. */
function daysUndoing(engine: Engine, before: (damage: number, toughness: number) => void = () => {}) {
  const { game } = engine;
  turnOne(engine);
  turnTwo(engine);
  turnThree(engine);
  engine.passUntil(() => game.view().turn === 5 && game.view().phase === 'precombatMain');
  const lhurgoyf = engine.named('Lhurgoyf');
  ok(engine.pass('A'));
  ok(engine.cast('B', 'Shock', [lhurgoyf.card.id]));
  ok(engine.pass('B'));
  ok(engine.pass('A'));
  expect(game.view()).toMatchObject({ priority: 'A', stack: [] });
  before(lhurgoyf.damage, engine.toughness(lhurgoyf));
  ok(engine.cast('A', "Day's Undoing"));
  ok(engine.pass('A'));
  ok(engine.pass('B'));
  return lhurgoyf;
}

/** What the engine holds: its players' cards and life, its permanents, its exile, its log. */
const engineState = (engine: Engine) => ({
  players: engine.players, battlefield: engine.battlefield, exile: engine.exile, log: engine.log,
});

describe('the actor and the playout drive the engine alike', () => {
  it("after the same five turns (Time Stop, Mandate of Peace, a second cleanup, Day's Undoing) the engine's state is the same", () => {
    const play = (on: Executor) => {
      executor = on;
      const engine = newGame();
      daysUndoing(engine);
      return engine;
    };
    const [actor, playout] = [play('actor'), play('playout')];
    expect(engineState(playout)).toEqual(engineState(actor));
    expect(playout.game.history).toEqual(actor.game.history);
    expect(actor.log.length).toBeGreaterThan(10); // the hooks ran on both (untaps, discards, deaths, combat damage)
  });
});
