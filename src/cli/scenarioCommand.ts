// `mtg-turn-machine scenario FILE_OR_DIR... [--trace] [--json]`
//
// The paths come from anywhere (a CI checkout, a download, a shared folder), so every entry the walk meets is
// run or named with the reason it cannot be: a dangling or looping symlink, an unreadable folder, a FIFO, a
// socket, a device, a file too large. Nothing aborts the run, hangs it, or reaches the terminal raw.
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync, statSync, type Dirent, type Stats } from 'node:fs';
import { join } from 'node:path';
import { formatRecord } from '../index.js';
import type { Mismatch } from '../scenario/index.js';
import { runScenario, type Failure, type ScenarioResult } from '../scenario/index.js';

export interface ScenarioCommandOptions {
  trace?: boolean;
  json?: boolean;
  /** The rules edition (YYYY-MM-DD) records cite in scenarios whose options name none (`--rules-edition`). */
  rulesEdition?: string;
}

export interface FileResult extends ScenarioResult {
  file: string;
}

/** Scenario files larger than this are refused unread (the bundled ones are a few KiB). */
export const MAX_SCENARIO_BYTES = 8 * 1024 * 1024;
const MAX_SCENARIO_MIB = MAX_SCENARIO_BYTES / (1024 * 1024);

const NO_SUCH_PATH = 'no such file or directory';

/** A path to run, or one that cannot be run and why. */
export interface ScenarioSource {
  path: string;
  problem?: string;
}

/** `EACCES: permission denied`: Node's message without the `, scandir '/the/path'` it repeats. */
function errorText(error: unknown): string {
  const { message, syscall } = error as NodeJS.ErrnoException;
  const cut = syscall ? message.indexOf(`, ${syscall} `) : -1;
  return cut >= 0 ? message.slice(0, cut) : message;
}

function kindOf(entry: Stats | Dirent): string {
  if (entry.isFIFO()) return 'a FIFO';
  if (entry.isSocket()) return 'a socket';
  if (entry.isCharacterDevice()) return 'a character device';
  if (entry.isBlockDevice()) return 'a block device';
  return 'an unknown kind of file';
}
const notRegular = (entry: Stats | Dirent) => `not a regular file (${kindOf(entry)})`;

/** stat() following symlinks, or why it cannot be done. */
function follow(path: string): Stats | string {
  try {
    return statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return `symbolic link loop (${errorText(error)})`;
    if (code !== 'ENOENT') return `cannot look it up (${errorText(error)})`;
    try {
      if (lstatSync(path).isSymbolicLink()) return 'dangling symbolic link (its target does not exist)';
    } catch {
      // Not there at all.
    }
    return NO_SUCH_PATH;
  }
}

/** A folder being walked: its entries, sorted, and the next one to look at. */
interface Frame {
  path: string;
  id: string;
  entries: Dirent[];
  next: number;
}

/**
 * A folder's `*.json` files, depth first in sorted order, symlinks followed; folders are told apart by device
 * and inode: one leading back to a folder being walked is a loop, one walked already (two links to it) is
 * walked once. Anything else named `*.json` is a problem, and so is a symlink that cannot be followed, whatever
 * its name (it could have been a folder). An explicit stack rather than recursion: no depth overflows it.
 */
function* walkFolder(root: string): Generator<ScenarioSource> {
  const stack: Frame[] = [];
  const ancestors = new Map<string, string>();
  const walked = new Map<string, string>();
  /** Pushes the folder, or says why not. */
  const enter = (path: string): ScenarioSource | null => {
    let id: string;
    try {
      const { dev, ino } = statSync(path, { bigint: true });
      id = `${dev}:${ino}`;
    } catch (error) {
      return { path, problem: `cannot look it up (${errorText(error)})` };
    }
    const ancestor = ancestors.get(id);
    if (ancestor !== undefined) return { path, problem: `symbolic link loop: leads back to ${ancestor}, already being walked` };
    const earlier = walked.get(id);
    if (earlier !== undefined) return { path, problem: `the same folder as ${earlier}, already walked` };
    let entries: Dirent[];
    try {
      entries = readdirSync(path, { withFileTypes: true });
    } catch (error) {
      return { path, problem: `cannot read the folder (${errorText(error)})` };
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    walked.set(id, path);
    ancestors.set(id, path);
    stack.push({ path, id, entries, next: 0 });
    return null;
  };
  const problem = enter(root);
  if (problem) yield problem;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    const entry = frame.entries[frame.next++];
    if (entry === undefined) {
      stack.pop();
      ancestors.delete(frame.id);
      continue;
    }
    const path = join(frame.path, entry.name);
    const target = entry.isSymbolicLink() ? follow(path) : entry;
    if (typeof target === 'string') yield { path, problem: target };
    else if (target.isDirectory()) {
      const refused = enter(path);
      if (refused) yield refused;
    } else if (!entry.name.endsWith('.json')) continue;
    else if (target.isFile()) yield { path };
    else yield { path, problem: notRegular(target) };
  }
}

/**
 * What a list of command-line paths names, in order: files as given (whatever their name), folders' `*.json`
 * files recursively in sorted order, symlinks followed. Lazy, so each file can run before the next folder is read.
 */
export function* scenarioSources(paths: readonly string[]): Generator<ScenarioSource> {
  for (const path of paths) {
    const stats = follow(path);
    if (typeof stats === 'string') yield { path, problem: stats };
    else if (stats.isDirectory()) yield* walkFolder(path);
    else if (stats.isFile()) yield { path };
    else yield { path, problem: notRegular(stats) };
  }
}

