// Whether a well-formed event is legal now, and if not, why (rule cited). One function serves
// the machine's guards, its `rejected` events and the UI's questions, so they always agree.
// (Whether an event is well formed at all is the vocabulary's schema, checked before.)
import { actorOf, isPermanentType, type EventOfType, type StackObjectSpec, type TurnEvent, type WaitingFor } from '../vocabulary/index.js';
import { isInGame, isSideInGame } from './inGame.js';
import { senderRefusal } from './control.js';
import { shortcutRefusal } from './shortcuts.js';
import { isTurnOf, nameOf, sideOf } from './sides.js';
import { abilitiesToOrder, isOrderOf, sideToOrder } from './triggerOrder.js';
import type { GameContext } from './types.js';

/** Why the machine refused an event: a sentence naming the bad input, and the rule (or `input`, `limit`, `seat`). */
export interface Refusal {
  reason: string;
  /** The rule it breaks; `input` for a malformed event, `limit` for one past a limit. */
  rule: string;
  /** The JSON path of the bad part of a malformed event. */
  path?: string;
}

const refuse = (reason: string, rule: string): Refusal => ({ reason, rule });

/** A side in words: a player, or "team A+B". */
const named = (ctx: GameContext, side: string) => (ctx.teams === null ? side : `team ${side}`);

/** The sorcery-timing test (307.1, 301.1): active player (805.4: a player of the active team), main phase, empty stack. */
function sorceryTimingRefusal(ctx: GameContext, what: string, rule: string): Refusal | null {
  if (ctx.priority.holder !== ctx.activeSide) return refuse(`${what} only during its controller's own ${ctx.teams === null ? '' : 'team\'s '}turn`, rule);
  if (ctx.phase !== 'precombatMain' && ctx.phase !== 'postcombatMain') return refuse(`${what} only in a main phase`, rule);
  if (ctx.stack.length > 0) return refuse(`${what} only while the stack is empty`, rule);
  return null;
}

