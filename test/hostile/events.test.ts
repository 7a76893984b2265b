// Hostile and careless events (issue 10's measured examples): each is refused with a reason,
// rule "input" or "limit" and the path of the bad part, and changes nothing; or, where it is
// a game's real state, accepted whole. Never an exception, an actor error or a silent ignore.
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  createGame, createTurnActor, explainRefusal, persistGame, restoreSnapshot, turnMachine, type Game, type Refusal,
} from '../../src/index.js';

const persisted = (game: Game) => JSON.stringify(game.persist());

/** A value in a test message (it may be cyclic, or a proxy that throws). */
function label(value: unknown): string {
  try {
    return String(JSON.stringify(value)).slice(0, 200);
  } catch {
    return '(an unprintable value)';
  }
}

/** Sends `event`; it must be refused, under `rule`, with a reason, and change nothing. */
function refused(game: Game, event: unknown, rule = 'input'): Refusal {
  const before = persisted(game);
  const predicted = explainRefusal(game.snapshot(), event);
  const refusal = game.send(event);
  expect(refusal, `accepted: ${label(event)}`).not.toBeNull();
  expect(refusal!.rule).toBe(rule);
  expect(refusal!.reason.length).toBeGreaterThan(0);
  expect(predicted).toEqual(refusal);
  expect(game.snapshot().status).toBe('active');
  expect(persisted(game)).toBe(before);
  return refusal!;
}

const spell = (effects: unknown[], extra: object = {}) => ({ type: 'spell.cast', object: { id: 'x', controller: 'A', effects, ...extra } });

