// What is legal now, for a UI: answered by the same functions the machine's boundary and
// guards use, so they always agree.
import { acceptEvent } from '../machine/boundary.js';
import { refusalOf, type Refusal } from '../rules/legality.js';
import type { PlayerId, TurnEvent, WaitingFor } from '../vocabulary/index.js';
import { waitingFor, type GameState } from './view.js';

function explain(snapshot: GameState, event: unknown, waiting: WaitingFor): Refusal | null {
  const accepted = acceptEvent(snapshot.context, event);
  return accepted.ok ? refusalOf(snapshot.context, accepted.event, waiting) : accepted.refusal;
}

/** null when the machine would accept `event` now; otherwise the reason it would refuse it. Any value may be asked about. */
export function explainRefusal(snapshot: GameState, event: unknown): Refusal | null {
  return explain(snapshot, event, waitingFor(snapshot));
}

export function canSend(snapshot: GameState, event: unknown): boolean {
  return explainRefusal(snapshot, event) === null;
}

export type LegalAction =
  | { type: 'priority.pass' }
  | { type: 'spell.cast'; timing: 'instant' | 'sorcery' }
  | { type: 'ability.activate'; timing: 'instant' | 'sorcery' | 'yourTurn' }
  | { type: 'combat.declareAttackers' }
  | { type: 'combat.declareBlockers' };

/** The kinds of action `player` may take now (a probe event for each kind, checked as the machine would). */
export function legalActions(snapshot: GameState, player: PlayerId): LegalAction[] {
  const waiting = waitingFor(snapshot);
  const probe = { id: 'probe', controller: player, effects: [] };
  const candidates: [LegalAction, TurnEvent][] = [
    [{ type: 'priority.pass' }, { type: 'priority.pass', player }],
    [{ type: 'spell.cast', timing: 'instant' }, { type: 'spell.cast', object: { ...probe, type: 'instant' } }],
    [{ type: 'spell.cast', timing: 'sorcery' }, { type: 'spell.cast', object: { ...probe, type: 'sorcery' } }],
    [{ type: 'ability.activate', timing: 'instant' }, { type: 'ability.activate', object: probe }],
    [{ type: 'ability.activate', timing: 'sorcery' }, { type: 'ability.activate', object: { ...probe, timing: 'sorcery' } }],
    [{ type: 'ability.activate', timing: 'yourTurn' }, { type: 'ability.activate', object: { ...probe, timing: 'yourTurn' } }],
    [{ type: 'combat.declareAttackers' }, { type: 'combat.declareAttackers', player, attackers: [] }],
    [{ type: 'combat.declareBlockers' }, { type: 'combat.declareBlockers', player, blockers: [] }],
  ];
  return candidates.filter(([, event]) => explain(snapshot, event, waiting) === null).map(([action]) => action);
}
