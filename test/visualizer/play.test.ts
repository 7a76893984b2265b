import { describe, expect, it } from 'vitest';
import { PALETTE } from '../../src/visualizer/app/cards.js';
import { parseAttackers, parseBlockers, parseTrigger } from '../../src/visualizer/app/controls.js';
import { GAME_CHOICES, gameChoice } from '../../src/visualizer/app/games.js';
import { createLocalGame } from '../../src/visualizer/app/localGame.js';
import { actingPlayer, mayActInWords, sidesOf } from '../../src/visualizer/app/sides.js';
import { orderOfPicks, pickTrigger, unpickedTriggers } from '../../src/visualizer/app/triggerOrder.js';

const card = (key: string) => {
  const found = PALETTE.find((c) => c.key === key);
  if (!found) throw new Error(`no card ${key} in the palette`);
  return found;
};

describe('the new-game picker', () => {
  it('offers Two-Headed Giant, three teams under shared team turns and a triggerOrder "choose" game, each of which starts', () => {
    expect(gameChoice('2hg').input).toEqual({ players: ['A', 'B', 'C', 'D'], teams: [['A', 'B'], ['C', 'D']], options: { variant: 'twoHeadedGiant' } });
    expect(gameChoice('3teams').input).toMatchObject({ teams: [['A', 'B'], ['C', 'D'], ['E']], options: { sharedTeamTurns: true } });
    expect(gameChoice('2p-choose').input.options).toEqual({ triggerOrder: 'choose' });
    expect(gameChoice('no such game').key).toBe('2p');
    for (const choice of GAME_CHOICES) {
      const game = createLocalGame(choice.input);
      expect(game.game.view().players).toEqual(choice.input.players);
      game.stop();
    }
  });
});

describe('teams (805)', () => {
  it('lets B, the non-primary player, cast and pass for A+B; then C+D holds priority and either of C and D may act', () => {
    const game = createLocalGame(gameChoice('2hg').input);
    const start = game.game.view();
    expect(sidesOf(start)).toEqual([
      { id: 'A+B', players: ['A', 'B'], roles: ['active', 'priority'] },
      { id: 'C+D', players: ['C', 'D'], roles: [] },
    ]);
    expect(mayActInWords(start)).toBe('A or B (for team A+B)');
    const actor = actingPlayer(start, 'B');
    expect(actor).toBe('B');
    expect(actingPlayer(start, 'C')).toBe('A'); // C may not act now: the page acts as the first who may
    const ritual = { ...card('darkRitual').object(actor!), id: 'darkRitual' };
    expect(game.send({ type: 'spell.cast', object: ritual })).toBeNull();
    expect(game.send({ type: 'priority.pass', player: 'B' })).toBeNull();
    const after = game.game.view();
    expect(after.priority).toBe('C+D');
    expect(after.stackObjects).toEqual([{ id: 'darkRitual', controller: 'B', kind: 'spell' }]);
    expect(sidesOf(after).map((side) => [side.id, side.roles])).toEqual([['A+B', ['active']], ['C+D', ['priority']]]);
    expect(mayActInWords(after)).toBe('C or D (for team C+D)');
    expect(actingPlayer(after, 'B')).toBe('C');
    expect(game.send({ type: 'priority.pass', player: 'C+D' })).toBeNull(); // a team passes by its id too
    expect(game.game.view()).toMatchObject({ stack: [], priority: 'A+B', manaPool: { B: 3 } });
    game.stop();
  });

  it('names who declares in a three-team game, and reads a creature’s controller from `@`', () => {
    const view = { ...createLocalGame(gameChoice('3teams').input).game.view() };
    expect(sidesOf(view).map((side) => side.id)).toEqual(['A+B', 'C+D', 'E']);
    const declaring = { ...view, priority: null, awaiting: { kind: 'declareBlockers' as const, side: 'C+D', players: ['C', 'D'], reason: 'team C+D declares blockers (no standing pass)', rule: '509.1' } };
    expect(sidesOf(declaring).find((side) => side.id === 'C+D')?.roles).toEqual(['declareBlockers']);
    expect(parseAttackers('bearA, bearB@B, knight+fs@B')).toEqual([
      { id: 'bearA' },
      { id: 'bearB', controller: 'B' },
      { id: 'knight', firstStrike: true, controller: 'B' },
    ]);
    expect(parseBlockers('wall@D>bearB')).toEqual([{ id: 'wall', controller: 'D', blocking: 'bearB' }]);
    expect(parseTrigger('t1@B', 'A')).toMatchObject({ id: 't1', controller: 'B' });
    expect(parseTrigger(' t1 ', 'A')).toMatchObject({ id: 't1', controller: 'A' });
  });

  it('refuses creature text it cannot read, saying why, instead of dropping part of it', () => {
    expect(() => parseAttackers('knight+xx')).toThrow(/unknown flag \+xx/);
    expect(() => parseAttackers('+fs')).toThrow(/needs an id first/);
    expect(() => parseAttackers('bear@')).toThrow(/names the one player/);
    expect(() => parseAttackers('bear@A@B')).toThrow(/names the one player/);
  });
});

