// Validation of scenario files: `parseScenario(text)` / `validateScenario(value)` never throw;
// a problem comes back as `PATH: message` lines (`script[3].cast.type: unknown type "instnt" …`),
// with a did-you-mean where a close spelling exists. A valid scenario is returned exactly as
// written: no defaults filled in.
import { closest, distance } from 'fastest-levenshtein';
import { scriptTooLarge } from './bounds.js';
import { printParseErrorCode, visit, type ParseErrorCode } from 'jsonc-parser';
import {
  DEFAULT_LIMITS, EVENT_SCHEMAS, declaredEnv, formatPath, parse, quote, type AnySchema, type Env, type Issue, type Limits,
} from '../vocabulary/index.js';
import { ACTIONS, SCENARIO_KEYS, scenarioSchema, type ActionKey, type Scenario } from './format.js';

/** A scenario accepted whole, or the errors that refuse it (each with its JSON path). */
export type ValidationResult = { ok: true; scenario: Scenario } | { ok: false; errors: string[] };

/** A file holds more than one event: its own levels (root, script, entry, reject) come on top of an event's. */
const FILE_LIMITS: Limits = { ...DEFAULT_LIMITS, maxNesting: DEFAULT_LIMITS.maxNesting + 4, maxValuesPerEvent: 2_000_000 };

/** ` (did you mean "x"?)` when an allowed word is close to the one given. */
function suggestion(received: string, allowed: readonly string[]): string {
  if (allowed.length === 0) return '';
  const lower = received.toLowerCase();
  const byLower = new Map(allowed.map((word) => [word.toLowerCase(), word]));
  const guess = byLower.get(closest(lower, [...byLower.keys()]))!;
  const close = distance(lower, guess.toLowerCase()) <= Math.max(1, Math.floor(received.length / 3));
  return close ? ` (did you mean ${quote(guess)}?)` : '';
}

function line(issue: Issue): string {
  let message = issue.message;
  if (issue.received !== undefined && issue.allowed && !message.includes('(expected')) {
    const hint = suggestion(issue.received, issue.allowed);
    if (hint) message += hint;
    else if (issue.code === 'unknownKey' && issue.path.length === 0) message += ` (allowed: ${issue.allowed.join(', ')})`;
  }
  return `${formatPath(issue.path)}: ${message}`;
}

function lines(issues: readonly Issue[]): string[] {
  return [...new Set(issues.map(line))];
}

/** The players and teams the file declares: what its references are checked against. */
const envOf = (value: unknown): Env => declaredEnv(value, FILE_LIMITS);

/** The event an action entry stands for (the runner sends exactly this). */
export function eventOf(key: ActionKey, value: unknown): unknown {
  const action: { event: string; field?: string; trueOmits?: true; rename?: Record<string, string> } = ACTIONS[key];
  if (action.field !== undefined) return action.trueOmits && value === true ? { type: action.event } : { type: action.event, [action.field]: value };
  const rename = action.rename ?? {};
  return { type: action.event, ...Object.fromEntries(Object.entries(value as object).map(([k, v]) => [rename[k] ?? k, v])) };
}

/** Each action, as the event it is, must be one the machine accepts as well formed (its limits count per event). */
function eventIssues(scenario: Scenario, env: Env): Issue[] {
  const gameEnv: Env = { ...env, limits: DEFAULT_LIMITS };
  const issues: Issue[] = [];
  scenario.script.forEach((entry, index) => {
    const [key, value] = Object.entries(entry)[0] as [string, unknown];
    let [actionKey, actionValue, path] = key === 'reject'
      ? [...(Object.entries(value as object)[0] as [string, unknown]), ['script', index, 'reject']] as [string, unknown, (string | number)[]]
      : [key, value, ['script', index]] as [string, unknown, (string | number)[]];
    if (actionKey === 'send') {
      // the action `send` wraps is checked as its own event (sent by someone else: `by` is the runner's)
      path = [...path, 'send', 'action'];
      [actionKey, actionValue] = Object.entries((actionValue as { action: object }).action)[0] as [string, unknown];
    }
    if (!(actionKey in ACTIONS)) return;
    const action: { event: keyof typeof EVENT_SCHEMAS; field?: string; rename?: Record<string, string> } = ACTIONS[actionKey as ActionKey];
    const result = parse(EVENT_SCHEMAS[action.event] as AnySchema, eventOf(actionKey as ActionKey, actionValue), gameEnv);
    if (result.ok) return;
    const toEntry = Object.fromEntries(Object.entries(action.rename ?? {}).map(([entryKey, eventKey]) => [eventKey, entryKey]));
    for (const issue of result.issues) {
      const below = action.field !== undefined ? issue.path.slice(1) : issue.path.map((segment, i) => (i === 0 && typeof segment === 'string' ? toEntry[segment] ?? segment : segment));
      issues.push({ ...issue, path: [...path, actionKey, ...below] });
    }
  });
  return issues;
}

