// The playout differential (see differential.ts): 10,000 fuzz sequences, each played through
// createGame and createPlayout side by side, compared after every event. Sequences are short
// (≤ 24 events) to keep `npm test` quick; `npm run test:fuzz -- --playout --runs 100000`
// runs longer ones. PLAYOUT_RUNS / PLAYOUT_SEED / PLAYOUT_MAX_EVENTS override the defaults.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzCase } from '../fuzz/arbitraries.js';
import { runPlayoutSequence, type Difference } from './differential.js';

const RUNS = Number(process.env.PLAYOUT_RUNS ?? 10_000);
const SEED = Number(process.env.PLAYOUT_SEED ?? 5_0_0);
const MAX_EVENTS = Number(process.env.PLAYOUT_MAX_EVENTS ?? 24);

const describeDifferences = (ds: Difference[]) => ds.slice(0, 5).map((d) => `after event ${d.at}: ${d.what}: ${d.message}`).join('\n');

describe('playout differential', () => {
  it(`${RUNS} fuzz sequences: the playout refuses, shows, offers, persists and records what the actor does`, () => {
    let sequences = 0;
    let events = 0;
    fc.assert(fc.property(fuzzCase(MAX_EVENTS), (c) => {
      // One sequence in four without history records (what search uses).
      const { differences, events: sent } = runPlayoutSequence(c, { recording: sequences % 4 !== 3, legalEvery: 4 });
      sequences += 1;
      events += sent.length;
      if (differences.length > 0) throw new Error(`the playout differs from the actor:\n${describeDifferences(differences)}`);
    }), { numRuns: RUNS, seed: SEED });
    console.log(`playout differential: ${sequences} sequences (seed ${SEED}), ${events} events, no difference`);
    expect(sequences).toBeGreaterThanOrEqual(RUNS);
  }, 300_000);
});
