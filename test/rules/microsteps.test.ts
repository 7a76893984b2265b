// How many microsteps the machine takes (each one XState snapshot): 117.5's loop states stay in
// the chart, and priority is given straight from `stateBasedActions` when no triggered ability
// waits; what happens, and what is recorded, is the same either way.
import { describe, expect, it } from 'vitest';
import { createActor, type InspectionEvent } from 'xstate';
import { nextSnapshot, turnActions } from '../../src/machine/actions.js';
import { turnMachine, view, type HistoryRecord, type TurnEvent } from '../../src/index.js';

function recorded() {
  const steps: string[] = [];
  const actor = createActor(turnMachine, {
    input: { players: ['A', 'B'] },
    inspect: (e: InspectionEvent) => {
      if (e.type !== '@xstate.microstep') return;
      const { priority } = (e.snapshot as unknown as { value: { turn: { priority: string } } }).value.turn;
      steps.push(priority);
    },
  });
  const history: HistoryRecord[] = [];
  actor.on('history', (e) => history.push(e.record));
  actor.start();
  return {
    send(event: TurnEvent) {
      steps.length = 0;
      history.length = 0;
      actor.send(event);
      return { steps: [...steps], records: history.map((r) => r.type) };
    },
  };
}

describe('117.5 in the chart', () => {
  it('nothing waiting: a pass reaches the next holder in two microsteps (the check, then priority)', () => {
    const game = recorded();
    expect(game.send({ type: 'priority.pass', player: 'A' })).toEqual({
      steps: ['stateBasedActions', 'holding'],
      records: ['passed', 'stateBasedActions', 'priority'],
    });
  });

  it('an ability waiting: state-based actions ⇄ triggers, then priority — the loop states still run', () => {
    const game = recorded();
    game.send({ type: 'trigger.report', ability: { id: 't', controller: 'B', effects: [] } });
    expect(game.send({ type: 'priority.pass', player: 'A' })).toEqual({
      steps: ['stateBasedActions', 'triggers', 'triggers', 'stateBasedActions', 'holding'],
      records: ['passed', 'stateBasedActions', 'putOnStack', 'stateBasedActions', 'priority'],
    });
  });
});

describe('the rules actions of one microstep share one working copy', () => {
  it('no microstep\'s snapshot changes after it was taken (the context is written in place only within its own microstep)', () => {
    const taken: { context: object; json: string }[] = [];
    const actor = createActor(turnMachine, {
      input: { players: ['A', 'B'] },
      inspect: (e: InspectionEvent) => {
        if (e.type !== '@xstate.microstep') return;
        const { context } = e.snapshot as unknown as { context: object };
        taken.push({ context, json: JSON.stringify(context) });
      },
    });
    actor.start();
    const send = (event: TurnEvent) => actor.send(event);
    // Time Stop from the upkeep (723.1: four actions in one microstep, five in the next), triggers, a cleanup window.
    send({ type: 'trigger.report', ability: { id: 't', controller: 'A', effects: [] } });
    send({ type: 'stateBasedActions.schedule' });
    send({ type: 'ability.activate', object: { id: 'sundial', controller: 'A', effects: [{ endTurn: {} }] } });
    send({ type: 'priority.pass', player: 'A' });
    send({ type: 'priority.pass', player: 'B' });
    for (let i = 0; i < 40; i += 1) {
      const { priority } = (actor.getSnapshot().context as { priority: { holder: string | null } });
      if (priority.holder) send({ type: 'priority.pass', player: priority.holder });
      else send({ type: 'combat.declareAttackers', player: view(actor.getSnapshot()).activePlayer!, attackers: [] });
    }
    expect(taken.length).toBeGreaterThan(100);
    for (const [i, step] of taken.entries()) expect(JSON.stringify(step.context), `microstep ${i}`).toBe(step.json);
  });
});

describe('rules actions are resolved as XState resolves its own actions', () => {
  it('a new context makes a copy of XState\'s snapshot with only the context changed; another kind of snapshot gets XState\'s assign', () => {
    const actor = createActor(turnMachine, { input: { players: ['A', 'B'] } });
    const snapshot = actor.getSnapshot() as unknown as Parameters<typeof nextSnapshot>[0];
    const next = { ...snapshot.context, turn: 99 };
    const [copy, actions] = nextSnapshot(snapshot, next);
    expect(actions).toBeUndefined();
    expect(copy).not.toBe(snapshot);
    expect(copy.context).toBe(next);
    for (const key of Object.keys(snapshot).filter((k) => k !== 'context')) expect(copy[key], key).toBe(snapshot[key]);
    class Other { context = snapshot.context; }
    const [same, assigned] = nextSnapshot(new Other() as unknown as typeof snapshot, next);
    expect(same).toBeInstanceOf(Other);
    expect(assigned).toHaveLength(1);
    expect((assigned![0] as { type: string }).type).toBe('xstate.assign');
  });

  it('one called as a plain action (by an XState that would not resolve it) throws instead of skipping the rules', () => {
    expect(() => (turnActions.beginTurn as unknown as () => void)()).toThrow(/not supported/);
  });
});