describe('ordering triggered abilities (603.3b)', () => {
  it('picks ids in order (first lowest), undoes, and the machine puts them on the stack in the order sent', () => {
    const game = createLocalGame(gameChoice('2p-choose').input);
    for (const id of ['t1', 't2', 't3']) game.send({ type: 'trigger.report', ability: parseTrigger(id, 'A') });
    game.send({ type: 'priority.pass', player: 'A' });
    const view = game.game.view();
    expect(view.waitingFor).toBe('orderTriggers');
    expect(view.orderTriggers).toEqual({ player: 'A', triggers: ['t1', 't2', 't3'] });
    expect(actingPlayer(view, undefined)).toBe('A');
    const triggers = view.orderTriggers!.triggers;
    let picked = pickTrigger(triggers, [], 2);
    picked = pickTrigger(triggers, picked, 2); // already picked: no change
    picked = pickTrigger(triggers, picked, 7); // no such ability: no change
    expect(orderOfPicks(triggers, picked)).toEqual(['t3']);
    expect(unpickedTriggers(triggers, picked)).toEqual([0, 1]);
    expect(game.send({ type: 'triggers.order', player: 'A', order: orderOfPicks(triggers, picked) })).toMatchObject({ rule: '603.3b' });
    picked = pickTrigger(triggers, pickTrigger(triggers, picked, 0), 1);
    expect(orderOfPicks(triggers, picked)).toEqual(['t3', 't1', 't2']);
    expect(game.send({ type: 'triggers.order', player: 'A', order: orderOfPicks(triggers, picked) })).toBeNull();
    expect(game.game.view()).toMatchObject({ stack: ['t3', 't1', 't2'], waitingFor: 'priority', orderTriggers: null });
    game.stop();
  });

  it('tells apart two abilities with one id by their place', () => {
    const triggers = ['t', 't', 'u'];
    const picked = pickTrigger(triggers, pickTrigger(triggers, [], 1), 0);
    expect(orderOfPicks(triggers, picked)).toEqual(['t', 't']);
    expect(unpickedTriggers(triggers, picked)).toEqual([2]);
  });
});

describe('durations and delayed triggers (611.2, 603.7)', () => {
  it('cards of the palette make an "until your next turn" effect and delayed triggers the view words', () => {
    const game = createLocalGame(gameChoice('2p').input);
    for (const key of ['teferisProtection', 'pactOfNegation', 'finalFortune']) {
      expect(game.send({ type: 'spell.cast', object: { ...card(key).object('A'), id: key } })).toBeNull();
    }
    while (game.game.view().stack.length) {
      game.send({ type: 'priority.pass', player: 'A' });
      game.send({ type: 'priority.pass', player: 'B' });
    }
    const view = game.game.view();
    expect(view.continuousEffects).toEqual([{ id: 'teferisProtection', until: "until A's next turn" }]);
    // Final Fortune, cast last, resolved first.
    expect(view.delayedTriggers).toEqual([
      { id: 'finalFortuneLoss', controller: 'A', when: 'at the beginning of the end step of that turn (an extra turn to come)' },
      { id: 'pactOfNegationPayment', controller: 'A', when: "at the beginning of the upkeep on A's next turn" },
    ]);
    game.stop();
  });
});

describe('control and rule numbers in the page (722; FORMAT.md "Rule numbers by edition")', () => {
  it('the page plays every seat: a controlled player\'s action is sent by its controller; records cite the edition picked', () => {
    const game = createLocalGame({ players: ['A', 'B'], options: { rulesEdition: '2025-09-26' } });
    expect(game.send({ type: 'ability.activate', object: { id: 'mindslaver', controller: 'A', effects: [{ controlNextTurn: { player: 'B', controller: 'A' } }] } })).toBeNull();
    for (let i = 0; i < 200 && game.game.view().turn < 2; i += 1) {
      const v = game.game.view();
      if (v.waitingFor === 'declareAttackers') game.send({ type: 'combat.declareAttackers', player: v.activePlayer!, attackers: [] });
      else game.send({ type: 'priority.pass', player: v.priority! });
    }
    expect(game.game.view()).toMatchObject({ turn: 2, controlledBy: { B: 'A' }, decider: 'A', rulesEdition: '2025-09-26' });
    expect(game.send({ type: 'priority.pass', player: 'B' })).toBeNull(); // sent by A, who decides for B
    expect(game.game.history.filter((r) => r.type === 'controlledAction')).toEqual([expect.objectContaining({ player: 'B', by: 'A' })]);
    expect(game.game.history.find((r) => r.type === 'controlBegan')).toMatchObject({ rule: '722.1' });
    game.stop();
  });
});
