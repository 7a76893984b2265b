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

/**
 * What a legality question wants: `why` (the refusal with its reason and rule: the machine's
 * `rejected`, `explainRefusal`) or only `whether` there is one (the guards, `legalActions`, which
 * ask before every event and throw the reason away). Both run the very same checks in the same
 * order; `whether` only skips writing the sentence.
 */
export type Asking = 'why' | 'whether';

/** The answer to `whether` for a refused event: no reason written (never handed out: `isRefused` makes it a boolean). */
const REFUSED: Refusal = Object.freeze({ reason: '', rule: '' });

/**
 * The facts of the state the checks read, derived once per question (the legality function's
 * first stage): a guard derives them for its one event, `legalActions` once for all its probes.
 * Each is what a check compares, not its answer: the checks, their order and their reasons stay
 * in the second stage (`legality`).
 */
export interface LegalityFacts {
  readonly ctx: GameContext;
  /** What the machine waits for (see view). */
  readonly waitingFor: WaitingFor;
  /** 117.1, 805.5a: the side holding priority while the machine waits for it; else null (nobody may pass, cast or activate). */
  readonly holder: string | null;
  /** 307.1, 301.1, 602.5d: why sorcery timing fails now (`SorceryTiming`, in the order tested), or null when it holds. */
  readonly sorceryTiming: SorceryTiming | null;
  /** limits.maxStack: the stack holds as many objects as it may. */
  readonly stackFull: boolean;
}

/** Why sorcery timing fails, in the order it is tested: not the active player's (team's) priority, not a main phase, a nonempty stack. */
type SorceryTiming = 'notActive' | 'notMain' | 'stack';

/** The first stage of the legality function: what its checks read of `ctx`, now that the machine waits for `waitingFor`. */
export function legalityFacts(ctx: GameContext, waitingFor: WaitingFor): LegalityFacts {
  const holder = waitingFor === 'priority' ? ctx.priority.holder : null;
  const sorceryTiming: SorceryTiming | null = ctx.priority.holder !== ctx.activeSide ? 'notActive'
    : ctx.phase !== 'precombatMain' && ctx.phase !== 'postcombatMain' ? 'notMain'
      : ctx.stack.length > 0 ? 'stack' : null;
  return { ctx, waitingFor, holder, sorceryTiming, stackFull: ctx.stack.length >= ctx.limits.maxStack };
}

/** A side in words: a player, or "team A+B". */
const named = (ctx: GameContext, side: string) => (ctx.teams === null ? side : `team ${side}`);

/** The sorcery-timing test (307.1, 301.1): active player (805.4: a player of the active team), main phase, empty stack. */
function sorceryTimingRefusal(facts: LegalityFacts, asking: Asking, rule: string, object: StackObjectSpec, doing: Doing): Refusal | null {
  const failing = facts.sorceryTiming;
  if (failing === null) return null;
  if (asking === 'whether') return REFUSED;
  const what = timedWhat(object, doing);
  if (failing === 'notActive') return refuse(`${what} only during its controller's own ${facts.ctx.teams === null ? '' : 'team\'s '}turn`, rule);
  return refuse(failing === 'notMain' ? `${what} only in a main phase` : `${what} only while the stack is empty`, rule);
}

/** What is done with a spell or an ability, as a refusal words it. */
type Doing = 'cast' | 'activated';

/** The subject of a sorcery-timing refusal: a spell by its type ("a sorcery spell (s1) can be cast"), an ability by its id. */
const timedWhat = (object: StackObjectSpec, doing: Doing): string =>
  (doing === 'cast' ? `a ${object.type ?? 'instant'} spell (${object.id}) can be cast` : `${object.id} can be activated`);

/** 117.1: only who holds priority acts; 805.5a: any player of the team that holds it. `object`: the spell or ability it would cast or activate. */
function holderRefusal(facts: LegalityFacts, asking: Asking, who: string, verb: 'pass' | 'cast' | 'activate', object?: string): Refusal | null {
  const { ctx, holder } = facts;
  if (holder === null) {
    return asking === 'why' ? refuse(`${who} cannot ${actionWords(verb, object)}: ${ctx.teams === null ? 'no player' : 'no team'} holds priority now`, ctx.teams === null ? '117.1' : '805.5a') : REFUSED;
  }
  if (holder !== sideOf(ctx, who)) {
    return asking === 'why' ? refuse(`${who} cannot ${actionWords(verb, object)}: ${named(ctx, holder)} holds priority`, ctx.teams === null ? '117.1' : '805.5a') : REFUSED;
  }
  return null;
}

