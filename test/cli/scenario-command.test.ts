// The CLI's scenario command: exit codes, one line per scenario, bad input named by file and JSON path.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'mtg-scenarios-'));
const write = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

function cli(...args: string[]): { status: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { encoding: 'utf8', stdio: 'pipe' });
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

  it('play prints the demo trace with rule numbers', () => {
    const { status, stdout } = cli('play');
    expect(status).toBe(0);
    expect(stdout).toMatch(/timeStop ends the turn\s+723\.1/);
    expect(stdout).toMatch(/T2 ending\/cleanup\s+cleanup step begins/);
    expect(stdout).not.toMatch(/T2 ending\/end\s/);
  });
});
