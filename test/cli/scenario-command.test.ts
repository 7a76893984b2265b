// The CLI's scenario command: exit codes, one line per scenario, bad input named by file and JSON path.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runScenarioCommand } from '../../src/cli/scenarioCommand.js';
import { packageVersion } from '../../src/cli/version.js';

const MAX_MIB = 8;

const dir = mkdtempSync(join(tmpdir(), 'mtg-scenarios-'));
const write = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

function cli(...args: string[]): { status: number; stdout: string; stderr: string } {
  try {
    // The timeout only stops a hang (a FIFO read on main) from stalling the suite; no test asserts on time.
    const stdout = execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { encoding: 'utf8', stdio: 'pipe', timeout: 30_000 });
    return { status: 0, stdout, stderr: '' };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { status: e.status, stdout: e.stdout, stderr: e.stderr };
  }
}

const good = write('good.json', { name: 'good', players: ['A', 'B'], script: [{ passAll: true }, { expect: { phase: 'precombatMain' } }] });
const failing = write('failing.json', { name: 'failing', players: ['A', 'B'], script: [{ expect: { step: 'draw' } }] });

describe('mtg-turn-machine scenario', () => {
  it('exit 0 and one ok line per scenario when all pass', () => {
    const { status, stdout } = cli('scenario', good);
    expect(status).toBe(0);
    expect(stdout).toContain(`ok   ${good} — good`);
    expect(stdout.trim().split('\n').at(-1)).toBe('1 passed, 0 failed');
  });

  it('exit 1 with the failing entry, its index, expected and actual', () => {
    const { status, stdout } = cli('scenario', good, failing);
    expect(status).toBe(1);
    expect(stdout).toContain(`FAIL ${failing} — failing`);
    expect(stdout).toContain('script[0] {"expect":{"step":"draw"}}');
    expect(stdout).toMatch(/expected "draw"\n\s+actual\s+"upkeep"/);
  });

  it.each([
    ['not JSON', '{"name": "x", players: []}', /not valid JSON: .*line 1, column 15/],
    ['an unknown key', { name: 'x', players: ['A', 'B'], script: [{ cast: { id: 'a', controller: 'A', type: 'instant', colour: 'red' } }] }, /script\[0\]\.cast: unknown key "colour"/],
    ['an entry with two keys', { name: 'x', players: ['A', 'B'], script: [{ pass: 'A', passAll: true }] }, /script\[0\]: an entry must have exactly one key, got 2/],
    ['an unknown spell type', { name: 'x', players: ['A', 'B'], script: [{ cast: { id: 'a', controller: 'A', type: 'instnt' } }] }, /script\[0\]\.cast\.type: unknown type "instnt"/],
    ['an unknown step id', { name: 'x', players: ['A', 'B'], script: [{ advanceTo: { step: 'upkep' } }] }, /script\[0\]\.advanceTo\.step: unknown step "upkep"/],
    ['a player not in players', { name: 'x', players: ['A', 'B'], script: [{ pass: 'C' }] }, /script\[0\]\.pass: player "C" is not in players/],
    ['fewer than 2 players', { name: 'x', players: ['A'], script: [] }, /players: 2 to 8 players, got 1/],
    ['more than 8 players', { name: 'x', players: ['1', '2', '3', '4', '5', '6', '7', '8', '9'], script: [] }, /players: 2 to 8 players, got 9/],
  ])('%s: exit 2, the file and JSON path named, no stack trace, the other files still run', (_label, content, message) => {
    const bad = write(`bad-${_label.replace(/\W+/g, '-')}.json`, content);
    const { status, stdout, stderr } = cli('scenario', bad, good);
    expect(status).toBe(2);
    const line = stdout.split('\n').find((l) => l.startsWith(`INVALID ${bad}: `));
    expect(line).toMatch(message);
    expect(stdout).toContain(`ok   ${good}`);
    expect(stdout + stderr).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/);
  });

  it('--json prints one machine-readable report; --trace adds the history', () => {
    const { stdout } = cli('scenario', good, failing, '--json', '--trace');
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ passed: 1, failed: 1, invalid: 0 });
    expect(report.scenarios[1]).toMatchObject({ name: 'failing', ok: false, failures: [{ index: 0 }] });
    expect(report.scenarios[0].history[0]).toMatchObject({ type: 'turnBegan', turn: 1, player: 'A' });
  });

  it('--rules-edition DATE: --trace cites that edition\'s numbers (a scenario naming its own edition keeps it); a bad date is refused', () => {
    const file = join(dir, 'edition.json');
    writeFileSync(file, JSON.stringify({ name: 'edition', players: ['A', 'B'], script: [{ cast: { id: 'timeStop', controller: 'A', type: 'instant', effects: [{ endTurn: {} }] } }, { passAll: true }] }));
    const pinned = join(dir, 'edition-pinned.json');
    writeFileSync(pinned, JSON.stringify({ name: 'pinned', players: ['A', 'B'], options: { rulesEdition: '2025-09-26' }, script: [{ expect: { ruleNumbers: { endingTurnsAndPhases: '723' } } }] }));
    expect(cli('scenario', '--trace', file).stdout).toMatch(/timeStop ends the turn\s+724\.1\b/);
    const old = cli('scenario', '--trace', '--rules-edition', '2023-11-17', file, pinned);
    expect(old.status).toBe(0);
    expect(old.stdout).toMatch(/timeStop ends the turn\s+720\.1\b/);
    expect(old.stdout).toMatch(/timeStop → exile\s+720\.1b/);
    const bad = cli('scenario', '--rules-edition', '2019-02-30', file);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/not a real date/);
    expect(cli('play', '--rules-edition', '2025-09-26').stdout).toMatch(/casts Time Stop \(723\.1\)/);
  });

  it('play prints the demo trace with rule numbers', () => {
    const { status, stdout } = cli('play');
    expect(status).toBe(0);
    // 724.1: Time Stop's record cites the default edition's numbers (2026-04-17; 723.1 in September 2025).
    expect(stdout).toMatch(/timeStop ends the turn\s+724\.1\b/);
    expect(stdout).toMatch(/casts Time Stop \(724\.1\)/);
    expect(stdout).toMatch(/T2 ending\/cleanup\s+cleanup step begins/);
    expect(stdout).not.toMatch(/T2 ending\/end\s/);
  });
});

