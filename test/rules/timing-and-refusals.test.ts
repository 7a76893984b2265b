// 117.1, 307.1, 301.1, 602.5: what may be done now; refusals change nothing and say why.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { explainRefusal, legalActions, turnMachine, type TurnEvent } from '../../src/index.js';
import { cast, everyonePasses, gameWithPriorityIn, goTo, newGame, ok } from '../helpers.js';

function refusedWithoutChange(game: ReturnType<typeof newGame>, event: TurnEvent) {
  const before = JSON.stringify(game.snapshot().context);
  const historyLength = game.history.length;
  const refusal = game.send(event);
  expect(refusal).not.toBeNull();
  expect(JSON.stringify(game.snapshot().context)).toBe(before);
  expect(game.history.length).toBe(historyLength);
  return refusal!;
}

describe('refusals name the reason and the rule, and change nothing', () => {
  it('a player without priority passing (117.1)', () => {
    const refusal = refusedWithoutChange(newGame(), { type: 'priority.pass', player: 'B' });
    expect(refusal).toEqual({ reason: 'B cannot pass: A holds priority', rule: '117.1' });
  });

  it('a sorcery outside a main phase, on a non-empty stack, or by the non-active player (307.1)', () => {
    expect(refusedWithoutChange(newGame(), { type: 'spell.cast', object: { id: 's', controller: 'A', type: 'sorcery' } }).rule).toBe('307.1');
    const game = gameWithPriorityIn('precombatMain');
    cast(game, { id: 'bolt' });
    expect(refusedWithoutChange(game, { type: 'spell.cast', object: { id: 's', controller: 'A', type: 'sorcery' } }).reason).toMatch(/stack is empty/);
    everyonePasses(game);
    ok(game, { type: 'priority.pass', player: 'A' });
    expect(refusedWithoutChange(game, { type: 'spell.cast', object: { id: 's', controller: 'B', type: 'sorcery' } }).reason).toMatch(/own turn/);
  });

  it('a creature needs sorcery timing (301.1) unless it has flash; an instant does not', () => {
    const game = newGame();
    expect(refusedWithoutChange(game, { type: 'spell.cast', object: { id: 'bear', controller: 'A', type: 'creature' } }).rule).toBe('301.1');
    ok(game, { type: 'spell.cast', object: { id: 'ambusher', controller: 'A', type: 'creature', timing: 'instant' } });
    ok(game, { type: 'spell.cast', object: { id: 'bolt', controller: 'A', type: 'instant' } });
  });

  it('an "activate only during your turn" ability (Sundial) and a sorcery-speed ability', () => {
    const game = newGame();
    ok(game, { type: 'priority.pass', player: 'A' });
    expect(refusedWithoutChange(game, { type: 'ability.activate', object: { id: 'sundial', controller: 'B', timing: 'yourTurn' } }).rule).toBe('602.5b');
    expect(refusedWithoutChange(game, { type: 'ability.activate', object: { id: 'equip', controller: 'B', timing: 'sorcery' } }).rule).toBe('602.5d');
  });

  it('declarations outside their step, or by the wrong player (508.1, 509.1)', () => {
    const game = newGame();
    expect(refusedWithoutChange(game, { type: 'combat.declareAttackers', player: 'A', attackers: [] }).rule).toBe('508.1');
    goTo(game, { turn: 1, step: 'declareAttackers' });
    expect(refusedWithoutChange(game, { type: 'combat.declareAttackers', player: 'B', attackers: [] }).rule).toBe('508.1');
    expect(refusedWithoutChange(game, { type: 'priority.pass', player: 'A' }).reason).toMatch(/no player holds priority/);
  });

  it('malformed payloads are refused the same way', () => {
    const game = newGame();
    for (const event of [
      { type: 'priority.pass', player: 'Z' },
      { type: 'priority.pass' },
      { type: 'spell.cast', object: { controller: 'A' } },
      { type: 'spell.cast', object: { id: 'x', controller: 'A', type: 'instnt' } },
      { type: 'mana.add', player: 'A', amount: -1 },
      { type: 'trigger.register', trigger: { id: 't', controller: 'A', when: 'lunch' } },
      { type: 'combat.declareAttackers', player: 'A', attackers: 'bear' },
    ]) {
      expect(refusedWithoutChange(game, event as unknown as TurnEvent).rule).toBe('input');
    }
  });

  it('the raw actor emits `rejected` with the event', () => {
    const actor = createActor(turnMachine, { input: { players: ['A', 'B'] } });
    const rejected: unknown[] = [];
    actor.on('rejected', (e) => rejected.push(e));
    actor.start();
    actor.send({ type: 'priority.pass', player: 'B' });
    expect(rejected).toEqual([{ type: 'rejected', event: { type: 'priority.pass', player: 'B' }, reason: 'B cannot pass: A holds priority', rule: '117.1' }]);
  });
});

