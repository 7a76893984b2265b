// 722 (723 from the April 2026 edition): controlling another player (Mindslaver, Emrakul, the
// Promised End, Sorin Markov). Only who makes a player's decisions changes (722.3): the player
// stays the active player, their objects stay theirs. Who decides is data the guards and the
// legality function read (`ctx.control`); the chart has no states of its own for it.
import { actorOf, type ControlledActionName, type PlayerId, type Sent, type TurnEvent, type TurnEventType } from '../vocabulary/index.js';
import { cite } from './citations.js';
import { isSideInGame } from './inGame.js';
import { limitReached, record, type Draft } from './draft.js';
import type { Refusal } from './legality.js';
import { actingAs, playersOf, primaryOf, sideOf } from './sides.js';
import { endShortcutsSetBy } from './shortcuts.js';
import { addExtraTurn } from './turnPlan.js';
import type { GameContext } from './types.js';

type Ctx = Pick<GameContext, 'sides' | 'teams' | 'control'>;

/** 722.1, 805.8: who controls `side` (a player, or with teams a team) now, or null. */
export function controllerOfSide(ctx: Ctx, side: string): PlayerId | null {
  return ctx.control !== null && ctx.control.side === side ? ctx.control.controller : null;
}

/** The player making `side`'s decisions instead of it, or null: 722.9, a player given control of themselves (their own team) decides as before. */
function controllerInstead(ctx: Ctx, side: string): PlayerId | null {
  const controller = controllerOfSide(ctx, side);
  return controller === null || playersOf(ctx, side).includes(controller) ? null : controller;
}

/** 722.5: who makes `player`'s decisions now: the player controlling them (805.8: their team), or themselves. */
export function deciderOf(ctx: Ctx, player: PlayerId): PlayerId {
  return controllerInstead(ctx, sideOf(ctx, player)) ?? player;
}

/**
 * Who makes a side's decision the game waits for (VIEW `decider`): its controller, or the side
 * itself (with teams the team's id: any of its players decides, 805.5a).
 */
export function deciderOfSide(ctx: Ctx, side: string): string {
  return controllerInstead(ctx, side) ?? side;
}

/** A name as the player it stands for (with teams a team's id stands for its primary player, 805.2). */
const playerNamed = (ctx: Ctx, who: string): PlayerId => (ctx.teams?.[who] !== undefined ? primaryOf(ctx, who) : who);

/**
 * 722.5 (x.5): a player action is sent by whoever makes that decision now: for a controlled player
 * (team) only the controller, not the player (nor a teammate); otherwise the player (805.5a: a
 * player of the team). Null when the sender may send it; reports have no sender.
 */
export function senderRefusal(ctx: Pick<GameContext, 'sides' | 'teams' | 'control' | 'options'>, event: TurnEvent): Refusal | null {
  // (what follows, in brief: while nobody controls anyone, an event that names no other sender is
  // sent by the player it names, its decider, and a report has no sender; asked first, before the
  // event's actor is looked up, as it is most events, the guards' and legalActions' included)
  const { by } = event as Sent;
  if (by === undefined && ctx.control === null) return null;
  const actor = actorOf(event);
  if (actor === null) return null;
  const sender = by ?? actor; // (senderOf, its actor looked up once)
  if (sender === actor && ctx.control === null) return null;
  // 722.6, 104.3a: nobody but the player may concede for them, a controller neither
  if (isOwnDecision(event.type)) {
    return playerNamed(ctx, sender) === playerNamed(ctx, actor) ? null : { reason: `only ${actor} may ${event.type.split('.')[1]} for ${actor}, not ${sender}`, rule: cite(ctx, '722.6') };
  }
  const side = sideOf(ctx, actor);
  const controller = controllerInstead(ctx, side);
  // (the rule is cited only for a refusal: this check runs on every player event)
  if (controller !== null) {
    if (playerNamed(ctx, sender) === controller) return null;
    const whose = ctx.teams === null ? actor : `team ${side}`;
    return { reason: `${whose} is controlled by ${controller} this turn: only ${controller} makes ${whose}'s decisions, not ${sender}`, rule: cite(ctx, '722.5') };
  }
  if (sideOf(ctx, sender) === side) return null;
  return { reason: `${sender} does not make ${actor}'s decisions (${ctx.teams === null ? actor : `team ${side}`} decides for ${ctx.teams === null ? 'themselves' : 'itself'})`, rule: cite(ctx, '722.5') };
}

/** Player events only the player themselves may send, even while controlled (722.6: conceding, 104.3a). */
const OWN_DECISIONS: ReadonlySet<string> = new Set(['player.concede']);

/** 722.6: whether an event of this type is the player's own decision (sent by them, controlled or not). */
export const isOwnDecision = (type: string): boolean => OWN_DECISIONS.has(type);

