// `withKeys` stands in for `{ ...base, ...more }` in the rules (copies.ts says why): the same
// keys in the same order, the same values, a fresh object, the source left as it was.
import { describe, expect, it } from 'vitest';
import { withKeys } from '../../src/rules/copies.js';

describe('withKeys makes what the spread makes', () => {
  const cases: [object, object][] = [
    [{ id: 'o', controller: 'A' }, { type: 'instant', kind: 'spell' }],
    [{ id: 'o', type: 'sorcery', controller: 'A', effects: [] }, { type: 'sorcery', kind: 'spell' }],
    [{ id: 'c', controller: undefined }, { controller: 'B' }],
    [{}, { count: 0, countTurn: 0 }],
    [{ id: 'x', count: 3 }, {}],
  ];
  for (const [base, more] of cases) {
    it(`${JSON.stringify(base)} with ${JSON.stringify(more)}`, () => {
      const before = structuredClone(base);
      const made = withKeys(Object.freeze(base), more);
      const spread = { ...base, ...more };
      expect(Object.keys(made)).toEqual(Object.keys(spread));
      expect(made).toStrictEqual(spread);
      expect(made).not.toBe(base);
      expect(Object.isFrozen(made)).toBe(false);
      expect(base).toStrictEqual(before);
    });
  }
});
