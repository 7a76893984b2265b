// FORMAT "Standing passes", 732.2: the promise — standing passes give the game the same passes sent by
// hand give (state, view, history without shortcut records); no pass runs past its end; an opponent's
// spell or ability always ends a pass that lists it. `npm run test:fuzz -- --shortcuts --runs 20000` runs more.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equivalenceCase, runEquivalence } from './equivalence.js';

describe('standing passes reach what the same passes by hand reach (732.2)', () => {
  it('random games of 2–8 players, teams, trigger order "choose", Time Stop and Mandate of Peace on the stack, extra turns', () => {
    let automatic = 0;
    let guards = 0;
    fc.assert(fc.property(equivalenceCase(40), (c) => {
      const result = runEquivalence(c);
      automatic += result.automaticPasses;
      guards += result.loopGuards;
      expect(result.problems).toEqual([]);
    }), { numRuns: 300, seed: 20 });
    // The property is not vacuous: passes were made by standing passes, and the bound was reached.
    expect(automatic).toBeGreaterThan(1000);
    expect(guards).toBeGreaterThan(0);
  });
});
