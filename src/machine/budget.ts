// The cost model of one send: what one event may make the machine do, derived from the game's
// limits, counted as it runs and enforced. The limits bound what the game state can hold; the
// budget bounds what one event can do with it — the rules actions it runs (about one per
// microstep and action of the chart), the history records it makes, the host hooks it calls,
// and the registered abilities it examines as steps and phases begin. An event that would pass
// one is refused (rule "limit", naming the budget) and the game stays as it was before it
// (boundary.ts). One more bound is not a refusal but a recorded stop: the steps one event may
// take before a player receives priority (limits.maxStepsWithoutPriority; 502.4 and 514.3 give
// none in untap and cleanup steps) — past it, the planned untap steps are not taken
// (`limitReached`), so a pass never runs a thousand untap steps.
import type { Draft } from '../rules/draft.js';
import type { GameContext } from '../rules/types.js';
import { dropStepsWithoutPriority } from '../rules/turnPlan.js';
import type { Limits } from '../vocabulary/index.js';
import { BudgetExceeded } from './faults.js';

export type BudgetKind = 'rulesActions' | 'records' | 'hookCalls' | 'triggerWalks';

export const BUDGET_DESCRIPTIONS: Readonly<Record<BudgetKind, string>> = {
  rulesActions: 'rules actions (microsteps and the actions in them)',
  records: 'history records',
  hookCalls: 'calls of the host hooks',
  triggerWalks: 'registered abilities examined as steps and phases begin',
};

/** What one event may cost, for a game's limits. */
export function budgetOf(limits: Limits): Record<BudgetKind, number> {
  // What one event can touch at most: each object the game may hold, each planned phase or step, once.
  const volume = limits.maxStack + limits.maxPendingTriggers + limits.maxRegisteredTriggers + limits.maxEffectsInForce
    + limits.maxPlannedPhases + limits.maxEffects + 2 * limits.maxCreatures + limits.maxSkips + limits.maxStepsWithoutPriority;
  // Steps and phases begun by one event: those without priority, and a turn's worth more.
  const begun = limits.maxStepsWithoutPriority + 32;
  return {
    rulesActions: 16 * volume + 1_000,
    records: 16 * volume + 1_000,
    hookCalls: 16 * volume + 2 * 1_000, // 704.3: a state-based-action check repeats up to 1,000 times
    triggerWalks: 4 * begun * (limits.maxRegisteredTriggers + 1),
  };
}

export interface SendBudget {
  /** What this send may spend (shared by every send with the same limits: never changed). */
  allowed: Readonly<Record<BudgetKind, number>>;
  readonly used: Record<BudgetKind, number>;
  /** Steps begun in this send (the recorded stop of maxStepsWithoutPriority). */
  stepsBegun: number;
}

/**
 * The budgets of the sends in progress, innermost last: a call-stack context, not state shared
 * between actors (issue 19). A budget is pushed as a send's transition begins and popped as it
 * returns (`withBudget` around the boundary's `transition`, `beginBudget` and `endBudget` around the playout's macrostep), and
 * everything that spends runs synchronously inside that call: the rules actions of its
 * microsteps and the hooks and listeners XState executes in them. Another actor's send can only
 * run inside it, called from such a hook or listener (XState runs a send to an idle actor at
 * once; a send to a busy one — the actor itself — waits in its mailbox until this transition has
 * returned); that send pushes its own budget and pops it before control comes back, so the top
 * of the stack is always the budget of the send whose code is running
 * (test/hostile/reentrant-budget.test.ts). Nothing is left on it between sends, and nothing runs
 * asynchronously inside one. The one case it cannot tell apart: the bare chart of
 * machines/turn.ts (no boundary, no budget of its own) run inside a guarded game's send spends
 * that send's budget.
 *
 * `running[0 .. depth - 1]` are the sends in progress; the entries above are budgets of sends
 * that have returned, kept to be pushed again (zeroed): a send allocates no budget of its own
 * (no budget outlives its send: only `currentBudget` hands one out, to a rule running in it).
 */
