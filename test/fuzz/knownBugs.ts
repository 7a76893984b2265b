// Violations the fuzz tests attribute to machine bugs that are already reported, each with
// its minimal reproduction in test/model/bugs.test.ts (marked `it.fails`). They are counted
// and printed, not hidden; any other violation fails the fuzz tests. Remove an entry as
// soon as its reproduction passes.
import type { Violation } from '../model/invariants.js';

export interface KnownBug {
  name: string;
  reproduction: string;
  matches: (v: Violation) => boolean;
}

// Fixed, their reproductions in test/model/bugs.test.ts are regression tests now: 508.8 and 723.2e
// across additional combat phases, the intervening "if" of "beginning of" abilities, permanent
// copies that cannot enter.
export const KNOWN_BUGS: KnownBug[] = [
  {
    name: 'a game waiting for a thatTurn delayed trigger cannot be restored (its AT is checked as a host registration)',
    reproduction: 'test/model/bugs.test.ts: "603.7: a game waiting for a delayed trigger bound to an extra turn can be persisted and restored"',
    matches: (v) => v.rule === 'persistence' && v.message.includes('"thatTurn" is only for an AT in an effects list'),
  },
  {
    name: 'a thatTurn AT at the ending phase does not trigger when 723.1d begins the ending phase of its turn (an unbound one does)',
    reproduction: 'test/model/bugs.test.ts: "603.7: a thatTurn AT at the ending phase triggers like an unbound one …"',
    matches: (v) => v.rule === '603.7' && /\(ending, thatTurn\) did not trigger/.test(v.message),
  },
  {
    name: 'a second declaration of attackers (an added declare attackers step) drops the first attackers from combat without a record',
    reproduction: 'test/model/bugs.test.ts: "506.4: a creature no longer attacking after a second declaration of attackers leaves combat on the record"',
    matches: (v) => v.rule === 'history' && v.message.startsWith('creatures in combat:'),
  },
];

export const knownBugOf = (v: Violation): KnownBug | undefined => KNOWN_BUGS.find((bug) => bug.matches(v));
