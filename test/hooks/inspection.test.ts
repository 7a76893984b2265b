// An inspector sees the chart's rules actions (issue 19): each rules action reaches XState's
// action executor by its chart name, so `createActor(machine, { inspect })` receives an
// `@xstate.action` event for `passPriority`, `endStep`, `beginPhase`… in the order the chart
// runs them — on the fast path (built-in actions with an `execute`) and on the documented one
// (`enqueueActions`, with a named inline action).
import { createActor, type InspectionEvent } from 'xstate';
import { describe, expect, it } from 'vitest';
import { turnStatechart } from '../../machines/turn.js';
import { ACTION_RULES, buildTurnActions, HOOK_NAMES } from '../../src/machine/actions.js';
import { guardMachine } from '../../src/machine/boundary.js';
import { turnMachine, type TurnMachine } from '../../src/index.js';

const publicPath = guardMachine(turnStatechart.provide({ actions: buildTurnActions('public') }), HOOK_NAMES) as unknown as TurnMachine;
const RULES_ACTIONS = new Set(Object.keys(ACTION_RULES));

/** The rules actions an inspector sees while B's pass ends turn 1's upkeep (the first draw is skipped, 103.8a). */
function seenOnEndOfUpkeep(machine: TurnMachine) {
  const seen: { type: string; params: unknown }[] = [];
  let watching = false;
  const inspect = (e: InspectionEvent) => {
    if (watching && e.type === '@xstate.action' && RULES_ACTIONS.has(e.action.type)) seen.push({ type: e.action.type, params: e.action.params });
  };
  const actor = createActor(machine, { input: { players: ['A', 'B'] }, inspect });
  actor.start();
  actor.send({ type: 'priority.pass', player: 'A' });
  watching = true;
  actor.send({ type: 'priority.pass', player: 'B' });
  expect(actor.getSnapshot().value).toMatchObject({ turn: { phases: 'precombatMain' } });
  actor.stop();
  return seen;
}

// 117.4: both passed on an empty stack, so the step ends (500.2: the phase with it); 117.3a and
// 704.3: the next phase begins, state-based actions are checked and the active player receives priority.
const CHART_ORDER = [
  'passPriority', 'closePriority', 'endStep', 'endPhase', 'takeNextPhase', 'beginPhase',
  'prepareActivePlayerPriority', 'checkStateBasedActions', 'givePriority',
];

describe('an inspector sees the rules actions by name', () => {
  it('fast path: in the chart\'s order, with their params', () => {
    const seen = seenOnEndOfUpkeep(turnMachine);
    expect(seen.map((a) => a.type)).toEqual(CHART_ORDER);
    expect(seen.find((a) => a.type === 'checkStateBasedActions')?.params).toEqual({ rule: '117.5' });
  });

  it('documented path (enqueueActions): the same names in the same order', () => {
    expect(seenOnEndOfUpkeep(publicPath).map((a) => a.type)).toEqual(CHART_ORDER);
  });

  it('an inspector added after the actor began (system.inspect) sees them too', () => {
    const actor = createActor(turnMachine, { input: { players: ['A', 'B'] } });
    actor.start();
    actor.send({ type: 'priority.pass', player: 'A' });
    const seen: string[] = [];
    actor.system.inspect((e: InspectionEvent) => { if (e.type === '@xstate.action' && RULES_ACTIONS.has(e.action.type)) seen.push(e.action.type); });
    actor.send({ type: 'priority.pass', player: 'B' });
    expect(seen).toEqual(CHART_ORDER);
  });
});
