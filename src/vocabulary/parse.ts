// The validator: a value is accepted whole — returned as a fresh plain copy holding only
// the keys its schema names — or refused with issues that each name a JSON path. Any
// JavaScript value may come in (null, a cyclic object, a proxy whose getters throw, a list
// claiming a billion items): it is refused, never thrown on, and its cost is bounded by
// the limits (nesting, values per event).
import { LIMIT_DESCRIPTIONS, type Limits } from './limits.js';
import type { AnySchema, Bound, Env, Issue, IssueCode, Path, PathSegment, Schema } from './schema.js';

/** A value accepted whole, or the issues that refuse it, each with its JSON path. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

/** How `parse` reads a value. */
export interface ParseOptions {
  /** Collect every issue (files), or stop at the first (events: one refusal is enough). */
  all?: boolean;
  /** Where the value sits, prefixed to every issue's path. */
  path?: Path;
  /** At most this many issues are collected. Default 100. */
  maxIssues?: number;
  /** Walk only, without the fast check first (the tests compare the two: their results must be the same). */
  walkOnly?: boolean;
}

const FAIL = Symbol('fail');
type Out = unknown;

const MESSAGE_LIST = 12;

/** A string quoted for a message (as JSON: control characters escaped), cut after 40 characters. */
export function quote(value: string): string {
  const json = JSON.stringify(value);
  return json.length > 42 ? `${json.slice(0, 40)}…"` : json;
}

