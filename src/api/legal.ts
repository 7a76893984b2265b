// What is legal now, for a UI: answered by the same functions the machine's boundary and
// guards use, so they always agree.
import { acceptEvent } from '../machine/boundary.js';
import { refusalOf, type Refusal } from '../rules/legality.js';
import { sideOf } from '../rules/sides.js';
import { abilitiesToOrder, sideToOrder } from '../rules/triggerOrder.js';
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

/**
 * A kind of action a player may take now. Spells and abilities by timing: `instant` (any time
 * the player holds priority), `sorcery` (307.1, 602.5d), `yourTurn` (602.5b, 601.3) and `combat`
 * (601.3, 602.5) — each offered when a spell or ability of that timing would be accepted now.
 * `combat.declareAttackers` names the creature restrictions that would refuse an attacker now (508.1c).
 */
export type LegalAction =
  | { type: 'priority.pass' }
  | { type: 'spell.cast'; timing: 'instant' | 'sorcery' | 'yourTurn' | 'combat' }
  | { type: 'ability.activate'; timing: 'instant' | 'sorcery' | 'yourTurn' | 'combat' }
  | { type: 'combat.declareAttackers'; barred: 'cantAttackDuringExtraTurns'[] }
  | { type: 'combat.declareBlockers' }
  | { type: 'triggers.order'; triggers: string[] };

/**
 * The kinds of action `player` may take now (a probe event for each kind, checked as the machine
 * would). With teams, a player acts for their team (805.5a): what the team may do, this player may.
 */
export function legalActions(snapshot: GameState, player: PlayerId): LegalAction[] {
  const waiting = waitingFor(snapshot);
  const probe = { id: 'probe', controller: player, effects: [] };
  const ctx = snapshot.context;
  const side = sideToOrder(ctx);
  const toOrder = waiting === 'orderTriggers' && side !== null && side === sideOf(ctx, player) ? abilitiesToOrder(ctx, side) : [];
  const barred = explain(snapshot, { type: 'combat.declareAttackers', player, attackers: [{ id: 'probe', cantAttackDuringExtraTurns: true }] }, waiting) !== null;
  const candidates: [LegalAction, TurnEvent][] = [
    [{ type: 'priority.pass' }, { type: 'priority.pass', player }],
    [{ type: 'spell.cast', timing: 'instant' }, { type: 'spell.cast', object: { ...probe, type: 'instant' } }],
    [{ type: 'spell.cast', timing: 'sorcery' }, { type: 'spell.cast', object: { ...probe, type: 'sorcery' } }],
    [{ type: 'spell.cast', timing: 'yourTurn' }, { type: 'spell.cast', object: { ...probe, type: 'instant', timing: 'yourTurn' } }],
    [{ type: 'spell.cast', timing: 'combat' }, { type: 'spell.cast', object: { ...probe, type: 'instant', timing: 'combat' } }],
    [{ type: 'ability.activate', timing: 'instant' }, { type: 'ability.activate', object: probe }],
    [{ type: 'ability.activate', timing: 'sorcery' }, { type: 'ability.activate', object: { ...probe, timing: 'sorcery' } }],
    [{ type: 'ability.activate', timing: 'yourTurn' }, { type: 'ability.activate', object: { ...probe, timing: 'yourTurn' } }],
    [{ type: 'ability.activate', timing: 'combat' }, { type: 'ability.activate', object: { ...probe, timing: 'combat' } }],
    [{ type: 'combat.declareAttackers', barred: barred ? ['cantAttackDuringExtraTurns'] : [] }, { type: 'combat.declareAttackers', player, attackers: [] }],
    [{ type: 'combat.declareBlockers' }, { type: 'combat.declareBlockers', player, blockers: [] }],
    [{ type: 'triggers.order', triggers: toOrder }, { type: 'triggers.order', player, order: toOrder }],
  ];
  return candidates.filter(([, event]) => explain(snapshot, event, waiting) === null).map(([action]) => action);
}
