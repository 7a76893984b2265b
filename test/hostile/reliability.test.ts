// Issue 21: reliability under strangers and engines. Each block is one finding of the review;
// each test failed on main (7f3c570) and passes now.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { budgetOf, spend, withBudget } from '../../src/machine/budget.js';
import { createPlayout } from '../../src/playout/index.js';
import {
  createGame, createTurnActor, DEFAULT_LIMITS, describeRecord, formatRecord, GameInputError, restoreSnapshot,
  turnMachine, SnapshotError, type Game, type HistoryRecord, type ResolutionEffect, type TurnEvent,
} from '../../src/index.js';

/** The holder of priority passes through their seat; its outcome. */
const passBySeat = (game: Game) => {
  const holder = game.view().priority!;
  return game.seat(holder).send({ type: 'priority.pass', player: holder });
};

/** A spell cast by the holder through their seat, then both pass through theirs: it resolves. */
function castBySeats(game: Game, id: string, effects: ResolutionEffect[]): void {
  const holder = game.view().priority!;
  expect(game.seat(holder).send({ type: 'spell.cast', object: { id, controller: holder, type: 'instant', effects } })).toBeNull();
  expect(passBySeat(game)).toBeNull();
  expect(passBySeat(game)).toBeNull();
}

const times = (n: number) => Array.from({ length: n }, (_, i) => i);
const roundTrip = (game: Game) => restoreSnapshot(JSON.parse(JSON.stringify(game.persist())));

describe('finding 1: one ordinary pass stays cheap, with every limit of the finding at once (502.4: no priority in untap steps)', () => {
  it('B\'s pass ending an upkeep with 1,000 planned untap steps and 1,000 untap triggers takes at most maxStepsWithoutPriority of them, and says so', () => {
    const game = createGame({ players: ['A', 'B'] });
    for (const i of times(5)) castBySeats(game, `ats${i}`, times(200).map((j) => ({ at: { id: `u${i}.${j}`, controller: 'A', when: 'untap' } })));
    for (const i of times(5)) castBySeats(game, `effects${i}`, times(200).map((j) => ({ createEffect: { id: `e${i}.${j}`, until: 'endOfTurn' } })));
    castBySeats(game, 'steps', times(10).map(() => ({ addStep: { step: 'untap', count: 100 } })));
    expect(passBySeat(game)).toBeNull();
    const before = game.history.length;
    expect(passBySeat(game)).toBeNull(); // the pass that ends the upkeep
    const records = game.history.slice(before);
    const untaps = records.filter((r) => r.type === 'stepBegan' && r.step === 'untap').length;
    expect(untaps).toBe(DEFAULT_LIMITS.maxStepsWithoutPriority);
    expect(records).toContainEqual(expect.objectContaining({ type: 'limitReached', limit: 'maxStepsWithoutPriority' }));
    // The abilities that could not wait are one record per step, not one per ability (the review: 202,538 records).
    expect(records.length).toBeLessThan(10 * DEFAULT_LIMITS.maxStepsWithoutPriority + 2_000);
    // The game goes on, consistent: a player holds priority in the next step, and the game saves and resumes.
    expect(game.view().priority).not.toBeNull();
    expect(() => roundTrip(game)).not.toThrow();
  });

  it('the playout takes the same recorded stop as the actor (the same history)', () => {
    const events: TurnEvent[] = [];
    const cast = (id: string, effects: ResolutionEffect[], by: string) => events.push(
      { type: 'spell.cast', object: { id, controller: by, type: 'instant', effects } }, { type: 'priority.pass', player: 'A' }, { type: 'priority.pass', player: 'B' });
    cast('ats', times(200).map((j) => ({ at: { id: `u${j}`, controller: 'A', when: 'untap' } })), 'A');
    cast('steps', times(2).map(() => ({ addStep: { step: 'untap', count: 100 } })), 'A');
    events.push({ type: 'priority.pass', player: 'A' }, { type: 'priority.pass', player: 'B' });
    const game = createGame({ players: ['A', 'B'] });
    const playout = createPlayout({ players: ['A', 'B'] });
    for (const event of events) expect(playout.send(event)).toEqual(game.send(event));
    expect(playout.history).toEqual(game.history);
    expect(game.history.filter((r) => r.type === 'limitReached' && r.limit === 'maxStepsWithoutPriority')).toHaveLength(1);
  });

  it('the budget of one send is derived from the limits, and spending past it throws naming the budget', () => {
    const small = { ...DEFAULT_LIMITS, maxStack: 1, maxPendingTriggers: 1, maxRegisteredTriggers: 1 };
    expect(budgetOf(small).records).toBeLessThan(budgetOf(DEFAULT_LIMITS).records);
    expect(budgetOf(DEFAULT_LIMITS).triggerWalks).toBeGreaterThanOrEqual(DEFAULT_LIMITS.maxStepsWithoutPriority * DEFAULT_LIMITS.maxRegisteredTriggers);
    const allowed = budgetOf(small).records;
    expect(() => withBudget(small, () => spend('records', allowed))).not.toThrow();
    expect(() => withBudget(small, () => { spend('records', allowed); spend('records'); })).toThrow(/budget "records"/);
  });

  it('an event past its budget is refused naming the budget, and the game is as before it', () => {
    // A host hook runs inside the event's budget: one that spends it all (as a runaway would) fails the event.
    let runaway = false;
    const machine = turnMachine.provide({ actions: { performStateBasedActions: () => { if (runaway) spend('hookCalls', Number.MAX_SAFE_INTEGER); return false; } } });
    const game = createGame({ players: ['A', 'B'] }, { machine });
    const before = JSON.stringify(game.persist());
    runaway = true;
    const refusal = game.send({ type: 'priority.pass', player: 'A' });
    expect(refusal).toMatchObject({ rule: 'limit' });
    expect(refusal!.reason).toMatch(/budget "hookCalls"/);
    expect(JSON.stringify(game.persist())).toBe(before);
    runaway = false;
    expect(game.send({ type: 'priority.pass', player: 'A' })).toBeNull();
  });
});

