// The command's exit statuses (issue 23): a usage error exits 2 with its command's usage line, so CI
// tells it from a failing scenario (1); an invalid scenario file stays 2 (FORMAT.md); --help and
// --version exit 0; a port in use says to choose another with --port.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Ran { status: number; stdout: string; stderr: string }
function cli(...args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { encoding: 'utf8', timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ status: error ? (error as { code?: number }).code ?? -1 : 0, stdout, stderr });
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), 'mtg-exits-'));
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
};

describe('usage errors exit 2 with the usage line', () => {
  it.each([
    ['an unknown command', ['bogus'], /^error: unknown command 'bogus'$/m, 'Usage: mtg-turn-machine [options] [command]'],
    ['a missing argument', ['scenario'], /^error: missing required argument 'paths'$/m, 'Usage: mtg-turn-machine scenario [options] <paths...>'],
    ['an unknown option', ['scenario', '--tarce', 'x.json'], /^error: unknown option '--tarce'/m, 'Usage: mtg-turn-machine scenario [options] <paths...>'],
    ['a port that is no port', ['visualize', '--port', '99999'], /"99999" is not a port/, 'Usage: mtg-turn-machine visualize [options]'],
    ['an unknown option of inspect', ['inspect', '--allow-everything'], /unknown option '--allow-everything'/, 'Usage: mtg-turn-machine inspect [options]'],
  ])('%s', async (_what, args, error, usage) => {
    const ran = await cli(...args);
    expect(ran.status).toBe(2);
    expect(ran.stderr).toMatch(error);
    expect(ran.stderr.split('\n')).toContain(usage);
    expect(ran.stdout).toBe('');
  });

  it('no command at all: the help, on stderr, and 2', async () => {
    const ran = await cli();
    expect(ran.status).toBe(2);
    expect(ran.stderr).toMatch(/^Usage: mtg-turn-machine \[options\] \[command\]/);
  });

  it('--help and --version are no errors: 0, on stdout', async () => {
    const help = await cli('scenario', '--help');
    expect([help.status, help.stdout.split('\n')[0]]).toEqual([0, 'Usage: mtg-turn-machine scenario [options] <paths...>']);
    const version = await cli('--version');
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('the statuses of the scenario command stay apart', () => {
  it('a failing scenario: 1; an invalid scenario file (FORMAT.md): 2', async () => {
    const failing = file('failing.json', { name: 'failing', players: ['A', 'B'], script: [{ expect: { step: 'draw' } }] });
    const invalid = file('invalid.json', { name: 'invalid', players: ['A', 'B'], script: [{ pas: 'A' }] });
    expect((await cli('scenario', failing)).status).toBe(1);
    expect((await cli('scenario', invalid)).status).toBe(2);
  });
});

describe('a port already in use', () => {
  it('visualize says which address is taken and to choose another with --port (exit 2)', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const ran = await cli('visualize', '--port', String(port));
      expect(ran.status).toBe(2);
      expect(ran.stderr).toBe(`mtg-turn-machine: 127.0.0.1:${port} is already in use (another server is listening there): choose another port with --port <n>, or --port 0 for any free one\n`);
    } finally {
      blocker.close();
    }
  });
});
