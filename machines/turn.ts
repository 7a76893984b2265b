// The turn structure of Magic: The Gathering as a statechart (CR 500–514, 117, 608, 723).
// A literal config: every guard and action is named; implementations live in src/machine.
// Hosts use the package's `turnMachine`: this chart behind its input boundary.
import { setup } from 'xstate';
import { turnActions } from '../src/machine/actions.js';
import { contextFromInput } from '../src/machine/context.js';
import type { TurnEmitted } from '../src/machine/emitted.js';
import type { MachineEvent } from '../src/machine/events.js';
import { turnGuards } from '../src/machine/guards.js';
import type { WaitingTag } from '../src/machine/tags.js';
import type { GameContext } from '../src/rules/types.js';
import type { GameInput } from '../src/vocabulary/index.js';

export const turnStatechart = setup({
  types: {
    context: {} as GameContext,
    events: {} as MachineEvent,
    input: {} as GameInput,
    emitted: {} as TurnEmitted,
    tags: {} as WaitingTag,
  },
  actions: turnActions,
  guards: turnGuards,
}).createMachine({
  id: 'mtgTurn',
  description: 'CR 500–514, 117, 608, 723: one turn after another; host reports (triggers, effects, mana, targets) are accepted at any time.',
  /** The game's state, made from the input (read it through `view`). */
  context: contextFromInput,
  initial: 'turn',
  on: {
    'trigger.report': [
      { guard: { type: 'isRefused', params: { waitingFor: null } }, actions: { type: 'reject', params: { waitingFor: null } } },
      { actions: 'reportTrigger' },
    ],
    'trigger.register': [
      { guard: { type: 'isRefused', params: { waitingFor: null } }, actions: { type: 'reject', params: { waitingFor: null } } },
      { actions: 'registerTrigger' },
    ],
    'stateBasedActions.schedule': [
      { guard: { type: 'isRefused', params: { waitingFor: null } }, actions: { type: 'reject', params: { waitingFor: null } } },
      { actions: 'scheduleStateBasedAction' },
    ],
    'effect.create': [
      { guard: { type: 'isRefused', params: { waitingFor: null } }, actions: { type: 'reject', params: { waitingFor: null } } },
      { actions: 'createEffect' },
    ],
    'mana.add': [
      { guard: { type: 'isRefused', params: { waitingFor: null } }, actions: { type: 'reject', params: { waitingFor: null } } },
      { actions: 'addMana' },
    ],
    'target.invalidate': [
      { guard: { type: 'isRefused', params: { waitingFor: null } }, actions: { type: 'reject', params: { waitingFor: null } } },
      { actions: 'invalidateTarget' },
    ],
    'condition.set': [
      { guard: { type: 'isRefused', params: { waitingFor: null } }, actions: { type: 'reject', params: { waitingFor: null } } },
      { actions: 'setCondition' },
    ],
    'discard.schedule': [
      { guard: { type: 'isRefused', params: { waitingFor: null } }, actions: { type: 'reject', params: { waitingFor: null } } },
      { actions: 'scheduleDiscardTrigger' },
    ],
    'combatant.set': [
      { guard: { type: 'isRefused', params: { waitingFor: null } }, actions: { type: 'reject', params: { waitingFor: null } } },
      { actions: 'setCombatant' },
    ],
    'player.concede': [
      { guard: { type: 'isRefused', params: { waitingFor: null } }, actions: { type: 'reject', params: { waitingFor: null } } },
      { description: '104.3a, 800.4: the player leaves the game at once, in any state; then each region goes on without them.', actions: ['concede', 'checkDepartures'] },
    ],
    'shortcut.passUntil': [
      { guard: { type: 'isRefused', params: { waitingFor: null } }, actions: { type: 'reject', params: { waitingFor: null } } },
      { description: '730.2a: a standing pass, at any time; whoever the game waits for now may act by it at once (the eventless transitions of holding and declaring).', actions: 'setShortcut' },
    ],
    'shortcut.cancel': [
      { guard: { type: 'isRefused', params: { waitingFor: null } }, actions: { type: 'reject', params: { waitingFor: null } } },
      { description: '730.2: the player chooses again from now on (their standing pass ends: cancelled).', actions: 'cancelShortcut' },
    ],
  },
  states: {
    turn: {
      description: '500: a turn. The next one in turn order, extra turns first (500.7); a skipped turn never begins (500.11).',
      type: 'parallel',
      entry: 'beginTurn',
      exit: 'endTurn',
      states: {
        phases: {
          description: '500.1: the phases and steps of this turn, in the order of the plan (extra, skipped and replaced ones included: 500.7–500.11, 508.8, 510.4, 723).',
          initial: 'nextPhase',
          on: {
            'combat.declareAttackers': { actions: { type: 'reject', params: { waitingFor: null } } },
            'combat.declareBlockers': { actions: { type: 'reject', params: { waitingFor: null } } },
          },
          states: {
            nextPhase: {
              description: '500.1, 500.8: the next phase of the plan begins; 500.11: a skipped phase is passed over; none left: the turn ends.',
              always: [
                { guard: 'isNextPhaseSkipped', actions: 'skipNextPhase' },
                { guard: { type: 'isNextPhase', params: { phase: 'beginning' } }, target: 'beginning', actions: 'takeNextPhase' },
                { guard: { type: 'isNextPhase', params: { phase: 'precombatMain' } }, target: 'precombatMain', actions: 'takeNextPhase' },
                { guard: { type: 'isNextPhase', params: { phase: 'combat' } }, target: 'combat', actions: 'takeNextPhase' },
                { guard: { type: 'isNextPhase', params: { phase: 'postcombatMain' } }, target: 'postcombatMain', actions: 'takeNextPhase' },
                { guard: { type: 'isNextPhase', params: { phase: 'ending' } }, target: 'ending', actions: 'takeNextPhase' },
                { target: '#mtgTurn.turn', reenter: true },
              ],
            },
            beginning: {
              description: '501: beginning phase — untap, upkeep, draw.',
              entry: 'beginPhase',
              exit: 'endPhase',
              initial: 'nextStep',
              on: { 'step.finished': '.nextStep' },
              states: {
                nextStep: {
                  description: '500.1, 500.9: the next step of this phase; 500.11: a skipped step is passed over.',
                  always: [
                    { guard: 'isNextStepSkipped', actions: 'skipNextStep' },
                    { guard: { type: 'isNextStep', params: { step: 'untap' } }, target: 'untap', actions: 'takeNextStep' },
                    { guard: { type: 'isNextStep', params: { step: 'upkeep' } }, target: 'upkeep', actions: 'takeNextStep' },
                    { guard: { type: 'isNextStep', params: { step: 'draw' } }, target: 'draw', actions: 'takeNextStep' },
                    { target: '#mtgTurn.turn.phases.nextPhase' },
                  ],
                },
                untap: {
                  description: '502: untap step — the active player untaps; no player receives priority (502.4).',
                  entry: ['beginStep', 'untap'],
                  exit: 'endStep',
                  always: { target: 'nextStep' },
                },
                upkeep: {
                  description: '503: upkeep step — the active player receives priority.',
                  entry: ['beginStep', 'openPriority'],
                  exit: 'endStep',
                },
                draw: {
                  description: '504: draw step — the active player draws (504.1), then receives priority.',
                  entry: ['beginStep', 'draw', 'openPriority'],
                  exit: 'endStep',
                },
              },
            },
            precombatMain: {
              description: '505: precombat main phase (no steps) — the active player receives priority.',
              entry: ['beginPhase', 'openPriority'],
              exit: 'endPhase',
              on: { 'step.finished': 'nextPhase' },
            },
            combat: {
              description: '506: combat phase — beginning of combat, declare attackers, declare blockers, combat damage, end of combat.',
              entry: 'beginPhase',
              exit: 'endPhase',
              initial: 'nextStep',
              on: { 'step.finished': '.nextStep' },
              states: {
                nextStep: {
                  description: '500.1: the next combat step; 510.4: a first-strike damage step comes first when a combatant has first or double strike.',
                  always: [
                    { guard: 'isNextStepSkipped', actions: 'skipNextStep' },
                    { guard: 'isFirstStrikeStepNext', target: 'firstStrikeDamage', actions: 'takeFirstStrikeStep' },
                    { guard: { type: 'isNextStep', params: { step: 'beginningOfCombat' } }, target: 'beginningOfCombat', actions: 'takeNextStep' },
                    { guard: { type: 'isNextStep', params: { step: 'declareAttackers' } }, target: 'declareAttackers', actions: 'takeNextStep' },
                    { guard: { type: 'isNextStep', params: { step: 'declareBlockers' } }, target: 'declareBlockers', actions: 'takeNextStep' },
                    { guard: { type: 'isNextStep', params: { step: 'combatDamage' } }, target: 'combatDamage', actions: 'takeNextStep' },
                    { guard: { type: 'isNextStep', params: { step: 'endOfCombat' } }, target: 'endOfCombat', actions: 'takeNextStep' },
                    { target: '#mtgTurn.turn.phases.nextPhase' },
                  ],
                },
                beginningOfCombat: {
                  description: '507: beginning of combat step — the active player receives priority.',
                  entry: ['beginStep', 'openPriority'],
                  exit: 'endStep',
                },
                declareAttackers: {
                  description: '508: declare attackers step — the active player declares attackers (508.1), then receives priority; none: 508.8. 800.4j: without an active player, none are declared.',
                  entry: ['beginStep', 'checkDepartures'],
                  exit: 'endStep',
                  initial: 'declaring',
                  states: {
                    declaring: {
                      description: '508.1: waiting for the active player to declare attackers (a turn-based action); 732.2: a standing pass that says so declares none.',
                      tags: ['waitingFor:declareAttackers'],
                      always: { description: '508.1, 730.2: the active player\'s standing pass declares no attackers: the declaration they would send, taken below as any.', guard: 'passDeclaresNone', actions: ['declareByStandingPass', 'raiseNoAttackers'] },
                      on: {
                        'combat.declareAttackers': [
                          { guard: { type: 'isRefused', params: { waitingFor: 'declareAttackers' } }, actions: { type: 'reject', params: { waitingFor: 'declareAttackers' } } },
                          { target: 'declared', actions: 'declareAttackers' },
                        ],
                        'departures.check': { description: '800.4j: there is no active player (they left, now or before the step began): the declaration is made as none (508.8).', guard: 'hasNoActivePlayer', target: 'declared', actions: 'declareNoAttackers' },
                      },
                    },
                    declared: { description: '508.2: attackers are declared; players act with priority.', entry: 'openPriority' },
                  },
                },
                declareBlockers: {
                  description: '509: declare blockers step — each defending player declares blockers in turn order (509.1), then the active player receives priority.',
                  entry: ['beginStep', 'awaitBlockDeclarations'],
                  exit: 'endStep',
                  initial: 'declaring',
                  states: {
                    declaring: {
                      description: '509.1: waiting for the defending players to declare blockers (a turn-based action); 732.2: a standing pass that says so declares none for its player.',
                      tags: ['waitingFor:declareBlockers'],
                      always: { description: '509.1, 730.2: the defending player\'s standing pass declares no blockers: the declaration they would send, taken below as any.', guard: 'passDeclaresNone', actions: ['declareByStandingPass', 'raiseNoBlockers'] },
                      on: {
                        'combat.declareBlockers': [
                          { guard: { type: 'isRefused', params: { waitingFor: 'declareBlockers' } }, actions: { type: 'reject', params: { waitingFor: 'declareBlockers' } } },
                          { guard: 'isLastBlockDeclaration', target: 'declared', actions: ['declareBlockers', 'openPriority'] },
                          { actions: 'declareBlockers' },
                        ],
                        'departures.check': { description: '800.4a: the defending players still to declare have left: players receive priority.', guard: 'isBlockDeclarationOver', target: 'declared', actions: 'openPriority' },
                      },
                    },
                    declared: { description: '509.2: blockers are declared; players act with priority.' },
                  },
                },
                firstStrikeDamage: {
                  description: '510.4: first-strike combat damage step — only creatures with first or double strike deal damage.',
                  entry: ['beginStep', 'openPriority'],
                  exit: 'endStep',
                },
                combatDamage: {
                  description: '510: combat damage step — combat damage is dealt, then the active player receives priority.',
                  entry: ['beginStep', 'openPriority'],
                  exit: 'endStep',
                },
                endOfCombat: {
                  description: '511: end of combat step — the active player receives priority; as it ends, every creature leaves combat (511.3).',
                  entry: ['beginStep', 'openPriority'],
                  exit: ['removeAllFromCombat', 'endStep'],
                },
              },
            },
            postcombatMain: {
              description: '505: postcombat main phase (no steps) — the active player receives priority.',
              entry: ['beginPhase', 'openPriority'],
              exit: 'endPhase',
              on: { 'step.finished': 'nextPhase' },
            },
            ending: {
              description: '512: ending phase — end step, cleanup step.',
              entry: 'beginPhase',
              exit: 'endPhase',
              initial: 'nextStep',
              on: { 'step.finished': '.nextStep' },
              states: {
                nextStep: {
                  description: '500.1: the next step of the ending phase; 514.3a and 723.1d: another cleanup step may follow.',
                  always: [
                    { guard: 'isNextStepSkipped', actions: 'skipNextStep' },
                    { guard: { type: 'isNextStep', params: { step: 'end' } }, target: 'end', actions: 'takeNextStep' },
                    { guard: { type: 'isNextStep', params: { step: 'cleanup' } }, target: 'cleanup', actions: 'takeNextStep' },
                    { target: '#mtgTurn.turn.phases.nextPhase' },
                  ],
                },
                end: {
                  description: '513: end step — "at the beginning of the end step" abilities trigger; the active player receives priority.',
                  entry: ['beginStep', 'openPriority'],
                  exit: 'endStep',
                },
                cleanup: {
                  description: '514: cleanup step — discard to hand size (514.1), damage and "until end of turn" effects end (514.2); no priority unless 514.3a.',
                  entry: ['beginStep', 'discardToHandSize', 'endTurnEffects', 'openCleanupCheck'],
                  exit: 'endStep',
                },
              },
            },
          },
        },
        priority: {
          description: '117: priority, the stack and resolution (608), and ending the turn or combat (723).',
          initial: 'inactive',
          states: {
            inactive: {
              description: '117: no player has priority (untap, cleanup, declarations, between steps).',
              on: {
                'priority.open': { target: 'stateBasedActions', actions: 'prepareActivePlayerPriority' },
                'cleanup.check': 'cleanupCheck',
                'priority.pass': { actions: { type: 'reject', params: { waitingFor: null } } },
                'spell.cast': { actions: { type: 'reject', params: { waitingFor: null } } },
                'ability.activate': { actions: { type: 'reject', params: { waitingFor: null } } },
                'triggers.order': { actions: { type: 'reject', params: { waitingFor: null } } },
              },
            },
            cleanupCheck: {
              description: '514.3: normally no player receives priority in cleanup; 514.3a: unless state-based actions were performed or abilities wait — then another cleanup step follows.',
              entry: { type: 'checkStateBasedActions', params: { rule: '514.3' } },
              always: [
                { guard: 'needsCleanupPriority', target: 'triggers', actions: ['scheduleAnotherCleanup', 'prepareActivePlayerPriority', 'beginTriggerPass'] },
                { target: 'inactive', actions: 'finishStep' },
              ],
            },
            stateBasedActions: {
              description: '117.5, 704.3: before a player receives priority, state-based actions are checked until none is performed.',
              entry: { type: 'checkStateBasedActions', params: { rule: '117.5' } },
              always: [
                { description: '117.5: no triggered ability waits to be put on the stack: the player receives priority.', guard: 'noTriggersWaiting', target: 'holding', actions: 'givePriority' },
                { target: 'triggers', actions: 'beginTriggerPass' },
              ],
            },
            triggers: {
              description: '117.5, 603.3b, 805.7: the triggered abilities waiting go on the stack, APNAP (each player\'s — with teams, each team\'s — in the order they triggered, or as the player or team orders them); then state-based actions are checked again; nothing left: the player receives priority.',
              always: [
                { guard: 'mustOrderTriggers', target: 'orderingTriggers' },
                { guard: 'hasTriggersInPass', actions: 'putTriggersOnStack' },
                { guard: 'putTriggersThisPass', target: 'stateBasedActions', actions: 'endTriggerPass' },
                { target: 'holding', actions: ['endTriggerPass', 'givePriority'] },
              ],
            },
            orderingTriggers: {
              description: '603.3b: a player with two or more abilities to put on the stack at once chooses their order (the triggerOrder "choose" option); nobody holds priority.',
              tags: ['waitingFor:orderTriggers'],
              on: {
                'triggers.order': [
                  { guard: { type: 'isRefused', params: { waitingFor: 'orderTriggers' } }, actions: { type: 'reject', params: { waitingFor: 'orderTriggers' } } },
                  { target: 'triggers', actions: 'orderTriggers' },
                ],
                'priority.pass': { actions: { type: 'reject', params: { waitingFor: 'orderTriggers' } } },
                'spell.cast': { actions: { type: 'reject', params: { waitingFor: 'orderTriggers' } } },
                'ability.activate': { actions: { type: 'reject', params: { waitingFor: 'orderTriggers' } } },
                'departures.check': { description: '800.4d: the abilities of the player who left are gone; the putting on the stack goes on (800.4a: priority passes on from them). 104.2a: a game that is over waits for nobody.', guard: 'isGameGoingOn', target: 'triggers', actions: 'passPriorityOnFromDeparted' },
              },
            },
            holding: {
              description: '117.3: a player (805.5: a team) holds priority and may cast, activate or pass; 117.4: all pass in succession — resolve the top object, or end the step (500.2). 732.2: while their standing pass holds they pass at once, recorded as any pass (117.3d).',
              tags: ['waitingFor:priority'],
              always: [
                { description: '730.2 (the format\'s bound): 1000 automatic passes with no decision by hand — every standing pass ends, and this player holds priority.', guard: 'passBound', actions: 'endShortcutsByLoopGuard' },
                { description: '730.2: the standing pass passes: the priority.pass its player would send, taken below as any.', guard: 'passHolds', actions: ['passByStandingPass', 'raiseStandingPass'] },
              ],
              on: {
                'priority.pass': [
                  { guard: { type: 'isRefused', params: { waitingFor: 'priority' } }, actions: { type: 'reject', params: { waitingFor: 'priority' } } },
                  { guard: 'isLastPassOnEmptyStack', target: 'inactive', actions: ['passPriority', 'closePriority', 'finishStep'] },
                  { guard: 'isLastPass', target: 'resolving', actions: ['passPriority', 'closePriority', 'beginResolution'] },
                  { target: 'stateBasedActions', actions: 'passPriority' },
                ],
                'spell.cast': [
                  { guard: { type: 'isRefused', params: { waitingFor: 'priority' } }, actions: { type: 'reject', params: { waitingFor: 'priority' } } },
                  { target: 'stateBasedActions', actions: 'castSpell' },
                ],
                'ability.activate': [
                  { guard: { type: 'isRefused', params: { waitingFor: 'priority' } }, actions: { type: 'reject', params: { waitingFor: 'priority' } } },
                  { target: 'stateBasedActions', actions: 'activateAbility' },
                ],
                'triggers.order': { actions: { type: 'reject', params: { waitingFor: 'priority' } } },
                'departures.check': { description: '800.4a: the player holding priority left: the next player in turn order still in the game receives it.', guard: 'hasHolderLeft', target: 'stateBasedActions', actions: 'passPriorityOnFromDeparted' },
              },
            },
            resolving: {
              description: '608: the top object resolves, its instructions in order (608.2c); ending the turn (723.1) or the combat phase (723.2) happens at its place in them.',
              always: [
                { description: '104.2a: the game ended during the resolution: it stops where the loss happened.', guard: 'isGameOver', target: 'inactive', actions: 'stopResolution' },
                {
                  description: '723.1a–c: end the turn — waiting triggers cease to exist, the stack is exiled, state-based actions are checked without priority.',
                  guard: 'isNextEffectEndTurn',
                  actions: ['startEndingTurn', 'removeWaitingTriggers', 'exileStack', 'checkStateBasedActionsWithoutPriority'],
                },
                {
                  description: '723.2a–c: end the combat phase — as 723.1a–c.',
                  guard: 'isNextEffectEndCombatInCombat',
                  actions: ['startEndingCombat', 'removeWaitingTriggers', 'exileStack', 'checkStateBasedActionsWithoutPriority'],
                },
                { description: '723.2g: not in a combat phase — nothing happens.', guard: 'isNextEffectEndCombat', actions: 'ignoreEndCombat' },
                { description: '608.2c: the instructions in written order, up to one that ends the turn or the combat phase.', guard: 'hasNextEffect', actions: 'performEffects' },
                {
                  description: '723.1d–f: the step and phase end, straight to cleanup, the end step skipped; what triggered waits for cleanup.',
                  guard: 'isEndingTurn',
                  target: 'inactive',
                  actions: ['finishResolution', 'endStepAndPhaseForCleanup', 'skipEndStep', 'finishProcedure', 'finishStep'],
                },
                {
                  description: '723.2d–f: the combat phase ends, straight to the next phase, end of combat skipped; what triggered waits for it.',
                  guard: 'isEndingCombat',
                  target: 'inactive',
                  actions: ['finishResolution', 'endCombatPhase', 'skipEndOfCombatStep', 'finishProcedure', 'finishStep'],
                },
                { description: '608.2n, 117.3b: then the active player receives priority.', target: 'stateBasedActions', actions: ['finishResolution', 'prepareActivePlayerPriority'] },
              ],
            },
          },
        },
      },
    },
  },
});
