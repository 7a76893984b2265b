import type {
  AtTriggerSpec, ContinuousEffectSpec, CreatureSpec, PlayerId, StackObjectSpec,
} from './rules/types.js';

/** What players do. */
export type PlayerEvent =
  | { type: 'priority.pass'; player: PlayerId }
  | { type: 'spell.cast'; object: StackObjectSpec }
  | { type: 'ability.activate'; object: StackObjectSpec }
  | { type: 'combat.declareAttackers'; player: PlayerId; attackers: CreatureSpec[] }
  | { type: 'combat.declareBlockers'; player: PlayerId; blockers: CreatureSpec[] };

/** What the host game reports: things the turn machine does not decide itself. */
export type GameReportEvent =
  | { type: 'trigger.report'; ability: StackObjectSpec }
  | { type: 'trigger.register'; trigger: AtTriggerSpec }
  | { type: 'stateBasedActions.schedule'; ability: StackObjectSpec }
  | { type: 'effect.create'; effect: ContinuousEffectSpec }
  | { type: 'mana.add'; player: PlayerId; amount: number }
  | { type: 'target.invalidate'; id: string }
  | { type: 'condition.set'; name: string; value: boolean };

/** Raised by the machine itself between its regions; never send these. */
export type InternalEvent =
  | { type: 'step.finished' }
  | { type: 'priority.open' }
  | { type: 'cleanup.check' };

export type TurnEvent = PlayerEvent | GameReportEvent;
export type MachineEvent = TurnEvent | InternalEvent;

export const PLAYER_EVENT_TYPES = [
  'priority.pass', 'spell.cast', 'ability.activate', 'combat.declareAttackers', 'combat.declareBlockers',
] as const;
export const GAME_REPORT_EVENT_TYPES = [
  'trigger.report', 'trigger.register', 'stateBasedActions.schedule', 'effect.create', 'mana.add',
  'target.invalidate', 'condition.set',
] as const;
export const INTERNAL_EVENT_TYPES = ['step.finished', 'priority.open', 'cleanup.check'] as const;
