// `playout.legalEvents`: the complete events of the legal actions that need no details, which
// `send` takes without checking them again (src/playout/trusted.ts). They must be what the
// boundary would accept (the same game follows from them as from the same events written by
// hand), and trust must not leak: a copy, a Proxy, a changed one or one of another game's
// players is checked as any event is, and refused when it is wrong.
import { describe, expect, it } from 'vitest';
import { createGame, type TurnEvent } from '../../src/index.js';
import { createPlayout } from '../../src/playout/index.js';
import { canonical } from './differential.js';

const A_B = { players: ['A', 'B'] };
const passOf = (events: readonly TurnEvent[]) => events.find((e) => e.type === 'priority.pass')!;

describe('legalEvents', () => {
  it('hands out the events legalActions names that need no details, frozen, and only for who may act', () => {
    const playout = createPlayout(A_B);
    // Turn 1, A's upkeep: A holds priority; B may only concede.
    expect(playout.legalEvents('A').map((e) => e.type)).toEqual(['priority.pass', 'player.concede']);
    expect(playout.legalEvents('B').map((e) => e.type)).toEqual(['player.concede']);
    expect(playout.legalActions('A').map((a) => a.type)).toContain('spell.cast');
    for (const event of playout.legalEvents('A')) expect(Object.isFrozen(event)).toBe(true);
    expect(passOf(playout.legalEvents('A'))).toEqual({ type: 'priority.pass', player: 'A' });
  });

  it('a game played on legal events is the game played on the same events written by hand (and the actor\'s)', () => {
    const trusted = createPlayout(A_B);
    const byHand = createPlayout(A_B);
    const actor = createGame(A_B);
    for (let i = 0; i < 400; i += 1) {
      const awaited = trusted.view().priority ?? trusted.view().declaring ?? 'A';
      const events = trusted.legalEvents(awaited);
      const event = events.find((e) => e.type !== 'player.concede') ?? events[0];
      const copy = JSON.parse(JSON.stringify(event)) as TurnEvent;
      expect(trusted.send(event)).toEqual(byHand.send(copy));
      actor.send(copy);
      expect(canonical(trusted.persist())).toBe(canonical(byHand.persist()));
    }
    expect(trusted.view().turn).toBeGreaterThan(10);
    const { history: _history, ...actorView } = actor.view();
    expect(canonical(trusted.view())).toBe(canonical(actorView));
    expect(canonical(trusted.history)).toBe(canonical(actor.history));
  });

  it('a legal event cannot be changed: it and what it holds are frozen, so a change throws', () => {
    const playout = createPlayout(A_B);
    const pass = passOf(playout.legalEvents('A')) as { player: string };
    expect(() => { pass.player = 'nobody'; }).toThrow(TypeError);
    expect(pass.player).toBe('A');
  });

  it.each<[string, (pass: TurnEvent) => unknown]>([
    ['a copy naming a player not in the game', (pass) => ({ ...pass, player: 'Z' })],
    ['an object inheriting from it with an extra field', (pass) => Object.create(pass, { extra: { value: 1, enumerable: true } }) as object],
    ['a Proxy of it that lies about its player', (pass) => new Proxy(pass, { get: (target, key) => (key === 'player' ? 42 : Reflect.get(target, key)) })],
    ['a copy with an unknown field', (pass) => ({ ...pass, sneaky: true })],
  ])('%s is checked whole and refused, the game unchanged', (_name, forge) => {
    const playout = createPlayout(A_B);
    const forged = forge(passOf(playout.legalEvents('A')));
    const before = canonical(playout.persist());
    const refusal = playout.send(forged);
    expect(refusal).toMatchObject({ rule: 'input' });
    expect(refusal).toEqual(createGame(A_B).send(forged));
    expect(canonical(playout.persist())).toBe(before);
  });

  it('is trusted only by games with the same players, teams and limits', () => {
    const other = createPlayout({ players: ['C', 'D'] });
    const pass = passOf(createPlayout(A_B).legalEvents('A'));
    expect(other.send(pass)).toMatchObject({ rule: 'input', path: 'player' });
    const sameEnv = createPlayout(A_B);
    expect(sameEnv.send(pass)).toBeNull();
    expect(sameEnv.view().priority).toBe('B');
  });

  it('a game that took its own legal events still checks another game\'s (what it remembers of trust is its own)', () => {
    const other = createPlayout({ players: ['C', 'D'] });
    expect(other.send(passOf(other.legalEvents('C')))).toBeNull();
    const pass = passOf(createPlayout(A_B).legalEvents('A'));
    expect(other.send(pass)).toMatchObject({ rule: 'input', path: 'player' });
    expect(other.send(passOf(other.legalEvents('D')))).toBeNull();
  });

  it('a legal event stays legal only as long as the game says: sent later, the rules refuse it', () => {
    const playout = createPlayout(A_B);
    const pass = passOf(playout.legalEvents('A'));
    expect(playout.send(pass)).toBeNull();
    expect(playout.send(pass)).toMatchObject({ rule: expect.stringMatching(/^117/) });
  });
});
