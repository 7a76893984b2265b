import { beginTurnOfZones, isRecording, limitReached, record, removeItem, type Draft, type WorkingContext } from './draft.js';
import { beginTurnOfControl, endTurnOfControl } from './control.js';
import { beginTurnOfEffects, endTurnOfEffects } from './effects.js';
import { endShortcutsAtEndOfTurn, endShortcutsAtTurnBegan } from './shortcuts.js';
import { primaryOf, sidesFrom, sidesOfPlayers, teamOfRecord } from './sides.js';
import { beginTurnOfTriggers, dropTriggersOfTurns } from './triggers.js';
import { isGameOver, isSideInGame, sidesInGame } from './inGame.js';
import { passOverDepartedTurn } from './leaving.js';
import { PHASE_OF_STEP, PHASES, STEPS_OF_PHASE, type ExtraTurnSpec, type PhaseId, type SkipSpec, type StepId } from '../vocabulary/index.js';
import type { Frozen, GameContext, PendingSkip, PlannedPhase } from './types.js';

/** 500.1: a turn's phases and steps; 103.8: the first player skips their first draw. */
export function plannedTurn(ctx: WorkingContext): PlannedPhase[] {
  const skipDraw = ctx.turn === 1 && ctx.options.skipFirstDraw;
  // (`phaseInstance` copies the steps: filtered only on the one turn that skips its draw)
  return PHASES.map((phase) => phaseInstance(ctx, phase, skipDraw ? STEPS_OF_PHASE[phase].filter((step) => step !== 'draw') : STEPS_OF_PHASE[phase]));
}

/** Whose the turn after this one is (500.7: extra turns first, the most recent first; then turn order), and its identity. */
interface UpcomingTurn { id: number | null; side: string }

type TurnOrder = Pick<WorkingContext, 'sides' | 'extraTurns' | 'nextRegularSide' | 'skips' | 'teams' | 'left'>;

/**
 * Takes the next turn that is not skipped (500.11: a skipped turn never happens; its skip is
 * used up); `skipped` collects the identities of extra turns skipped on the way, `departed` the
 * turns of sides that left (both optional: `upcomingTurns` asks this several times per view).
 */
function takeUpcomingTurn(ctx: TurnOrder, skipped?: number[], departed?: UpcomingTurn[]): UpcomingTurn {
  const anyoneIn = ctx.left.length === 0 || sidesInGame(ctx).length > 0;
  for (;;) {
    let next: UpcomingTurn | undefined = ctx.extraTurns.pop();
    if (next === undefined) {
      next = { id: null, side: ctx.sides[ctx.nextRegularSide] };
      ctx.nextRegularSide = (ctx.nextRegularSide + 1) % ctx.sides.length;
    }
    const { side } = next;
    // 800.4k: a turn of a side that left the game does not begin (`departed` collects it).
    if (anyoneIn && !isSideInGame(ctx, side)) {
      departed?.push(next);
      continue;
    }
    const skip = turnSkipOf(ctx.skips, side);
    if (skip === undefined) return next;
    if (!skip.each) removeItem(ctx.skips, skip);
    if (next.id !== null) skipped?.push(next.id);
  }
}

/** 500.11: the first skip of `side`'s turn, if any (a loop: most turns have no skips at all). */
function turnSkipOf(skips: readonly PendingSkip[], side: string): PendingSkip | undefined {
  for (let i = 0; i < skips.length; i += 1) if (skips[i].kind === 'turn' && skips[i].side === side) return skips[i];
  return undefined;
}