describe('finding 2: a persisted snapshot cannot raise its own limits', () => {
  it('a restored game plays by the host\'s limits, whatever the snapshot says', () => {
    const game = createGame({ players: ['A', 'B'] });
    const saved = JSON.parse(JSON.stringify(game.persist()));
    saved.snapshot.context.limits.maxStepCount = 20_000;
    saved.snapshot.context.limits.maxPlannedPhases = 10_000_000;
    const resumed = createGame({ players: ['A', 'B'] }, { snapshot: restoreSnapshot(saved) });
    expect(resumed.snapshot().context.limits).toEqual(DEFAULT_LIMITS);
    const refusal = resumed.send({ type: 'spell.cast', object: { id: 'x', controller: 'A', type: 'instant', effects: [{ addStep: { step: 'untap', count: 20_000 } }] } });
    expect(refusal).toMatchObject({ rule: 'limit' });
  });

  it('a snapshot holding more than the host\'s limits allow is refused, naming the path', () => {
    const game = createGame({ players: ['A', 'B'] });
    for (const i of times(3)) expect(game.send({ type: 'effect.create', effect: { id: `e${i}`, until: 'endOfTurn' } })).toBeNull();
    const snapshot = restoreSnapshot(JSON.parse(JSON.stringify(game.persist())));
    expect(() => createGame({ players: ['A', 'B'], limits: { maxEffectsInForce: 2 } }, { snapshot })).toThrow(SnapshotError);
    expect(() => createGame({ players: ['A', 'B'], limits: { maxEffectsInForce: 2 } }, { snapshot })).toThrow(/effects/);
  });

  it('one ceiling per limit: an input and a snapshot alike are refused past it (maxIdLength 10,000)', () => {
    expect(() => createGame({ players: ['A', 'B'], limits: { maxIdLength: 10_001 } })).toThrow(GameInputError);
    const saved = JSON.parse(JSON.stringify(createGame({ players: ['A', 'B'] }).persist()));
    saved.snapshot.context.limits.maxIdLength = 10_001;
    expect(() => restoreSnapshot(saved)).toThrow(/snapshot\.context\.limits\.maxIdLength/);
  });
});

