// 800.4 (104.3a, 104.3e, 810.8a–b; then 104.2a, 104.2c): a player leaves the game. Each step in
// the order 800.4 gives it, each recorded as FORMAT.md lists it; who is still in the game is
// data (`left`, `winners`, see inGame.ts) that the rules and the chart's guards read.
import type { PlayerId } from '../vocabulary/index.js';
import { endControlBy, endControlOf } from './control.js';
import { putInZone, record, removeItem, type Draft } from './draft.js';
import { endEffects } from './effects.js';
import { isGameOver, isInGame, isSideInGame, nextSideInGame, playersInGame, sidesInGame } from './inGame.js';
import { playersOf, primaryOf, sideOf, teamOfRecord } from './sides.js';
import { endShortcutOf, endShortcutsAtTurnOf } from './shortcuts.js';
import { dropTriggers } from './triggers.js';
import type { GameContext, StackObject, ZoneOwner, Zones } from './types.js';

type Reason = 'conceded' | 'lost';

/** 104.3a, 104.3e; 810.8a–b: who leaves — the player, and in Two-Headed Giant their whole team. */
export function playersLeaving(ctx: GameContext, player: PlayerId): PlayerId[] {
  if (ctx.options.twoHeadedGiant !== true) return [player];
  return [player, ...playersInGame(ctx, sideOf(ctx, player)).filter((mate) => mate !== player)];
}

/** 104.3a, 104.3e, 810.8a–b: the departure, one record per player; from now on they are out of the game. */
export function recordDeparture(draft: Draft, leaving: readonly PlayerId[], reason: Reason): void {
  const [player, ...team] = leaving;
  record(draft, { type: 'playerLeft', player, reason, rule: reason === 'conceded' ? '104.3a' : '104.3e' });
  for (const mate of team) record(draft, { type: 'playerLeft', player: mate, reason: 'team', rule: reason === 'conceded' ? '810.8b' : '810.8a' });
  draft.ctx.left = [...draft.ctx.left, ...leaving];
}

/** 800.4a: the stack in the order it is gone through: bottom to top, then the object resolving (still on it). */
function stackInOrder(ctx: GameContext): StackObject[] {
  const resolving = ctx.resolution?.object;
  const others = ctx.stack.filter((object) => object !== resolving);
  return resolving !== undefined && ctx.stack.includes(resolving) ? [...others, resolving] : others;
}

/** 108.3: a spell's owner (its controller unless said otherwise; a copy's is its controller, 707.10); abilities are not owned. */
const ownerOf = (object: StackObject): PlayerId | null => (object.kind === 'spell' ? object.owner ?? object.controller : null);

/** Who owns and controls an object kept in a zone (the last one of that id to get there). */
function ownershipOf(ctx: GameContext, id: string): ZoneOwner | undefined {
  for (let i = ctx.zoneOwners.length - 1; i >= 0; i -= 1) if (ctx.zoneOwners[i].id === id) return ctx.zoneOwners[i];
  return undefined;
}

/** An object kept in a zone leaves it (the history option's zones). */
function takeOutOf(draft: Draft, zone: keyof Zones, id: string): void {
  const { zones } = draft.ctx;
  zones[zone] = zones[zone].filter((x) => x !== id);
}

/** 800.4a, first sentence: every object they own leaves the game — on the stack, on the battlefield, in graveyards, in exile. */
export function removeOwnedObjects(draft: Draft, leaving: readonly PlayerId[]): void {
  const { ctx } = draft;
  const gone = (object: { id: string }) => {
    record(draft, { type: 'leftGame', id: object.id });
    putInZone(draft, 'leftGame', [object.id]);
  };
  for (const object of stackInOrder(ctx)) {
    const owner = ownerOf(object);
    if (owner === null || !leaving.includes(owner)) continue;
    removeItem(ctx.stack, object);
    gone(object);
  }
  for (const zone of ['battlefield', 'graveyard', 'exile'] as const) {
    for (const id of [...new Set(ctx.zones[zone])]) {
      const owner = ownershipOf(ctx, id)?.owner;
      if (owner === undefined || !leaving.includes(owner)) continue;
      takeOutOf(draft, zone, id);
      gone({ id });
    }
  }
}

/** 800.4a, 506.4: their attacking and blocking creatures leave combat (attackers are the active player's unless a team says whose). */
export function removeFromCombat(draft: Draft, leaving: readonly PlayerId[]): void {
  const { ctx } = draft;
  const attacking = primaryOf(ctx, ctx.activeSide);
  const attackers = ctx.attackers.filter((a) => leaving.includes(a.controller ?? attacking));
  const blockers = ctx.blockers.filter((b) => b.controller !== undefined && leaving.includes(b.controller));
  if (attackers.length === 0 && blockers.length === 0) return;
  for (const creature of [...attackers, ...blockers]) record(draft, { type: 'removedFromCombat', id: creature.id, rule: '800.4a' });
  ctx.attackers = ctx.attackers.filter((a) => !attackers.includes(a));
  ctx.blockers = ctx.blockers.filter((b) => !blockers.includes(b));
}

