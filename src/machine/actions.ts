// The machine's named actions: each calls one rules function on a working copy of the
// context, then assigns the result and emits the history records it produced.
import { emit, enqueueActions, raise } from 'xstate';
import * as combat from '../rules/combat.js';
import * as control from '../rules/control.js';
import { beginDraft, changesOf, type Draft } from '../rules/draft.js';
import * as effects from '../rules/effects.js';
import * as end from '../rules/endProcedures.js';
import * as leaving from '../rules/leaving.js';
import { refusalOf } from '../rules/legality.js';
import * as priority from '../rules/priority.js';
import * as stack from '../rules/stack.js';
import { nameOf } from '../rules/sides.js';
import * as shortcuts from '../rules/shortcuts.js';
import * as steps from '../rules/stepsAndPhases.js';
import * as triggerOrder from '../rules/triggerOrder.js';
import * as triggers from '../rules/triggers.js';
import * as plan from '../rules/turnPlan.js';
import type { GameContext } from '../rules/types.js';
import { NO_HOOKS, NOTHING_PERFORMED, type HostHooks, type StateBasedActionsRule } from '../rules/hooks.js';
import type { EventOfType, TurnEventType, WaitingFor } from '../vocabulary/index.js';
import type { TurnEmitted } from './emitted.js';
import type { InternalEvent, MachineEvent } from './events.js';
import { budgetedBeginning, spend } from './budget.js';
import { HookFault } from './faults.js';
import { CollectingHooks, DEFAULT_HOOK_ACTIONS, NO_HOOKS_PROVIDED, providedHooksOf, takeAnswer } from './hooks.js';
import { builtInAction, isInspected, microstepSlot, nextSnapshot, seenAction, XSTATE_RESOLVES_BUILT_INS, type Snapshot } from './xstateInternals.js';

export { nextSnapshot, XSTATE_RESOLVES_BUILT_INS } from './xstateInternals.js';

/** What an action does to the game: a rules function over a working copy (its draft). */
export type Rule<P = undefined> = (draft: Draft, event: MachineEvent, params: P) => void;

/**
 * The working copy the rules actions of one microstep share. XState runs a microstep's actions
 * in order (exit, transition, entry), each seeing the context the previous ones left; the first
 * rules action that changes something makes a new context, and the next ones of the same
 * microstep write their changes into that context — this microstep's own object, in no snapshot
 * anyone has seen yet — instead of copying it again. Each action keeps its name in the chart,
 * its rules function and its history records; only the copies are saved.
 */
interface SharedDraft {
  readonly draft: Draft;
  /** The context before the microstep's first rules action. */
  readonly base: GameContext;
  /** This microstep's own context, once made (and known); null before. */
  live: GameContext | null;
  /** Whether a new context was made in this microstep. */
  made: boolean;
}

/** The draft this action continues: the last one of its microstep (see `microstepSlot`), if it sees the context that one left. */
function sharedDraftFor(last: SharedDraft | undefined, context: GameContext): SharedDraft | null {
  if (last === undefined) return null;
  if (!last.made) return context === last.base ? last : null;
  if (last.live === null && context !== last.base) last.live = context; // made by XState's assign (see nextSnapshot)
  return context === last.live ? last : null;
}

/**
 * The changes with each list copied to its exact size: a list the rules grew in place (V8 grows
 * one by half again plus 16) would otherwise keep its spare room in the game state. The draft
 * keeps working on its own copies.
 */
function exact(changes: Partial<GameContext>): Partial<GameContext> {
  const lists = changes as Record<string, unknown>;
  for (const key of Object.keys(lists)) {
    const value = lists[key];
    if (Array.isArray(value)) lists[key] = value.slice();
  }
  return changes;
}

type Emitted = ReturnType<typeof emit<GameContext, MachineEvent, undefined, TurnEmitted, TurnEmitted>>;
type RulesActionFunction<P> = ReturnType<typeof enqueueActions<GameContext, MachineEvent, P, MachineEvent, never, never, never, never, TurnEmitted>>;

