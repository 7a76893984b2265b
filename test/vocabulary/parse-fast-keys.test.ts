// The fast check learns which of a shape's keys an object gives from the object's own
// enumerable keys, and copies a one-key object from a template: what the walk reads of keys
// that are not enumerable, inherited, or on an object without a prototype must stay the same,
// and so must the copy's keys and their order.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, EVENT_SCHEMAS, parse, type AnySchema, type Env } from '../../src/vocabulary/index.js';

const env: Env = { players: new Set(['A', 'B']), teams: null, limits: DEFAULT_LIMITS };
const cast = EVENT_SCHEMAS['spell.cast'] as AnySchema;

/** The fast check's result and the walk's, which must be the same, keys in the same order. */
function both(value: unknown) {
  const fast = parse(cast, value, env);
  const walked = parse(cast, value, env, { walkOnly: true });
  expect(fast).toStrictEqual(walked);
  expect(JSON.stringify(fast)).toBe(JSON.stringify(walked));
  return fast;
}

describe('the fast check reads the keys the walk reads', () => {
  it('an optional key that is own but not enumerable is read, as the walk reads it', () => {
    const object: Record<string, unknown> = { id: 'o', controller: 'A' };
    Object.defineProperty(object, 'copy', { value: true, enumerable: false });
    expect(both({ type: 'spell.cast', object })).toStrictEqual({ ok: true, value: { type: 'spell.cast', object: { id: 'o', controller: 'A', copy: true } } });
    Object.defineProperty(object, 'timing', { value: 'never', enumerable: false });
    expect(both({ type: 'spell.cast', object }).ok).toBe(false);
  });

  it('a required key that is own but not enumerable is read too', () => {
    const object: Record<string, unknown> = { id: 'o' };
    Object.defineProperty(object, 'controller', { value: 'B', enumerable: false });
    expect(both({ type: 'spell.cast', object })).toStrictEqual({ ok: true, value: { type: 'spell.cast', object: { id: 'o', controller: 'B' } } });
  });

  it('an inherited key is not read: a polluted Object.prototype changes nothing', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.copy = 'not a boolean';
    proto.controller = 'A';
    try {
      expect(both({ type: 'spell.cast', object: { id: 'o', controller: 'B' } })).toStrictEqual({ ok: true, value: { type: 'spell.cast', object: { id: 'o', controller: 'B' } } });
      // Missing its own controller: refused, though the prototype has one.
      expect(both({ type: 'spell.cast', object: { id: 'o' } }).ok).toBe(false);
    } finally {
      delete proto.copy;
      delete proto.controller;
    }
  });

  it('an object without a prototype is read as a plain one', () => {
    const object = Object.assign(Object.create(null) as Record<string, unknown>, { controller: 'A', id: 'o', effects: [{ extraTurn: { player: 'A' } }] });
    expect(both({ type: 'spell.cast', object })).toStrictEqual({
      ok: true, value: { type: 'spell.cast', object: { id: 'o', controller: 'A', effects: [{ extraTurn: { player: 'A' } }] } },
    });
  });

  it('the copy holds the shape\'s keys in the shape\'s order, whatever order they came in', () => {
    const result = both({ object: { effects: [], copy: false, controller: 'A', id: 'o' }, type: 'spell.cast' });
    expect(result.ok && Object.keys(result.value as object)).toStrictEqual(['type', 'object']);
    expect(result.ok && Object.keys((result.value as { object: object }).object)).toStrictEqual(['id', 'controller', 'effects', 'copy']);
  });

  it('each one-key effect is a fresh object of its one key: changing one copy changes no other', () => {
    const event = { type: 'spell.cast', object: { id: 'o', controller: 'A', effects: [{ endTurn: {} }, { extraTurn: { player: 'B' } }] } };
    const first = both(event);
    const second = both(event);
    if (!first.ok || !second.ok) throw new Error('refused');
    const [a] = (first.value as { object: { effects: Record<string, unknown>[] } }).object.effects;
    const [b] = (second.value as { object: { effects: Record<string, unknown>[] } }).object.effects;
    expect(a).not.toBe(b);
    a.endTurn = 'changed';
    expect(b).toStrictEqual({ endTurn: {} });
    expect(Object.keys(b)).toStrictEqual(['endTurn']);
    // And the next copy is not the changed one either.
    const third = both(event);
    expect(third.ok && (third.value as { object: { effects: unknown[] } }).object.effects[0]).toStrictEqual({ endTurn: {} });
  });
});