/**
 * 800.4a: every effect giving them control of a player ends (the control in force at once,
 * `controlEnded`; those still waiting never apply), and so does the control of them (722.1).
 */
export function endControlEffectsOf(draft: Draft, leaving: readonly PlayerId[]): void {
  for (const player of leaving) {
    endControlBy(draft, player, '800.4a');
    endControlOf(draft, player, '800.4a');
  }
}

/** 800.4a: then the abilities they control on the stack cease to exist. */
export function ceaseTheirAbilities(draft: Draft, leaving: readonly PlayerId[]): void {
  const { ctx } = draft;
  for (const object of stackInOrder(ctx)) {
    if (object.kind !== 'ability' || !leaving.includes(object.controller)) continue;
    removeItem(ctx.stack, object);
    putInZone(draft, 'ceasedToExist', [object.id]);
    record(draft, { type: 'ceasedToExist', id: object.id, rule: '800.4a' });
  }
}

/** 800.4a: then the spells, and the permanents, they control but do not own are exiled (a copy then ceases to exist, 704.5e). */
export function exileWhatTheyControl(draft: Draft, leaving: readonly PlayerId[]): void {
  const { ctx } = draft;
  const exiled = (id: string) => {
    putInZone(draft, 'exile', [id]);
    record(draft, { type: 'moved', id, to: 'exile', rule: '800.4a' });
  };
  for (const object of stackInOrder(ctx)) {
    if (object.kind !== 'spell' || !leaving.includes(object.controller)) continue;
    removeItem(ctx.stack, object);
    exiled(object.id);
    if (object.copy) ctx.ceaseAtNextCheck.push(object.id);
  }
  for (const id of [...new Set(ctx.zones.battlefield)]) {
    const controller = ownershipOf(ctx, id)?.controller;
    if (controller === undefined || !leaving.includes(controller)) continue;
    takeOutOf(draft, 'battlefield', id);
    exiled(id);
  }
}

/** 800.4d: the triggered abilities they control are not put on the stack: those waiting are removed (and leave the pass being made). */
export function removeTheirTriggers(draft: Draft, leaving: readonly PlayerId[]): void {
  const { ctx } = draft;
  const pass = ctx.triggerPass;
  const theirs = ctx.pendingTriggers.filter((t) => leaving.includes(t.controller));
  if (theirs.length > 0) {
    const inPass = pass === null ? 0 : ctx.pendingTriggers.slice(0, pass.waiting).filter((t) => theirs.includes(t)).length;
    ctx.pendingTriggers = ctx.pendingTriggers.filter((t) => !theirs.includes(t));
    for (const ability of theirs) record(draft, { type: 'triggerRemoved', id: ability.id, rule: '800.4d' });
    // (117.5: what waits changed, so state-based actions are checked again before anyone receives priority)
    if (pass !== null) ctx.triggerPass = { ...pass, waiting: pass.waiting - inPass, put: pass.put || inPass > 0 };
  }
  const stillIn = ctx.triggerPass?.sides.filter((side) => isSideInGame(ctx, side));
  if (ctx.triggerPass !== null && stillIn!.length !== ctx.triggerPass.sides.length) ctx.triggerPass = { ...ctx.triggerPass, sides: stillIn! };
}

/** 800.4a: their hand and mana pool go with them (only sizes are modelled). */
export function emptyHandsAndPools(draft: Draft, leaving: readonly PlayerId[]): void {
  const { ctx } = draft;
  for (const player of leaving) {
    ctx.handSize[player] = 0;
    ctx.manaPool[player] = 0;
    if (!isSideInGame(ctx, sideOf(ctx, player))) endShortcutOf(draft, player, 'leftGame'); // 732.2: their standing pass ends
  }
}

/** 800.4: what waited for a side that left no longer does: its skips (500.11) and its declaration of blockers (509.1). */
export function dropWhatWaitsForThem(draft: Draft): void {
  const { ctx } = draft;
  const gone = (side: string) => !isSideInGame(ctx, side);
  if (ctx.skips.some((s) => gone(s.side))) ctx.skips = ctx.skips.filter((s) => !gone(s.side));
  if (ctx.defendersToDeclare.some(gone)) ctx.defendersToDeclare = ctx.defendersToDeclare.filter((s) => !gone(s));
}

/** 117.4 (a format decision): the players still in the game pass in succession anew — the stack may have changed. */
export function restartPasses(draft: Draft): void {
  const { ctx } = draft;
  if (ctx.priority.passes !== 0) ctx.priority = { ...ctx.priority, passes: 0 };
}

/** 104.2a (104.2c with teams): when one player (one team) is left, they win and the game ends; nobody holds priority any more. */
export function endGameIfOneLeft(draft: Draft): void {
  const { ctx } = draft;
  const sides = sidesInGame(ctx);
  if (sides.length > 1) return;
  const winners = sides.flatMap((side) => playersInGame(ctx, side));
  ctx.winners = winners;
  ctx.priority = { holder: null, passes: 0 };
  ctx.triggerPass = null;
  record(draft, { type: 'gameEnded', winners: [...winners], rule: ctx.teams === null ? '104.2a' : '104.2c' });
}