const actionWords = (verb: string, object: string | undefined): string => (object === undefined ? verb : `${verb} ${object}`);

function stackRoomRefusal(facts: LegalityFacts, asking: Asking): Refusal | null {
  if (!facts.stackFull) return null;
  return asking === 'why' ? refuse(`the stack holds ${facts.ctx.stack.length} objects already (limits.maxStack)`, 'limit') : REFUSED;
}

/** 601.3, 602.5: "only during combat", "only during your turn": restrictions added to a spell or ability. */
function restrictionRefusal(ctx: GameContext, asking: Asking, object: StackObjectSpec, doing: Doing, rule: string): Refusal | null {
  if (object.timing === 'combat' && ctx.phase !== 'combat') return asking === 'why' ? refuse(`${object.id} can be ${doing} only during combat`, rule) : REFUSED;
  if (object.timing === 'yourTurn' && !isTurnOf(ctx, object.controller)) return asking === 'why' ? refuse(`${object.id} can be ${doing} only during its controller's turn`, rule) : REFUSED;
  return null;
}

function castRefusal(facts: LegalityFacts, asking: Asking, spell: StackObjectSpec): Refusal | null {
  const type = spell.type ?? 'instant';
  const notHolder = holderRefusal(facts, asking, spell.controller, 'cast', spell.id);
  if (notHolder) return notHolder;
  // A sorcery or non-flash permanent spell needs sorcery timing; "combat" / "yourTurn" add to that, they lift nothing.
  const sorcerySpeed = type === 'sorcery' || isPermanentType(type);
  if (sorcerySpeed && spell.timing !== 'instant') {
    const timing = sorceryTimingRefusal(facts, asking, type === 'sorcery' ? '307.1' : '301.1', spell, 'cast');
    if (timing) return timing;
  }
  return restrictionRefusal(facts.ctx, asking, spell, 'cast', '601.3') ?? stackRoomRefusal(facts, asking);
}

function activateRefusal(facts: LegalityFacts, asking: Asking, ability: StackObjectSpec): Refusal | null {
  const notHolder = holderRefusal(facts, asking, ability.controller, 'activate', ability.id);
  if (notHolder) return notHolder;
  if (ability.timing === 'sorcery') {
    const timing = sorceryTimingRefusal(facts, asking, '602.5d', ability, 'activated');
    if (timing) return timing;
  }
  if (ability.timing === 'yourTurn' && !isTurnOf(facts.ctx, ability.controller)) {
    return asking === 'why' ? refuse(`${ability.id} can be activated only during its controller's turn`, '602.5b') : REFUSED;
  }
  return restrictionRefusal(facts.ctx, asking, ability, 'activated', '602.5') ?? stackRoomRefusal(facts, asking);
}

/** 603.3b: an order is given by the player (805.7: the team) the game waits for, and names exactly their abilities. */
function orderRefusal(ctx: GameContext, asking: Asking, waitingFor: WaitingFor, who: string, order: readonly string[]): Refusal | null {
  const rule = ctx.teams === null ? '603.3b' : '805.7';
  const asked = waitingFor === 'orderTriggers' ? sideToOrder(ctx) : null;
  if (asked === null) return asking === 'why' ? refuse('no order of triggered abilities is awaited now', rule) : REFUSED;
  if (sideOf(ctx, who) !== asked) return asking === 'why' ? refuse(`${who} cannot order triggered abilities now: the game waits for ${named(ctx, asked)}'s order`, rule) : REFUSED;
  if (!isOrderOf(ctx, asked, order)) {
    return asking === 'why' ? refuse(`the order must name each of ${named(ctx, asked)}'s abilities once: ${abilitiesToOrder(ctx, asked).join(', ')}; got ${order.join(', ') || 'none'}`, rule) : REFUSED;
  }
  return null;
}

/** limits.maxCreatures bounds the creatures attacking, or blocking, at once (as it bounds one declaration). */
function inCombatRefusal(ctx: GameContext, asking: Asking, count: number, what: string): Refusal | null {
  if (count <= ctx.limits.maxCreatures) return null;
  return asking === 'why' ? refuse(`${count} ${what} creatures: at most ${ctx.limits.maxCreatures} at once (limits.maxCreatures)`, 'limit') : REFUSED;
}

