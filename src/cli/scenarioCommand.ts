// `mtg-turn-machine scenario FILE_OR_DIR... [--trace] [--json]`
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { formatRecord } from '../index.js';
import type { Mismatch } from '../scenario/index.js';
import { runScenario, type Failure, type ScenarioResult } from '../scenario/index.js';

export interface ScenarioCommandOptions {
  trace?: boolean;
  json?: boolean;
}

export interface FileResult extends ScenarioResult {
  file: string;
}

/** The scenario files a list of paths names: files as given, directories' *.json (recursively, sorted). */
export function scenarioFiles(paths: readonly string[]): { files: string[]; missing: string[] } {
  const files: string[] = [];
  const missing: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.json')) files.push(path);
    }
  };
  for (const path of paths) {
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      missing.push(path);
      continue;
    }
    if (isDir) walk(path);
    else files.push(path);
  }
  return { files, missing };
}

export function runScenarioFile(file: string): FileResult {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const message = `cannot read file: ${(error as Error).message}`;
    return { file, name: '(unreadable)', ok: false, invalid: true, failures: [{ index: -1, entry: null, message }], history: [] };
  }
  return { file, ...runScenario(text) };
}

const show = (value: unknown) => JSON.stringify(value);

function describeMismatch(m: Mismatch): string {
  const lines = [`      ${m.key}${m.message ? ` (${m.message})` : ''}:`, `        expected ${show(m.expected)}`, `        actual   ${show(m.actual)}`];
  if (Array.isArray(m.expected) && Array.isArray(m.actual)) {
    const missing = m.expected.filter((x) => !(m.actual as unknown[]).includes(x));
    const extra = m.actual.filter((x) => !(m.expected as unknown[]).includes(x));
    if (missing.length > 0) lines.push(`        missing  ${show(missing)}`);
    if (extra.length > 0) lines.push(`        extra    ${show(extra)}`);
  }
  return lines.join('\n');
}

function describeFailure(f: Failure): string {
  if (f.index < 0) return `    ${f.message}`;
  const head = `    script[${f.index}] ${show(f.entry)}\n      ${f.message}`;
  return f.mismatches ? `${head}\n${f.mismatches.map(describeMismatch).join('\n')}` : head;
}

export function formatResult(result: FileResult, trace: boolean): string {
  const lines: string[] = [];
  if (result.invalid) lines.push(...result.failures.map((f) => `INVALID ${result.file}: ${f.message}`));
  else lines.push(`${result.ok ? 'ok  ' : 'FAIL'} ${result.file} — ${result.name}`);
  if (!result.ok && !result.invalid) lines.push(...result.failures.map(describeFailure));
  if (trace && result.history.length > 0) lines.push(...result.history.map((r) => `      ${formatRecord(r)}`));
  return lines.join('\n');
}

/** Runs every scenario; returns the exit status: 0 all passed, 1 some failed, 2 some invalid or missing. */
export function runScenarioCommand(paths: readonly string[], options: ScenarioCommandOptions, out: (line: string) => void): number {
  const { files, missing } = scenarioFiles(paths);
  const results = files.map(runScenarioFile);
  const passed = results.filter((r) => r.ok).length;
  const invalid = results.filter((r) => r.invalid).length + missing.length;
  const failed = results.length - passed - results.filter((r) => r.invalid).length;
  if (options.json) {
    out(JSON.stringify({
      passed, failed, invalid, missing,
      scenarios: results.map(({ history, ...r }) => (options.trace ? { ...r, history } : r)),
    }));
  } else {
    for (const path of missing) out(`INVALID ${path}: no such file or directory`);
    for (const result of results) out(formatResult(result, options.trace === true));
    out(`${passed} passed, ${failed} failed${invalid > 0 ? `, ${invalid} invalid` : ''}`);
  }
  if (invalid > 0) return 2;
  return failed > 0 ? 1 : 0;
}
