// PostgreSQL through `pg`: any number of host processes on one database (single writer per game:
// see sqlStorage.ts).
import pg from 'pg';
import { migrate, sqlStorage, type Query, type SqlDriver, type WriteFaults } from './sqlStorage.js';
import type { Storage } from './storage.js';

const adapt = (client: Pick<pg.Pool, 'query'>): Query => ({
  async query<T>(text: string, params: unknown[] = []) {
    const result = await client.query(text, params);
    return { rows: result.rows as T[], count: result.rowCount ?? 0 };
  },
});

export interface PostgresOptions {
  /** Connections in the pool; default 10. */
  max?: number;
  /** Told about a connection the server dropped (the pool makes another). */
  log?: (line: string) => void;
  faults?: WriteFaults;
}

/** A PostgreSQL database at `url` (`postgres://user:password@host:port/db`). */
export async function postgresStorage(url: string, options: PostgresOptions = {}): Promise<Storage> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle connection the server closes must not crash the process.
  pool.on('error', (error) => options.log?.(`postgres: ${error.message}`));
  const driver: SqlDriver = {
    kind: 'postgres',
    ...adapt(pool),
    async transaction(run) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await run(adapt(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
  try {
    await migrate(driver);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return sqlStorage(driver, options.faults);
}