/** The value as a message names it: `"instnt"`, `3`, `null`, `a list`, `an object`. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto === Object.prototype || proto === null) return 'an object';
    const name = (proto as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === 'string' && name !== '' ? `a ${name}` : 'an object of another kind';
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return `a ${typeof value}`;
}

/** `a, b or c`. */
export function listOf(values: readonly string[]): string {
  // A loop, not slice and join: refinements build their messages' lists on every check.
  const last = values.length - 1;
  if (last < 0) return '';
  let out = values[0];
  for (let i = 1; i <= last; i += 1) out += (i === last ? ' or ' : ', ') + values[i];
  return out;
}

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`);
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};
const has = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

const NOUN_OF_REF = { player: 'a player id', team: 'a team id', playerOrTeam: 'a player or team id' } as const;

function boundOf(bound: Bound, limits: Limits): { value: number; limit: keyof Limits | null } {
  return typeof bound === 'number' ? { value: bound, limit: null } : { value: limits[bound], limit: bound };
}

class Run {
  readonly issues: Issue[] = [];
  readonly path: PathSegment[];
  budget: number;
  stopped = false;
  constructor(readonly env: Env, readonly all: boolean, readonly maxIssues: number, prefix: Path) {
    this.path = [...prefix];
    this.budget = env.limits.maxValuesPerEvent;
  }

  issue(message: string, code: IssueCode, extra: Partial<Issue> = {}, below: Path = []): typeof FAIL {
    if (this.issues.length < this.maxIssues) this.issues.push({ path: [...this.path, ...below], message, code, ...extra });
    if (!this.all || this.issues.length >= this.maxIssues) this.stopped = true;
    return FAIL;
  }

  tooBig(bound: Bound, count: number, what: string): typeof FAIL {
    const { value, limit } = boundOf(bound, this.env.limits);
    return this.issue(`${what}: at most ${value}${limit ? ` (limits.${limit})` : ''}, got ${count}`, limit ? 'limit' : 'size');
  }
}

function missingOr(run: Run, value: unknown, noun: string): typeof FAIL {
  return value === undefined
    ? run.issue(`missing (expected ${noun})`, 'missing')
    : run.issue(`expected ${noun}, got ${describe(value)}`, 'type');
}

function text(run: Run, value: unknown, noun: string, bound: Bound = 'maxIdLength'): string | typeof FAIL {
  if (typeof value !== 'string') return missingOr(run, value, noun);
  if (value.length === 0) return run.issue('must not be empty', 'value');
  const { value: max, limit } = boundOf(bound, run.env.limits);
  if (value.length > max) return run.issue(`too long: ${value.length} characters (at most ${max}${limit ? `, limits.${limit}` : ''})`, limit ? 'limit' : 'size');
  return value;
}

function reference(run: Run, value: unknown, target: keyof typeof NOUN_OF_REF): Out {
  const id = text(run, value, NOUN_OF_REF[target === 'playerOrTeam' && run.env.teams === null ? 'player' : target]);
  if (id === FAIL) return FAIL;
  const { players, teams } = run.env;
  if (target !== 'team' && players.has(id)) return id;
  if (target !== 'player' && teams?.has(id)) return id;
  if (target === 'team' && teams === null) return run.issue(`${quote(id)} cannot name a team: this game has no teams`, 'reference');
  if (target === 'player' || teams === null) return run.issue(`player ${quote(id)} is not in players`, 'reference');
  return run.issue(`${quote(id)} is not ${target === 'team' ? 'a team' : 'a player or a team'} (teams: ${[...teams.keys()].join(', ')})`, 'reference');
}

function picklist(run: Run, value: unknown, schema: Extract<AnySchema, { kind: 'picklist' }>, orNull: boolean): Out {
  const { values, noun } = schema;
  if (typeof value === 'string' && values.includes(value)) return value;
  const short = values.length <= MESSAGE_LIST;
  if (typeof value !== 'string') {
    return value === undefined
      ? run.issue(`missing (expected ${article(noun)})`, 'missing')
      : run.issue(`expected ${short ? listOf([...values.map(quote), ...(orNull ? ['null'] : [])]) : `${article(noun)} (a string)`}, got ${describe(value)}`, 'type');
  }
  const special = schema.unknown?.(value);
  if (special !== undefined) return run.issue(special, 'value');
  const expected = short ? ` (expected ${listOf([...values, ...(orNull ? ['null'] : [])])})` : '';
  return run.issue(`unknown ${noun} ${quote(value)}${expected}`, 'value', { allowed: values, received: value });
}

function integer(run: Run, value: unknown, min: number, max: Bound): Out {
  const noun = min === 0 ? 'a whole number (0 or more)' : min === 1 ? 'a positive whole number' : `a whole number (${min} or more)`;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) return missingOr(run, value, noun);
  const bound = boundOf(max, run.env.limits);
  if (value > bound.value) {
    return run.issue(`must be at most ${bound.value}${bound.limit ? ` (limits.${bound.limit})` : ''}, got ${value}`, bound.limit ? 'limit' : 'value');
  }
  return value;
}

function walk(schema: AnySchema, value: unknown, depth: number, run: Run, orNull = false): Out {
  if (run.stopped) return FAIL;
  if (--run.budget < 0) {
    const max = run.env.limits.maxValuesPerEvent;
    run.issue(`too large: more than ${max} values (limits.maxValuesPerEvent)`, 'limit');
    run.stopped = true;
    return FAIL;
  }
  switch (schema.kind) {
    case 'string':
      return text(run, value, schema.noun, schema.max);
    case 'ref':
      return reference(run, value, schema.target);
    case 'picklist':
      return picklist(run, value, schema, orNull);
    case 'literal':
      if (value === schema.value) return value;
      return missingOr(run, value, typeof schema.value === 'string' ? quote(schema.value) : String(schema.value));
    case 'boolean':
      return typeof value === 'boolean' ? value : missingOr(run, value, 'true or false');
    case 'integer':
      return integer(run, value, schema.min, schema.max);
    case 'nullable':
      return value === null ? null : walk(schema.inner, value, depth, run, true);
    case 'lazy':
      return walk(schema.get(), value, depth, run);
    case 'union': {
      const option = schema.pick(value);
      return option ? walk(option, value, depth, run) : missingOr(run, value, schema.expected);
    }
    default:
      if (depth >= run.env.limits.maxNesting) {
        return run.issue(`nested too deeply (more than ${run.env.limits.maxNesting} levels, limits.maxNesting)`, 'limit');
      }
      return walkContainer(schema, value, depth + 1, run);
  }
}

type Container = Extract<AnySchema, { kind: 'object' | 'list' | 'record' | 'oneKey' }>;

function walkContainer(schema: Container, value: unknown, depth: number, run: Run): Out {
  switch (schema.kind) {
    case 'object':
      return walkObject(schema, value, depth, run);
    case 'list':
      return walkList(schema, value, depth, run);
    case 'record':
      return walkRecord(schema, value, depth, run);
    case 'oneKey':
      return walkOneKey(schema, value, depth, run);
  }
}

function child(run: Run, key: PathSegment, schema: AnySchema, value: unknown, depth: number): Out {
  run.path.push(key);
  const out = walk(schema, value, depth, run);
  run.path.pop();
  return out;
}

function refineWith(run: Run, refine: ((value: never, report: (p: Path, m: string, c?: IssueCode) => void, env: Env) => void) | undefined, out: unknown): Out {
  if (!refine) return out;
  const before = run.issues.length;
  refine(out as never, (below, message, code = 'rule') => { run.issue(message, code, {}, below); }, run.env);
  return run.issues.length > before ? FAIL : out;
}

function walkObject(schema: Extract<AnySchema, { kind: 'object' }>, value: unknown, depth: number, run: Run): Out {
  if (!isPlainObject(value)) return missingOr(run, value, schema.noun);
  let failed = false;
  const allowed = Object.keys(schema.shape);
  const given = Object.keys(value);
  run.budget -= given.length;
  const out: Record<string, unknown> = {};
  for (const key of allowed) {
    const field = has(value, key) ? value[key] : undefined;
    if (field === undefined && schema.optional.has(key)) continue;
    const result = child(run, key, schema.shape[key], field, depth);
    if (result === FAIL) {
      failed = true;
      if (run.stopped) return FAIL;
    } else out[key] = result;
  }
  for (const key of given) {
    if (has(schema.shape, key)) continue;
    run.issue(schema.unknownKey?.(key) ?? `unknown key ${quote(key)}`, 'unknownKey', { allowed, received: key });
    failed = true;
    if (run.stopped) return FAIL;
  }
  return failed ? FAIL : refineWith(run, schema.refine, out);
}

function walkList(schema: Extract<AnySchema, { kind: 'list' }>, value: unknown, depth: number, run: Run): Out {
  if (!Array.isArray(value)) return missingOr(run, value, schema.noun);
  const { length } = value;
  const max = boundOf(schema.max, run.env.limits).value;
  if (length > max) return run.tooBig(schema.max, length, 'too many items');
  if (length < schema.min) return run.issue(`needs at least ${schema.min} item${schema.min === 1 ? '' : 's'}, got ${length}`, 'size');
  const out: unknown[] = [];
  let failed = false;
  for (let index = 0; index < length; index += 1) {
    const result = child(run, index, schema.item, value[index], depth);
    if (result === FAIL) {
      failed = true;
      if (run.stopped) return FAIL;
    } else out.push(result);
  }
  // A copy of exactly its items (push leaves spare room, which a list kept in a game state would hold on to).
  return failed ? FAIL : refineWith(run, schema.refine, length === 0 ? out : out.slice());
}

function walkRecord(schema: Extract<AnySchema, { kind: 'record' }>, value: unknown, depth: number, run: Run): Out {
  if (!isPlainObject(value)) return missingOr(run, value, 'an object');
  const keys = Object.keys(value);
  if (keys.length > boundOf(schema.max, run.env.limits).value) return run.tooBig(schema.max, keys.length, 'too many keys');
  const out: Record<string, unknown> = {};
  let failed = false;
  for (const key of keys) {
    run.path.push(key);
    const checkedKey = walk(schema.key, key, depth, run);
    const result = checkedKey === FAIL ? FAIL : walk(schema.value, value[key], depth, run);
    run.path.pop();
    if (result === FAIL) {
      failed = true;
      if (run.stopped) return FAIL;
    } else Object.defineProperty(out, key, { value: result, enumerable: true, writable: true, configurable: true });
  }
  return failed ? FAIL : out;
}

function walkOneKey(schema: Extract<AnySchema, { kind: 'oneKey' }>, value: unknown, depth: number, run: Run): Out {
  const noun = article(schema.noun);
  if (!isPlainObject(value)) return run.issue(`expected ${noun} such as ${schema.example}, got ${describe(value)}`, 'type');
  const keys = Object.keys(value);
  if (keys.length !== 1) {
    const listed = keys.length === 0 ? '' : ` (${keys.slice(0, 5).map(quote).join(', ')}${keys.length > 5 ? ', …' : ''})`;
    return run.issue(`${noun} must have exactly one key, got ${keys.length}${listed}`, 'size');
  }
  const [key] = keys;
  if (!has(schema.options, key)) {
    const allowed = Object.keys(schema.options);
    return run.issue(schema.unknownKey?.(key) ?? `unknown ${schema.noun} ${quote(key)}`, 'unknownKey', { allowed, received: key });
  }
  const result = child(run, key, schema.options[key], value[key], depth);
  return result === FAIL ? FAIL : { [key]: result };
}

function safeMessage(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'an unreadable error';
  }
}

// The fast path. Most values are well formed (an event a UI built from `legalActions`), and
// for them the walk above pays for what only a refusal needs: a path kept, a closure per
// refinement, a message's parts. Each schema is compiled once into a check that makes the
// same copy and counts the same budget (one per value walked, plus an object's keys; nesting
// as the walk counts it) but keeps no path and builds no message: it returns the copy, or
// FAIL at the first doubt. A FAIL — or anything thrown — sends the value to the walk, which
// then decides, so every refusal and its message is the walk's own; the fast path can only
// accept what the walk accepts, with the same copy.

/** The state of one fast check: the values still allowed, and the environment. */
interface FastRun { budget: number; readonly env: Env }
type Fast = (value: unknown, depth: number, run: FastRun) => Out;

const compiled = new WeakMap<AnySchema, Fast>();

/** The fast check of `schema` (compiled once per schema object). */
function fastOf(schema: AnySchema): Fast {
  let fast = compiled.get(schema);
  if (fast === undefined) {
    fast = compile(schema);
    compiled.set(schema, fast);
  }
  return fast;
}

const limitOf = (bound: Bound, limits: Limits): number => (typeof bound === 'number' ? bound : limits[bound]);

/** Whether a refinement reported anything (set by `noteReport`; saved and restored around each call). */
let reported = false;
const noteReport = (): void => { reported = true; };

function refinedFast(refine: Refine | undefined, out: unknown, env: Env): Out {
  if (!refine) return out;
  const outer = reported;
  reported = false;
  try {
    refine(out as never, noteReport, env);
    return reported ? FAIL : out;
  } finally {
    reported = outer;
  }
}

type Refine = (value: never, report: (p: Path, m: string, c?: IssueCode) => void, env: Env) => void;

function compile(schema: AnySchema): Fast {
  switch (schema.kind) {
    case 'string': {
      const { max } = schema;
      return (value, _depth, run) => {
        if (--run.budget < 0 || typeof value !== 'string' || value.length === 0 || value.length > limitOf(max, run.env.limits)) return FAIL;
        return value;
      };
    }
    case 'ref': {
      const { target } = schema;
      return (value, _depth, run) => {
        if (--run.budget < 0 || typeof value !== 'string' || value.length === 0 || value.length > run.env.limits.maxIdLength) return FAIL;
        const { players, teams } = run.env;
        if (target !== 'team' && players.has(value)) return value;
        if (target !== 'player' && teams?.has(value)) return value;
        return FAIL;
      };
    }
    case 'picklist': {
      const { values } = schema;
      return (value, _depth, run) => (--run.budget < 0 || typeof value !== 'string' || !values.includes(value) ? FAIL : value);
    }
    case 'literal': {
      const expected = schema.value;
      return (value, _depth, run) => (--run.budget < 0 || value !== expected ? FAIL : value);
    }
    case 'boolean':
      return (value, _depth, run) => (--run.budget < 0 || typeof value !== 'boolean' ? FAIL : value);
    case 'integer': {
      const { min, max } = schema;
      return (value, _depth, run) => {
        if (--run.budget < 0 || typeof value !== 'number' || !Number.isInteger(value) || value < min || value > limitOf(max, run.env.limits)) return FAIL;
        return value;
      };
    }
    case 'nullable': {
      const inner = fastOf(schema.inner);
      return (value, depth, run) => (--run.budget < 0 ? FAIL : value === null ? null : inner(value, depth, run));
    }
    case 'lazy': {
      // The walk reads the schema each time: so does this (a new schema, a new check).
      let last: AnySchema | undefined;
      let lastFast: Fast | undefined;
      return (value, depth, run) => {
        if (--run.budget < 0) return FAIL;
        const now = schema.get();
        if (now !== last) {
          lastFast = fastOf(now);
          last = now;
        }
        return lastFast!(value, depth, run);
      };
    }
    case 'union':
      return (value, depth, run) => {
        if (--run.budget < 0) return FAIL;
        const option = schema.pick(value);
        return option ? fastOf(option)(value, depth, run) : FAIL;
      };
    case 'object':
      return compileObject(schema);
    case 'list':
      return compileList(schema);
    case 'record':
      return compileRecord(schema);
    case 'oneKey':
      return compileOneKey(schema);
  }
}

/** The walk's count for a container: one value, and a level of nesting. */
const enters = (depth: number, run: FastRun): boolean => --run.budget >= 0 && depth < run.env.limits.maxNesting;

/** A shape this large is checked key by key (`has`), not with a bit per key. */
const MAX_MASKED_KEYS = 30;

function compileObject(schema: Extract<AnySchema, { kind: 'object' }>): Fast {
  const keys = Object.keys(schema.shape);
  const fields: Fast[] = [];
  const optional: boolean[] = keys.map((key) => schema.optional.has(key));
  // Each key's bit: which of the shape's keys an object gives is learnt from its own keys
  // (one lookup each), so that a key it does not give costs a `has` only when optional.
  const bitOf = new Map<string, number>(keys.length <= MAX_MASKED_KEYS ? keys.map((key, i) => [key, 1 << i]) : []);
  let ready = false;
  const { shape, refine } = schema;
  return (value, depth, run) => {
    if (!enters(depth, run) || !isPlainObject(value)) return FAIL;
    // Compiled on first use: a schema may name one defined later in its module.
    if (!ready) {
      for (const key of keys) fields.push(fastOf(shape[key]));
      ready = true;
    }
    const given = Object.keys(value);
    run.budget -= given.length;
    let mask = 0;
    if (bitOf.size === keys.length) {
      // Keys mostly come in the shape's order: then one pass matches them (names are
      // compared by identity), else each is looked up.
      let matched = 0;
      for (let i = 0; i < keys.length && matched < given.length; i += 1) {
        if (given[matched] === keys[i]) {
          mask |= 1 << i;
          matched += 1;
        }
      }
      if (matched < given.length) {
        mask = 0;
        for (const key of given) {
          const bit = bitOf.get(key);
          if (bit === undefined) return FAIL;
          mask |= bit;
        }
      }
    } else {
      for (const key of given) if (!has(shape, key)) return FAIL;
      mask = -1;
    }
    const out: Record<string, unknown> = {};
    // Whether the object has own keys that are not enumerable (asked once, if a key is absent).
    let hidden: boolean | undefined;
    for (let i = 0; i < keys.length; i += 1) {
      const key = keys[i];
      let field: unknown;
      if ((mask & (1 << i)) !== 0) field = mask === -1 && !has(value, key) ? undefined : value[key];
      // Not among its own enumerable keys: absent, unless the object has keys that are not
      // enumerable, which the walk reads (a doubt: the walk decides).
      else if (!optional[i] || (hidden ??= Object.getOwnPropertyNames(value).length !== given.length)) return FAIL;
      else continue;
      if (field === undefined && optional[i]) continue;
      const result = fields[i](field, depth + 1, run);
      if (result === FAIL) return FAIL;
      out[key] = result;
    }
    return refinedFast(refine, out, run.env);
  };
}

function compileList(schema: Extract<AnySchema, { kind: 'list' }>): Fast {
  const { min, max, refine } = schema;
  let item: Fast | undefined;
  return (value, depth, run) => {
    if (!enters(depth, run) || !Array.isArray(value)) return FAIL;
    const { length } = value;
    if (length > limitOf(max, run.env.limits) || length < min) return FAIL;
    item ??= fastOf(schema.item);
    const out: unknown[] = [];
    for (let index = 0; index < length; index += 1) {
      const result = item(value[index], depth + 1, run);
      if (result === FAIL) return FAIL;
      out.push(result);
    }
    // As the walk: a copy of exactly its items.
    return refinedFast(refine, length === 0 ? out : out.slice(), run.env);
  };
}

function compileRecord(schema: Extract<AnySchema, { kind: 'record' }>): Fast {
  let key: Fast | undefined;
  let entry: Fast | undefined;
  return (value, depth, run) => {
    if (!enters(depth, run) || !isPlainObject(value)) return FAIL;
    const keys = Object.keys(value);
    if (keys.length > limitOf(schema.max, run.env.limits)) return FAIL;
    key ??= fastOf(schema.key);
    entry ??= fastOf(schema.value);
    const out: Record<string, unknown> = {};
    for (const name of keys) {
      if (key(name, depth + 1, run) === FAIL) return FAIL;
      const result = entry(value[name], depth + 1, run);
      if (result === FAIL) return FAIL;
      Object.defineProperty(out, name, { value: result, enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
}

/** An option of a one-key schema: its check, and an object of that one key to copy. */
interface OneKeyOption { readonly check: Fast; readonly template: Record<string, unknown> }

function compileOneKey(schema: Extract<AnySchema, { kind: 'oneKey' }>): Fast {
  const options = new Map<string, OneKeyOption>();
  return (value, depth, run) => {
    if (!enters(depth, run) || !isPlainObject(value)) return FAIL;
    const keys = Object.keys(value);
    if (keys.length !== 1) return FAIL;
    const key = keys[0];
    let option = options.get(key);
    if (option === undefined) {
      if (!has(schema.options, key)) return FAIL;
      option = { check: fastOf(schema.options[key]), template: { [key]: undefined } };
      options.set(key, option);
    }
    const result = option.check(value[key], depth + 1, run);
    if (result === FAIL) return FAIL;
    // A copy of the option's own one-key object, then its value set: cheaper than a
    // computed key (`{ [key]: result }`), which V8 defines through the runtime each time.
    const out = { ...option.template };
    out[key] = result;
    return out;
  };
}

/** The fast check of `input`: its copy, or FAIL (then the walk decides). Never throws. */
function parseFast(schema: AnySchema, input: unknown, env: Env): Out {
  try {
    return fastOf(schema)(input, 0, { budget: env.limits.maxValuesPerEvent, env });
  } catch {
    return FAIL;
  }
}

/** Validates `input` against `schema`; never throws. */
export function parse<T>(schema: Schema<T>, input: unknown, env: Env, options: ParseOptions = {}): ParseResult<T> {
  if (options.walkOnly !== true) {
    const fast = parseFast(schema, input, env);
    if (fast !== FAIL) return { ok: true, value: fast as T };
  }
  const run = new Run(env, options.all === true, options.maxIssues ?? 100, options.path ?? []);
  try {
    const value = walk(schema, input, 0, run);
    if (value !== FAIL && run.issues.length === 0) return { ok: true, value: value as T };
  } catch (error) {
    run.issues.push({ path: options.path ?? [], message: `could not be read: ${safeMessage(error).slice(0, 200)}`, code: 'type' });
  }
  return { ok: false, issues: run.issues };
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `script[3].cast.type`; `options.hands["Player 1"]`; `(root)` for the empty path. */
export function formatPath(path: Path): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out === '' ? '(root)' : out;
}

/** `PATH: message`. */
export const formatIssue = (issue: Issue): string => `${formatPath(issue.path)}: ${issue.message}`;

export { LIMIT_DESCRIPTIONS };