describe('the event envelope', () => {
  it.each([
    ['an empty object', {}],
    ['null', null],
    ['a list', []],
    ['a string', 'x'],
    ['a number type', { type: 5 }],
    ['undefined', undefined],
    ['a function', () => ({ type: 'priority.pass', player: 'A' })],
    ['a symbol', Symbol('pass')],
    ['a Map', new Map([['type', 'priority.pass']])],
  ])('%s is refused; the game goes on', (_name, event) => {
    const game = createGame({ players: ['A', 'B'] });
    refused(game, event);
    expect(game.send({ type: 'priority.pass', player: 'A' })).toBeNull();
  });

  it('a raw actor (createActor(turnMachine)) refuses malformed objects too, and stays active', () => {
    const actor = createActor(turnMachine, { input: { players: ['A', 'B'] } });
    const rejected: unknown[] = [];
    actor.on('rejected', (e) => rejected.push(e.rule));
    actor.start();
    for (const event of [{}, { type: 5 }, { type: 'step.finished' }, { type: 'spell.cast', object: { id: '', controller: 'A' } }]) {
      actor.send(event as never);
    }
    expect(rejected).toEqual(['input', 'input', 'input', 'input']);
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('a guarded actor (createTurnActor) takes any value in send without throwing', () => {
    const actor = createTurnActor({ players: ['A', 'B'] });
    const rejected: unknown[] = [];
    actor.on('rejected', (e) => rejected.push(e.event));
    actor.start();
    for (const event of [null, undefined, 'x', 7, [], { type: 'xstate.stop' }, { type: 'xstate.error.actor.x', error: 'boom' }]) {
      expect(() => actor.send(event as never)).not.toThrow();
    }
    expect(rejected).toHaveLength(7);
    expect(actor.getSnapshot().status).toBe('active');
  });
});

describe("the machine's own signals and XState's events are not taken from outside", () => {
  it.each([
    ['step.finished in the upkeep (would skip to the main phase with a spell on the stack)', { type: 'step.finished' }],
    ['priority.open', { type: 'priority.open' }],
    ['cleanup.check', { type: 'cleanup.check' }],
    ['xstate.stop (would stop the game)', { type: 'xstate.stop' }],
    ['xstate.init', { type: 'xstate.init', input: {} }],
    ['an xstate error event (would put the actor in error)', { type: 'xstate.error.actor.0.x', error: new Error('x') }],
  ])('%s', (_name, event) => {
    const game = createGame({ players: ['A', 'B'] });
    expect(game.send({ type: 'spell.cast', object: { id: 'shock', controller: 'A' } })).toBeNull();
    const refusal = refused(game, event);
    expect(refusal.reason).toMatch(/unknown event|XState's own event/);
    expect(game.view()).toMatchObject({ step: 'upkeep', stack: ['shock'], priority: 'A' });
    expect(game.send({ type: 'priority.pass', player: 'A' })).toBeNull(); // the game goes on: not stopped
  });

  it('priority.open during the declaration of attackers does not give priority', () => {
    const game = createGame({ players: ['A', 'B'] });
    for (let i = 0; i < 20 && game.view().waitingFor !== 'declareAttackers'; i += 1) game.send({ type: 'priority.pass', player: game.view().priority! });
    refused(game, { type: 'priority.open' });
    expect(game.view()).toMatchObject({ waitingFor: 'declareAttackers', priority: null });
  });
});

describe('nested effects are validated before anything resolves', () => {
  it.each([
    ['effects: [null]', spell([null]), 'object.effects[0]: expected an effect'],
    ['effects: [1]', spell([1]), 'object.effects[0]: expected an effect'],
    ['extraTurn: null', spell([{ extraTurn: null }]), 'object.effects[0].extraTurn: expected an object'],
    ['extraTurn: {} (no player)', spell([{ extraTurn: {} }]), 'object.effects[0].extraTurn.player: missing'],
    ['an unknown phase', spell([{ addPhases: { phases: ['bogus'] } }]), 'object.effects[0].addPhases.phases[0]: unknown phase "bogus"'],
    ['until: null', spell([{ createEffect: { id: 'e', until: null } }]), 'object.effects[0].createEffect.until: expected'],
    ['until: 5 (would never end)', spell([{ createEffect: { id: 'e', until: 5 } }]), 'object.effects[0].createEffect.until: expected'],
    ['an extra turn for an unknown player (would deadlock)', spell([{ extraTurn: { player: 'Z' } }]), 'object.effects[0].extraTurn.player: player "Z" is not in players'],
    ['an unknown step (would drop the rest of the turn)', spell([{ addStep: { step: 'lunch' } }]), 'object.effects[0].addStep.step: unknown step "lunch"'],
    ['mana as a string ("05" in the pool)', spell([{ addMana: { player: 'A', amount: '5' } }]), 'object.effects[0].addMana.amount: expected a whole number'],
    ['a cast after endTurn (carried into the next turn)', spell([{ endTurn: {} }, { cast: { id: 'y', controller: 'A' } }]), 'object.effects[1]: "cast" is not allowed after "endTurn"'],
    ['each with turn (view() looped forever)', spell([{ skip: { player: 'A', turn: true, each: true } }]), 'object.effects[0].skip.each: "each" goes with "step" or "phase"'],
    ['NaN mana', { type: 'mana.add', player: 'A', amount: Number.NaN }, 'amount: expected a whole number'],
    ['Infinity mana', { type: 'mana.add', player: 'A', amount: Number.POSITIVE_INFINITY }, 'amount: expected a whole number'],
    ['an unknown key', { type: 'priority.pass', player: 'A', force: true }, '(root): unknown key "force"'],
  ])('%s', (_name, event, reason) => {
    const game = createGame({ players: ['A', 'B'] });
    expect(refused(game, event).reason).toContain(reason);
  });

  it('the host changing its object after send changes nothing in the game', () => {
    const game = createGame({ players: ['A', 'B'] });
    const effects: { extraTurn: { player: string } }[] = [{ extraTurn: { player: 'A' } }];
    expect(game.send({ type: 'spell.cast', object: { id: 'walk', controller: 'A', effects } })).toBeNull();
    effects[0].extraTurn.player = 'Z';
    effects.push({ extraTurn: { player: 'B' } });
    game.send({ type: 'priority.pass', player: 'A' });
    game.send({ type: 'priority.pass', player: 'B' });
    expect(game.view().nextTurns.slice(0, 2)).toEqual(['A', 'B']);
  });
});

describe('limits: refused or recorded, never crashed into', () => {
  it.each([
    ['10,000 effects in one object', spell(Array.from({ length: 10_000 }, () => ({ extraTurn: { player: 'A' } }))), 'limit', 'too many items: at most 200 (limits.maxEffects)'],
    ['count: 10,000,000', spell([{ addStep: { step: 'upkeep', count: 10_000_000 } }]), 'limit', 'must be at most 100 (limits.maxStepCount)'],
    ['an id of 100,000 characters', { type: 'target.invalidate', id: 'x'.repeat(100_000) }, 'limit', 'too long: 100000 characters'],
    ['mana past the pool\'s limit', { type: 'mana.add', player: 'A', amount: 1e308 }, 'limit', 'must be at most 1000000'],
  ])('%s', (_name, event, rule, reason) => {
    const game = createGame({ players: ['A', 'B'] });
    expect(refused(game, event, rule).reason).toContain(reason);
  });

  it('a cyclic object and a 2,000-deep one are refused, and the game still persists', () => {
    const game = createGame({ players: ['A', 'B'] });
    const cyclic: Record<string, unknown> = { id: 'c', controller: 'A' };
    cyclic.effects = [{ cast: cyclic }];
    expect(refused(game, { type: 'spell.cast', object: cyclic }, 'limit').reason).toContain('nested too deeply');
    let deep: Record<string, unknown> = { id: 'd0', controller: 'A' };
    for (let i = 1; i < 2000; i += 1) deep = { id: `d${i}`, controller: 'A', effects: [{ cast: deep }] };
    refused(game, { type: 'spell.cast', object: deep }, 'limit');
    expect(() => JSON.stringify(persistGame(game.actor))).not.toThrow();
  });

  it('a proxy whose getters throw, and a list claiming a billion items, are refused', () => {
    const game = createGame({ players: ['A', 'B'] });
    const trap = new Proxy({}, { get() { throw new Error('gotcha'); }, ownKeys() { throw new Error('gotcha'); } });
    expect(refused(game, trap).reason).toContain('could not be read');
    refused(game, { type: 'spell.cast', object: { id: 'p', controller: 'A', effects: trap } });
    const huge = new Proxy([], { get: (target, key) => (key === 'length' ? 1e9 : Reflect.get(target, key)) });
    expect(refused(game, { type: 'combat.declareAttackers', player: 'A', attackers: huge }, 'limit').reason).toContain('too many items');
  });

  it('10,000 extra turns can wait; the next one is not taken, and the history says so', () => {
    const game = createGame({ players: ['A', 'B'] });
    const walks = spell(Array.from({ length: 200 }, () => ({ extraTurn: { player: 'B' } })));
    for (let i = 0; i <= 50; i += 1) {
      expect(game.send(walks)).toBeNull();
      game.send({ type: 'priority.pass', player: 'A' });
      game.send({ type: 'priority.pass', player: 'B' });
    }
    const reached = game.history.filter((r) => r.type === 'limitReached');
    expect(reached).toHaveLength(200);
    expect(reached[0]).toMatchObject({ limit: 'maxExtraTurns' });
    expect(game.view({ upcomingTurns: 3 }).nextTurns).toEqual(['B', 'B', 'B']);
  });

  it('a full stack takes no more triggered abilities: each one past limits.maxStack is recorded, and the game still persists', () => {
    const game = createGame({ players: ['A', 'B'], limits: { maxStack: 2 } });
    expect(game.send(spell([]))).toBeNull();
    for (const id of ['t1', 't2', 't3']) expect(game.send({ type: 'trigger.report', ability: { id, controller: 'B' } })).toBeNull();
    expect(game.send({ type: 'priority.pass', player: 'A' })).toBeNull(); // B would receive priority: 117.5 puts what fits
    expect(game.view()).toMatchObject({ stack: ['x', 't1'], pendingTriggers: [], priority: 'B' });
    expect(game.history.filter((r) => r.type === 'limitReached')).toMatchObject([{ limit: 'maxStack', id: 't2' }, { limit: 'maxStack', id: 't3' }]);
    expect(() => restoreSnapshot(JSON.parse(JSON.stringify(game.persist())))).not.toThrow();
  });

  it('smaller limits given in the input are the game\'s', () => {
    const game = createGame({ players: ['A', 'B'], limits: { maxEffects: 2 } });
    refused(game, spell([{ endTurn: {} }, { endTurn: {} }, { endTurn: {} }]), 'limit');
    expect(game.send(spell([{ endTurn: {} }]))).toBeNull();
  });
});

describe('limits.maxCreatures bounds the creatures in combat at once, not only one declaration', () => {
  it('a second defending player whose blockers would pass it is refused, and the game still restores', () => {
    const game = createGame({ players: ['A', 'B', 'C'], limits: { maxCreatures: 3 } });
    while (game.view().waitingFor !== 'declareAttackers') game.send({ type: 'priority.pass', player: game.view().priority! });
    expect(game.send({ type: 'combat.declareAttackers', player: 'A', attackers: [{ id: 'bear' }] })).toBeNull();
    for (let i = 0; i < 3; i += 1) game.send({ type: 'priority.pass', player: game.view().priority! });
    const wall = (id: string) => ({ id, blocking: 'bear' });
    expect(game.send({ type: 'combat.declareBlockers', player: 'B', blockers: [wall('b1'), wall('b2')] })).toBeNull();
    expect(game.send({ type: 'combat.declareBlockers', player: 'C', blockers: [wall('c1'), wall('c2')] })).toMatchObject({ rule: 'limit', reason: expect.stringContaining('4 blocking creatures') });
    expect(game.send({ type: 'combat.declareBlockers', player: 'C', blockers: [wall('c1')] })).toBeNull();
    expect(() => restoreSnapshot(JSON.parse(JSON.stringify(game.persist())))).not.toThrow();
  });
});

describe('view answers at once whatever it is asked', () => {
  it.each([1e12, Infinity, -5, Number.NaN, '3' as unknown as number])('upcomingTurns: %s', (upcomingTurns) => {
    const { nextTurns } = createGame({ players: ['A', 'B'] }).view({ upcomingTurns });
    expect(nextTurns.length).toBeLessThanOrEqual(100_000);
    expect(nextTurns.slice(0, 2)).toEqual(nextTurns.length === 0 ? [] : ['B', 'A']);
  });
});
