// The hostile-input property suite (test/fuzz/hostile.ts) in `npm test`; a longer run:
// `npm run test:fuzz -- --hostile --runs N`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileEventCase, hostileSnapshotCase, runHostileEvents, runHostileSnapshot } from './hostile.js';
import { engineCase, runEngineCase } from './hostileEngines.js';

const runs = Number(process.env.HOSTILE_RUNS ?? 300);
const seed = Number(process.env.FUZZ_SEED ?? 404);

describe('hostile input', () => {
  it(`${runs} games fed arbitrary values, vocabulary events and mutated ones: refused unchanged, or accepted and restored exactly`, () => {
    fc.assert(fc.property(hostileEventCase, (c) => {
      const problems = runHostileEvents(c);
      expect(problems).toEqual([]);
    }), { numRuns: runs, seed });
  });

  it(`${runs} mutated persisted games: refused with a SnapshotError, or a game that plays on`, () => {
    fc.assert(fc.property(hostileSnapshotCase, (c) => {
      expect(runHostileSnapshot(c)).toEqual([]);
    }), { numRuns: runs, seed });
  });

  it(`${runs} games of combined limits, lying and throwing engines, listeners and raised snapshots: contained, resumable, never stuck`, () => {
    fc.assert(fc.property(engineCase, (c) => {
      expect(runEngineCase(c)).toEqual([]);
    }), { numRuns: runs, seed });
  });
});
