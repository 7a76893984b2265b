// The fast path's behavioural self-test (src/machine/xstateInternals.ts): run as the package
// loads, it plays a small game on the rules actions built on XState's internals and on XState's
// documented API; they must agree, or the machine uses the documented path.
import { assign } from 'xstate';
import { describe, expect, it } from 'vitest';
import { turnStatechart } from '../../machines/turn.js';
import { buildTurnActions, HOOK_NAMES } from '../../src/machine/actions.js';
import { guardMachine } from '../../src/machine/boundary.js';
import { fastPathAgrees } from '../../src/machine/xstateInternals.js';
import { XSTATE_FAST_PATH_AGREES } from '../../src/index.js';

const fast = guardMachine(turnStatechart, HOOK_NAMES);
const documented = guardMachine(turnStatechart.provide({ actions: buildTurnActions('public') }), HOOK_NAMES);
/** A machine whose given action does nothing: what an XState that resolved it differently would run. */
const without = (name: string) => guardMachine(turnStatechart.provide({ actions: { [name]: assign({}) } as never }), HOOK_NAMES);

describe('the fast path\'s self-test', () => {
  it('on this xstate the fast path agrees with the documented one, and the machine uses it', () => {
    expect(fastPathAgrees(fast, documented)).toBe(true);
    expect(XSTATE_FAST_PATH_AGREES).toBe(true);
  });

  it('finds a path that loses what an action emits (the priority records), its changes (504.1\'s hand count) or a hook call (the draw)', () => {
    expect(fastPathAgrees(fast, without('givePriority'))).toBe(false);
    expect(fastPathAgrees(fast, without('draw'))).toBe(false);
    expect(fastPathAgrees(without('draw'), documented)).toBe(false);
  });

  it('a path that throws where the other does not disagrees (no exception leaves the self-test)', () => {
    const throwing = guardMachine(turnStatechart.provide({ actions: { beginTurn: () => { throw new Error('changed meaning'); } } as never }), HOOK_NAMES);
    expect(() => fastPathAgrees(fast, throwing)).not.toThrow();
    expect(fastPathAgrees(fast, throwing)).toBe(false);
  });
});