/**
 * What one rules action did, within the event's budget (budget.ts): its records are spent; an
 * answer of a hook the rules could not take (they leave it in `refusals`) fails the event.
 */
function withinBudget(draft: Draft): void {
  if (draft.refusals.length > 0) throw new HookFault('performStateBasedActions', `answered what the rules cannot take: ${draft.refusals[0].reason}`);
  if (draft.records.length > 0) spend('records', draft.records.length);
}

/** XState's action arguments, as a rules action reads them. */
type ActionArgs = { context: GameContext; event: MachineEvent; self: unknown };

/** The machine's own actions by name (what `.provide()` gave it, the host hooks among them). */
const actionsOfLogic = (self: unknown) => (self as { logic?: { implementations?: { actions?: Record<string, unknown> } } } | undefined)?.logic?.implementations?.actions;

/**
 * What a rules action runs: the rule on the draft, with the host hooks it asks for collected
 * (their calls are handed to XState after it, as actions of their own: hooks.ts). The two
 * state-based-action checks, with an engine's check provided, run as `CheckSteps`.
 */
type Run = (draft: Draft, event: MachineEvent, params: unknown) => unknown[] | undefined;

/** The rules actions that are a 704.3 check, and the rule point each checks at. */
const STATE_BASED_ACTION_CHECKS: Partial<Record<string, (ctx: GameContext, params: unknown) => StateBasedActionsRule>> = {
  checkStateBasedActions: (_ctx, params) => (params as { rule: StateBasedActionsRule }).rule,
  checkStateBasedActionsWithoutPriority: (ctx) => end.ruleOfCheckWithoutPriority(ctx),
};

/**
 * 704.3 with the engine's check, between actions: a check begins (one rules action), the
 * engine's `performStateBasedActions` is called as an action of its own (executed by XState,
 * at once in a running actor), and the next rules action reads its answer — performing the
 * machine's own state-based actions beside it — and asks again while any was performed. The
 * rule is priority.ts's own, in steps. Where XState does not execute the call (its pure
 * `transition()`), no answer comes back: the check reads it as nothing performed by the engine.
 */
interface CheckSteps {
  /** The call of the engine's check, and the action that reads its answer. */
  ask(check: priority.StateBasedActionsCheck, turn: number): unknown[];
}

/** The first step of a check (see `CheckSteps`). */
const beginCheck = (steps: CheckSteps, rule: StateBasedActionsRule): Run => (draft) =>
  steps.ask(priority.beginStateBasedActionsCheck(draft, rule), draft.ctx.turn);

/** A later step: the engine's answer to the call with `params` (none: nothing performed), and another ask while any was performed. */
const continueCheck = (steps: CheckSteps, check: priority.StateBasedActionsCheck, params: object): Run => (draft) =>
  (priority.continueStateBasedActionsCheck(draft, check, takeAnswer(params) ?? NOTHING_PERFORMED) ? steps.ask(check, draft.ctx.turn) : undefined);

/** The hooks a rules action sees, and what it runs: the rule itself, or a check's first step (an engine's check provided). */
interface Running { run: Run; hooks: HostHooks | null }

/** A rule as it runs in an action: the effect hooks' calls collected when an engine provides any. */
function runningOf(name: string, rule: Rule<unknown>, steps: CheckSteps): (args: ActionArgs, params: unknown) => Running {
  // No engine: the rule as it is (the hot path allocates nothing here).
  const plain: Running = { run: (draft, event, params) => { rule(draft, event, params); return undefined; }, hooks: null };
  const checkRule = STATE_BASED_ACTION_CHECKS[name];
  return (args, params) => {
    const hooks = providedHooksOf(actionsOfLogic(args.self));
    if (hooks === NO_HOOKS_PROVIDED) return plain;
    if (checkRule !== undefined && hooks.stateBasedActions) return { run: beginCheck(steps, checkRule(args.context, params)), hooks: null };
    if (!hooks.effects) return plain;
    const collecting = new CollectingHooks(hooks.names);
    return { run: (draft, event, p) => { rule(draft, event, p); return collecting.calls; }, hooks: collecting };
  };
}