/** 500.1: a turn begins with its whole plan; 500.7, 500.11: whose turn it is (805.4: a team's, with teams). */
export function beginTurn(draft: Draft): void {
  const { ctx } = draft;
  const skipped: number[] = [];
  const departed: UpcomingTurn[] = [];
  ctx.phase = null;
  ctx.step = null;
  const { id, side } = takeUpcomingTurn(ctx, skipped, departed);
  dropTriggersOfTurns(draft, skipped); // 603.7: a skipped turn takes with it everything bound to it
  for (const turn of departed) passOverDepartedTurn(draft, turn.side, turn.id); // 800.4k, 800.4m
  ctx.turn += 1;
  ctx.turnId = id ?? ctx.nextTurnId++;
  ctx.extraTurn = id !== null;
  ctx.activeSide = side;
  ctx.stepQueue = [];
  ctx.phaseQueue = plannedTurn(ctx);
  ctx.stepsThisTurn = [];
  ctx.phasesBegun = [];
  // Fatespinner-style skips ("each") apply to that side's current or next turn.
  ctx.skips = ctx.skips.map((s) => (s.each && s.turn === null && s.side === side ? { ...s, turn: ctx.turn } : s));
  beginTurnOfZones(draft); // history 'turn': the zones, like the records kept, are this turn's
  // 805.2: a team's turn is recorded with its primary player (not built where nothing is recorded)
  if (isRecording(draft)) record(draft, { type: 'turnBegan', player: primaryOf(ctx, side), ...teamOfRecord(ctx, side) });
  beginTurnOfControl(draft); // 722.1: the last turn's control ends, this turn's begins (before 611.2's durations)
  endShortcutsAtTurnBegan(draft); // 732.2: passes until this side's next turn end here
  beginTurnOfEffects(draft); // 611.2: "until your next turn" ends before the untap step
  beginTurnOfTriggers(draft); // 603.7: "… on your next turn" is bound to this turn
}

/** The turn ends; "each" skips (Fatespinner) and delayed triggers bound to it expire with it. */
export function endTurn(draft: Draft): void {
  const { ctx } = draft;
  endTurnOfEffects(draft);
  endTurnOfControl(draft); // Emrakul: the extra turn after the controlled turn is created as it ends
  endShortcutsAtEndOfTurn(draft); // 732.2: passes until end of turn end just before it ends
  record(draft, { type: 'turnEnded' });
  ctx.skips = ctx.skips.filter((s) => !(s.each && s.turn === ctx.turn));
  dropTriggersOfTurns(draft, [ctx.turnId]);
}

/** The sides (players, or teams) of the upcoming turns, extra and skipped turns accounted for. */
export function upcomingTurns(ctx: GameContext, count: number): string[] {
  if (isGameOver(ctx)) return []; // 104.2a: no turn comes
  if (ctx.skips.length === 0 && ctx.left.length === 0) return turnsInOrder(ctx, count);
  // Turns are taken from a copy of what taking one changes (the extra turns, the next regular
  // side, the skips used up); a view asks this before every event, so copies are of lists that have items.
  const simulated: TurnOrder = {
    teams: ctx.teams,
    left: ctx.left,
    sides: ctx.sides,
    extraTurns: ctx.extraTurns.length === 0 ? [] : [...ctx.extraTurns],
    nextRegularSide: ctx.nextRegularSide,
    skips: ctx.skips.length === 0 ? [] : [...ctx.skips],
  };
  const sides: string[] = new Array(count);
  for (let i = 0; i < count; i += 1) sides[i] = takeUpcomingTurn(simulated).side;
  return sides;
}

/**
 * `upcomingTurns` where no turn is skipped (no skips) and every side is in the game (nobody
 * left): what `takeUpcomingTurn` takes then, read in place — the extra turns, the most recent
 * first (500.7), then the sides in turn order from the next regular one.
 */
function turnsInOrder(ctx: Pick<GameContext, 'sides' | 'extraTurns' | 'nextRegularSide'>, count: number): string[] {
  const sides: string[] = new Array(count);
  const { extraTurns } = ctx;
  let taken = 0;
  for (let i = extraTurns.length - 1; i >= 0 && taken < count; i -= 1) sides[taken++] = extraTurns[i].side;
  for (let next = ctx.nextRegularSide; taken < count; next = (next + 1) % ctx.sides.length) sides[taken++] = ctx.sides[next];
  return sides;
}

