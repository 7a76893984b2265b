// What is legal now, for a UI: answered by the same function the machine's guards use.
import type { TurnEvent } from './events.js';
import { refusalOf, type Refusal } from './rules/legality.js';
import type { PlayerId } from './rules/types.js';
import { waitingFor, type TurnSnapshot } from './view.js';

/** null when the machine would accept `event` now; otherwise the reason it would refuse it. */
export function explainRefusal(snapshot: TurnSnapshot, event: TurnEvent): Refusal | null {
  return refusalOf(snapshot.context, event, waitingFor(snapshot));
}

export function canSend(snapshot: TurnSnapshot, event: TurnEvent): boolean {
  return explainRefusal(snapshot, event) === null;
}

export type LegalAction =
  | { type: 'priority.pass' }
  | { type: 'spell.cast'; timing: 'instant' | 'sorcery' }
  | { type: 'ability.activate'; timing: 'instant' | 'sorcery' | 'yourTurn' }
  | { type: 'combat.declareAttackers' }
  | { type: 'combat.declareBlockers' };

/** The kinds of action `player` may take now (a probe event for each kind, checked by `explainRefusal`). */
export function legalActions(snapshot: TurnSnapshot, player: PlayerId): LegalAction[] {
  const probe = { id: '(probe)', controller: player, effects: [] };
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
  return candidates.filter(([, event]) => canSend(snapshot, event)).map(([action]) => action);
}