/** Validates an already-parsed value (e.g. the result of `JSON.parse`). */
export function validateScenario(value: unknown): ValidationResult {
  const env = envOf(value);
  const result = parse(scenarioSchema, value, env, { all: true });
  if (!result.ok) return { ok: false, errors: lines(result.issues) };
  const events = eventIssues(result.value, env);
  if (events.length > 0) return { ok: false, errors: lines(events) };
  const tooLarge = scriptTooLarge(result.value.script);
  if (tooLarge) return { ok: false, errors: [tooLarge] };
  return { ok: true, scenario: value as Scenario };
}

/** What each of jsonc-parser's error codes expected. */
const EXPECTED: Partial<Record<string, string>> = {
  PropertyNameExpected: 'a double-quoted property name',
  ValueExpected: 'a value',
  ColonExpected: "':'",
  CommaExpected: "','",
  CloseBraceExpected: "',' or '}' after a property",
  CloseBracketExpected: "',' or ']' after an array element",
};

function charAt(text: string, offset: number): string {
  if (offset >= text.length) return 'end of input';
  const code = text.codePointAt(offset)!;
  return code < 0x20 || code === 0x7f ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `'${String.fromCodePoint(code)}'`;
}

/** The first syntax error of a JSON text, in words, with its line and column (jsonc-parser: strict JSON). */
function syntaxError(text: string): string {
  let found: { code: ParseErrorCode; offset: number } | undefined;
  visit(text, { onError: (code, offset) => { found ??= { code, offset }; } }, { disallowComments: true, allowTrailingComma: false });
  if (!found) return 'not valid JSON';
  let { offset } = found;
  const name = printParseErrorCode(found.code);
  let what: string;
  if (name === 'UnexpectedEndOfString' || name === 'InvalidCharacter') {
    // A raw control character (a line break, say) inside a string: point at it.
    // eslint-disable-next-line no-control-regex -- looking for exactly these characters
    const control = /[\u0000-\u001f]/.exec(text.slice(offset + 1));
    if (control && (name === 'InvalidCharacter' || !text.slice(offset + 1, offset + 1 + control.index).includes('"'))) {
      offset += 1 + control.index;
      const code = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
      what = `control character U+${code} inside a string (write it as an escape such as \\n)`;
    } else what = 'a string that does not end';
  } else if (name === 'EndOfFileExpected') what = `unexpected ${charAt(text, offset)} after the JSON value`;
  else if (EXPECTED[name]) what = `unexpected ${charAt(text, offset)} (expected ${EXPECTED[name]})`;
  else what = `unexpected ${charAt(text, offset)}`;
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `not valid JSON: ${what} at line ${line}, column ${column}`;
}

/** Brackets open at once past which a file is refused before any recursive reader sees it. */
export const MAX_FILE_NESTING = 256;

/** Where a text nests deeper than `MAX_FILE_NESTING` (one pass, no recursion), in words; else null. */
function tooDeep(text: string): string | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // a backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > MAX_FILE_NESTING) {
        const before = text.slice(0, i);
        return `not valid JSON: nested deeper than ${MAX_FILE_NESTING} levels at line ${before.split('\n').length}, column ${i - before.lastIndexOf('\n')}`;
      }
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return null;
}

/** The syntax error in words; a reader that fails itself (it recurses) leaves the plain verdict. */
function syntaxErrorOrNot(text: string): string {
  try {
    return syntaxError(text);
  } catch {
    return 'not valid JSON';
  }
}

/** Parses and validates the raw text of a scenario file. */
export function parseScenario(text: string): ValidationResult {
  if (typeof text !== 'string') return { ok: false, errors: [`not valid JSON: expected text, got ${typeof text}`] };
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { ok: false, errors: [tooDeep(body) ?? syntaxErrorOrNot(body)] };
  }
  return validateScenario(value);
}

export const SCENARIO_TOP_KEYS = SCENARIO_KEYS;