/**
 * A named rules action. It is built as XState builds its own actions (`assign`, `raise`…): a
 * `resolve` that XState calls with the microstep's current snapshot, returning the next one and
 * the actions to run after it (the host hooks' calls, the emitted records and refusals, as
 * XState's `emit`). An `enqueueActions` would do the same through an `assign` and a dozen
 * closures per call; this is a quarter faster. Should an XState version stop resolving it so,
 * it throws rather than skip the rules.
 */
function builtInRulesAction<P extends object | undefined = undefined>(name: string, rule: Rule<P>): RulesActionFunction<P> {
  return builtIn(name, runningOf(name, rule as Rule<unknown>, BUILT_IN_CHECK_STEPS));
}

function builtIn<P>(name: string, runFor: (args: ActionArgs, params: P) => Running): RulesActionFunction<P> {
  const resolve = (scope: unknown, snapshot: Snapshot, args: ActionArgs, params: P) => {
    const { context, event } = args;
    const { run, hooks } = runFor(args, params);
    const slot = microstepSlot(scope);
    let current = sharedDraftFor(slot?.shared as SharedDraft | undefined, context);
    if (current === null) {
      current = { draft: beginDraft(context, NO_HOOKS, context.options.history !== false), base: context, live: null, made: false };
      if (slot !== undefined) slot.shared = current;
    }
    const draft: Draft = { ctx: current.draft.ctx, recording: current.draft.recording, hooks: hooks ?? NO_HOOKS, records: [], refusals: [] };
    spend('rulesActions');
    const calls = run(draft, event, params);
    withinBudget(draft);
    let result: [Snapshot, unknown[] | undefined] = [snapshot, undefined];
    if (current.made) {
      // This microstep's own context (see SharedDraft): what differs from it, written in place (keys it already has).
      const changes = changesOf(draft, context);
      if (changes) Object.assign(context, exact(changes));
    } else {
      const changes = changesOf(draft);
      if (changes) {
        // A whole context of the same shape as the last (V8 keeps its properties fast).
        const next: GameContext = { ...context, ...exact(changes) };
        result = nextSnapshot(snapshot, next);
        current.made = true;
        if (result[0] !== snapshot) current.live = next;
      }
    }
    const inspected = isInspected(scope);
    if (inspected || draft.records.length > 0 || draft.refusals.length > 0 || (calls !== undefined && calls.length > 0)) {
      const nested: unknown[] = result[1] ?? [];
      // What an inspector sees of this action: its name and params, before what it emits and calls.
      if (inspected) nested.unshift(seenAction(name, params));
      for (const record of draft.records) nested.push(emit({ type: 'history', record }) as Emitted);
      for (const refusal of draft.refusals) nested.push(emit({ type: 'rejected', ...refusal }) as Emitted);
      // The host hooks' calls: actions by name, executed by XState after this one (see hooks.ts).
      if (calls !== undefined) for (const call of calls) nested.push(call);
      result[1] = nested;
    }
    return [result[0], undefined, result[1]] as [Snapshot, undefined, unknown[] | undefined];
  }
  return builtInAction(name, resolve) as unknown as RulesActionFunction<P>;
}

/** The check's steps as built-in actions: the engine's call by name, then a rules action reading its answer. */
const BUILT_IN_CHECK_STEPS: CheckSteps = {
  ask(check, turn) {
    const params = Object.freeze({ rule: check.rule, turn });
    return [{ type: 'performStateBasedActions', params }, builtIn('checkStateBasedActions', () => ({ run: continueCheck(BUILT_IN_CHECK_STEPS, check, params), hooks: null }))];
  },
};

/**
 * The same rules action through XState's documented API: `enqueueActions`, an `assign` of a
 * whole new context (one per action), an `emit` per record, and each host hook's call enqueued
 * by name. Used where this XState's own actions are not built as `builtInRulesAction` expects
 * (see `XSTATE_RESOLVES_BUILT_INS`), and tested on every scenario and under the rules monitor
 * like the other.
 */
function publicRulesAction<P extends object | undefined = undefined>(name: string, rule: Rule<P>): RulesActionFunction<P> {
  return publicAction(name, runningOf(name, rule as Rule<unknown>, PUBLIC_CHECK_STEPS));
}