const CONTROLLED_ACTION: Partial<Record<TurnEventType, ControlledActionName>> = {
  'priority.pass': 'pass', 'spell.cast': 'cast', 'ability.activate': 'activate',
  'combat.declareAttackers': 'declareAttackers', 'combat.declareBlockers': 'declareBlockers', 'triggers.order': 'orderTriggers',
};

/** 722.5: the decision a controller makes for the player they control is recorded just before its own records (not for control of oneself). */
export function recordControlledAction(draft: Draft, event: TurnEvent): void {
  const { ctx } = draft;
  const action = CONTROLLED_ACTION[event.type];
  const actor = actorOf(event);
  if (action === undefined || actor === null) return;
  const { side, player } = actingAs(ctx, actor);
  const controller = controllerInstead(ctx, side);
  if (controller === null) return;
  record(draft, { type: 'controlledAction', player, by: controller, action });
}

/** 722.1 (Mindslaver; Emrakul with `thenExtraTurn`): `controller` controls `player` (805.8: their team) during that side's next turn. */
export function addPendingControl(draft: Draft, spec: { player: PlayerId; controller: PlayerId; thenExtraTurn?: boolean }): void {
  const { ctx } = draft;
  if (ctx.pendingControl.length >= ctx.limits.maxRegisteredTriggers) {
    limitReached(draft, 'maxRegisteredTriggers', `controlNextTurn ${spec.player}`);
    return;
  }
  ctx.pendingControl.push({ side: sideOf(ctx, spec.player), controller: spec.controller, thenExtraTurn: spec.thenExtraTurn === true });
}

function recordControl(draft: Draft, type: 'controlBegan' | 'controlEnded', side: string, controller: PlayerId, rule: string): void {
  for (const player of playersOf(draft.ctx, side)) record(draft, { type, player, controller, rule });
}

/**
 * A turn has begun (722.1): the control of the last turn ends, then the effects waiting for this
 * side's turn apply — the most recently created one (722.1a); the others never will. A skipped turn
 * never begins, so effects wait for the turn taken (722.1b). Emrakul's extra turns are counted, one per effect.
 */
export function beginTurnOfControl(draft: Draft): void {
  const { ctx } = draft;
  if (ctx.control !== null) endControl(draft, cite(ctx, '722.1'));
  const waiting = ctx.pendingControl.filter((c) => c.side === ctx.activeSide);
  if (waiting.length === 0) return;
  ctx.pendingControl = ctx.pendingControl.filter((c) => c.side !== ctx.activeSide);
  const { side, controller } = waiting[waiting.length - 1];
  ctx.control = { side, controller };
  ctx.controlExtraTurns = waiting.filter((c) => c.thenExtraTurn).length;
  recordControl(draft, 'controlBegan', side, controller, cite(ctx, '722.1'));
}

/** Emrakul: "After that turn, that player takes an extra turn": created as the turn ends, directly after it (500.7), one per effect. */
export function endTurnOfControl(draft: Draft): void {
  const { ctx } = draft;
  const count = ctx.controlExtraTurns;
  if (count === 0) return;
  ctx.controlExtraTurns = 0;
  for (let i = 0; i < count; i += 1) addExtraTurn(draft, { player: primaryOf(ctx, ctx.activeSide) });
}

function endControl(draft: Draft, rule: string): void {
  const { ctx } = draft;
  const { side, controller } = ctx.control!;
  ctx.control = null;
  recordControl(draft, 'controlEnded', side, controller, rule);
  endShortcutsSetBy(draft, side, controller); // 732.2: a pass the controller set for them ends with the control
}

/**
 * 800.4a: `player` has left the game: once their side is gone (805.8: with teams, the whole team),
 * the control of it ends at once, the effects waiting to give control of it are gone, and Emrakul
 * gives it no extra turn (for the "leaving" rules to call).
 */
export function endControlOf(draft: Draft, player: PlayerId, rule: string): void {
  const { ctx } = draft;
  const side = sideOf(ctx, player);
  if (isSideInGame(ctx, side)) return; // 805.8: their team is still in the game, and the control of it goes on
  if (ctx.control?.side === side) endControl(draft, rule);
  if (side === ctx.activeSide) ctx.controlExtraTurns = 0;
  ctx.pendingControl = ctx.pendingControl.filter((c) => c.side !== side);
}

/**
 * 800.4a: `controller` leaves the game: every effect giving them control of a player ends — the
 * control in force at once (`controlEnded` with `rule`), the others never apply. Emrakul's extra
 * turn still comes (800.4a ends only the control).
 */
export function endControlBy(draft: Draft, controller: PlayerId, rule: string): void {
  const { ctx } = draft;
  if (ctx.control?.controller === controller) endControl(draft, rule);
  ctx.pendingControl = ctx.pendingControl.filter((c) => c.controller !== controller);
}
