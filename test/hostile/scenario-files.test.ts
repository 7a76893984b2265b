// Issue 21, finding 8: scenario files are bounded as a whole, their syntax errors are found
// without recursion limits, runScenario never throws, and terminal output escapes what could
// reorder or forge it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatResult, runScenarioCommand, type FileResult } from '../../src/cli/scenarioCommand.js';
import { MAX_EVENTS_PER_RUN, MAX_HISTORY_PATTERNS, MAX_SCRIPT_ENTRIES } from '../../src/scenario/bounds.js';
import { parseScenario, runScenario } from '../../src/scenario/index.js';

const file = (script: unknown[]) => ({ name: 'bounded', players: ['A', 'B'], script });

describe('scenario files bounded as a whole', () => {
  it('100,000 unclosed "[" are a syntax error, not a RangeError', () => {
    const text = '['.repeat(100_000);
    expect(() => parseScenario(text)).not.toThrow();
    const parsed = parseScenario(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.errors[0]).toMatch(/not valid JSON: nested deeper than 256 levels at line 1/);
    expect(runScenario(text)).toMatchObject({ ok: false, invalid: true });
  });

  it(`more than ${MAX_SCRIPT_ENTRIES} entries, or ${MAX_HISTORY_PATTERNS} history patterns, are refused naming the bound`, () => {
    const entries = runScenario(file(Array.from({ length: MAX_SCRIPT_ENTRIES + 1 }, () => ({ passAll: true }))));
    expect(entries).toMatchObject({ ok: false, invalid: true });
    expect(entries.failures[0].message).toMatch(/at most 5000/);
    const patterns = Array.from({ length: MAX_HISTORY_PATTERNS / 2 + 1 }, () => ({ type: 'passed' }));
    const many = runScenario(file([{ expect: { history: { includes: patterns } } }, { expect: { history: { includes: patterns } } }]));
    expect(many).toMatchObject({ ok: false, invalid: true });
    expect(many.failures[0].message).toMatch(/history patterns in all expectations together/);
  });

  it('the review\'s slow file (2,000 advanceTo, 4,000 history patterns) is refused; the events of a run are bounded too', () => {
    const slow = file([
      ...Array.from({ length: 2_000 }, (_, i) => ({ advanceTo: { turn: i + 2, step: 'upkeep' } })),
      ...Array.from({ length: 4 }, () => ({ expect: { history: { includes: Array.from({ length: 1_000 }, (_, i) => ({ type: 'stepBegan', turn: i + 1 })) } } })),
    ]);
    expect(runScenario(slow)).toMatchObject({ ok: false, invalid: true });
    const driving = runScenario(file(Array.from({ length: 2_000 }, (_, i) => ({ advanceTo: { turn: i + 2, step: 'upkeep' } }))));
    expect(driving.ok).toBe(false);
    expect(driving.failures[0].message).toMatch(new RegExp(`sent ${MAX_EVENTS_PER_RUN.toLocaleString('en')} events`));
  });

  it('runScenario never throws: a Proxy, a throwing name getter', () => {
    const trap = new Proxy({}, { get: () => { throw new Error('trap'); }, ownKeys: () => { throw new Error('trap'); } });
    expect(() => runScenario(trap)).not.toThrow();
    expect(runScenario(trap).ok).toBe(false);
    const named = { ...file([]), get name(): string { throw new Error('no name'); } };
    expect(() => runScenario(named)).not.toThrow();
    expect(runScenario(named).ok).toBe(false);
  });
});

describe('terminal output escapes bidi overrides, line separators and C1 controls in every mode', () => {
  const nasty = 'evil\u202e\u2066txt\u2028next\u2029\u009b31m\u200f';
  const dir = mkdtempSync(join(tmpdir(), 'mtg-escape-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'nasty.json');
  writeFileSync(path, JSON.stringify({ name: nasty, players: ['A', 'B'], script: [{ expect: { turn: 2 } }] }));
  const raw = /[\u0080-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

  it.each([['text', {}], ['--trace', { trace: true }], ['--json', { json: true }], ['--json --trace', { json: true, trace: true }]])('%s', (_mode, options) => {
    const lines: string[] = [];
    runScenarioCommand([path], options, (line) => lines.push(line));
    const output = lines.join('\n');
    expect(output).toMatch(/evil/);
    expect(output).not.toMatch(raw);
    if ('json' in options) expect(JSON.parse(output).scenarios[0].name).toBe(nasty); // JSON of the same value
  });

  it('a result formatted for the terminal (the history with --trace too)', () => {
    const result: FileResult = { file: nasty, name: nasty, ok: false, failures: [{ index: 0, entry: { note: nasty }, message: nasty }], history: [{ type: 'triggered', id: nasty, turn: 1, phase: null, step: null } as never] };
    expect(formatResult(result, true)).not.toMatch(raw);
  });
});
