// Persisted-snapshot differential: at a random point of a random sequence the game is
// persisted, turned into JSON and restored (createGame(input, { snapshot: restoreSnapshot(json) }));
// the same events then go to both games, whose refusals, views and histories must stay identical.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeViolations } from '../../src/testing/invariants.js';
import { fuzzCase } from './arbitraries.js';
import { knownBugOf } from './knownBugs.js';
import { runSequence } from './sequence.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const SEED = Number(process.env.FUZZ_SEED ?? 7_2_3);

describe('persisted-snapshot differential', () => {
  it(`${RUNS} restored games behave exactly like the originals`, () => {
    let compared = 0;
    fc.assert(fc.property(fuzzCase(60), (c) => {
      const { violations, events } = runSequence(c, { differential: true });
      compared += Math.max(0, events.length - c.persistAt);
      const differences = violations.filter((v) => (v.rule === 'persistence' || v.rule === 'crash') && !knownBugOf(v));
      if (differences.length > 0) throw new Error(describeViolations(differences));
    }), { numRuns: RUNS, seed: SEED });
    expect(compared).toBeGreaterThan(0);
  });
});
