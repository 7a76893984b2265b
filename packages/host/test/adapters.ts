// The storage adapters the shared suites run on: memory, PGlite in a temporary folder, and a real
// PostgreSQL at $MTG_HOST_POSTGRES_URL (.ci/run starts one). In CI a missing URL fails the suite;
// on a developer's machine without PostgreSQL it is skipped, and says so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryStorage, pgliteStorage, postgresStorage, type Storage } from '../src/index.js';

export const POSTGRES_URL = process.env.MTG_HOST_POSTGRES_URL;
export const IN_CI = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';
/** Why the PostgreSQL suites cannot run here, or null (then they run). In CI they never skip: the missing URL fails them. */
export const POSTGRES_SKIP = POSTGRES_URL === undefined && !IN_CI ? 'MTG_HOST_POSTGRES_URL is not set (not CI: skipped)' : null;

export function requirePostgres(): string {
  if (POSTGRES_URL === undefined) throw new Error('MTG_HOST_POSTGRES_URL is not set: in CI the PostgreSQL suites must run (.ci/run starts a server and sets it)');
  return POSTGRES_URL;
}

export interface Adapter {
  name: 'memory' | 'pglite' | 'postgres';
  /** A fresh storage; `reopen` opens the same database again after it is closed (memory: none). */
  open(): Promise<{ storage: Storage; reopen?: () => Promise<Storage>; cleanup(): void }>;
}

export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

export const ADAPTERS: Adapter[] = [
  { name: 'memory', open: async () => ({ storage: memoryStorage(), cleanup: () => undefined }) },
  {
    name: 'pglite',
    async open() {
      const dir = tempDir('mtg-host-pglite-');
      return { storage: await pgliteStorage(dir), reopen: () => pgliteStorage(dir), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'postgres',
    async open() {
      const url = requirePostgres();
      return { storage: await postgresStorage(url), reopen: () => postgresStorage(url), cleanup: () => undefined };
    },
  },
];
