/** Small schema builders shared by the scenario schema. */
import { z } from 'zod';
import { PARSE_PARAMS, badValue, describe, quote, unknownKeys } from './messages.js';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** For refinements that must run even when a field failed: they get the raw object. */
export const ALWAYS_ON_OBJECTS = { when: (payload: { value: unknown }) => isRecord(payload.value) };
export const ALWAYS_ON_ARRAYS = { when: (payload: { value: unknown }) => Array.isArray(payload.value) };

/** A strict object: each unknown key is its own error, with a did-you-mean. */
export function strictObject<S extends z.core.$ZodLooseShape>(shape: S) {
  const keys = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? unknownKeys('key', issue.keys, keys) : undefined),
  });
}

/** A non-empty string; `what` names it in messages (`an id`, `a condition name`). */
export function text(what: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `missing (expected ${what})` : `expected ${what}, got ${describe(issue.input)}`) })
    .min(1, { error: 'must not be empty' });
}

export const id = text('an id');

export const flag = z.boolean();

/** A whole number ≥ `min` (0 or 1). */
export function integer(min: 0 | 1) {
  const what = min === 0 ? 'a whole number (0 or more)' : 'a positive whole number';
  const error = (issue: { input?: unknown }) =>
    issue.input === undefined ? `missing (expected ${what})` : `expected ${what}, got ${describe(issue.input)}`;
  return z.int({ error }).min(min, { error });
}

/** One of a fixed list of strings; `noun` names it: `unknown step "drawx" (expected …)`. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, noun: string, opts: { nullable?: boolean } = {}) {
  return z.enum(values, { error: (issue) => badValue(noun, issue.input, values, opts) });
}

/** A player id that must be one of `players` (when those are known). */
export function playerRef(players: ReadonlySet<string> | undefined) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'missing (expected a player id)' : `expected a player id, got ${describe(issue.input)}`,
    })
    .superRefine((player, ctx) => {
      if (players !== undefined && !players.has(player)) {
        ctx.addIssue({ code: 'custom', message: `player ${quote(player)} is not in players`, input: player });
      }
    });
}

export type PlayerRef = ReturnType<typeof playerRef>;

/**
 * Validates with the schema `pick` chooses for the value (a union without union
 * errors: the problems reported are those of the form the value was meant to be).
 */
export function dispatch<T>(pick: (value: unknown) => z.ZodType): z.ZodType<T> {
  return z.unknown().superRefine((value, ctx) => {
    const result = pick(value).safeParse(value, PARSE_PARAMS);
    if (result.success) return;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: [...issue.path], input: issue.input });
    }
  }) as unknown as z.ZodType<T>;
}

interface OneKeyOptions {
  /** `entry` or `effect`. */
  noun: string;
  /** What a well-formed one looks like, for the not-an-object message. */
  example: string;
  /** A special message for an unknown key, or undefined for the usual one. */
  unknownKey?: (key: string) => string | undefined;
}

/**
 * An object with exactly one key out of `shape` (a script entry, a resolution
 * effect); the key's value is validated by its schema.
 */
export function oneKeyObject(shape: Record<string, z.ZodType>, opts: OneKeyOptions): z.ZodType<unknown> {
  const keys = Object.keys(shape);
  const article = /^[aeiou]/.test(opts.noun) ? 'an' : 'a';
  const shapeCheck = z.unknown().superRefine((value, ctx) => {
    if (!isRecord(value)) {
      ctx.addIssue({ code: 'custom', message: `expected ${article} ${opts.noun} such as ${opts.example}, got ${describe(value)}` });
      return;
    }
    const present = Object.keys(value);
    if (present.length !== 1) {
      const listed = present.length === 0 ? '' : ` (${present.map(quote).join(', ')})`;
      ctx.addIssue({ code: 'custom', message: `${article} ${opts.noun} must have exactly one key, got ${present.length}${listed}` });
    }
  });
  const optionalShape = Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.optional()]));
  const body = z.strictObject(optionalShape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => opts.unknownKey?.(key) ?? unknownKeys(opts.noun, [key], keys)).join('\n')
        : undefined,
  });
  return shapeCheck.pipe(body);
}
