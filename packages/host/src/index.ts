// mtg-turn-machine-host: the table host — authoritative games over HTTP and WebSocket, each
// accepted event in the game's log on PGlite or PostgreSQL (docs/HOST.md).
export { startHost, DEFAULT_HOST_PORT, DEFAULT_SERVER_LIMITS, type HostOptions, type RunningHost, type ServerLimits } from './server.js';
export { Table, TableError, restoreGame, DEFAULT_TABLE_LIMITS, type Faults, type Role, type SendResult, type TableLimits, type NewGame } from './table.js';
export { FORMAT_VERSION, memoryStorage, type Storage, type StoredGame, type LogEntry, type TakebackEntry } from './storage.js';
export { pgliteStorage } from './pglite.js';
export { postgresStorage, type PostgresOptions } from './postgres.js';
export type { WriteFaults } from './sqlStorage.js';
export { SCHEMAS, parseClientMessage, type ClientMessage } from './protocol.js';
export { exportSave, importSave, migrateSave, restoreSave, SaveError, type SavedGame } from './saves.js';
export { runHostCommand, type HostCommandOptions } from './command.js';