describe('finding 3: ids the machine derives always fit; unplayable limits are refused at createGame', () => {
  it('603.2: a registered ability\'s id keeps room for the "@turn.count" it triggers with', () => {
    const game = createGame({ players: ['A', 'B'], options: { triggerOrder: 'choose' } });
    const long = 'x'.repeat(DEFAULT_LIMITS.maxIdLength - 1);
    expect(game.send({ type: 'trigger.register', trigger: { id: long, controller: 'A', when: 'upkeep' } })).toMatchObject({ rule: 'limit' });
    const longest = 'y'.repeat(DEFAULT_LIMITS.maxIdLength - 34);
    for (const id of [`${longest.slice(1)}1`, `${longest.slice(1)}2`]) {
      expect(game.send({ type: 'trigger.register', trigger: { id, controller: 'A', when: 'draw' } })).toBeNull();
    }
    // Turn 1 skips its draw (103.8): on to turn 3's draw step, where both trigger and A orders them (603.3b).
    for (let i = 0; i < 100 && !(game.view().turn === 3 && game.view().waitingFor === 'orderTriggers'); i += 1) {
      const v = game.view();
      const side = v.awaiting!.side;
      if (v.waitingFor === 'declareAttackers') game.send({ type: 'combat.declareAttackers', player: side, attackers: [] });
      else game.send({ type: 'priority.pass', player: side });
    }
    const v = game.view();
    expect(v.waitingFor).toBe('orderTriggers');
    expect(() => roundTrip(game)).not.toThrow();
    expect(game.legalActions('A').length).toBeGreaterThan(0);
    expect(game.send({ type: 'triggers.order', player: 'A', order: v.orderTriggers!.triggers })).toBeNull();
  });

  it.each([
    [{ maxNesting: 1, maxValuesPerEvent: 5 }, /maxNesting: at least 4/],
    [{ maxPlannedPhases: 1 }, /maxPlannedPhases: at least 6/],
    [{ maxIdLength: 10 }, /maxIdLength: at least 40/],
    [{ maxValuesPerEvent: 100 }, null],
  ])('limits %j are refused with the reason, or playable', (limits, reason) => {
    if (reason === null) expect(() => createGame({ players: ['A', 'B'], limits })).not.toThrow();
    else expect(() => createGame({ players: ['A', 'B'], limits })).toThrow(reason);
  });

  it('603.3b: with triggerOrder "choose", an order of every ability that can wait must fit the event limits', () => {
    expect(() => createGame({ players: ['A', 'B'], options: { triggerOrder: 'choose' }, limits: { maxValuesPerEvent: 100 } }))
      .toThrow(/an order of 1000 abilities/);
  });
});

