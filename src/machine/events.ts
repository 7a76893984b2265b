// The machine's own events: what hosts send (the vocabulary's `TurnEvent`), and the
// signals its two regions raise to each other. The signals are never accepted from outside
// (the boundary refuses them), and are not part of the public event type.
import type { standingNoAttackersEvent, standingNoBlockersEvent, standingPassEvent } from '../rules/shortcuts.js';
import type { TurnEvent } from '../vocabulary/index.js';

export type InternalEvent =
  | { type: 'step.finished' }
  | { type: 'priority.open' }
  | { type: 'cleanup.check' }
  /** 800.4: who is still in the game is looked at again (after a departure; as a declare attackers step begins, 800.4j). */
  | { type: 'departures.check' }
  // 732.2: what a standing pass raises — the pass or declaration its player would send, marked
  | ReturnType<typeof standingPassEvent> | ReturnType<typeof standingNoAttackersEvent> | ReturnType<typeof standingNoBlockersEvent>;

export type MachineEvent = TurnEvent | InternalEvent;