// ---- Hostile file systems and inputs: every bad entry is named, the other files still run, nothing hangs.

const temps: string[] = [];
const tempDir = (prefix: string) => {
  const path = mkdtempSync(join(tmpdir(), `mtg-${prefix}-`));
  temps.push(path);
  return path;
};
afterAll(() => {
  // `rm` walks with openat, so it also removes the deeper-than-PATH_MAX tree; chmod first for the locked folder.
  for (const path of temps) execFileSync('sh', ['-c', 'chmod -R u+rwx "$1"; rm -rf "$1"', 'sh', path]);
});

const scenarioOf = (name: string) => ({ name, players: ['A', 'B'], script: [{ passAll: true }, { expect: { phase: 'precombatMain' } }] });
const writeScenario = (path: string, name = 'good') => {
  writeFileSync(path, JSON.stringify(scenarioOf(name)));
  return path;
};
/** Unix-domain socket files exist only while a server listens on them. */
async function listenOn(path: string): Promise<Server> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(path, done));
  return server;
}
/** chmod 000 keeps a folder from being listed, except for root (CAP_DAC_OVERRIDE): find out which applies here. */
const permissionsEnforced = (() => {
  const probe = tempDir('probe');
  mkdirSync(join(probe, 'locked'), { mode: 0o000 });
  try {
    readdirSync(join(probe, 'locked'));
    return false;
  } catch {
    return true;
  }
})();
/** A folder nested deeper than PATH_MAX (4096 on Linux), built by relative mkdir and chdir in a child process: unreachable by its full path, even for root. */
function deepTree(parent: string, name: string, depth: number): void {
  const build = `const [, parent, name, depth] = process.argv;
    process.chdir(parent);
    for (let i = 0; i < Number(depth); i++) { fs.mkdirSync(name); process.chdir(name); }
    fs.writeFileSync('deep.json', '{}');`;
  execFileSync(process.execPath, ['-e', build, parent, name, String(depth)]);
}