/** 800.4, in its order: the player (810.8a–b: their team) leaves, and what was theirs goes. */
function leave(draft: Draft, player: PlayerId, reason: Reason): void {
  const leaving = playersLeaving(draft.ctx, player);
  recordDeparture(draft, leaving, reason);
  removeOwnedObjects(draft, leaving);
  removeFromCombat(draft, leaving);
  endControlEffectsOf(draft, leaving);
  ceaseTheirAbilities(draft, leaving);
  exileWhatTheyControl(draft, leaving);
  removeTheirTriggers(draft, leaving);
  emptyHandsAndPools(draft, leaving);
  dropWhatWaitsForThem(draft);
  restartPasses(draft);
  endGameIfOneLeft(draft);
}

/** 104.3a: a player concedes: at any time, they leave the game at once and lose. */
export function concede(draft: Draft, player: PlayerId): void {
  leave(draft, player, 'conceded');
}

/** 104.3e, 104.5: an effect says a player loses the game: they leave it (one who has already left loses nothing more). */
export function loseGame(draft: Draft, player: PlayerId): void {
  if (isInGame(draft.ctx, player) && !isGameOver(draft.ctx)) leave(draft, player, 'lost');
}

/** 800.4a: the player who left held priority: the next player in turn order still in the game receives it. */
export const hasHolderLeft = (ctx: GameContext): boolean => !isGameOver(ctx) && ctx.priority.holder !== null && !isSideInGame(ctx, ctx.priority.holder);

/** 800.4a: priority passes on from a player who left to the next player in turn order still in the game (nothing if it is not theirs). */
export function passPriorityOnFromDeparted(draft: Draft): void {
  const { ctx } = draft;
  if (hasHolderLeft(ctx)) ctx.priority = { holder: nextSideInGame(ctx, ctx.priority.holder!), passes: 0 };
}

/** 800.4j: the turn goes on without an active player (the game is not over). */
export const hasNoActivePlayer = (ctx: GameContext): boolean => !isGameOver(ctx) && !isSideInGame(ctx, ctx.activeSide);

/** 800.4j, 508.8: with no active player nobody declares attackers: none are declared, so this combat's blockers and damage steps are skipped. */
export function declareNoAttackers(draft: Draft): void {
  const { ctx } = draft;
  if (ctx.attackers.length > 0) return;
  ctx.stepQueue = ctx.stepQueue.filter((step) => step !== 'declareBlockers' && step !== 'combatDamage');
}

/** 800.4a, 509.1: the defending players still to declare blockers have all left (the game going on): the declarations are over. */
export const isBlockDeclarationOver = (ctx: GameContext): boolean => !isGameOver(ctx) && ctx.defendersToDeclare.length === 0;

/** 104.2a: the game is over: a resolution in progress (and the 723 procedure it began) stops where the loss happened. */
export function stopResolution(draft: Draft): void {
  draft.ctx.resolution = null;
  draft.ctx.procedure = null;
}

/**
 * 800.4k: a departed player's turn does not begin (recorded with the number of the turn that just
 * ended); 800.4m: the durations waiting for it end as it would have begun, and 603.7 delayed
 * triggers bound to it are gone.
 */
export function passOverDepartedTurn(draft: Draft, side: string, extraTurnId: number | null): void {
  const { ctx } = draft;
  record(draft, { type: 'turnDidNotBegin', player: primaryOf(ctx, side), ...teamOfRecord(ctx, side), rule: '800.4k' });
  endShortcutsAtTurnOf(draft, side); // 800.4m: passes until their next turn end where it would have begun
  const theirs = (who: string) => sideOf(ctx, who) === side;
  endEffects(draft, (until, effect) => typeof until === 'object' && (
    ('nextTurnOf' in until && theirs(until.nextTurnOf))
    || ('endOfCombatOnNextTurnOf' in until && effect.turnId === undefined && theirs(until.endOfCombatOnNextTurnOf))
    || ('beginningOf' in until && until.whoseTurn !== undefined && theirs(until.whoseTurn))));
  dropTriggers(draft, (t) => (t.turnId === undefined && t.nextTurnOf !== undefined && theirs(t.nextTurnOf))
    || (extraTurnId !== null && t.turnId === extraTurnId));
}

/** 800.4a: who owns and controls an object as it goes to a zone (kept with the zones, only with the history option). */
export function noteOwnership(draft: Draft, object: StackObject): void {
  const { ctx } = draft;
  if (!ctx.options.history) return;
  ctx.zoneOwners = [...ctx.zoneOwners, { id: object.id, owner: ownerOf(object) ?? object.controller, controller: object.controller }];
}

/** 800.4j, 502.3, 504.1, 514.1: the active players still in the game (the turn-based actions of one who left are nobody's). */
export const activePlayersInGame = (ctx: GameContext): PlayerId[] => playersOf(ctx, ctx.activeSide).filter((player) => isInGame(ctx, player));
