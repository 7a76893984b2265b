// `mtg-turn-machine host [--port N] [--db DIR | --postgres URL]`: a host on an embedded PGlite
// database in ./.mtg-games by default, or on PostgreSQL; prints `host listening on <url>`.
import { resolve } from 'node:path';
import { pgliteStorage } from './pglite.js';
import { postgresStorage } from './postgres.js';
import { startHost, type RunningHost } from './server.js';
import type { Storage } from './storage.js';

export interface HostCommandOptions {
  port: number;
  host?: string;
  db?: string;
  postgres?: string;
  allowOrigin?: string[];
  static?: string;
}

export const DEFAULT_DB_DIR = '.mtg-games';

export async function openStorage(options: Pick<HostCommandOptions, 'db' | 'postgres'>, log: (line: string) => void): Promise<Storage> {
  if (options.db !== undefined && options.postgres !== undefined) throw new Error('give --db DIR or --postgres URL, not both');
  return options.postgres !== undefined ? postgresStorage(options.postgres, { log }) : pgliteStorage(resolve(options.db ?? DEFAULT_DB_DIR));
}

export async function runHostCommand(options: HostCommandOptions, print: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Promise<RunningHost> {
  const log = (line: string) => process.stderr.write(`host: ${line}\n`);
  const storage = await openStorage(options, log);
  let running: RunningHost;
  try {
    running = await startHost({ storage, port: options.port, host: options.host, allowOrigins: options.allowOrigin, staticDir: options.static, log });
  } catch (error) {
    await storage.close();
    throw error;
  }
  print(`host listening on ${running.url}`);
  print(`games in ${storage.kind === 'pglite' ? `PGlite, ${resolve(options.db ?? DEFAULT_DB_DIR)}` : 'PostgreSQL'}; stop with Ctrl-C`);
  const stop = () => {
    void running.close().then(() => storage.close()).finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return running;
}
