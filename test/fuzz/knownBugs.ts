// Violations the fuzz tests attribute to machine bugs that are already reported, each with
// its minimal reproduction in test/model/bugs.test.ts (marked `it.fails`). They are counted
// and printed, not hidden; any other violation fails the fuzz tests. Remove an entry as
// soon as its reproduction passes.
import type { Violation } from '../../src/testing/invariants.js';

export interface KnownBug {
  name: string;
  reproduction: string;
  matches: (v: Violation) => boolean;
}

// Fixed, their reproductions in test/model/bugs.test.ts are regression tests now: 508.8 and 723.2e
// across additional combat phases, the intervening "if" of "beginning of" abilities, permanent
// copies that cannot enter, restoring a thatTurn trigger, a thatTurn AT of the ending phase under
// 723.1d, a second declaration of attackers.
export const KNOWN_BUGS: KnownBug[] = [
];

export const knownBugOf = (v: Violation): KnownBug | undefined => KNOWN_BUGS.find((bug) => bug.matches(v));
