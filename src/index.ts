// mtg-turn-machine: the turn structure of Magic: The Gathering as an XState v5 statechart.
// The package's one way in: the machine, the view, legality, persistence and the vocabulary.
// The playout (the same game without the actor, for AI search and servers) is its own entry,
// `mtg-turn-machine/playout` (src/playout/index.ts): an app that only plays games does not carry it.

// The machine, and actors of it that take any value as an event
export { turnMachine, XSTATE_FAST_PATH_AGREES, type TurnMachine, type TurnSnapshot } from './api/machine.js';
export { GameInputError } from './machine/context.js';
export type { TurnEmitted } from './machine/emitted.js';
export type { HostHooks, HookParams, HookName, HookAction, StateBasedActionsResult, StateBasedActionsRule } from './machine/hooks.js';
export { createTurnActor, createTurnMachine, GameStartError, type TurnActor, type TurnActorOptions, type TurnMachineOptions } from './api/actor.js';
export type { Fault, FaultReporter } from './api/faults.js';
export { createGame, type Game, type GameView, type HistorySink, type Seat, type CreateGameOptions } from './api/game.js';
// What a UI asks
export { view, waitingFor, MAX_UPCOMING_TURNS, type View, type ViewOptions, type Awaiting, type Side, type GameState } from './api/view.js';
export { legalActions, canSend, explainRefusal, type LegalAction } from './api/legal.js';
export type { Refusal } from './rules/legality.js';
// Persistence
export {
  persistGame, restoreSnapshot, snapshotFromInspection, MACHINE_VERSION, SnapshotError, SnapshotVersionError, type PersistedGame,
} from './api/persistence.js';
// The vocabulary: ids, objects, events, history records, input, limits
export * from './vocabulary/ids.js';
export type {
  StackObjectSpec, AtTriggerSpec, ContinuousEffectSpec, Duration, AttackerSpec, BlockerSpec, CreatureSpec, SkipSpec,
  AddStepSpec, AddManaSpec, ResolutionEffect, ResolutionEffectMap, EffectKey,
} from './vocabulary/objects.js';
export {
  actorOf, PLAYER_EVENT_TYPES, TURN_EVENT_TYPES,
  type TurnEvent, type TurnEventType, type PlayerEvent, type GameReportEvent, type PlayerEventMap, type GameReportEventMap, type EventOfType,
} from './vocabulary/events.js';
export {
  describeRecord, formatRecord, ruleOfRecord, HISTORY_RECORD_TYPES,
  type HistoryRecord, type HistoryRecordType, type HistoryEvent, type HistoryFieldsMap, type Where,
} from './vocabulary/history.js';
export { DEFAULT_HISTORY, type GameInput, type GameOptions, type HistoryKept } from './vocabulary/input.js';
// Their descriptions in words (LIMIT_DESCRIPTIONS, the README's table) are in mtg-turn-machine/vocabulary: no game reads them.
export { DEFAULT_LIMITS, LIMIT_CEILINGS, LIMIT_FLOORS, type Limits } from './vocabulary/limits.js';
// Typed event creators, and the event that takes a legal action
export {
  pass, cast, activate, declareAttackers, declareBlockers, orderTriggers, concede,
  reportTrigger, registerTrigger, scheduleStateBasedActions, scheduleDiscard, setCombatant, createEffect, addMana, invalidateTarget, setCondition,
  toEvent, type ToEventDetails, type ObjectDetails,
} from './api/events.js';
// Rule numbers by edition (FORMAT.md): the one table, and text rewritten in an edition's numbers.
export {
  RULES_EDITIONS, DEFAULT_RULES_EDITION, CANONICAL_RULE_NUMBERS, inEdition, ruleNumbersOf, rulesEditionRow, rulesEditionProblem,
  type RuleNumbers, type RulesEditionRow,
} from './vocabulary/editions.js';
// 722 (who sends an action): the sender of a player's event, and the event field that names it.
export { senderOf, type Sent } from './vocabulary/events.js';
export { CONTROLLED_ACTIONS, type ControlledActionName } from './vocabulary/history.js';
// Standing passes (732.2): typed builders of the shortcut events
export {
  passUntilStep, passUntilPhase, passUntilEndOfTurn, passUntilNextTurn, passUntilNextStep, stopsAt, cancelPassUntil, EVERY_STEP,
  type PassUntilEvent, type PassUntilOptions,
} from './api/shortcuts.js';
export type { ShortcutUntil, ShortcutCondition, ShortcutStop, ShortcutView, ShortcutEndReason, StopWhose, ShortcutSpec } from './vocabulary/shortcuts.js';