const running: SendBudget[] = [];
let depth = 0;
const cache = new WeakMap<Limits, Record<BudgetKind, number>>();
// The last limits asked about: nearly every send of a process has the same (one game's, or the defaults).
let lastLimits: Limits | null = null;
let lastAllowed: Record<BudgetKind, number> | null = null;

function allowedFor(limits: Limits): Record<BudgetKind, number> {
  if (limits === lastLimits) return lastAllowed!;
  let allowed = cache.get(limits);
  if (!allowed) cache.set(limits, (allowed = budgetOf(limits)));
  lastLimits = limits;
  lastAllowed = allowed;
  return allowed;
}

/** Runs `run` (one event's transition) with a fresh budget for `limits`; nested machines stack theirs. */
export function withBudget<T>(limits: Limits, run: () => T): T {
  beginBudget(limits);
  try {
    return run();
  } finally {
    endBudget();
  }
}

/**
 * `withBudget` without a closure, for a caller on the hot path (the playout's send): pushes a
 * fresh budget for `limits`. The caller must call `endBudget` in a `finally`, so that the
 * stack is as it was whatever the transition throws.
 */
export function beginBudget(limits: Limits): void {
  const allowed = allowedFor(limits);
  const budget = running[depth];
  if (budget === undefined) running.push({ allowed, used: { rulesActions: 0, records: 0, hookCalls: 0, triggerWalks: 0 }, stepsBegun: 0 });
  else {
    budget.allowed = allowed;
    const { used } = budget;
    used.rulesActions = 0;
    used.records = 0;
    used.hookCalls = 0;
    used.triggerWalks = 0;
    budget.stepsBegun = 0;
  }
  depth += 1;
}

/** Pops the budget `beginBudget` pushed. */
export function endBudget(): void {
  if (depth > 0) depth -= 1;
}

/** The budget of the event being processed (undefined outside one: the bare chart run by another machine). */
export function currentBudget(): SendBudget | undefined {
  return depth === 0 ? undefined : running[depth - 1];
}

/** Spends `amount` of `kind`; throws `BudgetExceeded` past the budget. */
export function spend(kind: BudgetKind, amount = 1): void {
  if (depth === 0) return;
  const budget = running[depth - 1];
  const used = (budget.used[kind] += amount);
  if (used > budget.allowed[kind]) throw new BudgetExceeded(kind, budget.allowed[kind], `more ${BUDGET_DESCRIPTIONS[kind]} than one event may take`);
}

/**
 * A step or phase begins, within the budget: its "at the beginning of" walk over the registered
 * abilities is spent; and an untap or cleanup step past limits.maxStepsWithoutPriority in this
 * event is the recorded stop (`dropStepsWithoutPriority`).
 */
export function budgetedBeginning(rule: (draft: Draft) => void, isStep: boolean): (draft: Draft) => void {
  return (draft) => {
    const { ctx } = draft;
    spend('triggerWalks', ctx.triggers.length);
    const budget = currentBudget();
    if (isStep && budget !== undefined && (ctx.step === 'untap' || ctx.step === 'cleanup')) {
      budget.stepsBegun += 1;
      if (budget.stepsBegun >= ctx.limits.maxStepsWithoutPriority) dropStepsWithoutPriority(draft);
    }
    rule(draft);
  };
}

/**
 * The most turns and phases a game counts (2^50): an event that would count past it is refused
 * and the game stays as it was, so the counters never pass 2^53 (where a double stops counting
 * exactly) and every state the game reaches can be saved and resumed. No game reaches it; a
 * snapshot edited near 2^53 is held there rather than made unsavable by its next event.
 */
export const COUNTER_CEILING = 2 ** 50;

/** Throws `BudgetExceeded` ("counters") when an event left a counter past COUNTER_CEILING that was not already past it. */
export function checkCounters(before: GameContext, after: GameContext): void {
  for (const key of ['turn', 'nextTurnId', 'nextPhaseId'] as const) {
    if (after[key] > COUNTER_CEILING && after[key] > before[key]) {
      throw new BudgetExceeded('counters', COUNTER_CEILING, `${key} would pass the most turns and phases a game counts`);
    }
  }
}
