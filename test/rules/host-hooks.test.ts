// Host hooks: an engine replaces the named turn-based actions and rules hooks with .provide().
import { describe, expect, it } from 'vitest';
import { assign, createActor } from 'xstate';
import { turnMachine, view } from '../../src/index.js';

describe('a game engine plugs in through .provide()', () => {
  it('its draw, untap and state-based-action check run where the rules say; 514.3a follows its answer', () => {
    const calls: string[] = [];
    let sbaAnswer = false;
    const engineMachine = turnMachine.provide({
      actions: {
        untapPermanents: ({ context }) => { calls.push(`untap ${context.activePlayer}`); },
        drawCard: ({ context }) => { calls.push(`draw ${context.activePlayer}`); },
        checkStateBasedActions: assign({ sbaPerformed: () => { calls.push('sba'); return sbaAnswer; } }),
      },
    });
    const actor = createActor(engineMachine, { input: { players: ['A', 'B'], options: { skipFirstDraw: false } } });
    actor.start();
    // 502.3, then 117.5 before A's upkeep priority. (While the first snapshot is computed,
    // in createActor, XState runs assign-based hooks at once and defers plain ones to start().)
    expect([...calls].sort()).toEqual(['sba', 'untap A']);
    actor.send({ type: 'priority.pass', player: 'A' });
    actor.send({ type: 'priority.pass', player: 'B' });
    expect(calls.slice(2)).toEqual(['sba', 'draw A', 'sba']); // 504.1 before priority in the draw step
    expect(view(actor.getSnapshot()).handSize.A).toBe(7); // the engine's draw replaced ours

    // Cleanup: the engine reports an action performed, so A gets priority there (514.3a).
    for (let i = 0; i < 40 && view(actor.getSnapshot()).step !== 'end'; i += 1) {
      const s = actor.getSnapshot();
      if (view(s).waitingFor === 'declareAttackers') actor.send({ type: 'combat.declareAttackers', player: 'A', attackers: [] });
      else actor.send({ type: 'priority.pass', player: s.context.priority.holder! });
    }
    actor.send({ type: 'priority.pass', player: 'A' });
    sbaAnswer = true;
    actor.send({ type: 'priority.pass', player: 'B' });
    expect(view(actor.getSnapshot())).toMatchObject({ step: 'cleanup', priority: 'A' });
  });
});