/**
 * 500.7: an extra turn directly after this one; several: the most recently created first (the
 * list's end). 805.8: a player's extra turn is their team's; one effect naming several players
 * of one team gives that team one extra turn.
 */
export function addExtraTurn(draft: Draft, spec: Frozen<ExtraTurnSpec>): number | null {
  const { ctx } = draft;
  // 500.7: several players' extra turns are added one at a time in APNAP order (101.4), each directly
  // after this turn, so the last added is taken first; 805.8: players of one team make one team turn.
  // 800.4k: a player who has left gets no turn.
  const sides = sidesOfPlayers(ctx, spec.player !== undefined ? [spec.player] : spec.players!).filter((side) => isSideInGame(ctx, side));
  const apnap = sidesFrom(ctx, ctx.activeSide).filter((side) => sides.includes(side));
  let id: number | null = null;
  for (const side of apnap) {
    if (ctx.extraTurns.length >= ctx.limits.maxExtraTurns) {
      limitReached(draft, 'maxExtraTurns', `extraTurn (${side})`);
      return null;
    }
    id = ctx.nextTurnId++;
    ctx.extraTurns.push({ id, side });
  }
  return id;
}

/** Whether `count` more phases (or steps) fit in the plan (limits.maxPlannedPhases); if not, says so. */
function roomInPlan(draft: Draft, count: number, what: string): boolean {
  const { ctx } = draft;
  if (Math.max(ctx.phaseQueue.length, ctx.stepQueue.length) + count <= ctx.limits.maxPlannedPhases) return true;
  limitReached(draft, 'maxPlannedPhases', what);
  return false;
}



/** A new phase instance for the plan, with its own identity. */
function phaseInstance(ctx: WorkingContext, phase: PhaseId, steps: readonly StepId[] = STEPS_OF_PHASE[phase]): PlannedPhase {
  return { id: ctx.nextPhaseId++, phase, steps: [...steps] };
}

/** 500.8: extra phases go directly after this phase, the most recent first; 505.1a: an added main phase is postcombat. */
/** 500.8 (and afterFirst, below): the phases are added; their identities, or null when none was. */
export function addPhases(draft: Draft, phases: readonly PhaseId[], afterFirst?: PhaseId): number[] | null {
  const { ctx } = draft;
  const at = afterFirst === undefined ? 0 : insertionAfterFirst(ctx, afterFirst);
  if (at === null || !roomInPlan(draft, phases.length, 'addPhases')) return null;
  const added = phases.map((phase) => phaseInstance(ctx, phase === 'precombatMain' ? 'postcombatMain' : phase));
  ctx.phaseQueue.splice(at, 0, ...added);
  return added.map((phase) => phase.id);
}

/**
 * 500.8 (World at War: "after the first postcombat main phase this turn"): where phases added
 * after the first phase of that kind this turn go in the plan — directly after the current phase
 * if it is that first one; after the first one still ahead if none of that kind has begun; none
 * (null) if the first one is already over. 505.1a: an added main phase is a postcombat main phase.
 */
function insertionAfterFirst(ctx: GameContext, kind: PhaseId): number | null {
  const begunOfKind = ctx.phasesBegun.filter((phase) => phase === kind).length;
  if (begunOfKind > 0) return begunOfKind === 1 && ctx.phase === kind ? 0 : null;
  const ahead = ctx.phaseQueue.findIndex((planned) => planned.phase === kind);
  return ahead < 0 ? null : ahead + 1;
}

/**
 * 500.9: an extra step goes directly after the current step. 500.10: one added after the
 * phase (or in a main phase, or of another phase's kind) comes in a phase of its own.
 */
