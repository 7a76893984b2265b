import { formatIssue, parse, triggeredAbility } from '../vocabulary/index.js';
import { isRecording, putInZone, record, takeFromZones, type Draft } from './draft.js';
import { envOf } from './env.js';
import { answerOf, type CheckAnswer, type StateBasedActionsRule } from './hooks.js';
import { nextSideInGame, receiverOfActivePriority, sidesInGame } from './inGame.js';
import { actingAs, teamOfRecord } from './sides.js';
import { triggerAbility } from './triggers.js';
import type { GameContext } from './types.js';

/** 117.3a, 117.3b: the active player (805.5b: the active team) is the next to receive priority; 800.4j: one who left, the next still in the game. */
export function prepareActivePlayerPriority(draft: Draft): void {
  draft.ctx.priority = { holder: receiverOfActivePriority(draft.ctx), passes: 0 };
}

/** 117.3: the player (805.5, 117.6: the team) receives priority (recorded; who it is was decided before the 117.5 checks). */
export function givePriority(draft: Draft): void {
  if (!isRecording(draft)) return;
  const holder = draft.ctx.priority.holder!;
  record(draft, draft.ctx.teams === null ? { type: 'priority', player: holder } : { type: 'priority', team: holder });
}

/** 117.4, 500.2: nobody holds priority while an object resolves or between steps. */
export function closePriority(draft: Draft): void {
  draft.ctx.priority = { holder: null, passes: 0 };
}

/**
 * 117.3d: a player who passes hands priority to the next player in turn order; 805.5b: a team
 * passes once (named by any of its players, or by its id), and priority goes to the next team.
 */
export function passPriority(draft: Draft, who: string): void {
  const { ctx } = draft;
  const { side, player } = actingAs(ctx, who);
  if (isRecording(draft)) record(draft, { type: 'passed', player, ...teamOfRecord(ctx, side) });
  const next = nextSideInGame(ctx, side); // 800.4a: passed over if they left
  ctx.priority = { holder: next, passes: ctx.priority.passes + 1 };
}

/** 117.4, 805.5b: every player (every team) still in the game (800.4j) passed in succession (this pass completes the round). */
export function isLastPass(ctx: GameContext): boolean {
  return ctx.priority.passes + 1 >= sidesInGame(ctx).length;
}

/** Checks repeated at most this many times in a row (an engine that always performs one would loop forever). */
const MAX_CHECKS = 1000;

/** Where one 704.3 check stands between the engine's answers: the rule point, the checks made, whether any performed an action. */
export interface StateBasedActionsCheck {
  readonly rule: StateBasedActionsRule;
  checks: number;
  performedAny: boolean;
}

/**
 * 704.3: state-based actions are checked, and checked again while any was performed. The
 * engine's check (its hook) and the machine's own — objects that are not cards cease to exist
 * off the stack (704.5e, 723.1b), actions the host announced that make an ability trigger —
 * run at every check, wherever it happens (117.5, 514.3, 723.1c, 723.2c). Here the engine
 * answers at once (`draft.hooks`); the machine may instead ask it between two actions
 * (`beginStateBasedActionsCheck`, `continueStateBasedActionsCheck`), the same rule in steps.
 */
export function checkStateBasedActions(draft: Draft, rule: StateBasedActionsRule): void {
  const check = beginStateBasedActionsCheck(draft, rule);
  while (continueStateBasedActionsCheck(draft, check, answerOf(draft.hooks.performStateBasedActions({ rule, turn: draft.ctx.turn }))));
}

/** 704.3: a check begins (recorded); the engine is asked next. */
export function beginStateBasedActionsCheck(draft: Draft, rule: StateBasedActionsRule): StateBasedActionsCheck {
  if (isRecording(draft)) record(draft, { type: 'stateBasedActions' });
  return { rule, checks: 1, performedAny: false };
}

/**
 * 704.3: the engine answered the check: the machine performs its own state-based actions beside
 * the engine's. True when the check is made again (recorded; the engine is asked again); false
 * when it is over (nothing was performed, or MAX_CHECKS were made).
 */
export function continueStateBasedActionsCheck(draft: Draft, check: StateBasedActionsCheck, engine: CheckAnswer): boolean {
  const { ctx } = draft;
  for (const ability of engine.triggered) triggerReported(draft, ability);
  const ceasing = ctx.ceaseAtNextCheck;
  const triggering = ctx.onStateBasedActions;
  const machinePerformed = ceasing.length > 0 || triggering.length > 0 || ctx.stateBasedActionsScheduled > 0;
  if (engine.performed || machinePerformed) {
    check.performedAny = true;
    ctx.ceaseAtNextCheck = [];
    ctx.onStateBasedActions = [];
    ctx.stateBasedActionsScheduled = 0;
    for (const id of ceasing) ceaseToExist(draft, id);
    for (const ability of triggering) triggerAbility(draft, ability);
    if (check.checks < MAX_CHECKS) {
      check.checks += 1;
      record(draft, { type: 'stateBasedActions' });
      return true;
    }
  }
  ctx.sbaPerformed = check.performedAny;
  return false;
}

/** An ability the engine says triggered: checked like any reported object (a malformed one is refused, not kept). */
function triggerReported(draft: Draft, ability: unknown): void {
  const parsed = parse(triggeredAbility, ability, envOf(draft.ctx));
  if (parsed.ok) triggerAbility(draft, parsed.value);
  else draft.refusals.push({ event: ability, reason: `performStateBasedActions: ${formatIssue(parsed.issues[0])}`, rule: 'input' });
}

/** 608.2n, 704.5e, 723.1b: an object that is not a card ceases to exist. */
export function ceaseToExist(draft: Draft, id: string): void {
  takeFromZones(draft, id);
  putInZone(draft, 'ceasedToExist', [id]);
  record(draft, { type: 'ceasedToExist', id });
}

