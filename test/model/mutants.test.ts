// The invariants can fail: each mutant breaks one rule in a copy of the machine
// (machine.provide), and the rules monitor must report that rule on a short script that
// passes cleanly on the real machine.
import { assign, enqueueActions, raise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { turnStatechart } from '../../machines/turn.js';
import { guardMachine } from '../../src/machine/boundary.js';
import { HOOK_NAMES } from '../../src/machine/hooks.js';
import type { TurnMachine } from '../../src/api/machine.js';
import type { GameInput, TurnEvent } from '../../src/index.js';
import { beginDraft, changesOf, type Draft } from '../../src/rules/draft.js';
import { refusalOf } from '../../src/rules/legality.js';
import { beginStep } from '../../src/rules/stepsAndPhases.js';
import { endCombatEffects, endEffects } from '../../src/rules/effects.js';
import { endCombatPhase } from '../../src/rules/endProcedures.js';
import * as priority from '../../src/rules/priority.js';
import { setShortcut } from '../../src/rules/shortcuts.js';
import * as leaving from '../../src/rules/leaving.js';
import { sideOf } from '../../src/rules/sides.js';
import { performEffects } from '../../src/rules/stack.js';
import * as triggerOrder from '../../src/rules/triggerOrder.js';
import { registerTrigger } from '../../src/rules/triggers.js';
import { beginTurn as beginTurnRule } from '../../src/rules/turnPlan.js';
import type { AtTriggerSpec } from '../../src/vocabulary/index.js';
import type { GameContext, RegisteredTrigger } from '../../src/rules/types.js';
import { advance, at, passAll, turnBegins } from './drive.js';
import { startRun, type Run } from '../../src/testing/harness.js';
import { describeViolations } from '../../src/testing/invariants.js';

type Implementations = Parameters<typeof turnStatechart.provide>[0];
/** A copy of the machine with one of its own actions or guards replaced (which the public `provide` refuses). */
const mutated = (implementations: Implementations) => guardMachine(turnStatechart.provide(implementations), HOOK_NAMES) as unknown as TurnMachine;
const noop = () => {};
const AB: GameInput = { players: ['A', 'B'] };
const cast = (id: string, effects: object[] = [], controller = 'A'): TurnEvent =>
  ({ type: 'spell.cast', object: { id, controller, type: 'instant', effects: effects as never } });
const history = (record: object) => ({ type: 'history', record });
/** A machine action from a rules function, as src/machine/actions.ts builds the machine's own: the broken rule of a mutant. */
const ruleAction = <E>(rule: (draft: Draft, event: E) => void) => enqueueActions(({ context, event, enqueue }) => {
  const draft = beginDraft(context as GameContext);
  rule(draft, event as E);
  const changes = changesOf(draft);
  if (changes) enqueue.assign(() => ({ ...context, ...changes }));
  for (const record of draft.records) enqueue.emit(history(record) as never);
});
type OrderEvent = { player: string; order: string[] };
const CHOOSE: GameInput = { players: ['A', 'B'], options: { triggerOrder: 'choose' } };
const report = (id: string, controller: string): TurnEvent => ({ type: 'trigger.report', ability: { id, controller } });
/** A's two abilities wait; A passes, and gives their order reversed when asked. */
const twoAbilitiesOrdered = (run: Run) => {
  run.send(report('arena', 'A'));
  run.send(report('vortex', 'A'));
  run.send({ type: 'priority.pass', player: 'A' });
  run.send({ type: 'triggers.order', player: 'A', order: ['vortex', 'arena'] });
};
const finalFortune = cast('finalFortune', [{ extraTurn: { player: 'A' } }, { at: { id: 'loss', controller: 'A', when: 'end', once: true, thatTurn: true } }]);
/** Final Fortune in turn 1; play on through the extra turn (turn 2). */
const finalFortuneInTurn1 = (run: Run) => {
  run.send(finalFortune);
  advance(run, turnBegins(3));
};
/** A broken 603.7: as each step begins, the registered triggers' turn bindings are changed first. */
const rebindingAsStepsBegin = (rebind: (registered: RegisteredTrigger) => RegisteredTrigger): Implementations => ({
  actions: {
    beginStep: ruleAction((d) => {
      d.ctx.triggers = d.ctx.triggers.map(rebind);
      beginStep(d);
    }),
  },
}) as never;

/** Two-Headed Giant (810): A+B against C+D. */
const TWO_HEADED: GameInput = { players: ['A', 'B', 'C', 'D'], teams: [['A', 'B'], ['C', 'D']], options: { variant: 'twoHeadedGiant' } };
type PassEvent = { player: string };
/** B (A's teammate) casts a spell; the teams pass, then a pass out of turn (refused on the real machine). */
const teammateCastsAndTeamsPass = (run: Run) => {
  run.send(cast('shock', [], 'B'));
  for (const player of ['A', 'B', 'C', 'D']) run.send({ type: 'priority.pass', player });
};

/** A broken 805.8: a skip naming several players of one team counts once per player (a second skip for each teammate after the first). */
const skipPerPlayerNamed: Implementations = {
  actions: {
    performEffects: ruleAction((d) => {
      const effects = d.ctx.resolution?.object.effects ?? [];
      performEffects(d);
      for (const effect of effects) {
        if (!('skip' in effect) || !effect.skip.players) continue;
        const { step, phase } = effect.skip;
        const [kind, id] = step !== undefined ? ['step', step] as const : phase !== undefined ? ['phase', phase] as const : ['turn', 'turn'] as const;
        const sides = effect.skip.players.map((player) => sideOf(d.ctx, player));
        sides.forEach((side, i) => {
          if (sides.indexOf(side) !== i) d.ctx.skips = [...d.ctx.skips, { side, kind, id, each: false, turn: null }];
        });
      }
    }),
  },
} as never;

interface Mutant {
  name: string;
  /** The rule the monitor must report (prefix of the violation's rule). */
  rule: string;
  implementations: Implementations;
  input?: GameInput;
  script: (run: Run) => void;
}

const mutants: Mutant[] = [
  {
    name: 'no state-based-action check before priority',
    rule: '117.5',
    implementations: { actions: { checkStateBasedActions: noop } } as never,
    script: () => {},
  },
  {
    name: 'priority opens to the next player instead of the active one',
    rule: '117.3',
    implementations: { actions: { prepareActivePlayerPriority: assign({ priority: ({ context }) => ({ holder: context.players[1], passes: 0 }) }) } } as never,
    script: () => {},
  },
  {
    name: '723.1a: waiting triggers survive ending the turn',
    rule: '723.1a',
    implementations: { actions: { removeWaitingTriggers: noop } } as never,
    script: (run) => {
      run.send(cast('timeStop', [{ endTurn: {} }]));
      run.send({ type: 'priority.pass', player: 'A' });
      run.send({ type: 'trigger.report', ability: { id: 'soulWarden', controller: 'B' } });
      run.send({ type: 'priority.pass', player: 'B' });
    },
  },
  {
    name: '723.1b: the stack is not exiled',
    rule: '723.1b',
    implementations: { actions: { exileStack: noop } } as never,
    script: (run) => {
      run.send(cast('shock'));
      run.send(cast('timeStop', [{ endTurn: {} }]));
      passAll(run);
    },
  },
  {
    name: '723.1d: the game does not go directly to cleanup',
    rule: '723.1d',
    implementations: { actions: { endStepAndPhaseForCleanup: noop } } as never,
    script: (run) => {
      advance(run, at('precombatMain'));
      run.send(cast('timeStop', [{ endTurn: {} }]));
      passAll(run);
    },
  },
  {
    name: '723.2d: combat steps go on after combat was ended',
    rule: '723.2',
    implementations: { actions: { endCombatPhase: noop } } as never,
    script: (run) => {
      advance(run, at('beginningOfCombat'));
      run.send(cast('mandate', [{ endCombat: {} }]));
      passAll(run);
    },
  },
  {
    name: '514.3: cleanup always gives priority',
    rule: '514.3',
    implementations: { actions: { openCleanupCheck: raise({ type: 'priority.open' }) } } as never,
    script: (run) => advance(run, turnBegins(2)),
  },
  {
    name: '514.3a: no further cleanup step after a cleanup priority window',
    rule: '514.3a',
    implementations: { actions: { scheduleAnotherCleanup: noop } } as never,
    script: (run) => {
      run.send({ type: 'trigger.register', trigger: { id: 'atCleanup', controller: 'A', when: 'cleanup', once: true } });
      advance(run, turnBegins(2));
    },
  },
  {
    name: '514.2: "until end of turn" effects do not end',
    rule: '514.2',
    implementations: { actions: { endTurnEffects: noop } } as never,
    script: (run) => {
      run.send({ type: 'effect.create', effect: { id: 'giantGrowth', until: 'endOfTurn' } });
      advance(run, turnBegins(2));
    },
  },
  {
    name: '500.5: mana does not empty as a step ends',
    rule: '500.5',
    implementations: {
      actions: {
        endStep: enqueueActions(({ context, enqueue }) => {
          enqueue.emit(history({ type: 'stepEnded', step: context.step, turn: context.turn, phase: context.phase }) as never);
        }),
      },
    } as never,
    script: (run) => {
      run.send({ type: 'mana.add', player: 'A', amount: 2 });
      advance(run, at('precombatMain'));
    },
  },
  {
    name: '508.8: declare blockers and combat damage are not skipped without attackers',
    rule: '508.8',
    implementations: { actions: { declareAttackers: assign({ attackers: ({ event }) => (event as unknown as { attackers: [] }).attackers }) } } as never,
    script: (run) => advance(run, at('postcombatMain')),
  },
  {
    name: '510.4: no first-strike damage step',
    rule: '510.4',
    implementations: { guards: { isFirstStrikeStepNext: () => false } } as never,
    script: (run) => advance(run, at('postcombatMain'), [{ id: 'knight', firstStrike: true }]),
  },
  {
    name: '101.4: a player is passed over in turn order',
    rule: '500.7/500.11/101.4',
    input: { players: ['A', 'B', 'C'] },
    implementations: {
      actions: {
        endTurn: enqueueActions(({ context, enqueue }) => {
          enqueue.emit(history({ type: 'turnEnded', turn: context.turn, phase: context.phase, step: context.step }) as never);
          enqueue.assign({ nextRegularSide: (context.nextRegularSide + 1) % context.sides.length });
        }),
      },
    } as never,
    script: (run) => advance(run, turnBegins(2)),
  },
  {
    name: '603.3b: the order a player gives is ignored (their abilities go as they triggered)',
    rule: '603.3b',
    input: CHOOSE,
    implementations: {
      actions: { orderTriggers: ruleAction<OrderEvent>((d, e) => triggerOrder.orderTriggers(d, e.player, triggerOrder.abilitiesToOrder(d.ctx, e.player))) },
    } as never,
    script: twoAbilitiesOrdered,
  },
  {
    name: '603.3b: a player with two abilities is not asked for their order',
    rule: '603.3b',
    input: CHOOSE,
    implementations: {
      guards: { mustOrderTriggers: () => false },
      actions: {
        putTriggersOnStack: ruleAction((d) => {
          while (triggerOrder.hasTriggersInPass(d.ctx)) {
            const player = d.ctx.triggerPass!.sides[0];
            triggerOrder.orderTriggers(d, player, triggerOrder.abilitiesToOrder(d.ctx, player));
          }
        }),
      },
    } as never,
    script: twoAbilitiesOrdered,
  },
  {
    name: '603.3b: a player with one ability is asked for its order',
    rule: '603.3b',
    input: CHOOSE,
    implementations: {
      guards: { mustOrderTriggers: ({ context }: { context: GameContext }) => context.options.triggerOrder === 'choose' && triggerOrder.hasTriggersInPass(context) },
    } as never,
    script: (run) => {
      run.send(report('soulWarden', 'A'));
      run.send({ type: 'priority.pass', player: 'A' });
    },
  },
  {
    name: '603.3b, 101.4: the players put their abilities on the stack in reverse APNAP order',
    rule: '603.3b/101.4',
    implementations: {
      actions: {
        beginTriggerPass: ruleAction((d) => {
          triggerOrder.beginTriggerPass(d);
          d.ctx.triggerPass = { ...d.ctx.triggerPass!, sides: [...d.ctx.triggerPass!.sides].reverse() };
        }),
      },
    } as never,
    script: (run) => {
      run.send(report('soulWarden', 'A'));
      run.send(report('bloodArtist', 'B'));
      run.send({ type: 'priority.pass', player: 'A' });
    },
  },
  {
    name: '603.3b: an ability that triggers while a player orders joins the pass under way',
    rule: '603.3b',
    input: CHOOSE,
    implementations: {
      actions: {
        orderTriggers: ruleAction<OrderEvent>((d, e) => {
          triggerOrder.orderTriggers(d, e.player, e.order);
          triggerOrder.beginTriggerPass(d); // the pass starts over with everything waiting, no check in between
          d.ctx.triggerPass = { ...d.ctx.triggerPass!, put: true };
        }),
      },
    } as never,
    script: (run) => {
      run.send(report('arena', 'A'));
      run.send(report('vortex', 'A'));
      run.send({ type: 'priority.pass', player: 'A' });
      run.send(report('late', 'B'));
      run.send({ type: 'triggers.order', player: 'A', order: ['vortex', 'arena'] });
    },
  },
  {
    name: '603.7: a delayed trigger bound to the extra turn triggers in the current turn',
    rule: '603.7',
    implementations: rebindingAsStepsBegin(({ turnId: _bound, ...registered }) => registered),
    script: finalFortuneInTurn1,
  },
  {
    name: '603.7: a delayed trigger bound to the extra turn never triggers',
    rule: '603.7',
    implementations: rebindingAsStepsBegin((registered) => (registered.turnId === undefined ? registered : { ...registered, turnId: -1 })),
    script: finalFortuneInTurn1,
  },
  {
    name: '510.4: first strike gained after attackers were declared is not looked at',
    rule: '510.4',
    implementations: { actions: { setCombatant: noop } } as never,
    script: (run) => {
      advance(run, (s) => at('declareAttackers')(s) && s.context.attackers.length > 0, [{ id: 'bear' }]);
      run.send({ type: 'combatant.set', id: 'bear', firstStrike: true });
      advance(run, at('postcombatMain'));
    },
  },
  {
    name: '603.2, 514.1: an ability waiting for a discard does not trigger',
    rule: '603.2/514.1',
    input: { players: ['A', 'B'], options: { hands: { A: 9 } } },
    implementations: { actions: { scheduleDiscardTrigger: noop } } as never,
    script: (run) => {
      run.send({ type: 'discard.schedule', player: 'A', ability: { id: 'madness', controller: 'A' } });
      advance(run, turnBegins(2));
    },
  },
  {
    name: '514.3a: a state-based action that makes nothing trigger is not performed in cleanup',
    rule: '514.3a',
    implementations: { actions: { scheduleStateBasedAction: noop } } as never,
    script: (run) => {
      advance(run, (s) => at('end')(s) && s.context.priority.holder === 'B');
      run.send({ type: 'stateBasedActions.schedule' });
      advance(run, turnBegins(2));
    },
  },
  {
    name: '805.5b: a team that passes keeps priority, and its two passes count as a round',
    rule: '805.5',
    input: TWO_HEADED,
    implementations: {
      actions: {
        passPriority: ruleAction<PassEvent>((d, e) => {
          const { holder } = d.ctx.priority;
          priority.passPriority(d, e.player);
          if (d.ctx.priority.passes === 1) d.ctx.priority = { ...d.ctx.priority, holder };
        }),
      },
    } as never,
    script: teammateCastsAndTeamsPass,
  },
  {
    name: '805.5: priority goes player by player (each teammate receives it in turn)',
    rule: '805.5',
    input: TWO_HEADED,
    implementations: {
      actions: {
        passPriority: ruleAction<PassEvent>((d, e) => {
          const { passes } = d.ctx.priority;
          priority.passPriority(d, e.player);
          const players = d.ctx.players;
          const next = players[(players.indexOf(e.player) + 1) % players.length];
          d.ctx.priority = { holder: sideOf(d.ctx, next), passes: passes + 1 };
        }),
      },
      guards: {
        isLastPass: ({ context }: { context: GameContext }) => context.priority.passes + 1 >= context.players.length,
        isLastPassOnEmptyStack: ({ context }: { context: GameContext }) => context.priority.passes + 1 >= context.players.length && context.stack.length === 0,
      },
    } as never,
    script: teammateCastsAndTeamsPass,
  },
  {
    name: '805.7: a team\'s abilities go on the stack player by player (APNAP inside the team), not in the order they triggered',
    rule: '805.7',
    input: TWO_HEADED,
    implementations: {
      actions: {
        putTriggersOnStack: ruleAction((d) => {
          const waiting = d.ctx.triggerPass?.waiting ?? 0;
          const seat = (controller: string) => d.ctx.players.indexOf(controller);
          const pass = [...d.ctx.pendingTriggers.slice(0, waiting)].sort((a, b) => seat(a.controller) - seat(b.controller));
          d.ctx.pendingTriggers = [...pass, ...d.ctx.pendingTriggers.slice(waiting)];
          triggerOrder.putTriggersOnStack(d);
        }),
      },
    } as never,
    script: (run) => {
      run.send(report('bloodArtist', 'B'));
      run.send(report('soulWarden', 'A'));
      run.send(report('auntiesHovel', 'D'));
      run.send({ type: 'priority.pass', player: 'A' });
    },
  },
  {
    name: '500.11: a step\'s skip is not used up (it skips that step in every later turn)',
    rule: '500.1/500.9/500.11',
    implementations: { actions: { skipNextStep: ruleAction((d) => { d.ctx.stepQueue = d.ctx.stepQueue.slice(1); }) } } as never,
    script: (run) => {
      run.send(cast('skipUpkeep', [{ skip: { player: 'B', step: 'upkeep' } }]));
      passAll(run);
      advance(run, turnBegins(5));
    },
  },
  {
    name: '805.8: one effect naming both players of a team makes that team skip its untap step twice (Brine Elemental)',
    rule: '805.8',
    input: TWO_HEADED,
    implementations: skipPerPlayerNamed,
    script: (run) => {
      run.send(cast('brineElemental', [{ skip: { players: ['C', 'D'], step: 'untap' } }]));
      passAll(run);
      advance(run, turnBegins(5));
    },
  },
  {
    name: '805.8: one effect naming both players of a team makes that team skip two turns',
    rule: '805.8',
    input: TWO_HEADED,
    implementations: skipPerPlayerNamed,
    script: (run) => {
      run.send(cast('lethalVapors', [{ skip: { players: ['C', 'D'], turn: true } }]));
      passAll(run);
      advance(run, turnBegins(3));
    },
  },
  {
    name: '603.7: a delayed trigger "on your next turn" is bound to the current turn',
    rule: '603.7',
    implementations: {
      actions: {
        registerTrigger: ruleAction<{ trigger: AtTriggerSpec }>((d, e) => registerTrigger(d, e.trigger, e.trigger.nextTurnOf ? { turnId: d.ctx.turnId } : {})),
      },
    } as never,
    script: (run) => {
      run.send({ type: 'trigger.register', trigger: { id: 'meandering', controller: 'A', when: 'end', nextTurnOf: 'A' } });
      advance(run, turnBegins(2));
    },
  },
  {
    name: '611.2: "until your next turn" ends as another player\'s turn begins',
    rule: '611.2',
    implementations: {
      actions: {
        beginTurn: ruleAction((d) => {
          beginTurnRule(d);
          endEffects(d, (until) => typeof until === 'object' && 'nextTurnOf' in until);
        }),
      },
    } as never,
    script: (run) => {
      run.send({ type: 'effect.create', effect: { id: 'teferisProtection', until: { nextTurnOf: 'A' } } });
      advance(run, turnBegins(2));
    },
  },
  {
    name: '500.5 in 723.2d: "until end of combat" effects end before the current step does',
    rule: '500.5',
    implementations: {
      actions: {
        endCombatPhase: ruleAction((d) => {
          endCombatEffects(d);
          endCombatPhase(d);
        }),
      },
    } as never,
    script: (run) => {
      advance(run, at('beginningOfCombat'));
      run.send({ type: 'effect.create', effect: { id: 'giantGrowth', until: 'endOfCombat' } });
      run.send(cast('mandate', [{ endCombat: {} }]));
      run.send({ type: 'priority.pass', player: 'A' });
      run.send({ type: 'priority.pass', player: 'B' });
    },
  },
  {
    name: '722.1a: of two control effects waiting for a turn, the first created applies (not the last)',
    rule: '722.1',
    input: { players: ['A', 'B', 'C'] },
    implementations: {
      actions: {
        beginTurn: ruleAction((d) => {
          d.ctx.pendingControl = [...d.ctx.pendingControl].reverse();
          beginTurnRule(d);
        }),
      },
    } as never,
    script: (run) => {
      for (const controller of ['A', 'C']) {
        run.send({ type: 'ability.activate', object: { id: `mindslaver${controller}`, controller: 'A', effects: [{ controlNextTurn: { player: 'B', controller } }] } });
        for (const player of ['A', 'B', 'C']) run.send({ type: 'priority.pass', player });
      }
      advance(run, turnBegins(2));
    },
  },
  {
    name: '722.5: the controlled player\'s own pass is accepted (who decides is not read)',
    rule: '722.5',
    implementations: { guards: { isRefused: ({ context, event }: { context: GameContext; event: TurnEvent }, params: { waitingFor: never }) => refusalOf({ ...context, control: null }, event, params.waitingFor) !== null } } as never,
    script: (run) => {
      run.send({ type: 'ability.activate', object: { id: 'mindslaver', controller: 'A', effects: [{ controlNextTurn: { player: 'B', controller: 'A' } }] } });
      run.send({ type: 'priority.pass', player: 'A' });
      run.send({ type: 'priority.pass', player: 'B' });
      advance(run, turnBegins(2));
      run.send({ type: 'priority.pass', player: 'B', by: 'A' });
      run.send({ type: 'priority.pass', player: 'A' });
      run.send({ type: 'priority.pass', player: 'B' });
    },
  },
  {
    name: '800.4a: a departed player\'s spell stays on the stack',
    rule: '800.4a',
    input: { players: ['A', 'B', 'C'] },
    implementations: {
      actions: {
        concede: ruleAction((d, e: { player: string }) => {
          const leavingNow = [e.player];
          leaving.recordDeparture(d, leavingNow, 'conceded');
          leaving.ceaseTheirAbilities(d, leavingNow);
          leaving.removeTheirTriggers(d, leavingNow);
          leaving.emptyHandsAndPools(d, leavingNow);
          leaving.restartPasses(d);
        }),
      },
    } as never,
    script: (run) => {
      run.send({ type: 'priority.pass', player: 'A' });
      run.send(cast('shock', [], 'B'));
      run.send({ type: 'player.concede', player: 'B' });
    },
  },
  {
    name: '800.4j: the departed active player still receives priority',
    rule: '800.4a',
    input: { players: ['A', 'B', 'C'] },
    implementations: { actions: { prepareActivePlayerPriority: assign({ priority: ({ context }) => ({ holder: context.activeSide, passes: 0 }) }) } } as never,
    script: (run) => {
      run.send({ type: 'player.concede', player: 'A' });
      for (const player of ['B', 'C']) run.send({ type: 'priority.pass', player });
    },
  },
  {
    name: '104.2a: the game goes on when one player is left',
    rule: '104.2a',
    implementations: { actions: { concede: ruleAction((d, e: { player: string }) => leaving.recordDeparture(d, [e.player], 'conceded')) } } as never,
    script: (run) => run.send({ type: 'player.concede', player: 'B' }),
  },
  {
    name: '732.2: a standing pass runs past the step where it ends (a step begins without looking at the passes)',
    rule: '732.2',
    implementations: {
      actions: {
        beginStep: ruleAction((d) => {
          const { shortcuts } = d.ctx;
          d.ctx.shortcuts = { ...shortcuts, passes: {} };
          beginStep(d);
          d.ctx.shortcuts = { ...d.ctx.shortcuts, passes: shortcuts.passes };
        }),
      },
    } as never,
    script: (run) => {
      run.send({ type: 'shortcut.passUntil', player: 'B', until: { step: 'end' } });
      advance(run, turnBegins(2));
    },
  },
  {
    name: '732.2: an opponent\'s spell does not end a pass that lists opponentCasts (the pass forgets its conditions)',
    rule: '732.2',
    implementations: {
      actions: {
        setShortcut: ruleAction((d, e: { player: string; until: object }) => {
          setShortcut(d, { type: 'shortcut.passUntil', player: e.player, until: e.until, unless: [] });
        }),
      },
    } as never,
    script: (run) => {
      run.send({ type: 'shortcut.passUntil', player: 'B', until: { nextTurnOf: 'B' } });
      run.send(cast('bolt'));
      run.send({ type: 'priority.pass', player: 'A' });
    },
  },
];

describe('the rule invariants catch a broken machine', () => {
  it.each(mutants.map((m) => [m.name, m] as const))('%s', (_name, mutant) => {
    const input = mutant.input ?? AB;
    const control = startRun(input);
    mutant.script(control);
    expect(describeViolations(control.monitor.violations)).toBe('');

    const run = startRun(input, undefined, mutated(mutant.implementations));
    try {
      mutant.script(run);
    } catch {
      // a broken machine may also get stuck; what matters is what the monitor saw until then
    }
    const rules = run.monitor.violations.map((v) => v.rule);
    expect(rules.some((rule) => rule.startsWith(mutant.rule)), `violations: ${describeViolations(run.monitor.violations) || 'none'}`).toBe(true);
  });
});
