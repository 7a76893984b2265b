// 722 (723 from the April 2026 edition): controlling another player, through the public API —
// who sends what (`by`, seats), the refusals with their rule, persistence mid-control, and the
// functions the "leaving the game" rules call (800.4a).
import { describe, expect, it } from 'vitest';
import {
  PLAYER_EVENT_TYPES, createGame, persistGame, restoreSnapshot, senderOf, type Game, type GameInput, type TurnEvent,
} from '../../src/index.js';
import { deciderOf, endControlBy, endControlOf } from '../../src/rules/control.js';
import { beginDraft, changesOf } from '../../src/rules/draft.js';
import type { GameContext } from '../../src/rules/types.js';
import { EVENT_SCHEMAS, parse, DEFAULT_LIMITS, type AnySchema } from '../../src/vocabulary/index.js';
import { goTo, ok } from '../helpers.js';

const mindslaver = (game: Game, player: string, controller: string, extra: object = {}) => {
  const { priority: holder, decider } = game.view();
  ok(game, {
    type: 'ability.activate', ...(decider !== holder && { by: decider! }),
    object: { id: `mindslaver${game.history.length}`, controller: holder!, effects: [{ controlNextTurn: { player, controller, ...extra } }] },
  });
  for (let i = 0; i < game.view().players.length; i += 1) {
    const v = game.view();
    ok(game, { type: 'priority.pass', player: v.priority!, ...(v.decider !== v.priority && { by: v.decider! }) });
  }
};

/** A controls B during B's turn 2; the game at B's first priority of turn 2. */
function controlledTurn(input: GameInput = { players: ['A', 'B'] }): Game {
  const game = createGame(input);
  mindslaver(game, 'B', 'A');
  goTo(game, { turn: 2, step: 'upkeep' });
  return game;
}

describe('who sends a player event (`by`, senderOf)', () => {
  it('every player event takes an optional `by`, and only player events do', () => {
    const env = { players: new Set(['A', 'B']), teams: null, limits: DEFAULT_LIMITS };
    const samples: Record<string, object> = {
      'priority.pass': { player: 'B' },
      'spell.cast': { object: { id: 'x', controller: 'B' } },
      'ability.activate': { object: { id: 'x', controller: 'B' } },
      'combat.declareAttackers': { player: 'B', attackers: [] },
      'combat.declareBlockers': { player: 'B', blockers: [] },
      'triggers.order': { player: 'B', order: [] },
    };
    for (const type of PLAYER_EVENT_TYPES) {
      const schema = EVENT_SCHEMAS[type] as AnySchema;
      expect(schema.kind === 'object' && 'by' in schema.shape, `${type} has no "by"`).toBe(true);
      const sample = samples[type];
      if (!sample) continue; // an event added later: its schema has `by` (above), its sample is its own test's
      const event = { type, ...sample, by: 'A' } as TurnEvent;
      expect(parse(schema, event, env).ok).toBe(true);
      expect(senderOf(event)).toBe('A');
      expect(senderOf({ ...event, by: undefined } as TurnEvent)).toBe('B');
      expect(parse(schema, { ...event, by: 'Z' }, env).ok).toBe(false); // an unknown sender is malformed
    }
    expect((EVENT_SCHEMAS['mana.add'] as AnySchema).kind === 'object' && 'by' in (EVENT_SCHEMAS['mana.add'] as { shape: object }).shape).toBe(false);
    expect(senderOf({ type: 'mana.add', player: 'A', amount: 1 })).toBeNull();
  });
});

describe('722.5: the controller makes the controlled player\'s decisions', () => {
  it('refuses the controlled player\'s own action and a send by someone else, with the rule of the edition', () => {
    const game = controlledTurn();
    expect(game.view()).toMatchObject({ activePlayer: 'B', priority: 'B', decider: 'A', controlledBy: { B: 'A' } });
    const before = JSON.stringify(game.persist());
    expect(game.send({ type: 'priority.pass', player: 'B' })).toMatchObject({ rule: '723.5', reason: expect.stringContaining('controlled by A') });
    expect(game.send({ type: 'priority.pass', player: 'B', by: 'B' })).toMatchObject({ rule: '723.5' });
    expect(game.send({ type: 'spell.cast', object: { id: 'bolt', controller: 'B', effects: [] } })).toMatchObject({ rule: '723.5' });
    expect(JSON.stringify(game.persist())).toBe(before);
    // A cannot act as a player it does not control; B never decides for A
    expect(game.send({ type: 'spell.cast', object: { id: 'bolt', controller: 'A', effects: [] }, by: 'B' })).toMatchObject({ rule: '723.5' });
    expect(game.send({ type: 'priority.pass', player: 'B', by: 'A' })).toBeNull();
    expect(game.history.slice(-4).map((r) => r.type)).toEqual(['controlledAction', 'passed', 'stateBasedActions', 'priority']);
  });

  it('cites 722.5 in the September 2025 edition and 719.5 in November 2023', () => {
    for (const [rulesEdition, rule] of [['2025-09-26', '722.5'], ['2023-11-17', '719.5']]) {
      const game = controlledTurn({ players: ['A', 'B'], options: { rulesEdition } });
      expect(game.send({ type: 'priority.pass', player: 'B' })).toMatchObject({ rule });
    }
  });

  it('legalActions names what may be done for B (sent by A); B\'s own seat offers nothing', () => {
    const game = controlledTurn();
    expect(game.legalActions('B')).toContainEqual({ type: 'priority.pass' });
    expect(game.legalActions('B')).toContainEqual({ type: 'player.concede' }); // 722.6: B's own decision, sent by B
    expect(game.seat('B').legalActions()).toEqual([{ type: 'player.concede' }]); // 722.6: B may still concede
    expect(game.seat('A').legalActions()).toEqual([{ type: 'player.concede' }]); // A does not hold priority: B does (sent by A through B's actions)
  });
});

