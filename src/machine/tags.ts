// The chart's tags: a state where the game waits for a decision carries the tag of what it
// waits for (machines/turn.ts, `tags: ['waitingFor:priority']`), and `view` reads the tag — the
// one place that says which states wait. test/rules/waiting-tags.test.ts checks each tag
// against the `waitingFor` params of the refusals in the same state.
import type { WaitingFor } from '../vocabulary/index.js';

/** What a waiting state waits for (never null: a state that waits for nothing has no tag). */
export type Awaited = Exclude<WaitingFor, null>;

/** The tag of a state that waits for a decision of kind `W`. */
export type WaitingTag<W extends Awaited = Awaited> = `waitingFor:${W}`;

/** Each kind of decision's tag, in the order `view` looks for them. */
export const WAITING_TAGS = {
  priority: 'waitingFor:priority',
  orderTriggers: 'waitingFor:orderTriggers',
  declareAttackers: 'waitingFor:declareAttackers',
  declareBlockers: 'waitingFor:declareBlockers',
} as const satisfies { readonly [W in Awaited]: WaitingTag<W> };
