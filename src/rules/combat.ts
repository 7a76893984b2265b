import { record, type Draft } from './draft.js';
import { endCombatEffects } from './effects.js';
import type { AttackerSpec, BlockerSpec, CombatantChange, CombatantSpec, PlayerId } from '../vocabulary/index.js';
import { dropStepFromThisPhase } from './turnPlan.js';

/** 508.1: the active player declares attackers; 508.8: with none, this combat's blockers and damage steps are skipped. */
export function declareAttackers(draft: Draft, attackers: readonly AttackerSpec[]): void {
  const { ctx } = draft;
  ctx.attackers = [...attackers];
  if (attackers.length > 0) return;
  dropStepFromThisPhase(draft, 'declareBlockers');
  dropStepFromThisPhase(draft, 'combatDamage');
}

/** 509.1: every defending player (each opponent, in turn order) declares blockers. */
export function awaitBlockDeclarations(draft: Draft): void {
  const { ctx } = draft;
  const start = ctx.players.indexOf(ctx.activePlayer);
  ctx.defendersToDeclare = [...ctx.players.slice(start + 1), ...ctx.players.slice(0, start)];
}

export function declareBlockers(draft: Draft, player: PlayerId, blockers: readonly BlockerSpec[]): void {
  const { ctx } = draft;
  ctx.blockers.push(...blockers);
  ctx.defendersToDeclare = ctx.defendersToDeclare.filter((p) => p !== player);
}

/** 702.4, 702.7: an attacking or blocking creature gains or loses first strike or double strike (510.4 looks as the damage step begins). */
export function setCombatant(draft: Draft, change: CombatantChange): void {
  const { ctx } = draft;
  const update = <C extends CombatantSpec>(creature: C): C => (creature.id !== change.id ? creature : {
    ...creature,
    ...(change.firstStrike !== undefined && { firstStrike: change.firstStrike }),
    ...(change.doubleStrike !== undefined && { doubleStrike: change.doubleStrike }),
  });
  ctx.attackers = ctx.attackers.map(update);
  ctx.blockers = ctx.blockers.map(update);
}

/** 511.3, 723.1d, 723.2d: every creature (and planeswalker) leaves combat. */
export function removeAllFromCombat(draft: Draft): void {
  const { ctx } = draft;
  for (const creature of [...ctx.attackers, ...ctx.blockers]) record(draft, { type: 'removedFromCombat', id: creature.id });
  ctx.attackers = [];
  ctx.blockers = [];
}

/** The combat phase ends (500.5, 511.3, 723.1d, 723.2d): creatures leave combat, "until end of combat" effects end. */
export function endCombat(draft: Draft): void {
  removeAllFromCombat(draft);
  endCombatEffects(draft);
}
