// Saved games that outlive releases. A save is a stored game in a file: its format version, the
// input, the event log and the snapshot at its version (with the machine version that made it).
// Restoring prefers the snapshot when the machine is the one that saved it, and otherwise replays
// the log through the current machine: events are the vocabulary's public contract, kept across
// releases, where a snapshot is the machine's inside (`MACHINE_VERSION` changes with any change
// of the chart or the game state's shape, and the library refuses other versions' snapshots).
import { MACHINE_VERSION, type Game, type GameInput, type PersistedGame, type View } from 'mtg-turn-machine';
import { restoreGame, type NewGame, type Role, type Table } from './table.js';
import { FORMAT_VERSION, inputOfFormat, type LogEntry, type Storage } from './storage.js';

export interface SavedGame {
  /** The persisted form's version (storage.ts FORMAT_VERSION when it was made). */
  format: number;
  name?: string;
  description?: string;
  /** The machine version that made the snapshot. */
  machineVersion: string;
  input: GameInput;
  version: number;
  log: { version: number; event: unknown; by: string }[];
  snapshot: PersistedGame | null;
  /** The view at `version` when it was saved. */
  view: View;
}

/** Migrations of older formats, each to the next. 1 → 2: the input says it keeps the whole past, as format 1's default did. */
const MIGRATIONS: Record<number, (save: Record<string, unknown>) => Record<string, unknown>> = {
  1: (save) => ({ ...save, format: 2, input: inputOfFormat(1, save.input as GameInput) }),
};

export class SaveError extends Error {
  constructor(reason: string) {
    super(`cannot restore the save: ${reason}`);
    this.name = 'SaveError';
  }
}

/** A save of any format this release knows, brought to the current one. */
export function migrateSave(value: unknown): SavedGame {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new SaveError('a save is a JSON object');
  let save = value as Record<string, unknown>;
  if (!Number.isInteger(save.format) || (save.format as number) < 1) throw new SaveError('format: not a format version');
  if ((save.format as number) > FORMAT_VERSION) throw new SaveError(`format ${String(save.format)} is newer than this release's (${FORMAT_VERSION})`);
  while ((save.format as number) < FORMAT_VERSION) {
    const migrate = MIGRATIONS[save.format as number];
    if (!migrate) throw new SaveError(`no migration from format ${String(save.format)}`);
    save = migrate(save);
  }
  if (!Array.isArray(save.log)) throw new SaveError('log: not a list');
  const log = save.log as SavedGame['log'];
  if (save.version !== log.length || log.some((e, i) => e?.version !== i + 1)) throw new SaveError('log: versions are not 1, 2, … up to version');
  return save as unknown as SavedGame;
}

/** The game a save holds: from its snapshot if this machine made it, else by replaying its log. */
export async function restoreSave(value: unknown): Promise<{ save: SavedGame; game: Game; replayed: boolean }> {
  const save = migrateSave(value);
  const replayed = save.snapshot === null || save.snapshot.version !== MACHINE_VERSION;
  const game = await restoreGame(save.input, save.snapshot, () => save.log.map((e) => ({ ...e, records: [] })));
  return { save, game, replayed };
}

/** A stored game as a save file. */
export async function exportSave(storage: Storage, id: string, about: { name?: string; description?: string } = {}): Promise<SavedGame> {
  const stored = await storage.load(id);
  if (!stored) throw new SaveError(`no game ${id}`);
  const log = await storage.log(id);
  const game = await restoreGame(stored.input, stored.snapshot, () => log);
  const { history: _history, ...view } = game.view();
  game.stop();
  return {
    format: FORMAT_VERSION, ...about, machineVersion: stored.snapshot?.version ?? MACHINE_VERSION, input: stored.input, version: stored.version,
    log: log.map((e: LogEntry) => ({ version: e.version, event: e.event, by: e.by })), snapshot: stored.snapshot, view: view as View,
  };
}

/** Brings a save into a host as a new game (new tokens): its log replayed through the table, each event judged again. */
export async function importSave(table: Table, value: unknown): Promise<NewGame> {
  const save = migrateSave(value);
  const game = await table.create(save.input);
  for (const entry of save.log) {
    const role: Role = entry.by === 'engine' ? { kind: 'engine' } : { kind: 'seat', player: entry.by };
    const result = await table.send(game.id, role, entry.event, entry.version - 1);
    if (result.type !== 'accepted') throw new SaveError(`log[${entry.version - 1}]: refused by this release: ${result.reason} (${result.rule})`);
  }
  return game;
}
