import { withKeys } from './copies.js';
import { limitReached, putInZone, record, removeItem, type Draft } from './draft.js';
import { addMana, createEffect } from './effects.js';
import { ceaseToExist } from './priority.js';
import { addPendingControl } from './control.js';
import { isTurnOf, sideOf } from './sides.js';
import { registerTrigger, isConditionTrue, triggerAbility } from './triggers.js';
import { addExtraTurn, addPhases, addSkip, addStep } from './turnPlan.js';
import { isGameOver, isSideInGame } from './inGame.js';
import { loseGame, noteOwnership } from './leaving.js';
import { endShortcutsOnStack } from './shortcuts.js';
import { PERMANENT_TYPES, type AtTriggerSpec, type OnlyIfSpec, type ResolutionEffect, type StackObjectSpec } from '../vocabulary/index.js';
import type { Frozen, GameContext, StackObject } from './types.js';

/** 601.2a: a spell is put on the stack as it is cast; 602.2a: an activated ability as it is activated. */
function putOnStack(draft: Draft, object: StackObject): void {
  draft.ctx.stack.push(object);
  record(draft, { type: 'putOnStack', id: object.id, rule: object.kind === 'spell' ? '601.2a' : '602.2a' });
  endShortcutsOnStack(draft, object); // 732.2: an opponent's spell or ability ends the passes that say so
}

/** 601.2, 117.3c: a spell goes on the stack and its caster (805.5a: the caster's team) receives priority again. */
export function castSpell(draft: Draft, spec: Frozen<StackObjectSpec>): void {
  putOnStack(draft, withKeys(spec, { type: spec.type ?? 'instant', kind: 'spell' as const }));
  draft.ctx.priority = { holder: sideOf(draft.ctx, spec.controller), passes: 0 };
}

/** 602.2, 117.3c */
export function activateAbility(draft: Draft, spec: Frozen<StackObjectSpec>): void {
  putOnStack(draft, withKeys(spec, { type: 'activated' as const, kind: 'ability' as const }));
  draft.ctx.priority = { holder: sideOf(draft.ctx, spec.controller), passes: 0 };
}

const isPermanent = (object: StackObject) => (PERMANENT_TYPES as readonly string[]).includes(object.type ?? '');

function targetsAllIllegal(ctx: GameContext, object: StackObject): boolean {
  const targets = object.targets ?? [];
  return targets.length > 0 && targets.every((t) => ctx.illegalTargets.includes(t));
}

/** 608.3b: an Aura with bestow, or a mutating creature spell, with an illegal target resolves as a creature. */
const resolvesAsCreatureInstead = (object: StackObject) => object.bestow === true || object.mutate === true;

/** 608.2n: an object that leaves the stack: a spell to the graveyard (a copy then ceases to exist, 704.5e), an ability ceases to exist. */
function putAway(draft: Draft, object: StackObject): void {
  if (object.kind === 'ability') {
    ceaseToExist(draft, object.id);
    return;
  }
  putInZone(draft, 'graveyard', [object.id]);
  noteOwnership(draft, object);
  record(draft, { type: 'moved', id: object.id, to: 'graveyard' });
  if (object.copy) draft.ctx.ceaseAtNextCheck.push(object.id);
}

function removeFromStack(draft: Draft, object: StackObject): boolean {
  return removeItem(draft.ctx.stack, object);
}

/** 608.1, 608.2a, 608.2b: the top object begins to resolve, unless its condition or all its targets fail. */
export function beginResolution(draft: Draft): void {
  const { ctx } = draft;
  const object = ctx.stack[ctx.stack.length - 1];
  const conditionFails = object.type === 'triggered' && !isConditionTrue(draft, object.if);
  const targetsFail = targetsAllIllegal(ctx, object) && !resolvesAsCreatureInstead(object);
  if (conditionFails || targetsFail) {
    record(draft, { type: 'didNotResolve', id: object.id });
    removeFromStack(draft, object);
    putAway(draft, object);
    ctx.resolution = { object, next: 0, resolves: false, lastExtraTurn: null, lastAddedPhases: null };
    return;
  }
  record(draft, { type: 'resolved', id: object.id });
  ctx.resolution = { object, next: 0, resolves: true, lastExtraTurn: null, lastAddedPhases: null };
  draft.hooks.resolveObject({ object, turn: ctx.turn }); // 608.2c: the engine's part of the object, before the machine's instructions
}

export function nextEffect(ctx: GameContext): Frozen<ResolutionEffect> | undefined {
  const resolution = ctx.resolution;
  if (!resolution?.resolves) return undefined;
  return resolution.object.effects?.[resolution.next];
}

export function consumeEffect(draft: Draft): void {
  const resolution = draft.ctx.resolution!;
  draft.ctx.resolution = { ...resolution, next: resolution.next + 1 };
}

const endsTurnOrCombat = (effect: Frozen<ResolutionEffect>) => 'endTurn' in effect || 'endCombat' in effect;

/**
 * 608.2c: the instructions, in written order, up to the next that ends the turn or the combat
 * phase (723 is the machine's own transition) or the last.
 */
export function performEffects(draft: Draft): void {
  // 104.2a: once the game is over, nothing more happens.
  for (let effect = nextEffect(draft.ctx); effect !== undefined && !endsTurnOrCombat(effect) && !isGameOver(draft.ctx); effect = nextEffect(draft.ctx)) {
    consumeEffect(draft);
    perform(draft, effect);
  }
}

