// The validator's fast check (parse.ts) may only accept what the walk accepts, with the same
// copy; what it does not accept the walk decides, so every refusal is the walk's. Compared here
// on the events and the game input, valid and broken at a random place, under small limits too
// (the budget of values and the nesting are counted alike).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIMITS, EVENT_SCHEMAS, gameInputSchema, parse, TURN_EVENT_TYPES, type AnySchema, type Env, type Limits,
} from '../../src/vocabulary/index.js';
import { arbitraryOf, type ArbitraryEnv } from '../fuzz/schemaArbitrary.js';

const PLAYERS = ['A', 'B', 'C', 'D'];
const plainEnv = (limits: Limits): Env => ({ players: new Set(PLAYERS), teams: null, limits });
const teamEnv = (limits: Limits): Env => ({ players: new Set(PLAYERS), teams: new Map([['A+B', ['A', 'B']], ['C+D', ['C', 'D']]]), limits });
const arbitraryEnv: ArbitraryEnv = { players: PLAYERS, teams: ['A+B', 'C+D'], ids: ['o1', 'o2', 'x'.repeat(70)] };

/** Values that break a place of a value: wrong types, empty, too long, unknown names, deep. */
const BREAKERS: unknown[] = [
  undefined, null, '', 'E', 'A+B', 'x'.repeat(300), 0, -1, 1.5, 1e9, true, false, [], [1], {}, { a: 1 }, 'instant', 'creature',
  [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]], Array.from({ length: 70 }, () => ({ endTurn: {} })),
];

/** `value` with one place changed, a key added or a key removed (`choice` picks which). */
function broken(value: unknown, choices: number[]): unknown {
  const pick = () => choices.length === 0 ? 0 : choices.pop()!;
  const walk = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null || pick() % 3 === 0) return BREAKERS[pick() % BREAKERS.length];
    if (Array.isArray(v)) {
      if (v.length === 0) return [BREAKERS[pick() % BREAKERS.length]];
      const i = pick() % v.length;
      return v.map((x, j) => (j === i ? walk(x) : x));
    }
    const keys = Object.keys(v);
    const how = pick() % 4;
    if (how === 0 || keys.length === 0) return { ...v, [['extra', 'type', 'if', 'owner', 'copy', 'targets', 'timing', '__proto__'][pick() % 8]]: BREAKERS[pick() % BREAKERS.length] };
    const key = keys[pick() % keys.length];
    if (how === 1) {
      const { [key]: _gone, ...rest } = v as Record<string, unknown>;
      return rest;
    }
    return { ...v, [key]: walk((v as Record<string, unknown>)[key]) };
  };
  return walk(value);
}

function sameAsWalk(schema: AnySchema, value: unknown, env: Env, all = false): boolean {
  const fast = parse(schema, value, env, { all });
  const walked = parse(schema, value, env, { all, walkOnly: true });
  expect(fast).toStrictEqual(walked);
  if (fast.ok && typeof value === 'object' && value !== null) expect(fast.value).not.toBe(value);
  return fast.ok;
}

const SMALL: Limits = { ...DEFAULT_LIMITS, maxValuesPerEvent: 12, maxNesting: 4, maxIdLength: 8, maxEffects: 2, maxTargets: 1 };

describe('the fast check accepts exactly what the walk accepts, with the same copy', () => {
  for (const type of TURN_EVENT_TYPES) {
    it(type, () => {
      const schema = EVENT_SCHEMAS[type] as AnySchema;
      let accepted = 0;
      let refused = 0;
      fc.assert(fc.property(arbitraryOf(schema as never, arbitraryEnv, 4), fc.array(fc.nat(1000), { maxLength: 12 }), fc.boolean(), (value, choices, teams) => {
        const withType = { ...(value as object), type };
        for (const limits of [DEFAULT_LIMITS, SMALL]) {
          const env = (teams ? teamEnv : plainEnv)(limits);
          if (sameAsWalk(schema, withType, env)) accepted += 1; else refused += 1;
          if (sameAsWalk(schema, broken(withType, [...choices]), env)) accepted += 1; else refused += 1;
        }
      }), { numRuns: 150, seed: 22 });
      // Both sides compared: some accepted, some refused.
      expect(accepted).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    });
  }

  it('the game input, every issue collected', () => {
    const input = { players: ['A', 'B'], options: { history: 'turn', skipFirstDraw: true }, limits: { maxStack: 10 } };
    expect(sameAsWalk(gameInputSchema, input, plainEnv(DEFAULT_LIMITS), true)).toBe(true);
    for (let i = 0; i < 200; i += 1) sameAsWalk(gameInputSchema, broken(input, [i, i * 7, i * 13, i * 31, i * 3]), plainEnv(DEFAULT_LIMITS), true);
  });

  it('a value whose getter throws, or that changes as it is read, is the walk\'s to refuse', () => {
    const env = plainEnv(DEFAULT_LIMITS);
    const schema = EVENT_SCHEMAS['spell.cast'] as AnySchema;
    const trap = { type: 'spell.cast', object: { id: 'o', get controller(): string { throw new Error('gotcha'); } } };
    const fast = parse(schema, trap, env);
    expect(fast).toStrictEqual(parse(schema, trap, env, { walkOnly: true }));
    expect(fast.ok).toBe(false);
    // Valid on its first read only: the fast check reads it once and accepts that copy.
    let reads = 0;
    const shifty = { type: 'spell.cast', object: { id: 'o', get controller(): unknown { reads += 1; return reads === 1 ? 'A' : 7; } } };
    const result = parse(schema, shifty, env);
    expect(result).toStrictEqual({ ok: true, value: { type: 'spell.cast', object: { id: 'o', controller: 'A' } } });
    expect(reads).toBe(1);
  });
});
