// Whether a well-formed event is legal now, and if not, why (rule cited). One function serves
// the machine's guards, its `rejected` events and the UI's questions, so they always agree.
// (Whether an event is well formed at all is the vocabulary's schema, checked before.)
import { isPermanentType, type StackObjectSpec, type TurnEvent, type WaitingFor } from '../vocabulary/index.js';
import { isTurnOf } from './sides.js';
import { abilitiesToOrder, isOrderOf, playerToOrder } from './triggerOrder.js';
import type { GameContext } from './types.js';

export interface Refusal {
  reason: string;
  /** The rule it breaks; `input` for a malformed event, `limit` for one past a limit. */
  rule: string;
  /** The JSON path of the bad part of a malformed event. */
  path?: string;
}

const refuse = (reason: string, rule: string): Refusal => ({ reason, rule });

/** The sorcery-timing test (307.1, 301.1): active player, main phase, empty stack. */
function sorceryTimingRefusal(ctx: GameContext, what: string, rule: string): Refusal | null {
  if (ctx.priority.holder !== ctx.activePlayer) return refuse(`${what} only during its controller's own turn`, rule);
  if (ctx.phase !== 'precombatMain' && ctx.phase !== 'postcombatMain') return refuse(`${what} only in a main phase`, rule);
  if (ctx.stack.length > 0) return refuse(`${what} only while the stack is empty`, rule);
  return null;
}

function holderRefusal(ctx: GameContext, waitingFor: WaitingFor, player: string, action: string): Refusal | null {
  if (waitingFor !== 'priority' || ctx.priority.holder === null) {
    return refuse(`${player} cannot ${action}: no player holds priority now`, '117.1');
  }
  if (ctx.priority.holder !== player) {
    return refuse(`${player} cannot ${action}: ${ctx.priority.holder} holds priority`, '117.1');
  }
  return null;
}

function stackRoomRefusal(ctx: GameContext): Refusal | null {
  return ctx.stack.length >= ctx.limits.maxStack
    ? refuse(`the stack holds ${ctx.stack.length} objects already (limits.maxStack)`, 'limit')
    : null;
}

/** 601.3, 602.5: "only during combat", "only during your turn": restrictions added to a spell or ability. */
function restrictionRefusal(ctx: GameContext, object: StackObjectSpec, what: string, rule: string): Refusal | null {
  if (object.timing === 'combat' && ctx.phase !== 'combat') return refuse(`${what} only during combat`, rule);
  if (object.timing === 'yourTurn' && !isTurnOf(ctx, object.controller)) return refuse(`${what} only during its controller's turn`, rule);
  return null;
}

function castRefusal(ctx: GameContext, waitingFor: WaitingFor, spell: StackObjectSpec): Refusal | null {
  const type = spell.type ?? 'instant';
  const notHolder = holderRefusal(ctx, waitingFor, spell.controller, `cast ${spell.id}`);
  if (notHolder) return notHolder;
  // A sorcery or non-flash permanent spell needs sorcery timing; "combat" / "yourTurn" add to that, they lift nothing.
  const sorcerySpeed = type === 'sorcery' || isPermanentType(type);
  if (sorcerySpeed && spell.timing !== 'instant') {
    const timing = sorceryTimingRefusal(ctx, `a ${type} spell (${spell.id}) can be cast`, type === 'sorcery' ? '307.1' : '301.1');
    if (timing) return timing;
  }
  return restrictionRefusal(ctx, spell, `${spell.id} can be cast`, '601.3') ?? stackRoomRefusal(ctx);
}

function activateRefusal(ctx: GameContext, waitingFor: WaitingFor, ability: StackObjectSpec): Refusal | null {
  const notHolder = holderRefusal(ctx, waitingFor, ability.controller, `activate ${ability.id}`);
  if (notHolder) return notHolder;
  if (ability.timing === 'sorcery') {
    const timing = sorceryTimingRefusal(ctx, `${ability.id} can be activated`, '602.5d');
    if (timing) return timing;
  }
  if (ability.timing === 'yourTurn' && !isTurnOf(ctx, ability.controller)) {
    return refuse(`${ability.id} can be activated only during its controller's turn`, '602.5b');
  }
  return restrictionRefusal(ctx, ability, `${ability.id} can be activated`, '602.5') ?? stackRoomRefusal(ctx);
}

