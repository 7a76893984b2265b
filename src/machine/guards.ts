import { refusalOf } from '../rules/legality.js';
import { isLastPass } from '../rules/priority.js';
import { nextEffect } from '../rules/stack.js';
import { hasTriggersInPass, sideToOrder, putTriggersThisPass } from '../rules/triggerOrder.js';
import * as plan from '../rules/turnPlan.js';
import type { GameContext } from '../rules/types.js';
import type { EventOfType, PhaseId, StepId, TurnEventType, WaitingFor } from '../vocabulary/index.js';
import type { MachineEvent } from './events.js';

type GuardArgs = { context: GameContext; event: MachineEvent };

const nextEffectIs = (context: GameContext, key: 'endTurn' | 'endCombat') => {
  const effect = nextEffect(context);
  return effect !== undefined && key in effect;
};

export const turnGuards = {
  isNextPhase: ({ context }: GuardArgs, params: { phase: PhaseId }) => plan.isNextPhase(context, params.phase),
  isNextPhaseSkipped: ({ context }: GuardArgs) => plan.isNextPhaseSkipped(context),
  isNextStep: ({ context }: GuardArgs, params: { step: StepId }) => plan.isNextStep(context, params.step),
  isNextStepSkipped: ({ context }: GuardArgs) => plan.isNextStepSkipped(context),
  isFirstStrikeStepNext: ({ context }: GuardArgs) => plan.isFirstStrikeStepNext(context),
  /** The event is well formed (the boundary checked it); is it legal now? */
  isRefused: ({ context, event }: GuardArgs, params: { waitingFor: WaitingFor }) =>
    refusalOf(context, event as EventOfType<TurnEventType>, params.waitingFor) !== null,
  isLastBlockDeclaration: ({ context }: GuardArgs) => context.defendersToDeclare.length === 1,
  isLastPassOnEmptyStack: ({ context }: GuardArgs) => isLastPass(context) && context.stack.length === 0,
  isLastPass: ({ context }: GuardArgs) => isLastPass(context),
  /** 603.3b: the next player of the pass has two or more abilities to order (the `choose` option). */
  mustOrderTriggers: ({ context }: GuardArgs) => sideToOrder(context) !== null,
  /** 117.5: no triggered ability waits (after the state-based actions): nothing to put on the stack before priority. */
  noTriggersWaiting: ({ context }: GuardArgs) => context.pendingTriggers.length === 0,
  hasTriggersInPass: ({ context }: GuardArgs) => hasTriggersInPass(context),
  putTriggersThisPass: ({ context }: GuardArgs) => putTriggersThisPass(context),
  /** 514.3a */
  needsCleanupPriority: ({ context }: GuardArgs) => context.sbaPerformed || context.pendingTriggers.length > 0,
  isNextEffectEndTurn: ({ context }: GuardArgs) => nextEffectIs(context, 'endTurn'),
  isNextEffectEndCombatInCombat: ({ context }: GuardArgs) => nextEffectIs(context, 'endCombat') && context.phase === 'combat',
  isNextEffectEndCombat: ({ context }: GuardArgs) => nextEffectIs(context, 'endCombat'),
  hasNextEffect: ({ context }: GuardArgs) => nextEffect(context) !== undefined,
  isEndingTurn: ({ context }: GuardArgs) => context.procedure === 'endTurn',
  isEndingCombat: ({ context }: GuardArgs) => context.procedure === 'endCombat',
};
