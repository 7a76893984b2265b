// The send budget's stack (src/machine/budget.ts): the budgets of sends that have returned are
// pushed again, so each send must begin from nothing spent, whatever the last one spent, and a
// send nested in another (a hook sending to another game) must get a budget of its own.
import { describe, expect, it } from 'vitest';
import { beginBudget, budgetOf, currentBudget, endBudget, spend, withBudget } from '../../src/machine/budget.js';
import { BudgetExceeded } from '../../src/machine/faults.js';
import { DEFAULT_LIMITS } from '../../src/vocabulary/limits.js';

const allowed = budgetOf(DEFAULT_LIMITS);

describe('the send budget', () => {
  it('begins every send from nothing spent, after a send that spent all it could', () => {
    for (let send = 0; send < 3; send += 1) {
      withBudget(DEFAULT_LIMITS, () => {
        expect(currentBudget()!.used).toEqual({ rulesActions: 0, records: 0, hookCalls: 0, triggerWalks: 0 });
        expect(currentBudget()!.stepsBegun).toBe(0);
        spend('records', allowed.records); // all of it: one more would be refused
        currentBudget()!.stepsBegun += 5;
        expect(() => spend('records')).toThrow(BudgetExceeded);
      });
    }
    expect(currentBudget()).toBeUndefined();
  });

  it('gives a nested send its own budget, and leaves the outer one as it was', () => {
    beginBudget(DEFAULT_LIMITS);
    try {
      spend('hookCalls', 7);
      const outer = currentBudget()!;
      withBudget({ ...DEFAULT_LIMITS, maxStack: 1 }, () => {
        expect(currentBudget()).not.toBe(outer);
        expect(currentBudget()!.used.hookCalls).toBe(0);
        expect(currentBudget()!.allowed).toEqual(budgetOf({ ...DEFAULT_LIMITS, maxStack: 1 }));
        spend('hookCalls', 3);
      });
      expect(currentBudget()).toBe(outer);
      expect(outer.used.hookCalls).toBe(7);
      expect(outer.allowed).toEqual(allowed);
    } finally {
      endBudget();
    }
    expect(currentBudget()).toBeUndefined();
  });

  it('spends nothing and refuses nothing outside a send (the bare chart)', () => {
    expect(() => spend('records', allowed.records * 2)).not.toThrow();
    endBudget(); // an extra pop leaves the stack empty, not negative
    withBudget(DEFAULT_LIMITS, () => expect(currentBudget()!.used.records).toBe(0));
  });
});