/** 508.1, 805.10b: the active player (team) declares attackers, once, with creatures it controls. */
function attackRefusal(ctx: GameContext, asking: Asking, waitingFor: WaitingFor, event: EventOfType<'combat.declareAttackers'>): Refusal | null {
  const rule = ctx.teams === null ? '508.1' : '805.10b';
  if (waitingFor !== 'declareAttackers') return asking === 'why' ? refuse('attackers are declared only as the declare attackers step begins', rule) : REFUSED;
  const who = nameOf(event);
  if (sideOf(ctx, who) !== ctx.activeSide) return asking === 'why' ? refuse(`${who} is not ${ctx.teams === null ? 'the active player' : 'of the active team'}; only ${named(ctx, ctx.activeSide)} declares attackers`, rule) : REFUSED;
  const stranger = event.attackers.find((a) => a.controller !== undefined && sideOf(ctx, a.controller) !== ctx.activeSide);
  if (stranger) return asking === 'why' ? refuse(`${stranger.id}'s controller ${stranger.controller} is not a player of the attacking team ${ctx.activeSide}`, rule) : REFUSED;
  if (ctx.extraTurn) {
    const barred = event.attackers.find((a) => a.cantAttackDuringExtraTurns);
    if (barred) return asking === 'why' ? refuse(`${barred.id} can't attack during extra turns, and this is an extra turn`, '508.1c') : REFUSED;
  }
  // (an added declare attackers step adds to those already attacking, 506.4)
  const joining = event.attackers.filter((a) => !ctx.attackers.some((x) => x.id === a.id));
  return inCombatRefusal(ctx, asking, ctx.attackers.length + joining.length, 'attacking');
}

/** 509.1, 805.10d: each defending player (team) in turn declares blockers, once, with creatures it controls, blocking attackers. */
function blockRefusal(ctx: GameContext, asking: Asking, waitingFor: WaitingFor, event: EventOfType<'combat.declareBlockers'>): Refusal | null {
  const rule = ctx.teams === null ? '509.1' : '805.10d';
  if (waitingFor !== 'declareBlockers') return asking === 'why' ? refuse('blockers are declared only as the declare blockers step begins', rule) : REFUSED;
  const who = nameOf(event);
  const side = sideOf(ctx, who);
  const awaited = ctx.defendersToDeclare[0];
  if (side !== awaited) {
    if (asking === 'whether') return REFUSED;
    const why = side === ctx.activeSide ? ` (${named(ctx, side)} is attacking)` : ctx.defendersToDeclare.includes(side) ? '' : ' (it has declared)';
    return refuse(`${who} cannot declare blockers now${why}; waiting for ${named(ctx, awaited)}`, rule);
  }
  const stranger = event.blockers.find((b) => b.controller !== undefined && sideOf(ctx, b.controller) !== side);
  if (stranger) return asking === 'why' ? refuse(`${stranger.id}'s controller ${stranger.controller} is not a player of the declaring team ${side}`, rule) : REFUSED;
  const stray = event.blockers.find((b) => !ctx.attackers.some((a) => a.id === b.blocking));
  if (stray) return asking === 'why' ? refuse(`${stray.id} cannot block "${stray.blocking}": it is not an attacking creature`, '509.1a') : REFUSED;
  // (each defending player or team adds its blockers, 509.1, 805.10d)
  return inCombatRefusal(ctx, asking, ctx.blockers.length + event.blockers.length, 'blocking');
}

function full(asking: Asking, count: number, limit: number, what: string, name: string): Refusal | null {
  if (count < limit) return null;
  return asking === 'why' ? refuse(`${what}: ${count} already (limits.${name})`, 'limit') : REFUSED;
}

/**
 * 104.2a: a game that is over takes nothing more, reports included; 800.4a: a player who has left
 * the game sends nothing (104.3a: nor concedes again). (A player in the game may concede at any time.)
 */
function leavingRefusal(ctx: GameContext, asking: Asking, event: TurnEvent): Refusal | null {
  if (ctx.winners !== null) {
    return asking === 'why' ? refuse(`the game is over (${ctx.winners.join(', ')} won): ${event.type} is refused`, ctx.teams === null ? '104.2a' : '104.2c') : REFUSED;
  }
  if (ctx.left.length === 0) return null; // (asked first: nobody has left in most of a game)
  const actor = actorOf(event);
  if (actor === null) return null;
  const out = ctx.teams?.[actor] !== undefined ? !isSideInGame(ctx, actor) : !isInGame(ctx, actor);
  if (!out) return null;
  if (asking === 'whether') return REFUSED;
  return event.type === 'player.concede'
    ? refuse(`${actor} has already left the game`, '104.3a')
    : refuse(`${actor} has left the game and takes no more actions`, '800.4a');
}

