// The SQL adapters (PGlite and PostgreSQL) share their tables and statements; each driver only
// says how to run a query and a transaction. One writer per game: `append` and `takeback` change
// the game's row only `WHERE version = <the version judged against>` and insert the log entries in
// the same transaction, under the primary key (game, version) — two processes on one database
// never both commit a version of one game (test/twoProcesses.test.ts).
import type { PersistedGame } from 'mtg-turn-machine';
import type { LogEntry, Storage, StoredGame, TakebackEntry } from './storage.js';

export interface Query {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[]; count: number }>;
}

export interface SqlDriver extends Query {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(run: (tx: Query) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The tables' own version, kept in mtg_host_schema; a later release migrates from each earlier one. */
const SCHEMA_VERSION = 1;

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS mtg_host_schema (version integer NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS mtg_games (
     id text PRIMARY KEY,
     format integer NOT NULL,
     input json NOT NULL,
     seats json NOT NULL,
     spectator text NOT NULL,
     version integer NOT NULL,
     snapshot json,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE TABLE IF NOT EXISTS mtg_events (
     game_id text NOT NULL REFERENCES mtg_games(id) ON DELETE CASCADE,
     version integer NOT NULL,
     event json NOT NULL,
     by_seat text NOT NULL,
     records json NOT NULL,
     PRIMARY KEY (game_id, version)
   )`,
  `CREATE TABLE IF NOT EXISTS mtg_takebacks (
     game_id text NOT NULL REFERENCES mtg_games(id) ON DELETE CASCADE,
     from_version integer NOT NULL,
     to_version integer NOT NULL,
     asked_by text NOT NULL,
     agreed json NOT NULL,
     dropped json NOT NULL,
     at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (game_id, from_version, to_version, at)
   )`,
];

/** Any number for the advisory lock that serialises schema creation between processes. */
const SCHEMA_LOCK = 724_514_723;

/** Creates the tables when missing (one process at a time); refuses a database made by a later release. */
export async function migrate(driver: SqlDriver): Promise<void> {
  await driver.transaction(async (tx) => {
    if (driver.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    for (const statement of SCHEMA) await tx.query(statement);
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM mtg_host_schema');
    if (rows.length === 0) await tx.query('INSERT INTO mtg_host_schema (version) VALUES ($1)', [SCHEMA_VERSION]);
    else if (rows[0].version > SCHEMA_VERSION) {
      throw new Error(`the database was made by a later release of the host (schema ${rows[0].version}; this one knows up to ${SCHEMA_VERSION})`);
    }
  });
}

interface GameRow { id: string; format: number; input: unknown; seats: unknown; spectator: string; version: number; snapshot: unknown }
interface EventRow { version: number; event: unknown; by_seat: string; records: unknown }

/** PGlite and pg both hand back `json` columns parsed; a driver set to give text still works. */
const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

const entryOf = (row: EventRow): LogEntry => ({ version: row.version, event: json(row.event), by: row.by_seat, records: json(row.records) as LogEntry['records'] });

/** Points inside a write where a test may stop the process (the crash suite); never set in production. */
export interface WriteFaults {
  /** In `append`'s transaction, after its statements and before the commit. */
  beforeCommit?(gameId: string, version: number): void | Promise<void>;
}

export function sqlStorage(driver: SqlDriver, faults: WriteFaults = {}): Storage {
  return {
    kind: driver.kind,
    async create(game) {
      const { count } = await driver.query(
        `INSERT INTO mtg_games (id, format, input, seats, spectator, version, snapshot) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (id) DO NOTHING`,
        [game.id, game.format, JSON.stringify(game.input), JSON.stringify(game.seats), game.spectator, game.version, JSON.stringify(game.snapshot)],
      );
      return count === 1;
    },
    async load(id) {
      const { rows } = await driver.query<GameRow>('SELECT id, format, input, seats, spectator, version, snapshot FROM mtg_games WHERE id = $1', [id]);
      if (rows.length === 0) return null;
      const row = rows[0];
      return {
        id: row.id, format: row.format, input: json(row.input) as StoredGame['input'], seats: json(row.seats) as Record<string, string>,
        spectator: row.spectator, version: row.version, snapshot: json(row.snapshot) as PersistedGame | null,
      };
    },
    async version(id) {
      const { rows } = await driver.query<{ version: number }>('SELECT version FROM mtg_games WHERE id = $1', [id]);
      return rows.length === 0 ? null : rows[0].version;
    },
    async append(id, entry, snapshot) {
      return driver.transaction(async (tx) => {
        const updated = await tx.query('UPDATE mtg_games SET version = $2, snapshot = $3 WHERE id = $1 AND version = $4',
          [id, entry.version, JSON.stringify(snapshot), entry.version - 1]);
        if (updated.count !== 1) return false;
        await tx.query('INSERT INTO mtg_events (game_id, version, event, by_seat, records) VALUES ($1, $2, $3, $4, $5)',
          [id, entry.version, JSON.stringify(entry.event), entry.by, JSON.stringify(entry.records)]);
        await faults.beforeCommit?.(id, entry.version);
        return true;
      });
    },
    async log(id, after = 0, limit = 2_147_483_647) {
      const { rows } = await driver.query<EventRow>(
        'SELECT version, event, by_seat, records FROM mtg_events WHERE game_id = $1 AND version > $2 ORDER BY version LIMIT $3', [id, after, limit]);
      return rows.map(entryOf);
    },
    async takeback(id, takeback, snapshot) {
      if (takeback.to > takeback.from || takeback.to < 0) return false;
      return driver.transaction(async (tx) => {
        const updated = await tx.query('UPDATE mtg_games SET version = $2, snapshot = $3 WHERE id = $1 AND version = $4',
          [id, takeback.to, JSON.stringify(snapshot), takeback.from]);
        if (updated.count !== 1) return false;
        const dropped = await tx.query<EventRow>(
          'DELETE FROM mtg_events WHERE game_id = $1 AND version > $2 RETURNING version, event, by_seat, records', [id, takeback.to]);
        const entries = dropped.rows.map(entryOf).sort((a, b) => a.version - b.version);
        await tx.query('INSERT INTO mtg_takebacks (game_id, from_version, to_version, asked_by, agreed, dropped) VALUES ($1, $2, $3, $4, $5, $6)',
          [id, takeback.from, takeback.to, takeback.askedBy, JSON.stringify(takeback.agreed), JSON.stringify(entries)]);
        return true;
      });
    },
    async takebacks(id) {
      const { rows } = await driver.query<{ from_version: number; to_version: number; asked_by: string; agreed: unknown; dropped: unknown }>(
        'SELECT from_version, to_version, asked_by, agreed, dropped FROM mtg_takebacks WHERE game_id = $1 ORDER BY at', [id]);
      return rows.map((row): TakebackEntry => ({
        from: row.from_version, to: row.to_version, askedBy: row.asked_by, agreed: json(row.agreed) as string[], dropped: json(row.dropped) as LogEntry[],
      }));
    },
    async count() {
      const { rows } = await driver.query<{ n: number | string }>('SELECT count(*) AS n FROM mtg_games');
      return Number(rows[0].n);
    },
    close: () => driver.close(),
  };
}