/**
 * 500.6, 603.7: a "beginning of" ability an effect creates. `thatTurn` binds it to the extra turn
 * the last `extraTurn` of this resolution created, `thatPhase` to the phases the last `addPhases`
 * added; none made (a limit reached, nothing after the first such phase): it names nothing, so it
 * would never trigger, and is not kept.
 */
function registerDelayedTrigger(draft: Draft, at: Frozen<AtTriggerSpec>): void {
  const { resolution } = draft.ctx;
  if (at.thatTurn) {
    if (resolution!.lastExtraTurn !== null) registerTrigger(draft, at, { turnId: resolution!.lastExtraTurn });
  } else if (at.thatPhase) {
    if (resolution!.lastAddedPhases?.length) registerTrigger(draft, at, { turnId: draft.ctx.turnId, phaseIds: resolution!.lastAddedPhases });
  } else registerTrigger(draft, at);
}

/** 608.2c (`onlyIf`): whether the game's state is what each condition says, at this point of the resolution. */
function holds(ctx: GameContext, spec: Frozen<OnlyIfSpec>): boolean {
  const firstCombatPhase = ctx.phase === 'combat' && ctx.phasesBegun.filter((phase) => phase === 'combat').length === 1;
  return (spec.firstCombatPhase === undefined || spec.firstCombatPhase === firstCombatPhase)
    && (spec.extraTurn === undefined || spec.extraTurn === ctx.extraTurn);
}

/** One instruction; what would pass a limit is not performed (`limitReached`). */
function perform(draft: Draft, effect: Frozen<ResolutionEffect>): void {
  const { ctx } = draft;
  const { limits } = ctx;
  const source = ctx.resolution!.object.id;
  if ('extraTurn' in effect) {
    const lastExtraTurn = addExtraTurn(draft, effect.extraTurn);
    ctx.resolution = { ...ctx.resolution!, lastExtraTurn };
  } else if ('addPhases' in effect) {
    if (!isGivenNow(draft, effect.addPhases.player, source)) return;
    const lastAddedPhases = addPhases(draft, effect.addPhases.phases, effect.addPhases.afterFirst);
    ctx.resolution = { ...ctx.resolution!, lastAddedPhases };
  } else if ('onlyIf' in effect) {
    if (holds(ctx, effect.onlyIf)) for (const inner of effect.onlyIf.then) perform(draft, inner);
  }
  else if ('addStep' in effect) {
    if (isGivenNow(draft, effect.addStep.player, source)) addStep(draft, effect.addStep.step, effect.addStep.afterPhase, effect.addStep.count);
  }
  else if ('skip' in effect) addSkip(draft, effect.skip, source);
  else if ('trigger' in effect) triggerAbility(draft, effect.trigger);
  else if ('at' in effect) registerDelayedTrigger(draft, effect.at);
  else if ('cast' in effect) {
    // 608.2g: a spell cast while resolving goes on the stack; nobody receives priority yet.
    if (ctx.stack.length >= limits.maxStack) limitReached(draft, 'maxStack', `${source}: cast ${effect.cast.id}`);
    else putOnStack(draft, withKeys(effect.cast, { type: effect.cast.type ?? 'instant', kind: 'spell' as const }));
  } else if ('createEffect' in effect) createEffect(draft, effect.createEffect);
  else if ('addMana' in effect) addMana(draft, effect.addMana.player, effect.addMana.amount);
  else if ('controlNextTurn' in effect) addPendingControl(draft, effect.controlNextTurn);
  else if ('loseGame' in effect) loseGame(draft, effect.loseGame.player);
}

/**
 * 500.10a: "`player` gets an additional step or phase" adds nothing unless it is that player's
 * (805.8: their team's) turn (recorded `addIgnored`); with no player named, it is added in any turn.
 */
function isGivenNow(draft: Draft, player: string | undefined, source: string): boolean {
  // 800.4j: a turn whose active player left the game is nobody's "your turn".
  if (player === undefined || (isTurnOf(draft.ctx, player) && isSideInGame(draft.ctx, draft.ctx.activeSide))) return true;
  record(draft, { type: 'addIgnored', source, player, rule: '500.10a' });
  return false;
}

/** 608.2m, 608.2n, 608.3: the resolved object finishes (if it is still on the stack) and goes where it belongs. */
export function finishResolution(draft: Draft): void {
  const { ctx } = draft;
  const resolution = ctx.resolution;
  ctx.resolution = null;
  if (!resolution?.resolves) return;
  const { object } = resolution;
  if (!removeFromStack(draft, object)) return; // it left the stack while resolving (723.1b): nothing more
  if (!isPermanent(object)) {
    putAway(draft, object);
    return;
  }
  enterBattlefield(draft, object);
}

/** 608.3: a permanent spell enters the battlefield (an Aura attached, a mutating creature merged, a copy as a token). */
function enterBattlefield(draft: Draft, object: StackObject): void {
  const { ctx } = draft;
  const target = object.targets?.[0];
  const targetLegal = target !== undefined && !ctx.illegalTargets.includes(target);
  if (object.mutate && targetLegal) {
    record(draft, { type: 'merged', id: object.id, into: target }); // 608.3d, 702.140c: it is now part of that permanent
    return;
  }
  if (object.cannotEnter) {
    putAway(draft, object); // 608.3e: to the graveyard (a copy then ceases to exist, 704.5e)
    return;
  }
  putInZone(draft, 'battlefield', [object.id]); // 608.3a, 608.3f: a copy enters as a token
  noteOwnership(draft, object);
  record(draft, { type: 'moved', id: object.id, to: 'battlefield' });
}