/**
 * The legality function's second stage: null when `event` is legal in the state `facts` were
 * derived from; otherwise a refusal, as `asking` wants it.
 */
function legality(facts: LegalityFacts, event: TurnEvent, asking: Asking): Refusal | null {
  const { ctx, waitingFor } = facts;
  const { limits } = ctx;
  const leaving = leavingRefusal(ctx, asking, event);
  if (leaving) return leaving;
  // 722.5: a player's action is sent by whoever makes that decision now (a controlled player's controller).
  // (its refusal and the standing passes' are rare and cheap next to the call: written either way)
  const notTheirs = senderRefusal(ctx, event);
  if (notTheirs) return notTheirs;
  switch (event.type) {
    case 'priority.pass':
      return holderRefusal(facts, asking, event.player, 'pass');
    case 'spell.cast':
      return castRefusal(facts, asking, event.object);
    case 'ability.activate':
      return activateRefusal(facts, asking, event.object);
    case 'combat.declareAttackers':
      return attackRefusal(ctx, asking, waitingFor, event);
    case 'combat.declareBlockers':
      return blockRefusal(ctx, asking, waitingFor, event);
    case 'trigger.report':
      return full(asking, ctx.pendingTriggers.length, limits.maxPendingTriggers, 'triggered abilities waiting', 'maxPendingTriggers');
    case 'trigger.register':
      return full(asking, ctx.triggers.length, limits.maxRegisteredTriggers, 'registered triggers', 'maxRegisteredTriggers');
    case 'stateBasedActions.schedule':
      return full(asking, ctx.onStateBasedActions.length + ctx.stateBasedActionsScheduled, limits.maxRegisteredTriggers, 'scheduled state-based actions', 'maxRegisteredTriggers');
    case 'discard.schedule':
      return full(asking, ctx.onDiscard.length, limits.maxRegisteredTriggers, 'abilities waiting for a discard', 'maxRegisteredTriggers');
    case 'combatant.set':
      return ctx.attackers.some((c) => c.id === event.id) || ctx.blockers.some((c) => c.id === event.id)
        ? null : asking === 'why' ? refuse(`no attacking or blocking creature is named "${event.id}"`, '506.4') : REFUSED;
    case 'triggers.order':
      return orderRefusal(ctx, asking, waitingFor, nameOf(event), event.order);
    case 'effect.create':
      return full(asking, ctx.effects.length, limits.maxEffectsInForce, 'continuous effects in force', 'maxEffectsInForce');
    case 'mana.add':
      if (ctx.left.includes(event.player)) return asking === 'why' ? refuse(`${event.player} has left the game: they have no mana pool`, '800.4a') : REFUSED;
      return (ctx.manaPool[event.player] ?? 0) + event.amount > limits.maxAmount
        ? asking === 'why' ? refuse(`${event.player}'s pool would hold more than ${limits.maxAmount} mana (limits.maxAmount)`, 'limit') : REFUSED : null;
    case 'target.invalidate':
      return full(asking, ctx.illegalTargets.length, limits.maxMarks, 'illegal targets', 'maxMarks');
    case 'condition.set':
      return full(asking, ctx.falseConditions.length, limits.maxMarks, 'conditions set false', 'maxMarks');
    case 'player.concede':
      return null; // 104.3a: at any time
    case 'shortcut.passUntil':
    case 'shortcut.cancel':
      return shortcutRefusal(ctx, event);
  }
}

/** null when `event` is legal now; otherwise why not (its reason and rule). `waitingFor` is what the machine waits for (see view). */
export function refusalOf(ctx: GameContext, event: TurnEvent, waitingFor: WaitingFor): Refusal | null {
  return legality(legalityFacts(ctx, waitingFor), event, 'why');
}

/**
 * Whether `event` is refused now: `refusalOf`'s very checks, in its order, without writing the
 * reason (for the guards and `legalActions`, which need only yes or no, before every event).
 */
export function isRefused(ctx: GameContext, event: TurnEvent, waitingFor: WaitingFor): boolean {
  return legality(legalityFacts(ctx, waitingFor), event, 'whether') !== null;
}

/**
 * `isRefused` with the facts of the state derived already (`legalityFacts`): for `legalActions`,
 * which asks it of a dozen probe events in one state.
 */
export function isRefusedIn(facts: LegalityFacts, event: TurnEvent): boolean {
  return legality(facts, event, 'whether') !== null;
}