describe('finding 4: an engine hook that throws is reported and contained; a stopped game says so', () => {
  it('resolveObject throwing refuses the event naming the hook, leaves the game as before it, and the game goes on', () => {
    let failing = true;
    const machine = turnMachine.provide({ actions: { resolveObject: () => { if (failing) throw new Error('cannot handle this card'); } } });
    const game = createGame({ players: ['A', 'B'] }, { machine });
    expect(game.send({ type: 'spell.cast', object: { id: 'odd', controller: 'A', type: 'instant' } })).toBeNull();
    expect(game.send({ type: 'priority.pass', player: 'A' })).toBeNull();
    const before = JSON.stringify(game.persist());
    const historyBefore = game.history.length;
    const refusal = game.send({ type: 'priority.pass', player: 'B' });
    expect(refusal).toMatchObject({ rule: 'engine' });
    expect(refusal!.reason).toMatch(/resolveObject hook threw: Error: cannot handle this card/);
    expect(JSON.stringify(game.persist())).toBe(before);
    expect(game.history.length).toBe(historyBefore);
    expect(game.faults).toContainEqual(expect.objectContaining({ source: 'hook', name: 'resolveObject' }));
    expect(game.actor.getSnapshot().status).toBe('active');
    failing = false;
    expect(game.send({ type: 'priority.pass', player: 'B' })).toBeNull();
    expect(game.view().stack).toEqual([]);
  });

  it('performStateBasedActions answering a Proxy whose getter throws refuses the event, naming the hook', () => {
    const hostile = new Proxy({}, { get: () => { throw new Error('trap'); } });
    const machine = turnMachine.provide({ actions: { performStateBasedActions: () => hostile as never } });
    expect(() => createGame({ players: ['A', 'B'] }, { machine })).toThrow(/performStateBasedActions hook answered a value that could not be read/);
    let lying = false;
    const game = createGame({ players: ['A', 'B'] }, { machine: turnMachine.provide({ actions: { performStateBasedActions: () => (lying ? hostile : false) as never } }) });
    lying = true;
    const refusal = game.send({ type: 'priority.pass', player: 'A' });
    expect(refusal?.reason).toMatch(/performStateBasedActions hook answered a value that could not be read/);
  });

  it('a stopped game refuses every event with a reason, and lists no legal action', () => {
    const game = createGame({ players: ['A', 'B'] });
    game.stop();
    expect(game.send({ type: 'priority.pass', player: 'A' })).toMatchObject({ rule: 'stopped' });
    expect(game.seat('A').send({ type: 'priority.pass', player: 'A' })).toMatchObject({ rule: 'stopped' });
    expect(game.legalActions('A')).toEqual([]);
    expect(game.seat('A').legalActions()).toEqual([]);
  });
});

describe('finding 5: send returns the outcome of its own event', () => {
  it('a history listener that sends again: the outer pass is accepted, the nested refusal is its own', () => {
    const game = createGame({ players: ['A', 'B'] });
    const nested: unknown[] = [];
    let once = true;
    game.actor.on('history', () => {
      if (!once) return;
      once = false;
      nested.push(game.send({ type: 'priority.pass', player: 'A' })); // A no longer holds priority: refused
    });
    expect(game.send({ type: 'priority.pass', player: 'A' })).toBeNull();
    expect(nested).toEqual([expect.objectContaining({ rule: expect.any(String) })]);
  });

  it('a history listener that sends a legal event: it is performed after the outer one, its records after the outer ones', () => {
    const game = createGame({ players: ['A', 'B'] });
    const nested: unknown[] = [];
    let once = true;
    game.actor.on('history', (e) => {
      if (!once || e.record.type !== 'passed') return;
      once = false;
      nested.push(game.send({ type: 'priority.pass', player: 'B' }));
    });
    expect(game.send({ type: 'priority.pass', player: 'A' })).toBeNull();
    expect(nested).toEqual([null]);
    const passes = game.history.filter((r) => r.type === 'passed').map((r) => (r as { player: string }).player);
    expect(passes).toEqual(['A', 'B']);
  });

  it('a hook\'s malformed answer refuses the event it ran in, and nothing of that event happened', () => {
    let lying = false;
    const machine = turnMachine.provide({ actions: { performStateBasedActions: () => (lying ? { performed: false, triggered: [{ id: 42 }] } : false) as never } });
    const game = createGame({ players: ['A', 'B'] }, { machine });
    const before = JSON.stringify(game.persist());
    lying = true;
    const refusal = game.send({ type: 'priority.pass', player: 'A' });
    expect(refusal).toMatchObject({ rule: 'engine' });
    expect(refusal!.reason).toMatch(/performStateBasedActions/);
    expect(JSON.stringify(game.persist())).toBe(before);
  });
});

