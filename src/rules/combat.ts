import { cite } from './citations.js';
import { withKeys } from './copies.js';
import { isRecording, record, type Draft } from './draft.js';
import { endCombatEffects } from './effects.js';
import type { Actor, AttackerSpec, BlockerSpec, CombatantChange, CombatantSpec } from '../vocabulary/index.js';
import { isSideInGame } from './inGame.js';
import { actingAs, nameOf, sideOf, sidesFrom } from './sides.js';
import { dropStepFromThisPhase } from './turnPlan.js';

/**
 * 805.10b, 805.10d: with teams, a declaration is the team's combined one: each creature is
 * controlled by the player named (the declaring player by default), and the history records who
 * declared for which team. Without teams the creatures are as declared, with no such record.
 */
function teamDeclaration<C extends CombatantSpec>(draft: Draft, actor: Actor, creatures: readonly C[], type: 'attackersDeclared' | 'blockersDeclared'): C[] {
  const { ctx } = draft;
  if (ctx.teams === null) return [...creatures];
  const { side, player } = actingAs(ctx, nameOf(actor));
  const ids = creatures.map((c) => c.id);
  record(draft, type === 'attackersDeclared' ? { type, team: side, player, attackers: ids } : { type, team: side, player, blockers: ids });
  return creatures.map((c) => withKeys(c, { controller: c.controller ?? player }));
}

/**
 * 508.1: the active player declares attackers (805.10b: the active team, one combined attack,
 * each creature with its controller); 508.8: with no creature attacking, this combat's blockers and damage steps are skipped.
 */
export function declareAttackers(draft: Draft, declaration: Actor & { attackers: readonly AttackerSpec[] }): void {
  const { ctx } = draft;
  const declared = teamDeclaration(draft, declaration, declaration.attackers, 'attackersDeclared');
  // 506.4: in an added declare attackers step (500.9), creatures already attacking stay attacking; the declared join them.
  ctx.attackers = [...ctx.attackers, ...declared.filter((a) => !ctx.attackers.some((x) => x.id === a.id))];
  if (ctx.attackers.length > 0) return;
  dropStepFromThisPhase(draft, 'declareBlockers');
  dropStepFromThisPhase(draft, 'combatDamage');
}

/** 509.1: every defending player (each opponent, in turn order) declares blockers; 805.10d: each defending team. */
export function awaitBlockDeclarations(draft: Draft): void {
  const { ctx } = draft;
  ctx.defendersToDeclare = sidesFrom(ctx, ctx.activeSide).slice(1).filter((side) => isSideInGame(ctx, side)); // 800.4a: none who left
}

/** 509.1, 805.10d: a defending player's (team's combined) declaration of blockers. */
export function declareBlockers(draft: Draft, declaration: Actor & { blockers: readonly BlockerSpec[] }): void {
  const { ctx } = draft;
  const declared = teamDeclaration(draft, declaration, declaration.blockers, 'blockersDeclared');
  // 800.4a: whose each blocker is (without teams, the declaring player's), should that player leave the game.
  ctx.blockers.push(...(ctx.teams === null ? declared.map((b) => withKeys(b, { controller: nameOf(declaration) })) : declared));
  const side = sideOf(ctx, nameOf(declaration));
  ctx.defendersToDeclare = ctx.defendersToDeclare.filter((s) => s !== side);
}

/** 702.4, 702.7: an attacking or blocking creature gains or loses first strike or double strike (510.4 looks as the damage step begins). */
export function setCombatant(draft: Draft, change: CombatantChange): void {
  const { ctx } = draft;
  const update = <C extends CombatantSpec>(creature: C): C => (creature.id !== change.id ? creature : withKeys(creature, {
    ...(change.firstStrike !== undefined && { firstStrike: change.firstStrike }),
    ...(change.doubleStrike !== undefined && { doubleStrike: change.doubleStrike }),
  }));
  ctx.attackers = ctx.attackers.map(update);
  ctx.blockers = ctx.blockers.map(update);
}

/** 511.3, 723.1d, 723.2d: every creature (and planeswalker) leaves combat. */
export function removeAllFromCombat(draft: Draft): void {
  const { ctx } = draft;
  const { attackers, blockers } = ctx;
  // Most combats end with nobody in them (and every turn has one): nothing to record or replace.
  if (attackers.length === 0 && blockers.length === 0) return;
  if (isRecording(draft)) {
    const by = ctx.combatEndedBy;
    const rule = by === null ? undefined : cite(ctx, by === 'endTurn' ? '723.1d' : '723.2d');
    for (const creatures of [attackers, blockers]) {
      for (const { id } of creatures) record(draft, rule === undefined ? { type: 'removedFromCombat', id } : { type: 'removedFromCombat', id, rule });
    }
  }
  ctx.attackers = [];
  ctx.blockers = [];
}

/** The combat phase ends (500.5, 511.3, 723.1d, 723.2d): creatures leave combat, "until end of combat" effects end. */
export function endCombat(draft: Draft): void {
  removeAllFromCombat(draft);
  endCombatEffects(draft);
  draft.ctx.combatEndedBy = null;
}