/** 603.3b: an order is given by the player the game waits for, and names exactly their abilities. */
function orderRefusal(ctx: GameContext, waitingFor: WaitingFor, player: string, order: readonly string[]): Refusal | null {
  const asked = waitingFor === 'orderTriggers' ? playerToOrder(ctx) : null;
  if (asked === null) return refuse('no order of triggered abilities is awaited now', '603.3b');
  if (player !== asked) return refuse(`${player} cannot order triggered abilities now: the game waits for ${asked}'s order`, '603.3b');
  if (!isOrderOf(ctx, player, order)) {
    return refuse(`the order must name each of ${player}'s abilities once: ${abilitiesToOrder(ctx, player).join(', ')}; got ${order.join(', ') || 'none'}`, '603.3b');
  }
  return null;
}

const full = (count: number, limit: number, what: string, name: string): Refusal | null =>
  count >= limit ? refuse(`${what}: ${count} already (limits.${name})`, 'limit') : null;

/** null when `event` is legal now; otherwise why not. `waitingFor` is what the machine waits for (see view). */
export function refusalOf(ctx: GameContext, event: TurnEvent, waitingFor: WaitingFor): Refusal | null {
  const { limits } = ctx;
  switch (event.type) {
    case 'priority.pass':
      return holderRefusal(ctx, waitingFor, event.player, 'pass');
    case 'spell.cast':
      return castRefusal(ctx, waitingFor, event.object);
    case 'ability.activate':
      return activateRefusal(ctx, waitingFor, event.object);
    case 'combat.declareAttackers':
      if (waitingFor !== 'declareAttackers') return refuse('attackers are declared only as the declare attackers step begins', '508.1');
      if (event.player !== ctx.activePlayer) return refuse(`${event.player} is not the active player; only ${ctx.activePlayer} declares attackers`, '508.1');
      if (ctx.extraTurn) {
        const barred = event.attackers.find((a) => a.cantAttackDuringExtraTurns);
        if (barred) return refuse(`${barred.id} can't attack during extra turns, and this is an extra turn`, '508.1c');
      }
      return null;
    case 'combat.declareBlockers': {
      if (waitingFor !== 'declareBlockers') return refuse('blockers are declared only as the declare blockers step begins', '509.1');
      if (event.player !== ctx.defendersToDeclare[0]) {
        return refuse(`${event.player} cannot declare blockers now; waiting for ${ctx.defendersToDeclare[0]}`, '509.1');
      }
      const stray = event.blockers.find((b) => !ctx.attackers.some((a) => a.id === b.blocking));
      if (stray) return refuse(`${stray.id} cannot block "${stray.blocking}": it is not an attacking creature`, '509.1a');
      return null;
    }
    case 'trigger.report':
      return full(ctx.pendingTriggers.length, limits.maxPendingTriggers, 'triggered abilities waiting', 'maxPendingTriggers');
    case 'trigger.register':
      return full(ctx.triggers.length, limits.maxRegisteredTriggers, 'registered triggers', 'maxRegisteredTriggers');
    case 'stateBasedActions.schedule':
      return full(ctx.onStateBasedActions.length + ctx.stateBasedActionsScheduled, limits.maxRegisteredTriggers, 'scheduled state-based actions', 'maxRegisteredTriggers');
    case 'discard.schedule':
      return full(ctx.onDiscard.length, limits.maxRegisteredTriggers, 'abilities waiting for a discard', 'maxRegisteredTriggers');
    case 'combatant.set':
      return [...ctx.attackers, ...ctx.blockers].some((c) => c.id === event.id)
        ? null : refuse(`no attacking or blocking creature is named "${event.id}"`, '506.4');
    case 'triggers.order':
      return orderRefusal(ctx, waitingFor, event.player, event.order);
    case 'effect.create':
      return full(ctx.effects.length, limits.maxEffectsInForce, 'continuous effects in force', 'maxEffectsInForce');
    case 'mana.add':
      return (ctx.manaPool[event.player] ?? 0) + event.amount > limits.maxAmount
        ? refuse(`${event.player}'s pool would hold more than ${limits.maxAmount} mana (limits.maxAmount)`, 'limit') : null;
    case 'target.invalidate':
      return full(ctx.illegalTargets.length, limits.maxMarks, 'illegal targets', 'maxMarks');
    case 'condition.set':
      return full(ctx.falseConditions.length, limits.maxMarks, 'conditions set false', 'maxMarks');
  }
}
