// Each send spends its own budget (src/machine/budget.ts), also when one game's send runs inside
// another's: a host hook of game A drives game B through whole turns. B's sends do far more
// rules actions than one event may take, yet A's event is accepted and each of B's is too —
// the budgets are a stack of the sends in progress, not one shared count.
import { createActor, type InspectionEvent } from 'xstate';
import { describe, expect, it } from 'vitest';
import { budgetOf } from '../../src/machine/budget.js';
import { ACTION_RULES } from '../../src/machine/actions.js';
import { createGame, turnMachine, view } from '../../src/index.js';
import { limitsOf, type GameInput } from '../../src/vocabulary/input.js';

const RULES_ACTIONS = new Set(Object.keys(ACTION_RULES));

describe('budgets of re-entrant sends', () => {
  it('a hook of one game that plays another game for thirty turns: each send spends its own budget', () => {
    let rulesActionsOfB = 0;
    const inspect = (e: InspectionEvent) => { if (e.type === '@xstate.action' && RULES_ACTIONS.has(e.action.type)) rulesActionsOfB += 1; };
    const b = createActor(turnMachine, { input: { players: ['C', 'D'] }, inspect });
    const refusedInB: unknown[] = [];
    b.on('rejected', (refusal) => { refusedInB.push(refusal); });
    b.start();
    let played = false;
    // A small game: one event of it may take a couple of thousand rules actions.
    const small = { maxStack: 4, maxPendingTriggers: 4, maxRegisteredTriggers: 4, maxEffectsInForce: 4, maxPlannedPhases: 20, maxEffects: 4, maxCreatures: 4, maxSkips: 4, maxStepsWithoutPriority: 4 };
    const inputOfA: GameInput = { players: ['A', 'B'], options: { skipFirstDraw: false }, limits: small };
    const a = createGame(inputOfA, {
      hooks: {
        drawCard: () => {
          if (played) return;
          played = true;
          rulesActionsOfB = 0;
          // 117.3d, 508.1: passes in turn, no attackers, until thirty turns are over (each one event of B's own).
          while (view(b.getSnapshot()).turn <= 30) {
            const v = view(b.getSnapshot());
            if (v.waitingFor === 'priority') b.send({ type: 'priority.pass', player: v.priority! });
            else if (v.waitingFor === 'declareAttackers') b.send({ type: 'combat.declareAttackers', player: v.declaring!, attackers: [] });
            else throw new Error(`B waits for ${v.waitingFor}`);
            if (refusedInB.length > 0) break;
          }
        },
      },
    });
    expect(played).toBe(false);
    expect(a.send({ type: 'priority.pass', player: 'A' })).toBeNull();
    expect(a.send({ type: 'priority.pass', player: 'B' })).toBeNull(); // upkeep ends; the draw step calls drawCard
    expect(played).toBe(true);
    expect(refusedInB).toEqual([]);
    expect(view(b.getSnapshot()).turn).toBe(31);
    // What B did inside A's one event is more than one event may take: a shared count would have refused A's.
    expect(rulesActionsOfB).toBeGreaterThan(budgetOf(limitsOf(inputOfA)).rulesActions);
    expect(a.view()).toMatchObject({ turn: 1, step: 'draw' });
  });
});