describe('legalActions and explainRefusal agree with the machine', () => {
  it('in the upkeep A may pass, cast instants, activate non-sorcery abilities (not "only during combat"); B may only concede (104.3a)', () => {
    const game = newGame();
    expect(legalActions(game.snapshot(), 'A')).toEqual([
      { type: 'priority.pass' }, { type: 'spell.cast', timing: 'instant' }, { type: 'spell.cast', timing: 'yourTurn' },
      { type: 'ability.activate', timing: 'instant' }, { type: 'ability.activate', timing: 'yourTurn' }, { type: 'player.concede' },
    ]);
    expect(legalActions(game.snapshot(), 'B')).toEqual([{ type: 'player.concede' }]);
  });

  it('in combat, "only during combat" spells and abilities are offered; attackers are barred from extra turns only in one', () => {
    const game = newGame();
    goTo(game, { turn: 1, step: 'declareAttackers' });
    expect(legalActions(game.snapshot(), 'A')).toEqual([{ type: 'combat.declareAttackers', barred: [] }, { type: 'player.concede' }]);
    ok(game, { type: 'combat.declareAttackers', player: 'A', attackers: [] });
    expect(legalActions(game.snapshot(), 'A')).toEqual(expect.arrayContaining([
      { type: 'spell.cast', timing: 'combat' }, { type: 'ability.activate', timing: 'combat' },
    ]));
    expect(legalActions(game.snapshot(), 'B')).toEqual([{ type: 'player.concede' }]);
  });

  it('over a whole turn of varied states, every probe event is accepted exactly when explainRefusal says so', () => {
    const game = newGame(['A', 'B', 'C']);
    ok(game, { type: 'trigger.register', trigger: { id: 't', controller: 'B', when: 'beginningOfCombat' } });
    const probes = (player: string): TurnEvent[] => [
      { type: 'priority.pass', player },
      { type: 'spell.cast', object: { id: `i-${player}`, controller: player, type: 'instant' } },
      { type: 'spell.cast', object: { id: `s-${player}`, controller: player, type: 'sorcery' } },
      { type: 'ability.activate', object: { id: `y-${player}`, controller: player, timing: 'yourTurn' } },
      { type: 'combat.declareAttackers', player, attackers: [{ id: 'bear' }] },
      { type: 'combat.declareBlockers', player, blockers: [] },
    ];
    let checked = 0;
    for (let i = 0; i < 120 && game.view().turn === 1; i += 1) {
      for (const player of ['A', 'B', 'C']) {
        for (const event of probes(player)) {
          const predicted = explainRefusal(game.snapshot(), event);
          const probe = newGameAt(game);
          expect(probe.send(event), `${event.type} by ${player} at ${game.view().step}`).toEqual(predicted);
          checked += 1;
        }
      }
      const v = game.view();
      if (v.waitingFor === 'declareAttackers') ok(game, { type: 'combat.declareAttackers', player: 'A', attackers: [{ id: 'bear' }] });
      else if (v.waitingFor === 'declareBlockers') ok(game, { type: 'combat.declareBlockers', player: game.snapshot().context.defendersToDeclare[0], blockers: [] });
      else if (i % 7 === 3 && v.priority) cast(game, { id: `bolt${i}`, controller: v.priority });
      else ok(game, { type: 'priority.pass', player: v.priority! });
    }
    expect(checked).toBeGreaterThan(500);
  });
});

/** A copy of `game` at its current snapshot (persisted and restored), to probe without disturbing it. */
function newGameAt(game: ReturnType<typeof newGame>) {
  const actor = createActor(turnMachine, { snapshot: game.actor.getPersistedSnapshot(), input: { players: [...game.snapshot().context.players] } });
  let refusal: { reason: string; rule: string } | null = null;
  actor.on('rejected', (e) => { refusal = { reason: e.reason, rule: e.rule }; });
  actor.start();
  return { send: (event: TurnEvent) => { refusal = null; actor.send(event); return refusal; } };
}