describe('seats: the controller\'s seat acts for the controlled player', () => {
  it('A\'s seat sends B\'s pass (with `by`); B\'s seat is refused with the rule; a seat cannot send as someone else', () => {
    const game = controlledTurn();
    const a = game.seat('A');
    const b = game.seat('B');
    expect(b.send({ type: 'priority.pass', player: 'B' })).toMatchObject({ rule: '723.5' });
    expect(b.send({ type: 'priority.pass', player: 'B', by: 'A' })).toMatchObject({ rule: 'seat', reason: "B's seat cannot send as A" });
    expect(a.send({ type: 'priority.pass', player: 'B' })).toBeNull();
    expect(game.history.find((r) => r.type === 'controlledAction')).toMatchObject({ player: 'B', by: 'A', action: 'pass' });
    expect(a.send({ type: 'priority.pass', player: 'A' })).toBeNull();
    expect(game.view().step).toBe('draw');
  });

  it('out of control, a seat acts for nobody else (as before)', () => {
    const game = createGame({ players: ['A', 'B'] });
    expect(game.seat('A').send({ type: 'priority.pass', player: 'B' })).toMatchObject({ rule: 'seat' });
  });
});

describe('persistence: a game mid-control restores identically', () => {
  it('the view, the next events and their records are the same after a restore', () => {
    const game = controlledTurn({ players: ['A', 'B', 'C'], options: { history: 'all' } }); // the twin resumes keeping all too
    mindslaver(game, 'B', 'C'); // created during B's controlled turn: waits for B's next turn (722.1)
    const json = JSON.stringify(persistGame(game.actor));
    const twin = createGame({ players: ['A', 'B', 'C'] }, { snapshot: restoreSnapshot(JSON.parse(json)) });
    const strip = (g: Game) => ({ ...g.view(), history: undefined });
    expect(strip(twin)).toEqual(strip(game));
    expect(game.view()).toMatchObject({ controlledBy: { B: 'A' }, pendingControl: { B: 'C' } });
    const from = [game.history.length, twin.history.length];
    for (const g of [game, twin]) goTo(g, { turn: 5, step: 'upkeep' });
    expect(twin.history.slice(from[1])).toEqual(game.history.slice(from[0]));
    expect(strip(twin)).toEqual(strip(game));
    expect(game.history.filter((r) => r.type === 'controlBegan').map((r) => [r.turn, r.controller])).toEqual([[2, 'A'], [5, 'C']]);
  });

  it('a snapshot naming an unknown side or controller is refused with its path', () => {
    const game = controlledTurn();
    const persisted = JSON.parse(JSON.stringify(persistGame(game.actor)));
    persisted.snapshot.context.control.side = 'Z';
    expect(() => restoreSnapshot(persisted)).toThrow(/control\.side/);
  });
});

describe('800.4a, for the "leaving the game" rules: endControlOf / endControlBy', () => {
  const ctxOf = (game: Game) => game.snapshot().context as GameContext;

  it('the controller leaves: the control in force ends at once (controlEnded with the rule given), its waiting effects never apply', () => {
    const game = controlledTurn({ players: ['A', 'B', 'C'] });
    mindslaver(game, 'C', 'A');
    const draft = beginDraft(ctxOf(game));
    endControlBy(draft, 'A', '800.4a');
    expect(draft.records).toEqual([expect.objectContaining({ type: 'controlEnded', player: 'B', controller: 'A', rule: '800.4a' })]);
    const after = { ...ctxOf(game), ...changesOf(draft) } as GameContext;
    expect(after.control).toBeNull();
    expect(after.pendingControl).toEqual([]);
    expect(deciderOf(after, 'B')).toBe('B');
  });

  it('the controlled player leaves: its control ends, effects waiting for it are gone, Emrakul gives it no extra turn', () => {
    const game = createGame({ players: ['A', 'B', 'C'] });
    mindslaver(game, 'B', 'A', { thenExtraTurn: true });
    goTo(game, { turn: 2, step: 'upkeep' });
    expect(ctxOf(game).controlExtraTurns).toBe(1);
    // while B is still in the game, nothing ends (805.8: with teams, a team still in the game stays controlled)
    const early = beginDraft(ctxOf(game));
    endControlOf(early, 'B', '800.4a');
    expect(early.records).toEqual([]);
    const draft = beginDraft({ ...ctxOf(game), left: ['B'] });
    endControlOf(draft, 'B', '800.4a');
    const after = { ...ctxOf(game), ...changesOf(draft) } as GameContext;
    expect(after.control).toBeNull();
    expect(after.controlExtraTurns).toBe(0);
    expect(draft.records.map((r) => r.type)).toEqual(['controlEnded']);
  });
});