export function addStep(draft: Draft, step: StepId, afterPhase = false, count = 1): void {
  const { ctx } = draft;
  if (!roomInPlan(draft, count, `addStep ${step}`)) return;
  const ownPhase = PHASE_OF_STEP[step];
  for (let i = 0; i < count; i += 1) {
    if (afterPhase || ctx.step === null || ownPhase !== ctx.phase) ctx.phaseQueue.unshift(phaseInstance(ctx, ownPhase, [step]));
    else ctx.stepQueue.unshift(step);
  }
}

/**
 * 500.11: a skip of a player's step, phase or turn; 805.8: their team's — one per team named by
 * one effect. Each skip past limits.maxSkips is not added (`source` names it in the history).
 */
export function addSkip(draft: Draft, spec: Frozen<SkipSpec>, source: string): void {
  const { ctx } = draft;
  const each = spec.each === true;
  const [kind, id]: [PendingSkip['kind'], PendingSkip['id']] =
    spec.step !== undefined ? ['step', spec.step] : spec.phase !== undefined ? ['phase', spec.phase] : ['turn', 'turn'];
  for (const side of sidesOfPlayers(ctx, spec.players ?? [spec.player!])) {
    if (ctx.skips.length >= ctx.limits.maxSkips) {
      limitReached(draft, 'maxSkips', `${source}: skip`);
      continue;
    }
    // "each": the side's current turn, or its next one (with nextTurn, the next even during its own: False Peace).
    const turn = each && !spec.nextTurn && side === ctx.activeSide ? ctx.turn : null;
    ctx.skips.push({ side, kind, id, each, turn });
  }
}

/** The skip that applies to this step or phase; 616.1 (a format decision): a "next" skip is used before an "each" one. */
function skipFor(ctx: GameContext, kind: 'step' | 'phase', id: StepId | PhaseId | undefined): PendingSkip | undefined {
  let each: PendingSkip | undefined;
  for (const s of ctx.skips) {
    if (s.kind !== kind || s.id !== id || s.side !== ctx.activeSide) continue;
    if (!s.each) return s;
    if (s.turn === ctx.turn) each ??= s;
  }
  return each;
}

/** 500.11: proceed past a skipped phase or step as if it did not exist (the skip is used up unless "each"). */
function passOver(draft: Draft, skip: PendingSkip | undefined, queue: unknown[]): void {
  queue.shift();
  if (skip && !skip.each) removeItem(draft.ctx.skips, skip);
}

export const isNextPhaseSkipped = (ctx: GameContext) => skipFor(ctx, 'phase', ctx.phaseQueue[0]?.phase) !== undefined;
export const isNextStepSkipped = (ctx: GameContext) => skipFor(ctx, 'step', ctx.stepQueue[0]) !== undefined;
export const isNextPhase = (ctx: GameContext, phase: PhaseId) => ctx.phaseQueue[0]?.phase === phase;
export const isNextStep = (ctx: GameContext, step: StepId) => ctx.stepQueue[0] === step;

export function skipNextPhase(draft: Draft): void {
  passOver(draft, skipFor(draft.ctx, 'phase', draft.ctx.phaseQueue[0]?.phase), draft.ctx.phaseQueue);
}

export function skipNextStep(draft: Draft): void {
  const step = draft.ctx.stepQueue[0];
  passOver(draft, skipFor(draft.ctx, 'step', step), draft.ctx.stepQueue);
  // 508.8: with the declare attackers step skipped, no creature was declared as an attacker.
  if (step === 'declareAttackers') {
    dropStepFromThisPhase(draft, 'declareBlockers');
    dropStepFromThisPhase(draft, 'combatDamage');
  }
}

/** 500.1, 500.8: the next planned phase becomes the current one, with its steps. */
export function takeNextPhase(draft: Draft): void {
  const { ctx } = draft;
  const next = ctx.phaseQueue.shift();
  if (!next) return;
  ctx.phase = next.phase;
  ctx.phaseId = next.id;
  ctx.step = null;
  ctx.stepQueue = [...next.steps];
  ctx.firstStrikeStepDone = false;
}