describe('finding 6: an event is read once, for the seat and the machine alike', () => {
  /** An event whose player getter answers the players in turn. */
  const shifting = (...answers: string[]) => {
    let read = 0;
    return { type: 'priority.pass', get player() { return answers[Math.min(read++, answers.length - 1)]; } };
  };

  it('A, B, A: B\'s seat reads A — refused, nothing happens', () => {
    const game = createGame({ players: ['A', 'B'] });
    const before = JSON.stringify(game.persist());
    expect(game.seat('B').send(shifting('A', 'B', 'A'))).toMatchObject({ rule: 'seat' });
    expect(JSON.stringify(game.persist())).toBe(before);
  });

  it('B, A, B: A\'s seat reads B — refused; the host\'s send performs what it read, once', () => {
    const game = createGame({ players: ['A', 'B'] });
    expect(game.seat('A').send(shifting('B', 'A', 'B'))).toMatchObject({ rule: 'seat' });
    expect(game.send(shifting('A', 'B', 'B'))).toBeNull();
    expect(game.history.filter((r) => r.type === 'passed')).toEqual([expect.objectContaining({ player: 'A' })]);
  });
});

describe('finding 6 (cont.): the checked copy is trusted only by the game that read it', () => {
  it('a copy one game checked, handed back by its rejected event, is read again by another game (and refused there)', () => {
    const first = createGame({ players: ['A', 'B'] });
    let copy: unknown = null;
    first.actor.on('rejected', (e) => { copy = e.event; });
    expect(first.send({ type: 'priority.pass', player: 'B' })).toMatchObject({ rule: '117.1' });
    expect(Object.isFrozen(copy)).toBe(true);
    const other = createGame({ players: ['C', 'D'] });
    expect(other.send(copy)).toMatchObject({ rule: 'input' });
  });
});

