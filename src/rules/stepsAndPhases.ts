import { endCombat } from './combat.js';
import { isRecording, record, type Draft } from './draft.js';
import { emptyManaPools, endEffects, endEffectsUntilBeginningOf } from './effects.js';
import { triggerAtBeginningOf, triggerOnDiscard } from './triggers.js';
import { activePlayersInGame } from './leaving.js';
import { endShortcutsAtBeginningOf } from './shortcuts.js';
import type { GameContext } from './types.js';
import type { Duration, PlayerId } from '../vocabulary/index.js';

// The durations steps and phases end (made once: a step begins and ends every few events).
/** 500.5: "until end of step" effects end as the step ends. */
const untilEndOfStep = (until: Duration): boolean => until === 'endOfStep';
/** 500.5: "until end of phase" effects end as the phase ends. */
const untilEndOfPhase = (until: Duration): boolean => until === 'endOfPhase';
/** 514.2: "until end of turn" effects end in the cleanup step. */
const untilEndOfTurn = (until: Duration): boolean => until === 'endOfTurn';

/** A phase begins: 500.4 "until" effects end, 500.6 "at the beginning of" abilities trigger. */
export function beginPhase(draft: Draft): void {
  const { ctx } = draft;
  const phase = ctx.phase!;
  if (isRecording(draft)) record(draft, { type: 'phaseBegan', phase });
  endShortcutsAtBeginningOf(draft, 'phase', phase); // 732.2: passes until this phase end here
  ctx.phasesBegun.push(phase);
  if (phase === 'precombatMain' || phase === 'postcombatMain') ctx.stepsThisTurn.push(phase);
  endEffectsUntilBeginningOf(draft, phase);
  triggerAtBeginningOf(draft, phase);
}

/** A phase ends: 500.5 "until end of" effects end, then mana empties; 511.3 combat ends. */
export function endPhase(draft: Draft): void {
  const { ctx } = draft;
  const phase = ctx.phase!;
  if (phase === 'combat') endCombat(draft);
  if (ctx.step === null) endEffects(draft, untilEndOfStep);
  endEffects(draft, untilEndOfPhase);
  emptyManaPools(draft);
  if (isRecording(draft)) record(draft, { type: 'phaseEnded', phase });
}

/** A step begins: 500.4 "until" effects end, 500.6 "at the beginning of" abilities trigger. */
export function beginStep(draft: Draft): void {
  const { ctx } = draft;
  const step = ctx.step!;
  if (isRecording(draft)) record(draft, { type: 'stepBegan', step });
  endShortcutsAtBeginningOf(draft, 'step', step); // 732.2: passes until this step end here
  ctx.stepsThisTurn.push(step);
  endEffectsUntilBeginningOf(draft, step);
  triggerAtBeginningOf(draft, step);
}

/** A step ends: 500.5 "until end of step" effects end, then mana empties. */
export function endStep(draft: Draft): void {
  endEffects(draft, untilEndOfStep);
  emptyManaPools(draft);
  if (isRecording(draft)) record(draft, { type: 'stepEnded', step: draft.ctx.step! });
}

/** The active players: the active player, or with teams each player of the active team (805.9), in the team's order (805.6); 800.4j: none who left. */
const activePlayers = (ctx: GameContext) => activePlayersInGame(ctx);

/** 502.3: the active player untaps their permanents (the engine's; the machine models none); 805.9: each active player. */
export function untap(draft: Draft): void {
  for (const player of activePlayers(draft.ctx)) draft.hooks.untapPermanents({ player, turn: draft.ctx.turn });
}

/** 504.1: the active player draws a card; 805.4b, 805.6a: each player of the active team, in the team's order. */
export function draw(draft: Draft): void {
  const { ctx } = draft;
  for (const player of activePlayers(ctx)) {
    ctx.handSize[player] = Math.min((ctx.handSize[player] ?? 0) + 1, ctx.limits.maxAmount);
    draft.hooks.drawCard({ player, turn: ctx.turn });
  }
}

/**
 * 514.1: the active player discards down to the maximum hand size; with teams each player of
 * the active team does, at the same moment (805.6, 805.9), recorded in the team's order. What
 * the discards trigger triggers once they are all done, in the order it was scheduled.
 */
export function discardToHandSize(draft: Draft): void {
  const { ctx } = draft;
  const maxHandSize = ctx.options.maxHandSize;
  const discarding: PlayerId[] = [];
  for (const player of activePlayers(ctx)) {
    const count = Math.max((ctx.handSize[player] ?? 0) - maxHandSize, 0);
    if (count > 0) {
      ctx.handSize[player] = maxHandSize;
      record(draft, { type: 'discarded', player, count });
      discarding.push(player);
    }
    draft.hooks.discardCards({ player, count, maxHandSize, turn: ctx.turn }); // an engine with real hands discards what they need
  }
  triggerOnDiscard(draft, discarding);
}

/** 514.2: damage wears off and "until end of turn" / "this turn" effects end. */
export function endTurnEffects(draft: Draft): void {
  endEffects(draft, untilEndOfTurn);
}
