// Faults of the engine around the machine: a host hook that throws or answers what the rules
// cannot take, and a send that would pass its budget (budget.ts). Each aborts the one event it
// happened in — the boundary (boundary.ts) keeps the game as it was before that event and
// refuses the event, naming the hook or the budget — so no fault reaches XState (which would
// stop the actor and rethrow from a timer, taking the process with it).
import type { Refusal } from '../rules/legality.js';

/** A value's message, read without trusting it (a getter may throw; a message may be huge). */
export function messageOf(error: unknown): string {
  try {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : typeof error === 'string' ? error : describeThrown(error);
    return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  } catch {
    return 'an unreadable error';
  }
}

function describeThrown(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'object' || typeof value === 'function') return `a thrown ${Array.isArray(value) ? 'list' : typeof value}`;
  return String(value);
}

/** A host hook threw, or answered what the rules cannot take: the event it ran in is refused. */
export class HookFault extends Error {
  constructor(readonly hook: string, readonly detail: string) {
    super(`the engine's ${hook} hook ${detail}`);
    this.name = 'HookFault';
  }
}

/** A send would pass one of its budgets (budget.ts): the event is refused. */
export class BudgetExceeded extends Error {
  constructor(readonly budget: string, readonly allowed: number, readonly what: string) {
    super(`${what}: one event may take at most ${allowed.toLocaleString('en')} (the send budget "${budget}", derived from the game's limits)`);
    this.name = 'BudgetExceeded';
  }
}

/** The refusal an aborted event gets: the hook's or the budget's own words, or (a bug of the machine) the error. */
export function refusalOfFault(error: unknown): Refusal {
  if (error instanceof HookFault) return { reason: `${error.message}; the event is not performed and the game is as it was before it`, rule: 'engine' };
  if (error instanceof BudgetExceeded) return { reason: `${error.message}; the event is not performed and the game is as it was before it`, rule: 'limit' };
  return { reason: `the event could not be performed (${messageOf(error)}); the game is as it was before it`, rule: 'engine' };
}
