// The embedded default: PGlite (Postgres compiled to WebAssembly) in a folder, nothing to install.
// PGlite is one process's database: a lock file in the folder keeps a second host out (a lock
// whose process is gone — killed — is taken over).
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate, sqlStorage, type Query, type SqlDriver, type WriteFaults } from './sqlStorage.js';
import type { Storage } from './storage.js';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the folder's lock file, or throws naming the process that holds it. */
function lockFolder(dir: string): () => void {
  const file = join(dir, 'host.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new Error(`${dir} is in use by another host (process ${pid}); PGlite is one process's database: use --postgres to run several hosts`, { cause: error });
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`cannot take the lock ${file}`);
}

const adapt = (db: Pick<PGlite, 'query'>): Query => ({
  async query<T>(text: string, params: unknown[] = []) {
    const result = await db.query<T>(text, params);
    return { rows: result.rows, count: result.affectedRows ?? result.rows.length };
  },
});

/** A PGlite database in `dir` (made if missing). */
export async function pgliteStorage(dir: string, options: { faults?: WriteFaults } = {}): Promise<Storage> {
  mkdirSync(dir, { recursive: true });
  const unlock = lockFolder(dir);
  try {
    const db = await PGlite.create(join(dir, 'pgdata'));
    const driver: SqlDriver = {
      kind: 'pglite',
      ...adapt(db),
      transaction: (run) => db.transaction((tx) => run(adapt(tx))),
      async close() {
        await db.close();
        unlock();
      },
    };
    await migrate(driver);
    return sqlStorage(driver, options.faults);
  } catch (error) {
    unlock();
    throw error;
  }
}
