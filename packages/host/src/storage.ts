// Where the host keeps its games: one interface, three adapters (memory, PGlite, PostgreSQL),
// one shared test suite (test/storage.test.ts). A game is its input, its seats' token hashes,
// its event log and the persisted snapshot of its current version; `append` writes an event
// and the new version together or not at all, and only onto the version it was judged against.
import type { GameInput, HistoryRecord, PersistedGame } from 'mtg-turn-machine';

/**
 * The persisted form's version. A stored game carries it; this host reads every format up to
 * its own (docs/HOST.md "Saved games and upgrades"). 1: input, token hashes, event log, snapshot.
 * 2: the same; an input without `options.history` keeps the library's default ('turn'), where
 * format 1's was made when the default kept the whole past ('all').
 */
export const FORMAT_VERSION = 2;

/** A stored or saved game's input as this release reads it: format 1's inputs kept the whole past (`history: 'all'`). */
export function inputOfFormat(format: number, input: GameInput): GameInput {
  if (format >= 2 || input.options?.history !== undefined) return input;
  return { ...input, options: { ...input.options, history: 'all' } };
}

export interface StoredGame {
  id: string;
  format: number;
  input: GameInput;
  /** sha-256 (hex) of each seat's token, by player; the tokens themselves are never stored. */
  seats: Record<string, string>;
  /** sha-256 (hex) of the spectator token. */
  spectator: string;
  /** 0 for a new game, +1 per accepted event (a takeback sets it back). */
  version: number;
  /** The persisted snapshot at `version`, or null (then the log is replayed from the input). */
  snapshot: PersistedGame | null;
}

/** One accepted event: `version` is the game's version once it was accepted (the first event makes version 1). */
export interface LogEntry {
  version: number;
  event: unknown;
  /** The seat that sent it (a player), or `host` for the host's own reports. */
  by: string;
  /** The history records the machine emitted for it. */
  records: HistoryRecord[];
}

export interface TakebackEntry {
  /** The version the game was at, and the version it went back to. */
  from: number;
  to: number;
  /** The seat that asked, and every seat that agreed (each seat of the game). */
  askedBy: string;
  agreed: string[];
  /** The log entries the takeback took out, oldest first. */
  dropped: LogEntry[];
}

export interface Storage {
  readonly kind: 'memory' | 'pglite' | 'postgres';
  /** Stores a new game at version 0; false when the id is taken. */
  create(game: StoredGame): Promise<boolean>;
  load(id: string): Promise<StoredGame | null>;
  /** The stored version of a game, or null when there is no such game. */
  version(id: string): Promise<number | null>;
  /**
   * Appends an event and sets the game to `entry.version` with `snapshot`, in one transaction,
   * only if the stored version is `entry.version - 1`; false (nothing written) otherwise.
   */
  append(id: string, entry: LogEntry, snapshot: PersistedGame): Promise<boolean>;
  /** The log entries with `version > after`, in order, at most `limit`. */
  log(id: string, after?: number, limit?: number): Promise<LogEntry[]>;
  /**
   * Sets the game back from version `from` to `takeback.to` with `snapshot`: drops the later entries and records
   * the takeback, in one transaction, only if the stored version is `from`; false otherwise.
   */
  takeback(id: string, takeback: Omit<TakebackEntry, 'dropped'>, snapshot: PersistedGame): Promise<boolean>;
  takebacks(id: string): Promise<TakebackEntry[]>;
  /** How many games are stored. */
  count(): Promise<number>;
  close(): Promise<void>;
}

/** The memory adapter: for tests and throwaway hosts (nothing survives the process). */
export function memoryStorage(): Storage {
  const games = new Map<string, { game: StoredGame; log: LogEntry[]; takebacks: TakebackEntry[] }>();
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    kind: 'memory',
    async create(game) {
      if (games.has(game.id)) return false;
      games.set(game.id, { game: copy(game), log: [], takebacks: [] });
      return true;
    },
    async load(id) {
      const found = games.get(id);
      return found ? copy(found.game) : null;
    },
    async version(id) {
      return games.get(id)?.game.version ?? null;
    },
    async append(id, entry, snapshot) {
      const found = games.get(id);
      if (!found || found.game.version !== entry.version - 1) return false;
      found.log.push(copy(entry));
      found.game.version = entry.version;
      found.game.snapshot = copy(snapshot);
      return true;
    },
    async log(id, after = 0, limit = Number.MAX_SAFE_INTEGER) {
      return copy((games.get(id)?.log ?? []).filter((e) => e.version > after).slice(0, limit));
    },
    async takeback(id, takeback, snapshot) {
      const found = games.get(id);
      if (!found || found.game.version !== takeback.from || takeback.to > takeback.from || takeback.to < 0) return false;
      const dropped = found.log.filter((e) => e.version > takeback.to);
      found.log = found.log.filter((e) => e.version <= takeback.to);
      found.takebacks.push(copy({ ...takeback, dropped }));
      found.game.version = takeback.to;
      found.game.snapshot = copy(snapshot);
      return true;
    },
    async takebacks(id) {
      return copy(games.get(id)?.takebacks ?? []);
    },
    async count() {
      return games.size;
    },
    async close() {
      games.clear();
    },
  };
}
