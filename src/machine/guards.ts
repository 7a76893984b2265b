import { isRefused } from '../rules/legality.js';
import { isLastPass } from '../rules/priority.js';
import { nextEffect } from '../rules/stack.js';
import { hasTriggersInPass, sideToOrder, putTriggersThisPass } from '../rules/triggerOrder.js';
import * as shortcuts from '../rules/shortcuts.js';
import * as plan from '../rules/turnPlan.js';
import { isGameOver } from '../rules/inGame.js';
import { hasHolderLeft, hasNoActivePlayer, isBlockDeclarationOver } from '../rules/leaving.js';
import type { GameContext } from '../rules/types.js';
import type { EventOfType, PhaseId, StepId, TurnEventType, WaitingFor } from '../vocabulary/index.js';
import type { MachineEvent } from './events.js';

type GuardArgs = { context: GameContext; event: MachineEvent };

const nextEffectIs = (context: GameContext, key: 'endTurn' | 'endCombat') => {
  const effect = nextEffect(context);
  return effect !== undefined && key in effect;
};

export const turnGuards = {
  /** 500.1, 500.8: the plan's next phase is this one. */
  isNextPhase: ({ context }: GuardArgs, params: { phase: PhaseId }) => plan.isNextPhase(context, params.phase),
  /** 500.11, 614.10a: a skip applies to the next phase. */
  isNextPhaseSkipped: ({ context }: GuardArgs) => plan.isNextPhaseSkipped(context),
  /** 500.1, 500.9: the plan's next step of this phase is this one. */
  isNextStep: ({ context }: GuardArgs, params: { step: StepId }) => plan.isNextStep(context, params.step),
  /** 500.11, 614.10a: a skip applies to the next step. */
  isNextStepSkipped: ({ context }: GuardArgs) => plan.isNextStepSkipped(context),
  /** 510.4: a first or double striker in combat as the combat damage step would begin. */
  isFirstStrikeStepNext: ({ context }: GuardArgs) => plan.isFirstStrikeStepNext(context),
  /** The event is well formed (the boundary checked it); is it legal now? (Yes or no: the `reject` action writes the reason.) */
  isRefused: ({ context, event }: GuardArgs, params: { waitingFor: WaitingFor }) =>
    isRefused(context, event as EventOfType<TurnEventType>, params.waitingFor),
  /** 509.1, 805.10d: the last defending player (team) to declare blockers is declaring. */
  isLastBlockDeclaration: ({ context }: GuardArgs) => context.defendersToDeclare.length === 1,
  /** 117.4, 500.2: all pass in succession with an empty stack: the step or phase ends. */
  isLastPassOnEmptyStack: ({ context }: GuardArgs) => isLastPass(context) && context.stack.length === 0,
  /** 117.4, 805.5b: all (all teams) pass in succession: the top object resolves. */
  isLastPass: ({ context }: GuardArgs) => isLastPass(context),
  /** 603.3b: the next player of the pass has two or more abilities to order (the `choose` option). */
  mustOrderTriggers: ({ context }: GuardArgs) => sideToOrder(context) !== null,
  /** 117.5: no triggered ability waits (after the state-based actions): nothing to put on the stack before priority. */
  noTriggersWaiting: ({ context }: GuardArgs) => context.pendingTriggers.length === 0,
  /** 117.5, 603.3b: a side of this pass still has abilities to put on the stack. */
  hasTriggersInPass: ({ context }: GuardArgs) => hasTriggersInPass(context),
  /** 117.5: an ability went on the stack this pass: state-based actions are checked again. */
  putTriggersThisPass: ({ context }: GuardArgs) => putTriggersThisPass(context),
  /** 514.3a: the cleanup check performed an action, or abilities triggered: players receive priority. */
  needsCleanupPriority: ({ context }: GuardArgs) => context.sbaPerformed || context.pendingTriggers.length > 0,
  /** 723.1: the resolving object's next instruction ends the turn. */
  isNextEffectEndTurn: ({ context }: GuardArgs) => nextEffectIs(context, 'endTurn'),
  /** 723.2: the next instruction ends the combat phase, and it is a combat phase (else 723.2g). */
  isNextEffectEndCombatInCombat: ({ context }: GuardArgs) => nextEffectIs(context, 'endCombat') && context.phase === 'combat',
  /** 723.2g: the next instruction ends the combat phase (outside combat: nothing happens). */
  isNextEffectEndCombat: ({ context }: GuardArgs) => nextEffectIs(context, 'endCombat'),
  /** 608.2c: the resolving object has instructions left. */
  hasNextEffect: ({ context }: GuardArgs) => nextEffect(context) !== undefined,
  /** 723.1d–f: the turn is being ended. */
  isEndingTurn: ({ context }: GuardArgs) => context.procedure === 'endTurn',
  /** 723.2d–f: the combat phase is being ended. */
  isEndingCombat: ({ context }: GuardArgs) => context.procedure === 'endCombat',
  /** 104.2a, 104.2c: one player (one team) is left: the game is over. */
  isGameOver: ({ context }: GuardArgs) => isGameOver(context),
  /** 104.2a: more than one player (team) is left: the game goes on. */
  isGameGoingOn: ({ context }: GuardArgs) => !isGameOver(context),
  /** 800.4a: the player who held priority has left the game. */
  hasHolderLeft: ({ context }: GuardArgs) => hasHolderLeft(context),
  /** 800.4j: the turn goes on without an active player (the game is not over). */
  hasNoActivePlayer: ({ context }: GuardArgs) => hasNoActivePlayer(context),
  /** 800.4a, 509.1: the defending players still to declare blockers have left. */
  isBlockDeclarationOver: ({ context }: GuardArgs) => isBlockDeclarationOver(context),
  /** 732.2: the player who received priority has a standing pass that holds: they pass at once. */
  passHolds: ({ context }: GuardArgs) => shortcuts.holdsStandingPass(context),
  /** The bound (FORMAT "Standing passes"): 1000 automatic passes with no decision by hand — every standing pass ends. */
  passBound: ({ context }: GuardArgs) => shortcuts.isAutomaticPassBound(context),
  /** 508.1, 509.1, 732.2: the standing pass of the side whose declaration the game waits for declares none (attackers, or blockers). */
  passDeclaresNone: ({ context }: GuardArgs) => (context.step === 'declareAttackers'
    ? shortcuts.declaresNoAttackersByStandingPass(context) : shortcuts.declaresNoBlockersByStandingPass(context)),
};