/**
 * A function that does nothing, named `name`: enqueued first by a documented rules action, so
 * XState executes it as an inline action and an inspector sees `@xstate.action` with the
 * chart's name (XState names an inline action by its function's name). The rules ran in the
 * `enqueueActions`; an `enqueueActions` itself is never seen by an inspector.
 */
function seenAs(name: string): () => void {
  return { [name]: () => {} }[name]!;
}

function publicAction<P>(name: string, runFor: (args: ActionArgs, params: P) => Running): RulesActionFunction<P> {
  const seen = seenAs(name);
  return enqueueActions<GameContext, MachineEvent, P, MachineEvent, never, never, never, never, TurnEmitted>(
    (args, params) => {
      const { context, event, enqueue } = args;
      enqueue(seen);
      const { run, hooks } = runFor(args, params);
      const draft = beginDraft(context, hooks ?? NO_HOOKS, context.options.history !== false);
      spend('rulesActions');
      const calls = run(draft, event, params);
      withinBudget(draft);
      const changes = changesOf(draft);
      if (changes) {
        // A whole context of the same shape, not a partial: XState merges with
        // Object.assign({}, context, update), and partials of varying shapes make the context a
        // dictionary-mode object in V8 (slow copies and reads).
        const next: GameContext = { ...context, ...exact(changes) };
        enqueue.assign(() => next);
      }
      for (const record of draft.records) enqueue.emit({ type: 'history', record });
      for (const refusal of draft.refusals) enqueue.emit({ type: 'rejected', ...refusal });
      if (calls !== undefined) for (const call of calls) enqueue(call as never);
    },
  );
}

/** The check's steps through the documented API: the engine's call by name, then an `enqueueActions` reading its answer. */
const PUBLIC_CHECK_STEPS: CheckSteps = {
  ask(check, turn) {
    const params = Object.freeze({ rule: check.rule, turn });
    return [{ type: 'performStateBasedActions', params }, publicAction('checkStateBasedActions', () => ({ run: continueCheck(PUBLIC_CHECK_STEPS, check, params), hooks: null }))];
  },
};

/** How the rules actions are built: as XState builds its own (faster, where it does), or through its documented API. */
export type ActionPath = 'builtIn' | 'public';

/**
 * A rule driven by one event type (the chart only wires it to that event): the rule itself,
 * typed for the chart's actions — no wrapper, so an action calls it directly.
 */
const onEvent = <T extends TurnEventType>(_type: T, rule: (draft: Draft, event: EventOfType<T>) => void): Rule =>
  rule as unknown as Rule;

/**
 * A player's decision: 722.5, made by their controller, if any, is recorded first (`controlledAction`,
 * also for what a standing pass raises); 732.2, one made by hand starts the run of automatic passes again
 * (shortcuts.decidedByHand), one a standing pass raised goes on with it (shortcuts.actedByStandingPass).
 */
const onDecision = <T extends TurnEventType>(type: T, who: (event: EventOfType<T>) => string, rule: (draft: Draft, event: EventOfType<T>) => void): Rule =>
  onEvent(type, (draft, event) => {
    control.recordControlledAction(draft, event);
    if ((event as { standing?: true }).standing) shortcuts.actedByStandingPass(draft);
    else shortcuts.decidedByHand(draft, who(event));
    rule(draft, event);
  });

