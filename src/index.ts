// mtg-turn-machine: the turn structure of Magic: The Gathering as an XState v5 statechart.
export { turnMachine } from '../machines/turn.js';
export type { TurnEvent, PlayerEvent, GameReportEvent, MachineEvent, InternalEvent } from './events.js';
export type { TurnEmitted } from './machine/emitted.js';
export { turnActions } from './machine/actions.js';
export { turnGuards } from './machine/guards.js';
export { view, waitingFor, type View, type ViewOptions, type TurnSnapshot } from './view.js';
export { createGame, type Game, type TurnActor, type CreateGameOptions } from './game.js';
export { legalActions, canSend, explainRefusal, type LegalAction } from './legal.js';
export { persistGame, restoreSnapshot, MACHINE_VERSION, SnapshotVersionError, type PersistedGame } from './persistence.js';
export type { Refusal, WaitingFor } from './rules/legality.js';
export { assertValidInput } from './rules/setup.js';
export type { HistoryRecord, HistoryEvent, Where } from './rules/draft.js';
export * from './rules/types.js';
