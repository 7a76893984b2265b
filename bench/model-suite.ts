// The model-based suite's time: `npm run test:model` when package.json has it; otherwise
// `npx vitest run test/model` when that folder holds tests; otherwise "not available".
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';

export interface ModelSuite {
  available: boolean;
  command: string | null;
  /** Wall-clock seconds of the whole command (process start-up and transform included). */
  seconds: number | null;
  /** Vitest's own "Duration" line, when it printed one. */
  vitestDuration: string | null;
  passed: boolean | null;
  /** Vitest's "Test Files" and "Tests" summary lines. */
  files: string | null;
  tests: string | null;
  note?: string;
}

function hasTests(dir: string): boolean {
  if (!existsSync(dir)) return false;
  return readdirSync(dir, { recursive: true }).some((f) => /\.(test|spec)\.[cm]?[jt]s$/.test(String(f)));
}

// eslint-disable-next-line no-control-regex
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

export function runModelSuite(root = '.', timeoutMs = 600_000): ModelSuite {
  const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { scripts?: Record<string, string> };
  let cmd: [string, string[]] | null = null;
  if (pkg.scripts?.['test:model']) cmd = ['npm', ['run', '--silent', 'test:model']];
  else if (hasTests(`${root}/test/model`)) cmd = ['npx', ['vitest', 'run', 'test/model']];
  if (!cmd) return { available: false, command: null, seconds: null, vitestDuration: null, passed: null, files: null, tests: null, note: 'not available' };
  const command = [cmd[0], ...cmd[1]].join(' ');
  const t0 = performance.now();
  const run = spawnSync(cmd[0], cmd[1], { cwd: root, encoding: 'utf8', timeout: timeoutMs, env: { ...process.env, CI: '1', FORCE_COLOR: '0' } });
  const seconds = (performance.now() - t0) / 1000;
  const out = plain(`${run.stdout ?? ''}\n${run.stderr ?? ''}`);
  const duration = /Duration\s+([\d.]+\s*m?s)/.exec(out)?.[1] ?? null;
  const files = /Test Files\s+([^\n]+)/.exec(out)?.[1]?.trim() ?? null;
  const tests = /^\s*Tests\s+([^\n]+)/m.exec(out)?.[1]?.trim() ?? null;
  return {
    available: true, command, seconds, vitestDuration: duration, passed: run.status === 0, files, tests,
    ...(run.error ? { note: String(run.error.message) } : {}),
  };
}