describe('finding 7: the hardened entry is the one the docs use', () => {
  it('a plain createActor(turnMachine) obeys xstate.stop (XState handles it before any machine): createTurnActor does not', () => {
    const plain = createActor(turnMachine, { input: { players: ['A', 'B'] } }).start();
    plain.send({ type: 'xstate.stop' } as never);
    expect(plain.getSnapshot().status).toBe('stopped');
    const hardened = createTurnActor({ players: ['A', 'B'] }).start();
    hardened.send({ type: 'xstate.stop' } as never);
    hardened.send(null as never);
    expect(hardened.getSnapshot().status).toBe('active');
  });

  it('docs/INSPECT.md builds its game with the hardened entry, and says why', () => {
    const text = readFileSync(new URL('../../docs/INSPECT.md', import.meta.url), 'utf8');
    const code = text.slice(text.indexOf('```ts'), text.indexOf('```', text.indexOf('```ts') + 5));
    expect(code).toMatch(/createGame\(/);
    expect(code).not.toMatch(/createActor\(turnMachine/);
    expect(text).toMatch(/xstate\.stop/);
  });
});

describe('finding 10: the smaller ones', () => {
  it('counters: a game never counts past 2^50 — the event that would is refused, and the game still saves and resumes', () => {
    const game = createGame({ players: ['A', 'B'] });
    const saved = JSON.parse(JSON.stringify(game.persist()));
    saved.snapshot.context.nextTurnId = Number.MAX_SAFE_INTEGER;
    const resumed = createGame({ players: ['A', 'B'] }, { snapshot: restoreSnapshot(saved) });
    expect(resumed.send({ type: 'spell.cast', object: { id: 'x', controller: 'A', type: 'instant', effects: [{ extraTurn: { player: 'A' } }] } })).toBeNull();
    expect(resumed.send({ type: 'priority.pass', player: 'A' })).toBeNull();
    const refusal = resumed.send({ type: 'priority.pass', player: 'B' }); // 500.7: the extra turn would need an identity past 2^53
    expect(refusal).toMatchObject({ rule: 'limit' });
    expect(refusal!.reason).toMatch(/budget "counters"/);
    expect(() => roundTrip(resumed)).not.toThrow();
  });

  it('608.2c: resolveObject gets a frozen copy: writing to it changes no snapshot', () => {
    const machine = turnMachine.provide({
      actions: { resolveObject: (_: unknown, { object }: { object: { id: string; effects?: readonly unknown[] } }) => { try { object.id = 'changed'; (object.effects as unknown[]).push({ endTurn: {} }); } catch { /* frozen */ } } },
    });
    const game = createGame({ players: ['A', 'B'] }, { machine });
    game.send({ type: 'spell.cast', object: { id: 'x', controller: 'A', type: 'instant', effects: [] } });
    const earlier = game.snapshot();
    const earlierJson = JSON.stringify(earlier.context);
    game.send({ type: 'priority.pass', player: 'A' });
    expect(game.send({ type: 'priority.pass', player: 'B' })).toBeNull();
    expect(JSON.stringify(earlier.context)).toBe(earlierJson);
    expect(game.history).toContainEqual(expect.objectContaining({ type: 'resolved', id: 'x' }));
    expect(() => roundTrip(game)).not.toThrow();
  });

  it('createGame(input, { history }) takes only a kind of past, a sink or a list', () => {
    expect(() => createGame({ players: ['A', 'B'] }, { history: 'abc' as never })).toThrow(/options\.history: expected "all", "turn"/);
    function* endless() { for (;;) yield {}; }
    expect(() => createGame({ players: ['A', 'B'] }, { history: endless() as never })).toThrow(/options\.history/);
    expect(createGame({ players: ['A', 'B'] }, { history: [] }).history.length).toBeGreaterThan(0);
  });

  it('describeRecord and formatRecord never throw', () => {
    for (const odd of [null, undefined, 5, {}, { type: 'nonsense' }, { type: 'attackersDeclared' }, new Proxy({}, { get: () => { throw new Error('x'); } })]) {
      expect(typeof describeRecord(odd as HistoryRecord)).toBe('string');
      expect(typeof formatRecord(odd as HistoryRecord)).toBe('string');
    }
  });

  it('input options are checked against the input\'s own limits', () => {
    expect(() => createGame({ players: ['A', 'B'], options: { maxHandSize: 50 }, limits: { maxAmount: 10 } })).toThrow(/maxHandSize/);
    expect(() => createGame({ players: ['A'.repeat(45), 'B'], limits: { maxIdLength: 40 } })).toThrow(/players/);
  });

  it('an inspect callback and listeners that throw are contained and reported; the game goes on', () => {
    const faults: unknown[] = [];
    const game = createGame({ players: ['A', 'B'] }, { inspect: () => { throw new Error('inspector'); }, onFault: (f) => faults.push(f) });
    game.actor.on('history', () => { throw new Error('history listener'); });
    game.actor.on('rejected', () => { throw new Error('rejected listener'); });
    game.actor.subscribe(() => { throw new Error('observer'); });
    expect(game.send({ type: 'priority.pass', player: 'A' })).toBeNull();
    expect(game.send({ type: 'priority.pass', player: 'A' })).not.toBeNull();
    const names = new Set(game.faults.map((f) => `${f.source}:${f.name}`));
    expect([...names]).toEqual(expect.arrayContaining(['inspect:next', 'listener:history', 'listener:rejected', 'listener:snapshot']));
    expect(faults.length).toBe(game.faults.length);
    expect(game.actor.getSnapshot().status).toBe('active');
  });
});

/** A re-entrant event from inside a hook (mid-event) is refused, never queued behind it with an unknown outcome. */
describe('re-entrancy from a host hook', () => {
  it('a hook sending to its own game mid-event gets a refusal, and the outer event is performed', () => {
    let game: Game | null = null;
    const inner: unknown[] = [];
    const machine = turnMachine.provide({ actions: { resolveObject: () => { inner.push(game!.send({ type: 'mana.add', player: 'A', amount: 1 } as TurnEvent)); } } });
    game = createGame({ players: ['A', 'B'] }, { machine });
    game.send({ type: 'spell.cast', object: { id: 'x', controller: 'A', type: 'instant' } });
    game.send({ type: 'priority.pass', player: 'A' });
    expect(game.send({ type: 'priority.pass', player: 'B' })).toBeNull();
    expect(inner).toEqual([expect.objectContaining({ rule: 'engine' })]);
  });
});
