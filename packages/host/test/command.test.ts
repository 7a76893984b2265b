// `npx mtg-turn-machine host`: the CLI's command starts a host on PGlite (a folder) or PostgreSQL,
// prints `host listening on http://127.0.0.1:N`, serves games, and stops on SIGTERM with its games kept.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { POSTGRES_SKIP, requirePostgres, tempDir } from './adapters.js';
import { http } from './client.js';

const CLI = fileURLToPath(new URL('../../cli/bin/mtg-turn-machine.js', import.meta.url));

function startCli(args: string[]) {
  const child = spawn(process.execPath, [CLI, 'host', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk) => { err += String(chunk); });
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += String(chunk);
      const found = /^host listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
      if (found) resolve(found[1]);
    });
    void exited.then((code) => reject(new Error(`exited ${code}: ${out}${err}`)));
  });
  return { child, url, exited };
}

async function playAndStop(args: string[]): Promise<void> {
  const first = startCli(args);
  const url = await first.url;
  expect(new URL(url).port).not.toBe('0');
  const made = await http(url, '/games', { body: { input: { players: ['A', 'B'] } } });
  expect(made.status).toBe(201);
  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);
  // The game is still there for the next host on the same database.
  const second = startCli(args);
  const again = await second.url;
  expect((await http(again, `/games/${made.json.id}`, { token: made.json.seats.B })).json.version).toBe(0);
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
}

describe('mtg-turn-machine host', () => {
  const dir = tempDir('mtg-host-cli-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('--db DIR: PGlite in that folder; a second host on it finds the game', async () => {
    await playAndStop(['--db', `${dir}/games`]);
    expect(existsSync(`${dir}/games/pgdata`)).toBe(true);
  });

  it.skipIf(POSTGRES_SKIP !== null)('--postgres URL', async () => {
    await playAndStop(['--postgres', requirePostgres()]);
  });

  it('refuses --db and --postgres together, saying why', async () => {
    const run = startCli(['--db', dir, '--postgres', 'postgres://x@127.0.0.1/none']);
    await expect(run.url).rejects.toThrow(/not both/);
    expect(await run.exited).toBe(2);
  });
});
