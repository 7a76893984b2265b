// How many microsteps the machine takes (each one XState snapshot): 117.5's loop states stay in
// the chart, and priority is given straight from `stateBasedActions` when no triggered ability
// waits; what happens, and what is recorded, is the same either way.
import { describe, expect, it } from 'vitest';
import { createActor, type InspectionEvent } from 'xstate';
import { turnMachine, type HistoryRecord, type TurnEvent } from '../../src/index.js';

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
