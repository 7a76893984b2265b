// The compile-time half of "immutability typed" (issue 19): `npm run typecheck` checks this file
// (tsconfig.test.json includes test/), and every `@ts-expect-error` below must stay an error —
// were the game state's types to let one of these through, the directive itself would fail.
// Nothing runs it; the runtime half is frozen-contexts.test.ts.
import type { CopierTable, Draft } from '../../src/rules/draft.js';
import type { GameContext } from '../../src/rules/types.js';

/** A rules function's body: what it may and may not do to its draft. */
export function rulesFunction(draft: Draft): void {
  const { ctx } = draft;
  // Allowed: the containers the draft copies are writable; fields are assignable.
  ctx.stack.push({ id: 'bolt', controller: 'A', kind: 'spell' });
  ctx.stack.splice(0, 1);
  ctx.priority.passes += 1;
  ctx.manaPool.A = 3;
  ctx.turn += 1;
  ctx.zones.exile = [...ctx.zones.exile, 'bolt']; // a zone's list is replaced (putInZone)
  ctx.resolution = ctx.resolution && { ...ctx.resolution, next: ctx.resolution.next + 1 };

  // @ts-expect-error — the issue's example: a zone's list is not copied by the draft, so it is readonly
  ctx.zones.exile.push('oops');
  // @ts-expect-error — an item inside a copied list is a value: replaced, never changed
  ctx.stack[0].id = 'renamed';
  // @ts-expect-error — nor the lists inside an item
  ctx.stack[0].targets?.push('x');
  // @ts-expect-error — a container the draft does not copy (it is replaced whole) is readonly
  ctx.left.push('A');
  // @ts-expect-error — the same for a record not copied
  ctx.resolution!.next = 1;
  // @ts-expect-error — and for what is inside a replaced record
  ctx.shortcuts.passes.A = ctx.shortcuts.passes.B;
  // @ts-expect-error — items of a copied record of lists stay readonly too
  ctx.onDiscard[0].ability = ctx.stack[0];
}

/** A snapshot's context (what `view` and the guards read) is readonly everywhere. */
export function reader(ctx: GameContext): void {
  // @ts-expect-error — a list of the game state
  ctx.stack.push(ctx.stack[0]);
  // @ts-expect-error — a field of the game state
  ctx.turn = 2;
  // @ts-expect-error — a record of the game state
  ctx.priority.passes = 0;
}

const copyList = <T>(list: readonly T[]): T[] => [...list];

// @ts-expect-error — a table of copiers without one of the context's containers (here `stack`) does not compile
export const missingCopier: CopierTable = {
  stepQueue: copyList, phaseQueue: copyList, stepsThisTurn: copyList, extraTurns: copyList, skips: copyList,
  pendingTriggers: copyList, triggers: copyList, onStateBasedActions: copyList, onDiscard: copyList, phasesBegun: copyList,
  ceaseAtNextCheck: copyList, effects: copyList, attackers: copyList, blockers: copyList,
  defendersToDeclare: copyList, illegalTargets: copyList, falseConditions: copyList,
  priority: (r) => ({ ...r }), manaPool: (r) => ({ ...r }), handSize: (r) => ({ ...r }), zones: (r) => ({ ...r }),
  pendingControl: copyList,
  players: 'replaced', sides: 'replaced', teams: 'replaced', options: 'replaced', limits: 'replaced',
  resolution: 'replaced', triggerPass: 'replaced', control: 'replaced', left: 'replaced', winners: 'replaced',
  zoneOwners: 'replaced', shortcuts: 'replaced',
};
