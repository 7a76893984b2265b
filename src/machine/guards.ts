import { GAME_REPORT_EVENT_TYPES, INTERNAL_EVENT_TYPES, PLAYER_EVENT_TYPES, type MachineEvent } from '../events.js';
import { refusalOf, type WaitingFor } from '../rules/legality.js';
import { isLastPass } from '../rules/priority.js';
import { nextEffect } from '../rules/stack.js';
import * as plan from '../rules/turnPlan.js';
import type { GameContext, PhaseId, StepId } from '../rules/types.js';

type GuardArgs = { context: GameContext; event: MachineEvent };

const nextEffectIs = (context: GameContext, key: 'endTurn' | 'endCombat') => {
  const effect = nextEffect(context);
  return effect !== undefined && key in effect;
};

const KNOWN_EVENT_TYPES: ReadonlySet<string> = new Set<MachineEvent['type']>([
  ...PLAYER_EVENT_TYPES, ...GAME_REPORT_EVENT_TYPES, ...INTERNAL_EVENT_TYPES,
]);

export const turnGuards = {
  /** Refusals, never silence: an event of no known type is rejected, not ignored. */
  isUnknownEvent: ({ event }: GuardArgs) => !KNOWN_EVENT_TYPES.has(event.type),
  isNextPhase: ({ context }: GuardArgs, params: { phase: PhaseId }) => plan.isNextPhase(context, params.phase),
  isNextPhaseSkipped: ({ context }: GuardArgs) => plan.isNextPhaseSkipped(context),
  isNextStep: ({ context }: GuardArgs, params: { step: StepId }) => plan.isNextStep(context, params.step),
  isNextStepSkipped: ({ context }: GuardArgs) => plan.isNextStepSkipped(context),
  isFirstStrikeStepNext: ({ context }: GuardArgs) => plan.isFirstStrikeStepNext(context),
  isRefused: ({ context, event }: GuardArgs, params: { waitingFor: WaitingFor }) =>
    refusalOf(context, event, params.waitingFor) !== null,
  isLastBlockDeclaration: ({ context }: GuardArgs) => context.defendersToDeclare.length === 1,
  isLastPassOnEmptyStack: ({ context }: GuardArgs) => isLastPass(context) && context.stack.length === 0,
  isLastPass: ({ context }: GuardArgs) => isLastPass(context),
  hasWaitingTriggers: ({ context }: GuardArgs) => context.pendingTriggers.length > 0,
  /** 514.3a */
  needsCleanupPriority: ({ context }: GuardArgs) => context.sbaPerformed || context.pendingTriggers.length > 0,
  isNextEffectEndTurn: ({ context }: GuardArgs) => nextEffectIs(context, 'endTurn'),
  isNextEffectEndCombatInCombat: ({ context }: GuardArgs) => nextEffectIs(context, 'endCombat') && context.phase === 'combat',
  isNextEffectEndCombat: ({ context }: GuardArgs) => nextEffectIs(context, 'endCombat'),
  hasNextEffect: ({ context }: GuardArgs) => nextEffect(context) !== undefined,
  isEndingTurn: ({ context }: GuardArgs) => context.procedure === 'endTurn',
  isEndingCombat: ({ context }: GuardArgs) => context.procedure === 'endCombat',
};
