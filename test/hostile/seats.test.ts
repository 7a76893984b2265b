// Seats: a client that controls one player can act only as that player; the host keeps
// `game.send` for its own reports.
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/index.js';

describe('a seat acts only for its player', () => {
  it('refuses actions as another player and the host\'s reports, and changes nothing', () => {
    const game = createGame({ players: ['A', 'B'] });
    const b = game.seat('B');
    const before = JSON.stringify(game.persist());
    expect(b.send({ type: 'priority.pass', player: 'A' })).toMatchObject({ rule: 'seat', reason: "B's seat cannot act for A" });
    expect(b.send({ type: 'spell.cast', object: { id: 'x', controller: 'A' } })).toMatchObject({ rule: 'seat' });
    expect(b.send({ type: 'trigger.report', ability: { id: 't', controller: 'B' } })).toMatchObject({ rule: 'seat', reason: expect.stringContaining('report of the host game') });
    expect(b.send({ type: 'mana.add', player: 'B', amount: 1 })).toMatchObject({ rule: 'seat' });
    expect(b.send(null)).toMatchObject({ rule: 'input' });
    expect(JSON.stringify(game.persist())).toBe(before);
  });

  it('passes its own player\'s actions to the game, legal or not', () => {
    const game = createGame({ players: ['A', 'B'] });
    const a = game.seat('A');
    const b = game.seat('B');
    expect(b.send({ type: 'priority.pass', player: 'B' })).toMatchObject({ rule: '117.1' }); // B's own action, refused by the rules
    expect(a.send({ type: 'priority.pass', player: 'A' })).toBeNull();
    expect(b.send({ type: 'priority.pass', player: 'B' })).toBeNull();
    expect(a.view()).toMatchObject({ phase: 'precombatMain', step: null, priority: 'A' });
    expect(a.legalActions()).toContainEqual({ type: 'priority.pass' });
    expect(b.legalActions()).toEqual([{ type: 'player.concede' }]); // 104.3a: at any time
  });

  it('a seat of a player who left the game sends nothing and has no legal action (800.4a); the others play on', () => {
    const game = createGame({ players: ['A', 'B', 'C'] });
    const b = game.seat('B');
    expect(b.send({ type: 'player.concede', player: 'B' })).toBeNull();
    const before = JSON.stringify(game.persist());
    expect(b.send({ type: 'player.concede', player: 'B' })).toMatchObject({ rule: '800.4a', reason: expect.stringContaining('has left the game') });
    expect(b.send({ type: 'priority.pass', player: 'B' })).toMatchObject({ rule: '800.4a' });
    expect(b.legalActions()).toEqual([]);
    expect(game.send({ type: 'player.concede', player: 'B' })).toMatchObject({ rule: '104.3a' });
    expect(JSON.stringify(game.persist())).toBe(before);
    expect(game.seat('A').legalActions()).toContainEqual({ type: 'priority.pass' });
  });

  it('a game that is over refuses every seat and every report, with its reason (104.2a)', () => {
    const game = createGame({ players: ['A', 'B'] });
    expect(game.seat('A').send({ type: 'player.concede', player: 'A' })).toBeNull();
    expect(game.view()).toMatchObject({ gameOver: true, winners: ['B'], inGame: ['B'], priority: null, waitingFor: null });
    expect(game.seat('B').send({ type: 'priority.pass', player: 'B' })).toMatchObject({ rule: '104.2a' });
    expect(game.send({ type: 'trigger.report', ability: { id: 't', controller: 'B' } })).toMatchObject({ rule: '104.2a', reason: expect.stringContaining('the game is over') });
    expect(game.legalActions('B')).toEqual([]);
  });

  it('is only for players of the game', () => {
    expect(() => createGame({ players: ['A', 'B'] }).seat('Z')).toThrow(/not a player/);
  });
});