/** The rules behind the chart's action names (machines/turn.ts references them by name). */
export const ACTION_RULES = {
  // 500: turns, phases and steps, as the plan in context says
  beginTurn: plan.beginTurn,
  endTurn: plan.endTurn,
  skipNextPhase: plan.skipNextPhase,
  takeNextPhase: plan.takeNextPhase,
  skipNextStep: plan.skipNextStep,
  takeNextStep: plan.takeNextStep,
  takeFirstStrikeStep: plan.takeFirstStrikeStep,
  scheduleAnotherCleanup: plan.scheduleAnotherCleanup,
  beginPhase: budgetedBeginning(steps.beginPhase, false),
  endPhase: steps.endPhase,
  beginStep: budgetedBeginning(steps.beginStep, true),
  endStep: steps.endStep,
  // Turn-based actions (each calls the engine's hook beside the machine's own bookkeeping)
  untap: steps.untap,
  draw: steps.draw,
  discardToHandSize: steps.discardToHandSize,
  endTurnEffects: steps.endTurnEffects,
  awaitBlockDeclarations: combat.awaitBlockDeclarations,
  declareAttackers: onDecision('combat.declareAttackers', nameOf, (d, e) => combat.declareAttackers(d, e)),
  declareBlockers: onDecision('combat.declareBlockers', nameOf, (d, e) => combat.declareBlockers(d, e)),
  setCombatant: onEvent('combatant.set', (d, e) => combat.setCombatant(d, e)),
  removeAllFromCombat: combat.removeAllFromCombat,
  // 117: priority; 704: state-based actions; 603.3b: triggers
  prepareActivePlayerPriority: priority.prepareActivePlayerPriority,
  givePriority: priority.givePriority,
  closePriority: priority.closePriority,
  passPriority: onDecision('priority.pass', (e) => e.player, (d, e) => priority.passPriority(d, e.player)),
  checkStateBasedActions: ((d, _e, params: { rule: StateBasedActionsRule }) => priority.checkStateBasedActions(d, params.rule)) as Rule<{ rule: StateBasedActionsRule }>,
  beginTriggerPass: triggerOrder.beginTriggerPass,
  putTriggersOnStack: triggerOrder.putTriggersOnStack,
  orderTriggers: onDecision('triggers.order', nameOf, (d, e) => triggerOrder.orderTriggers(d, nameOf(e), e.order)),
  endTriggerPass: triggerOrder.endTriggerPass,
  // 601, 602, 608: casting, activating, resolving
  castSpell: onDecision('spell.cast', (e) => e.object.controller, (d, e) => stack.castSpell(d, e.object)),
  activateAbility: onDecision('ability.activate', (e) => e.object.controller, (d, e) => stack.activateAbility(d, e.object)),
  beginResolution: stack.beginResolution,
  performEffects: stack.performEffects,
  finishResolution: stack.finishResolution,
  // 723.1: ending the turn
  startEndingTurn: end.startEndingTurn,
  removeWaitingTriggers: end.removeWaitingTriggers,
  exileStack: end.exileStack,
  checkStateBasedActionsWithoutPriority: end.checkStateBasedActionsWithoutPriority,
  endStepAndPhaseForCleanup: end.endStepAndPhaseForCleanup,
  skipEndStep: end.skipEndStep,
  finishProcedure: end.finishProcedure,
  // 723.2: ending the combat phase
  startEndingCombat: end.startEndingCombat,
  endCombatPhase: end.endCombatPhase,
  skipEndOfCombatStep: end.skipEndOfCombatStep,
  ignoreEndCombat: end.ignoreEndCombat,
  // What the host game reports
  reportTrigger: onEvent('trigger.report', (d, e) => triggers.triggerAbility(d, e.ability)),
  registerTrigger: onEvent('trigger.register', (d, e) => triggers.registerTrigger(d, e.trigger)),
  scheduleStateBasedAction: onEvent('stateBasedActions.schedule', (d, e) => triggers.scheduleStateBasedAction(d, e.ability)),
  scheduleDiscardTrigger: onEvent('discard.schedule', (d, e) => triggers.scheduleDiscardTrigger(d, e.player, e.ability)),
  createEffect: onEvent('effect.create', (d, e) => effects.createEffect(d, e.effect)),
  addMana: onEvent('mana.add', (d, e) => effects.addMana(d, e.player, e.amount)),
  invalidateTarget: onEvent('target.invalidate', (d, e) => effects.invalidateTarget(d, e.id)),
  setCondition: onEvent('condition.set', (d, e) => effects.setCondition(d, e.name, e.value)),
  // 800.4: leaving the game (104.3a, 104.3e; 800.4j: a turn without an active player)
  concede: onEvent('player.concede', (d, e) => leaving.concede(d, e.player)),
  passPriorityOnFromDeparted: leaving.passPriorityOnFromDeparted,
  declareNoAttackers: leaving.declareNoAttackers,
  stopResolution: leaving.stopResolution,
  // 732.2: standing passes (shortcuts)
  setShortcut: onEvent('shortcut.passUntil', (d, e) => shortcuts.setShortcut(d, e)),
  cancelShortcut: onEvent('shortcut.cancel', (d, e) => shortcuts.cancelShortcut(d, e)),
  passByStandingPass: shortcuts.passByStandingPass,
  endShortcutsByLoopGuard: shortcuts.endShortcutsByLoopGuard,
  declareByStandingPass: shortcuts.declareByStandingPass,
} satisfies Record<string, Rule<never>>;

