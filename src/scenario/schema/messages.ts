/** Readable error messages and JSON paths for scenario validation. */
import type { z } from 'zod';

/** Lists of allowed values up to this length are spelled out in messages. */
const SHORT_LIST = 12;

export function quote(value: string): string {
  const json = JSON.stringify(value);
  return json.length > 42 ? `${json.slice(0, 40)}…"` : json;
}

/** The value as a message names it: `"instnt"`, `3`, `null`, `an array`, `an object`. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return typeof value;
}

/** `a, b or c` (with `or null` appended when null is allowed too). */
export function listOf(values: readonly string[], opts: { nullable?: boolean } = {}): string {
  const all = opts.nullable ? [...values, 'null'] : [...values];
  if (all.length === 1) return all[0];
  return `${all.slice(0, -1).join(', ')} or ${all[all.length - 1]}`;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length];
}

/** The allowed value a typo most likely meant, if any is close enough. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(word.length / 3)) + 1;
  for (const candidate of candidates) {
    const d = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

/** ` (expected a, b or c)` for short lists, ` (did you mean "x"?)` for long ones, or nothing. */
export function hint(value: string, allowed: readonly string[], opts: { nullable?: boolean } = {}): string {
  if (allowed.length <= SHORT_LIST) return ` (expected ${listOf(allowed, opts)})`;
  const guess = closest(value, allowed);
  return guess === undefined ? '' : ` (did you mean ${quote(guess)}?)`;
}

/** `unknown step "drawx" (expected untap, upkeep, …)`, or a type mismatch / missing message. */
export function badValue(
  noun: string,
  input: unknown,
  allowed: readonly string[],
  opts: { nullable?: boolean } = {},
): string {
  if (input === undefined) return `missing (expected a ${noun})`;
  if (typeof input !== 'string') {
    const what = allowed.length <= SHORT_LIST ? `${listOf(allowed.map(quote), opts)}` : `a ${noun} (a string)`;
    return `expected ${what}, got ${describe(input)}`;
  }
  return `unknown ${noun} ${quote(input)}${hint(input, allowed, opts)}`;
}

/** One message per unknown key; the formatter turns each line into its own error line. */
export function unknownKeys(noun: string, keys: readonly string[], allowed: readonly string[]): string {
  return keys
    .map((key) => {
      const guess = closest(key, allowed);
      return `unknown ${noun} ${quote(key)}${guess === undefined ? '' : ` (did you mean ${quote(guess)}?)`}`;
    })
    .join('\n');
}

const EXPECTED_NOUNS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  record: 'an object',
  null: 'null',
};

function expectedNoun(expected: unknown): string {
  return typeof expected === 'string' ? (EXPECTED_NOUNS[expected] ?? expected) : 'another value';
}

function sizeMessage(issue: z.core.$ZodRawIssue, bound: 'at least' | 'at most'): string {
  const { origin, input } = issue as { origin?: string; input?: unknown };
  const limit = Number((issue as { minimum?: unknown; maximum?: unknown }).minimum ?? (issue as { maximum?: unknown }).maximum);
  const inclusive = (issue as { inclusive?: boolean }).inclusive !== false;
  if (origin === 'string' && bound === 'at least' && limit === 1) return 'must not be empty';
  if (origin === 'array' && Array.isArray(input)) {
    return `needs ${bound} ${limit} item${limit === 1 ? '' : 's'}, got ${input.length}`;
  }
  const comparison = inclusive ? bound : bound === 'at least' ? 'greater than' : 'less than';
  return `must be ${comparison} ${limit}, got ${describe(input)}`;
}

/** The fallback error map: readable messages for issues no schema worded itself. */
export const errorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type': {
      const noun = expectedNoun(issue.expected);
      return issue.input === undefined ? `missing (expected ${noun})` : `expected ${noun}, got ${describe(issue.input)}`;
    }
    case 'too_small':
      return sizeMessage(issue, 'at least');
    case 'too_big':
      return sizeMessage(issue, 'at most');
    case 'invalid_value':
      return `expected ${listOf(issue.values.map((v) => (typeof v === 'string' ? quote(v) : String(v))))}, got ${describe(issue.input)}`;
    case 'unrecognized_keys':
      return unknownKeys('key', issue.keys, []);
    case 'invalid_key':
      return issue.issues[0]?.message ?? `invalid key ${describe(issue.input)}`;
    case 'invalid_union':
      return `${describe(issue.input)} does not match any allowed form`;
    default:
      return undefined;
  }
};

/** Parse parameters every validation uses (also for nested parses). */
export const PARSE_PARAMS = { error: errorMap, reportInput: true } as const;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `script[3].cast.type`; `options.hands["Player 1"]`; `(root)` for the empty path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (typeof segment === 'string' && IDENTIFIER.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(String(segment))}]`;
  }
  return out === '' ? '(root)' : out;
}

/** One `PATH: message` line per problem, in document order, without duplicates. */
export function formatIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  const lines: string[] = [];
  for (const issue of issues) {
    const path = formatPath(issue.path);
    for (const message of issue.message.split('\n')) {
      const line = `${path}: ${message}`;
      if (!lines.includes(line)) lines.push(line);
    }
  }
  return lines;
}
