// The typed event creators and toEvent (issue 23): the event made from each legal action is one the
// machine accepts as it stands (one legality function: legalActions and the guards agree), and each
// creator builds the event its rule names.
import { describe, expect, it } from 'vitest';
import {
  activate, addMana, cast, createGame, declareAttackers, declareBlockers, explainRefusal, legalActions, orderTriggers, pass,
  reportTrigger, setCombatant, toEvent, view, waitingFor, type Game, type LegalAction, type PlayerId,
} from '../../src/index.js';

let made = 0;
/** The event for every legal action of every player now but conceding (104.3a: always legal; tested apart); each must be accepted. */
function eventsOfLegalActions(game: Game) {
  const snapshot = game.snapshot();
  return snapshot.context.players.flatMap((player: PlayerId) => legalActions(snapshot, player).filter((a) => a.type !== 'player.concede').map((action: LegalAction) => {
    made += 1;
    const details = { player, object: { id: `x${made}`, effects: [] }, attackers: [], blockers: [] };
    const event = toEvent(action, details as never);
    return { player, action, event, refusal: explainRefusal(snapshot, event) };
  }));
}

describe('toEvent', () => {
  it('104.3a: every player may concede at any time, and the event made from that legal action is accepted', () => {
    const game = createGame({ players: ['A', 'B', 'C'] });
    for (const player of ['A', 'B', 'C']) expect(legalActions(game.snapshot(), player)).toContainEqual({ type: 'player.concede' });
    const event = toEvent({ type: 'player.concede' }, { player: 'B' });
    expect(event).toEqual({ type: 'player.concede', player: 'B' });
    expect(game.send(event)).toBeNull();
    expect(view(game.snapshot()).inGame).toEqual(['A', 'C']);
  });

  it('in the upkeep (117.3a): every legal action of the active player becomes an accepted event; the other has none', () => {
    const game = createGame({ players: ['A', 'B'] });
    const made = eventsOfLegalActions(game);
    expect(made.map((m) => m.player)).not.toContain('B');
    expect(made.map((m) => `${m.action.type}${'timing' in m.action ? ` ${m.action.timing}` : ''}`)).toEqual([
      'priority.pass', 'spell.cast instant', 'spell.cast yourTurn', 'ability.activate instant', 'ability.activate yourTurn',
    ]);
    expect(made.filter((m) => m.refusal !== null)).toEqual([]);
    expect(made[1].event).toEqual({ type: 'spell.cast', object: { type: 'instant', id: expect.any(String), effects: [], controller: 'A' } });
  });

  it('in the main phase with an empty stack (307.1): a sorcery-speed spell and ability too, and they are accepted', () => {
    const game = createGame({ players: ['A', 'B'] });
    game.send(pass('A'));
    game.send(pass('B'));
    expect(view(game.snapshot()).phase).toBe('precombatMain');
    const made = eventsOfLegalActions(game);
    const sorcery = made.filter((m) => 'timing' in m.action && m.action.timing === 'sorcery');
    expect(sorcery.map((m) => m.event.type)).toEqual(['spell.cast', 'ability.activate']);
    expect(sorcery.map((m) => (m.event as { object: { type?: string; timing?: string } }).object)).toMatchObject([{ type: 'sorcery' }, { timing: 'sorcery' }]);
    expect(made.filter((m) => m.refusal !== null)).toEqual([]);
  });

  it('declarations (508.1, 509.1) and an order of triggers (603.3b) from their legal actions are accepted', () => {
    const game = createGame({ players: ['A', 'B'], options: { triggerOrder: 'choose' } });
    while (waitingFor(game.snapshot()) !== 'declareAttackers') game.send(pass(view(game.snapshot()).priority!));
    const attack = eventsOfLegalActions(game);
    expect(attack.map((m) => m.event)).toEqual([{ type: 'combat.declareAttackers', player: 'A', attackers: [] }]);
    expect(game.send(declareAttackers('A', [{ id: 'bear' }]))).toBeNull();
    while (waitingFor(game.snapshot()) !== 'declareBlockers') game.send(pass(view(game.snapshot()).priority!));
    const block = eventsOfLegalActions(game);
    expect(block.map((m) => [m.event, m.refusal])).toEqual([[{ type: 'combat.declareBlockers', player: 'B', blockers: [] }, null]]);
    game.send(block[0].event);
    game.send(reportTrigger({ id: 't1', controller: 'A', type: 'triggered' }));
    game.send(reportTrigger({ id: 't2', controller: 'A', type: 'triggered' }));
    game.send(pass(view(game.snapshot()).priority!));
    expect(waitingFor(game.snapshot())).toBe('orderTriggers');
    const order = eventsOfLegalActions(game);
    expect(order.map((m) => [m.event, m.refusal])).toEqual([[{ type: 'triggers.order', player: 'A', order: ['t1', 't2'] }, null]]);
    // An order given in the details is the one sent.
    expect(toEvent(order[0].action, { player: 'A', order: ['t2', 't1'] })).toEqual(orderTriggers('A', ['t2', 't1']));
  });

  it('a value that is no legal action gives an event the machine refuses with its reason, changing nothing', () => {
    const game = createGame({ players: ['A', 'B'] });
    const before = game.snapshot();
    const event = toEvent({ type: 'priority.take' } as never, { player: 'A' } as never);
    expect(event).toEqual({ type: 'priority.take', player: 'A' });
    expect(game.send(event)).toMatchObject({ rule: 'input' });
    expect(game.snapshot()).toBe(before);
  });
});

describe('the event creators', () => {
  it('build the events of the vocabulary', () => {
    const object = { id: 'o', controller: 'A' };
    expect(pass('A')).toEqual({ type: 'priority.pass', player: 'A' });
    expect(cast(object)).toEqual({ type: 'spell.cast', object });
    expect(activate(object)).toEqual({ type: 'ability.activate', object });
    expect(declareBlockers('B')).toEqual({ type: 'combat.declareBlockers', player: 'B', blockers: [] });
    expect(setCombatant('bear', { firstStrike: true })).toEqual({ type: 'combatant.set', id: 'bear', firstStrike: true });
    expect(addMana('A', 2)).toEqual({ type: 'mana.add', player: 'A', amount: 2 });
  });
});