const O_READ = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A scenario file's text, or why it cannot be read. Opened non-blocking and checked again on the open file, so
 * a regular file swapped for a FIFO after the walk cannot block; read up to the size limit, never past it.
 */
export function readScenarioFile(path: string): { text: string } | { problem: string } {
  let fd: number;
  try {
    fd = openSync(path, O_READ);
  } catch (error) {
    return { problem: `cannot open it (${errorText(error)})` };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { problem: notRegular(stats) };
    if (stats.size > MAX_SCENARIO_BYTES) return { problem: `the file is ${stats.size} bytes, over the ${MAX_SCENARIO_MIB} MiB limit for a scenario` };
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(64 * 1024, MAX_SCENARIO_BYTES + 1 - length));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      length += read;
      if (length > MAX_SCENARIO_BYTES) return { problem: `the file grew past the ${MAX_SCENARIO_MIB} MiB limit for a scenario while being read` };
    }
    try {
      return { text: utf8.decode(Buffer.concat(chunks, length)) };
    } catch {
      return { problem: 'not UTF-8 text' };
    }
  } catch (error) {
    return { problem: `cannot read it (${errorText(error)})` };
  } finally {
    closeSync(fd);
  }
}

function unrunnable(file: string, message: string): FileResult {
  return { file, name: '(unreadable)', ok: false, invalid: true, failures: [{ index: -1, entry: null, message }], history: [] };
}

export function runScenarioFile(file: string, rulesEdition?: string): FileResult {
  const read = readScenarioFile(file);
  if ('problem' in read) return unrunnable(file, read.problem);
  try {
    return { file, ...runScenario(read.text, rulesEdition === undefined ? {} : { rulesEdition }) };
  } catch (error) {
    // A bug of the runner, not of the file: still named on this file's line rather than ending the run.
    return unrunnable(file, `internal error of the scenario runner: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Every C0 and C1 control character, DEL, the bidirectional controls (U+061C, U+200E, U+200F,
 * U+202A–U+202E, U+2066–U+2069) and the line and paragraph separators (U+2028, U+2029) as a
 * `\u001b` escape: a file cannot move the cursor, recolour the terminal, forge a line or
 * reorder what is shown. The escape is JSON's own, so JSON text stays JSON of the same value.
 */
export function escapeControls(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const show = (value: unknown) => JSON.stringify(value);

function describeMismatch(m: Mismatch): string[] {
  const lines = [`      ${m.key}${m.message ? ` (${m.message})` : ''}:`, `        expected ${show(m.expected)}`, `        actual   ${show(m.actual)}`];
  if (Array.isArray(m.expected) && Array.isArray(m.actual)) {
    const missing = m.expected.filter((x) => !(m.actual as unknown[]).includes(x));
    const extra = m.actual.filter((x) => !(m.expected as unknown[]).includes(x));
    if (missing.length > 0) lines.push(`        missing  ${show(missing)}`);
    if (extra.length > 0) lines.push(`        extra    ${show(extra)}`);
  }
  return lines;
}

function describeFailure(f: Failure): string[] {
  if (f.index < 0) return [`    ${f.message}`];
  return [`    script[${f.index}] ${show(f.entry)}`, `      ${f.message}`, ...(f.mismatches ?? []).flatMap(describeMismatch)];
}

/** The text lines of one result, each with its control characters escaped (so none can split a line either). */
export function formatResult(result: FileResult, trace: boolean): string {
  const lines: string[] = [];
  if (result.invalid) lines.push(...result.failures.map((f) => `INVALID ${result.file}: ${f.message}`));
  else lines.push(`${result.ok ? 'ok  ' : 'FAIL'} ${result.file} — ${result.name}`);
  if (!result.ok && !result.invalid) lines.push(...result.failures.flatMap(describeFailure));
  if (trace && result.history.length > 0) lines.push(...result.history.map((r) => `      ${formatRecord(r)}`));
  return lines.map(escapeControls).join('\n');
}

/**
 * Runs every scenario; returns the exit status: 0 all passed, 1 some failed, 2 some invalid (or unreadable).
 * Text mode prints each result as its file finishes and a summary line; `--json` prints one report at the end.
 */
export function runScenarioCommand(paths: readonly string[], options: ScenarioCommandOptions, out: (line: string) => void): number {
  const trace = options.trace === true;
  const results: FileResult[] = [];
  const missing: string[] = [];
  let passed = 0;
  let failed = 0;
  let invalid = 0;
  for (const { path, problem } of scenarioSources(paths)) {
    const result = problem === undefined ? runScenarioFile(path, options.rulesEdition) : unrunnable(path, problem);
    if (result.invalid) invalid++;
    else if (result.ok) passed++;
    else failed++;
    if (problem === NO_SUCH_PATH) missing.push(path);
    if (options.json) results.push(result);
    else out(formatResult(result, trace));
  }
  if (options.json) {
    out(escapeControls(JSON.stringify({
      passed, failed, invalid, missing,
      scenarios: results.map(({ history, ...r }) => (trace ? { ...r, history } : r)),
    })));
  } else {
    out(`${passed} passed, ${failed} failed${invalid > 0 ? `, ${invalid} invalid` : ''}`);
  }
  if (invalid > 0) return 2;
  return failed > 0 ? 1 : 0;
}