const nonRegular = {
  fifo: (path: string) => execFileSync('mkfifo', [path]),
  device: (path: string) => symlinkSync('/dev/null', path),
};

describe('mtg-turn-machine scenario: hostile directories', () => {
  // Each tree holds a-good.json, the bad entry b-…, and z-good.json: the bad one is named between the two that still run.
  it.each<[string, (dir: string) => string | Promise<string>, RegExp, boolean?]>([
    ['a dangling symlink', (dir) => (symlinkSync('nowhere.json', join(dir, 'b-dangling.json')), join(dir, 'b-dangling.json')), /^dangling symbolic link \(its target does not exist\)$/],
    ['a symlink to itself', (dir) => (symlinkSync('b-self.json', join(dir, 'b-self.json')), join(dir, 'b-self.json')), /^symbolic link loop \(ELOOP/],
    ['a directory symlink back to its parent', (dir) => {
      mkdirSync(join(dir, 'b-sub'));
      symlinkSync('..', join(dir, 'b-sub', 'up'));
      return join(dir, 'b-sub', 'up');
    }, /^symbolic link loop: leads back to \/.*\/mtg-tree-\w+, already being walked$/],
    ['a FIFO named *.json (never opened: reading one blocks)', (dir) => (nonRegular.fifo(join(dir, 'b-fifo.json')), join(dir, 'b-fifo.json')), /^not a regular file \(a FIFO\)$/],
    ['a symlink to a device', (dir) => (nonRegular.device(join(dir, 'b-device.json')), join(dir, 'b-device.json')), /^not a regular file \(a character device\)$/],
    ['a folder too deep for its path (ENAMETOOLONG, also for root)', (dir) => (mkdirSync(join(dir, 'b-deep')), deepTree(join(dir, 'b-deep'), 'd'.repeat(200), 25), join(dir, 'b-deep', 'd')), /^cannot look it up \(ENAMETOOLONG: name too long\)$/],
    ['3000 nested folders (no stack overflow on the way down to PATH_MAX)', (dir) => (mkdirSync(join(dir, 'b-nest')), deepTree(join(dir, 'b-nest'), 'n', 3000), join(dir, 'b-nest', 'n')), /^cannot (look it up|read the folder) \(ENAMETOOLONG: name too long\)$/],
  ])('%s: INVALID with the reason, the other files still run, exit 2', async (_label, setUp, reason) => {
    const dir = tempDir('tree');
    const first = writeScenario(join(dir, 'a-good.json'));
    const bad = await setUp(dir);
    const last = writeScenario(join(dir, 'z-good.json'));
    const { status, stdout, stderr } = cli('scenario', dir);
    const lines = stdout.trim().split('\n');
    const invalid = lines.filter((l) => l.startsWith('INVALID '));
    expect(invalid).toHaveLength(1);
    expect(invalid[0].startsWith(`INVALID ${bad}`)).toBe(true);
    expect(invalid[0].slice(invalid[0].indexOf(': ') + 2)).toMatch(reason);
    expect(lines.indexOf(`ok   ${first} — good`)).toBe(0);
    expect(lines.indexOf(invalid[0])).toBe(1);
    expect(lines.indexOf(`ok   ${last} — good`)).toBe(2);
    expect(lines.at(-1)).toBe('2 passed, 0 failed, 1 invalid');
    expect(status).toBe(2);
    expect(stdout + stderr).not.toMatch(/\n\s+at .*:\d+:\d+/);
  });

  it('a socket named *.json is INVALID, never read', async () => {
    const dir = tempDir('tree');
    writeScenario(join(dir, 'a-good.json'));
    const server = await listenOn(join(dir, 'b-socket.json'));
    try {
      const { status, stdout } = cli('scenario', dir);
      expect(stdout).toContain(`INVALID ${join(dir, 'b-socket.json')}: not a regular file (a socket)\n`);
      expect(stdout.trim().split('\n').at(-1)).toBe('1 passed, 0 failed, 1 invalid');
      expect(status).toBe(2);
    } finally {
      server.close();
    }
  });

  it.skipIf(!permissionsEnforced)('an unreadable folder (chmod 000) is INVALID, the other files still run (skipped where chmod is not enforced, e.g. as root)', () => {
    const dir = tempDir('tree');
    const first = writeScenario(join(dir, 'a-good.json'));
    mkdirSync(join(dir, 'b-locked'));
    writeScenario(join(dir, 'b-locked', 'hidden.json'));
    chmodSync(join(dir, 'b-locked'), 0o000);
    const { status, stdout } = cli('scenario', dir);
    expect(stdout).toContain(`ok   ${first} — good`);
    expect(stdout).toMatch(new RegExp(`INVALID ${dir}/b-locked: cannot read the folder \\(EACCES: permission denied\\)`));
    expect(status).toBe(2);
  });

  it('a folder reached twice through symlinks is walked once, the second path named', () => {
    const dir = tempDir('tree');
    mkdirSync(join(dir, 'shared'));
    const inside = writeScenario(join(dir, 'shared', 'x.json'));
    symlinkSync('shared', join(dir, 'then'));
    const { status, stdout } = cli('scenario', dir);
    expect(stdout.trim().split('\n')).toEqual([
      `ok   ${inside} — good`,
      `INVALID ${join(dir, 'then')}: the same folder as ${join(dir, 'shared')}, already walked`,
      '1 passed, 0 failed, 1 invalid',
    ]);
    expect(status).toBe(2);
  });

  it('a symlinked file and a symlinked folder are followed', () => {
    const dir = tempDir('tree');
    const elsewhere = tempDir('elsewhere');
    writeScenario(join(elsewhere, 'real.json'));
    symlinkSync(join(elsewhere, 'real.json'), join(dir, 'linked.json'));
    symlinkSync(elsewhere, join(dir, 'more'));
    const { status, stdout } = cli('scenario', dir);
    expect(stdout.trim().split('\n')).toEqual([
      `ok   ${join(dir, 'linked.json')} — good`,
      `ok   ${join(dir, 'more', 'real.json')} — good`,
      '2 passed, 0 failed',
    ]);
    expect(status).toBe(0);
  });
});

describe('mtg-turn-machine scenario: hostile paths and files given on the command line', () => {
  it('a missing path, a FIFO, a device, a dangling symlink and a symlink loop: each INVALID in argument order, the good file runs', () => {
    const dir = tempDir('args');
    const fifo = join(dir, 'fifo');
    nonRegular.fifo(fifo);
    const device = join(dir, 'device');
    nonRegular.device(device);
    const dangling = join(dir, 'dangling');
    symlinkSync('nowhere', dangling);
    const loop = join(dir, 'loop');
    symlinkSync('loop', loop);
    const ok = writeScenario(join(dir, 'good.json'));
    const { status, stdout } = cli('scenario', join(dir, 'missing.json'), fifo, device, dangling, loop, ok);
    expect(stdout.trim().split('\n')).toEqual([
      `INVALID ${join(dir, 'missing.json')}: no such file or directory`,
      `INVALID ${fifo}: not a regular file (a FIFO)`,
      `INVALID ${device}: not a regular file (a character device)`,
      `INVALID ${dangling}: dangling symbolic link (its target does not exist)`,
      `INVALID ${loop}: symbolic link loop (ELOOP: too many symbolic links encountered)`,
      `ok   ${ok} — good`,
      '1 passed, 0 failed, 5 invalid',
    ]);
    expect(status).toBe(2);
  });

  it(`a file larger than ${MAX_MIB} MiB is INVALID without being read; one of exactly ${MAX_MIB} MiB runs`, () => {
    const dir = tempDir('huge');
    const padded = (bytes: number) => {
      const head = JSON.stringify(scenarioOf('big')).slice(0, -1);
      return `${head}${' '.repeat(bytes - head.length - 1)}}`;
    };
    const atLimit = join(dir, 'at-limit.json');
    writeFileSync(atLimit, padded(MAX_MIB * 1024 * 1024));
    const over = join(dir, 'over.json');
    writeFileSync(over, padded(MAX_MIB * 1024 * 1024 + 1));
    const { status, stdout } = cli('scenario', atLimit, over);
    expect(stdout.trim().split('\n')).toEqual([
      `ok   ${atLimit} — big`,
      `INVALID ${over}: the file is ${MAX_MIB * 1024 * 1024 + 1} bytes, over the ${MAX_MIB} MiB limit for a scenario`,
      '1 passed, 0 failed, 1 invalid',
    ]);
    expect(status).toBe(2);
  });

  it('--json lists each bad path among the scenarios with its reason; missing paths stay listed under missing', () => {
    const dir = tempDir('args');
    const fifo = join(dir, 'fifo.json');
    nonRegular.fifo(fifo);
    const { status, stdout } = cli('scenario', '--json', dir, join(dir, 'missing.json'));
    expect(JSON.parse(stdout)).toEqual({
      passed: 0, failed: 0, invalid: 2, missing: [join(dir, 'missing.json')],
      scenarios: [
        { file: fifo, name: '(unreadable)', ok: false, invalid: true, failures: [{ index: -1, entry: null, message: 'not a regular file (a FIFO)' }] },
        { file: join(dir, 'missing.json'), name: '(unreadable)', ok: false, invalid: true, failures: [{ index: -1, entry: null, message: 'no such file or directory' }] },
      ],
    });
    expect(status).toBe(2);
  });

  it('reading checks the opened file again: a FIFO swapped in after the walk is refused, not waited on', () => {
    const fifo = join(tempDir('swap'), 'was-a-file.json');
    nonRegular.fifo(fifo);
    // In a child process, so that a blocking open fails this test instead of hanging the suite.
    const read = `import('./src/cli/scenarioCommand.ts').then((m) => console.log(JSON.stringify(m.readScenarioFile(process.argv[1]))))`;
    const stdout = execFileSync(process.execPath, ['--import', 'tsx', '-e', read, fifo], { encoding: 'utf8', timeout: 30_000 });
    expect(JSON.parse(stdout)).toEqual({ problem: 'not a regular file (a FIFO)' });
  });

  it('a file that is not UTF-8 is INVALID, not run with replacement characters', () => {
    const dir = tempDir('utf8');
    const latin1 = join(dir, 'latin1.json');
    writeFileSync(latin1, Buffer.from(`{"name": "caf\xe9", "players": ["A", "B"], "script": []}`, 'latin1'));
    const { status, stdout } = cli('scenario', latin1);
    expect(stdout).toContain(`INVALID ${latin1}: not UTF-8 text\n`);
    expect(status).toBe(2);
  });
});

describe('mtg-turn-machine scenario: output', () => {
  it('prints each result as its file finishes, before the next file is read', () => {
    // The line for a.json rewrites b.json from invalid to valid: b.json passes only if it is read after that line.
    const dir = tempDir('stream');
    const first = writeScenario(join(dir, 'a.json'), 'first');
    const second = join(dir, 'b.json');
    writeFileSync(second, 'not yet a scenario');
    const lines: string[] = [];
    const status = runScenarioCommand([dir], {}, (line) => {
      lines.push(line);
      if (line === `ok   ${first} — first`) writeScenario(second, 'second');
    });
    expect(lines).toEqual([`ok   ${first} — first`, `ok   ${second} — second`, '2 passed, 0 failed']);
    expect(status).toBe(0);
  });

  it('escapes control characters of file names, scenario names and messages: nothing reaches the terminal raw', () => {
    const dir = tempDir('ansi');
    const hostile = '\u001b[2J\u009b31m\u007f\u0007\nok   forged';
    writeScenario(join(dir, 'a-\u001b[31mred.json'), hostile);
    const failing = join(dir, 'b-fail.json');
    const spell = { id: 'x\u009b\u001b[1m', controller: 'A', type: 'instant' };
    writeFileSync(failing, JSON.stringify({ name: hostile, players: ['A', 'B'], script: [{ cast: spell }, { expect: { stack: ['y'] } }] }));
    const invalid = join(dir, 'c-invalid.json');
    writeFileSync(invalid, JSON.stringify({ name: 'x', players: ['A', 'B'], script: [{ expect: { step: 'dr\u009baw\u001b[5m' } }] }));
    const { status, stdout } = cli('scenario', '--trace', dir);
    // eslint-disable-next-line no-control-regex -- no control character but the newlines between lines
    expect(stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    const escaped = '\\u001b[2J\\u009b31m\\u007f\\u0007\\u000aok   forged';
    expect(stdout).toContain(`ok   ${dir}/a-\\u001b[31mred.json — ${escaped}\n`);
    expect(stdout).toContain(`FAIL ${failing} — ${escaped}\n`);
    expect(stdout).toContain('        actual   ["x\\u009b\\u001b[1m"]\n'); // JSON.stringify leaves C1 raw
    expect(stdout).toMatch(/ x\\u009b\\u001b\[1m is put on the stack /); // the --trace lines
    expect(stdout).toContain(`INVALID ${invalid}: script[0].expect.step: unknown step "dr\\u009baw\\u001b[5m"`);
    expect(stdout.split('\n').filter((line) => line.startsWith('ok   forged'))).toEqual([]);
    expect(status).toBe(2);
  });
});

describe('mtg-turn-machine --version', () => {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

  it.each(['--version', '-V'])('%s prints the version of package.json', (flag) => {
    const { status, stdout } = cli(flag);
    expect(stdout).toBe(`${version}\n`);
    expect(status).toBe(0);
  });

  it('finds package.json from the source, from dist/ and from an installed copy', () => {
    const root = join(tempDir('package'), 'node_modules', 'mtg-turn-machine');
    mkdirSync(join(root, 'dist', 'src', 'cli'), { recursive: true });
    writeFileSync(join(root, '..', '..', 'package.json'), JSON.stringify({ name: 'someone-elses-app', version: '1.0.0' }));
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'mtg-turn-machine', version: '7.8.9' }));
    writeFileSync(join(root, 'dist', 'package.json'), JSON.stringify({ type: 'module' })); // not ours: no name
    expect(packageVersion(pathToFileURL(join(root, 'dist', 'src', 'cli', 'main.js')))).toBe('7.8.9');
    expect(packageVersion(pathToFileURL(join(root, 'src', 'cli', 'main.ts')))).toBe('7.8.9');
    expect(packageVersion(new URL('../../src/cli/main.ts', import.meta.url))).toBe(version);
  });
});

describe('mtg-turn-machine export', () => {
  it('prints each written machine once', () => {
    const out = tempDir('export');
    const { status, stdout } = cli('export', '--out', out);
    expect(stdout).toBe(`turn: ${join(out, 'turn.json')}, ${join(out, 'turn.machine.ts')}\n`);
    expect(status).toBe(0);
  });
});