/** The signals each signalling action raises, for the other region of the machine. */
export const ACTION_SIGNALS = {
  openPriority: { type: 'priority.open' },
  openCleanupCheck: { type: 'cleanup.check' },
  finishStep: { type: 'step.finished' },
  checkDepartures: { type: 'departures.check' },
} as const satisfies Record<string, InternalEvent>;

/** The events a standing pass raises (732.2), built from the context: the pass or declaration its player would send. */
export const ACTION_EVENTS = {
  raiseStandingPass: shortcuts.standingPassEvent,
  raiseNoAttackers: shortcuts.standingNoAttackersEvent,
  raiseNoBlockers: shortcuts.standingNoBlockersEvent,
} as const satisfies Record<string, (ctx: GameContext) => InternalEvent>;

/** A raised event, for the other region of the machine to react to. */
const signal = (event: InternalEvent) => raise<GameContext, MachineEvent, MachineEvent, undefined, never, never>(event);

/** 117.1 and the rules of timing: an event the machine does not take in this state, and why. */
export function refusalInState(context: GameContext, event: MachineEvent, waitingFor: WaitingFor) {
  return refusalOf(context, event as EventOfType<TurnEventType>, waitingFor)
    ?? { reason: `${event.type} is not possible in this state`, rule: 'event' };
}

export const reject = enqueueActions<GameContext, MachineEvent, { waitingFor: WaitingFor }, MachineEvent, never, never, never, never, TurnEmitted>(
  ({ context, event, enqueue }, params) => {
    enqueue.emit({ type: 'rejected', event, ...refusalInState(context, event, params.waitingFor) });
  },
);

type Actions = { [K in keyof typeof ACTION_RULES]: RulesActionFunction<(typeof ACTION_RULES)[K] extends Rule<infer P> ? (P extends object ? P : undefined) : undefined> };

/** The chart's actions by name, with the rules actions built one way or the other (both are tested). */
export function buildTurnActions(path: ActionPath = XSTATE_RESOLVES_BUILT_INS ? 'builtIn' : 'public') {
  const build = path === 'builtIn' ? builtInRulesAction : publicRulesAction;
  return {
    ...(Object.fromEntries(Object.entries(ACTION_RULES).map(([name, rule]) => [name, build(name, rule as Rule<never>)])) as Actions),
    openPriority: signal(ACTION_SIGNALS.openPriority),
    openCleanupCheck: signal(ACTION_SIGNALS.openCleanupCheck),
    finishStep: signal(ACTION_SIGNALS.finishStep),
    checkDepartures: signal(ACTION_SIGNALS.checkDepartures),
    ...(Object.fromEntries(Object.entries(ACTION_EVENTS).map(([name, build]) => [
      name, raise<GameContext, MachineEvent, MachineEvent, undefined, never, never>(({ context }) => build(context)),
    ])) as { [K in keyof typeof ACTION_EVENTS]: ReturnType<typeof signal> }),
    reject,
    // Host hooks: never referenced by the chart; the rules actions above hand XState their calls (see hooks.ts).
    ...DEFAULT_HOOK_ACTIONS,
  };
}

export const turnActions = buildTurnActions();

/** The actions a host may provide (`.provide({ actions })`): the hooks, and nothing of the machine's own. */
export { HOOK_NAMES } from './hooks.js';