/** 500.1, 500.9: the next planned step of this phase becomes the current one. */
export function takeNextStep(draft: Draft): void {
  draft.ctx.step = draft.ctx.stepQueue.shift() ?? null;
}

/** 510.4: with a first or double striker in combat, the combat damage step is preceded by a first-strike one. */
export function isFirstStrikeStepNext(ctx: GameContext): boolean {
  return ctx.stepQueue[0] === 'combatDamage' && !ctx.firstStrikeStepDone
    && [...ctx.attackers, ...ctx.blockers].some((c) => c.firstStrike || c.doubleStrike);
}

export function takeFirstStrikeStep(draft: Draft): void {
  draft.ctx.step = 'firstStrikeDamage';
  draft.ctx.firstStrikeStepDone = true;
}

/** 514.3a: after a priority window in cleanup, another cleanup step follows. */
export function scheduleAnotherCleanup(draft: Draft): void {
  draft.ctx.stepQueue.unshift('cleanup');
}

/** 723.1d: the rest of the turn is exactly a cleanup step (ended during cleanup: a new one). */
export function planDirectlyToCleanup(draft: Draft): void {
  const { ctx } = draft;
  if (ctx.phase === 'ending') {
    ctx.stepQueue = ['cleanup'];
    ctx.phaseQueue = [];
  } else {
    ctx.stepQueue = [];
    ctx.phaseQueue = [phaseInstance(ctx, 'ending', ['cleanup'])];
  }
}

/** Drops `step` from the rest of the current phase (508.8, 723.2e): additional phases planned after it keep theirs. */
export function dropStepFromThisPhase(draft: Draft, step: StepId): void {
  draft.ctx.stepQueue = draft.ctx.stepQueue.filter((s) => s !== step);
}

/** 723.2d: the combat phase goes on to the next phase: none of its remaining steps happens. */
export function dropRemainingSteps(draft: Draft): void {
  draft.ctx.stepQueue = [];
}

const WITHOUT_PRIORITY: readonly StepId[] = ['untap', 'cleanup'];

/**
 * Not a rule but a limit (limits.maxStepsWithoutPriority): one event took as many untap and
 * cleanup steps (502.4, 514.3: no priority in them) as it may. The untap steps still planned
 * this turn are not taken, nor the cleanup steps planned after this one, nor planned phases of
 * such steps alone — but for the last phase with a cleanup step (514: the turn still ends
 * with one). The history says so (`limitReached`); the rest of the plan is kept.
 */
export function dropStepsWithoutPriority(draft: Draft): void {
  const { ctx } = draft;
  const droppedHere = ctx.stepQueue.filter((s) => s === 'untap' || (s === 'cleanup' && ctx.step === 'cleanup')).length;
  if (droppedHere > 0) ctx.stepQueue = ctx.stepQueue.filter((s) => !(s === 'untap' || (s === 'cleanup' && ctx.step === 'cleanup')));
  let dropped = droppedHere;
  let lastCleanup = -1;
  ctx.phaseQueue.forEach((p, i) => { if (p.steps.includes('cleanup')) lastCleanup = i; });
  const kept: PlannedPhase[] = [];
  ctx.phaseQueue.forEach((planned, i) => {
    const onlyWithout = planned.steps.length > 0 && planned.steps.every((s) => WITHOUT_PRIORITY.includes(s));
    if (onlyWithout && i !== lastCleanup) {
      dropped += planned.steps.length;
      return;
    }
    const steps = planned.steps.filter((s) => s !== 'untap');
    dropped += planned.steps.length - steps.length;
    if (steps.length === planned.steps.length) kept.push(planned);
    else if (steps.length > 0) kept.push({ ...planned, steps });
  });
  if (kept.length !== ctx.phaseQueue.length || dropped > droppedHere) ctx.phaseQueue = kept;
  if (dropped > 0) limitReached(draft, 'maxStepsWithoutPriority', `${dropped} planned untap or cleanup steps`);
}