/** 117.1: only who holds priority acts; 805.5a: any player of the team that holds it. */
function holderRefusal(ctx: GameContext, waitingFor: WaitingFor, who: string, action: string): Refusal | null {
  const rule = ctx.teams === null ? '117.1' : '805.5a';
  if (waitingFor !== 'priority' || ctx.priority.holder === null) {
    return refuse(`${who} cannot ${action}: ${ctx.teams === null ? 'no player' : 'no team'} holds priority now`, rule);
  }
  if (ctx.priority.holder !== sideOf(ctx, who)) {
    return refuse(`${who} cannot ${action}: ${named(ctx, ctx.priority.holder)} holds priority`, rule);
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

/** 603.3b: an order is given by the player (805.7: the team) the game waits for, and names exactly their abilities. */
function orderRefusal(ctx: GameContext, waitingFor: WaitingFor, who: string, order: readonly string[]): Refusal | null {
  const rule = ctx.teams === null ? '603.3b' : '805.7';
  const asked = waitingFor === 'orderTriggers' ? sideToOrder(ctx) : null;
  if (asked === null) return refuse('no order of triggered abilities is awaited now', rule);
  if (sideOf(ctx, who) !== asked) return refuse(`${who} cannot order triggered abilities now: the game waits for ${named(ctx, asked)}'s order`, rule);
  if (!isOrderOf(ctx, asked, order)) {
    return refuse(`the order must name each of ${named(ctx, asked)}'s abilities once: ${abilitiesToOrder(ctx, asked).join(', ')}; got ${order.join(', ') || 'none'}`, rule);
  }
  return null;
}

/** limits.maxCreatures bounds the creatures attacking, or blocking, at once (as it bounds one declaration). */
const inCombatRefusal = (ctx: GameContext, count: number, what: string): Refusal | null =>
  (count > ctx.limits.maxCreatures ? refuse(`${count} ${what} creatures: at most ${ctx.limits.maxCreatures} at once (limits.maxCreatures)`, 'limit') : null);

/** 508.1, 805.10b: the active player (team) declares attackers, once, with creatures it controls. */
function attackRefusal(ctx: GameContext, waitingFor: WaitingFor, event: EventOfType<'combat.declareAttackers'>): Refusal | null {
  const rule = ctx.teams === null ? '508.1' : '805.10b';
  if (waitingFor !== 'declareAttackers') return refuse('attackers are declared only as the declare attackers step begins', rule);
  const who = nameOf(event);
  if (sideOf(ctx, who) !== ctx.activeSide) return refuse(`${who} is not ${ctx.teams === null ? 'the active player' : 'of the active team'}; only ${named(ctx, ctx.activeSide)} declares attackers`, rule);
  const stranger = event.attackers.find((a) => a.controller !== undefined && sideOf(ctx, a.controller) !== ctx.activeSide);
  if (stranger) return refuse(`${stranger.id}'s controller ${stranger.controller} is not a player of the attacking team ${ctx.activeSide}`, rule);
  if (ctx.extraTurn) {
    const barred = event.attackers.find((a) => a.cantAttackDuringExtraTurns);
    if (barred) return refuse(`${barred.id} can't attack during extra turns, and this is an extra turn`, '508.1c');
  }
  // (an added declare attackers step adds to those already attacking, 506.4)
  const joining = event.attackers.filter((a) => !ctx.attackers.some((x) => x.id === a.id));
  return inCombatRefusal(ctx, ctx.attackers.length + joining.length, 'attacking');
}

/** 509.1, 805.10d: each defending player (team) in turn declares blockers, once, with creatures it controls, blocking attackers. */
function blockRefusal(ctx: GameContext, waitingFor: WaitingFor, event: EventOfType<'combat.declareBlockers'>): Refusal | null {
  const rule = ctx.teams === null ? '509.1' : '805.10d';
  if (waitingFor !== 'declareBlockers') return refuse('blockers are declared only as the declare blockers step begins', rule);
  const who = nameOf(event);
  const side = sideOf(ctx, who);
  const awaited = ctx.defendersToDeclare[0];
  if (side !== awaited) {
    const why = side === ctx.activeSide ? ` (${named(ctx, side)} is attacking)` : ctx.defendersToDeclare.includes(side) ? '' : ' (it has declared)';
    return refuse(`${who} cannot declare blockers now${why}; waiting for ${named(ctx, awaited)}`, rule);
  }
  const stranger = event.blockers.find((b) => b.controller !== undefined && sideOf(ctx, b.controller) !== side);
  if (stranger) return refuse(`${stranger.id}'s controller ${stranger.controller} is not a player of the declaring team ${side}`, rule);
  const stray = event.blockers.find((b) => !ctx.attackers.some((a) => a.id === b.blocking));
  if (stray) return refuse(`${stray.id} cannot block "${stray.blocking}": it is not an attacking creature`, '509.1a');
  // (each defending player or team adds its blockers, 509.1, 805.10d)
  return inCombatRefusal(ctx, ctx.blockers.length + event.blockers.length, 'blocking');
}

const full = (count: number, limit: number, what: string, name: string): Refusal | null =>
  count >= limit ? refuse(`${what}: ${count} already (limits.${name})`, 'limit') : null;

/**
 * 104.2a: a game that is over takes nothing more, reports included; 800.4a: a player who has left
 * the game sends nothing (104.3a: nor concedes again). (A player in the game may concede at any time.)
 */
function leavingRefusal(ctx: GameContext, event: TurnEvent): Refusal | null {
  if (ctx.winners !== null) {
    return refuse(`the game is over (${ctx.winners.join(', ')} won): ${event.type} is refused`, ctx.teams === null ? '104.2a' : '104.2c');
  }
  const actor = actorOf(event);
  if (actor === null || ctx.left.length === 0) return null;
  const out = ctx.teams?.[actor] !== undefined ? !isSideInGame(ctx, actor) : !isInGame(ctx, actor);
  if (!out) return null;
  return event.type === 'player.concede'
    ? refuse(`${actor} has already left the game`, '104.3a')
    : refuse(`${actor} has left the game and takes no more actions`, '800.4a');
}

/** null when `event` is legal now; otherwise why not. `waitingFor` is what the machine waits for (see view). */
export function refusalOf(ctx: GameContext, event: TurnEvent, waitingFor: WaitingFor): Refusal | null {
  const { limits } = ctx;
  const leaving = leavingRefusal(ctx, event);
  if (leaving) return leaving;
  // 722.5: a player's action is sent by whoever makes that decision now (a controlled player's controller).
  const notTheirs = senderRefusal(ctx, event);
  if (notTheirs) return notTheirs;
  switch (event.type) {
    case 'priority.pass':
      return holderRefusal(ctx, waitingFor, event.player, 'pass');
    case 'spell.cast':
      return castRefusal(ctx, waitingFor, event.object);
    case 'ability.activate':
      return activateRefusal(ctx, waitingFor, event.object);
    case 'combat.declareAttackers':
      return attackRefusal(ctx, waitingFor, event);
    case 'combat.declareBlockers':
      return blockRefusal(ctx, waitingFor, event);
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
      return orderRefusal(ctx, waitingFor, nameOf(event), event.order);
    case 'effect.create':
      return full(ctx.effects.length, limits.maxEffectsInForce, 'continuous effects in force', 'maxEffectsInForce');
    case 'mana.add':
      if (ctx.left.includes(event.player)) return refuse(`${event.player} has left the game: they have no mana pool`, '800.4a');
      return (ctx.manaPool[event.player] ?? 0) + event.amount > limits.maxAmount
        ? refuse(`${event.player}'s pool would hold more than ${limits.maxAmount} mana (limits.maxAmount)`, 'limit') : null;
    case 'target.invalidate':
      return full(ctx.illegalTargets.length, limits.maxMarks, 'illegal targets', 'maxMarks');
    case 'condition.set':
      return full(ctx.falseConditions.length, limits.maxMarks, 'conditions set false', 'maxMarks');
    case 'player.concede':
      return null; // 104.3a: at any time
    case 'shortcut.passUntil':
    case 'shortcut.cancel':
      return shortcutRefusal(ctx, event);
  }
}
