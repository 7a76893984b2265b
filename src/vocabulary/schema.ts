// A small declarative schema for the game's vocabulary: each schema is plain data, read
// three ways — `parse` (the validator the machine and the scenario runner share),
// `toJsonSchema` (the JSON Schema shipped for editors) and the TypeScript type it is
// declared against (`Schema<T>`: a schema that does not fit its type is a compile error).
// The library may depend on nothing but xstate, so this is ours; it knows only what the
// vocabulary needs.
import type { Limits } from './limits.js';

/** What an id may name, checked against the game (or the scenario file) being validated. */
export type RefTarget = 'player' | 'team' | 'playerOrTeam';

/** What references are checked against. */
export interface Env {
  readonly players: ReadonlySet<string>;
  /** Team id → its players, listed order; null in a game without teams. */
  readonly teams: ReadonlyMap<string, readonly string[]> | null;
  readonly limits: Limits;
}

/** The name of one of the limits (`Limits`). */
export type LimitName = keyof Limits;
/** A bound: a number, or the name of a limit read from the environment. */
export type Bound = number | LimitName;

/** A key or an index of a JSON path. */
export type PathSegment = string | number;
/** A JSON path. */
export type Path = readonly PathSegment[];

/** What kind of problem an issue is. */
export type IssueCode = 'missing' | 'type' | 'value' | 'unknownKey' | 'size' | 'reference' | 'rule' | 'limit';

/** One reason a value is refused, at its JSON path. */
export interface Issue {
  path: Path;
  message: string;
  code: IssueCode;
  /** For unknown keys and values: what is allowed (a caller may suggest the nearest). */
  allowed?: readonly string[];
  received?: string;
}

/** A report from a refinement: a path below the refined value, and a message. */
export type Report = (path: Path, message: string, code?: IssueCode) => void;
/** A schema's own check beyond its shape: reports each problem it finds. */
export type Refine<T> = (value: T, report: Report, env: Env) => void;

/** The type a schema validates, as a phantom property (invariant in T). */
export interface Typed<T> {
  /** The value type the schema describes (types only: never set). */
  readonly __type?: (value: T) => T;
}

interface Described {
  /** A line for JSON Schema's `description`. */
  readonly description?: string;
}

/** A string. */
export interface StringSchema extends Described { readonly kind: 'string'; readonly noun: string; readonly max: Bound }
/** The id of a player or team of the game. */
export interface RefSchema extends Described { readonly kind: 'ref'; readonly target: RefTarget }
/** One of a list of strings. */
export interface PicklistSchema extends Described {
  readonly kind: 'picklist';
  readonly values: readonly string[];
  readonly noun: string;
  /** A message for a string that is not one of the values, or undefined for the usual one. */
  readonly unknown?: (value: string) => string | undefined;
}
/** One string or boolean. */
export interface LiteralSchema extends Described { readonly kind: 'literal'; readonly value: string | boolean }
/** A boolean. */
export interface BooleanSchema extends Described { readonly kind: 'boolean' }
/** An integer in a range. */
export interface IntegerSchema extends Described { readonly kind: 'integer'; readonly min: number; readonly max: Bound }
/** A value of a schema, or null. */
export interface NullableSchema extends Described { readonly kind: 'nullable'; readonly inner: AnySchema }
/** An object with known keys. */
export interface ObjectSchema extends Described {
  readonly kind: 'object';
  readonly shape: Readonly<Record<string, AnySchema>>;
  readonly optional: ReadonlySet<string>;
  readonly noun: string;
  readonly refine?: Refine<never>;
  /** A message for a key that is not in the shape, or undefined for the usual one. */
  readonly unknownKey?: (key: string) => string | undefined;
}
/** A list of values of a schema. */
export interface ListSchema extends Described {
  readonly kind: 'list';
  readonly noun: string;
  readonly item: AnySchema;
  readonly min: number;
  readonly max: Bound;
  readonly refine?: Refine<never>;
}
/** An object whose keys and values each follow a schema. */
export interface RecordSchema extends Described {
  readonly kind: 'record';
  readonly key: AnySchema;
  readonly value: AnySchema;
  readonly max: Bound;
}
/** An object with exactly one of several keys. */
export interface OneKeySchema extends Described {
  readonly kind: 'oneKey';
  readonly options: Readonly<Record<string, AnySchema>>;
  readonly noun: string;
  readonly example: string;
  /** A message for a key that is not an option, or undefined for the usual one. */
  readonly unknownKey?: (key: string) => string | undefined;
}
/** One of several schemas, picked by the value. */
export interface UnionSchema extends Described {
  readonly kind: 'union';
  readonly options: readonly AnySchema[];
  /** The option meant by a value's shape (a string or an object, say); undefined: none fits. */
  readonly pick: (value: unknown) => AnySchema | undefined;
  readonly expected: string;
}
/** A schema named and read when needed (for recursive ones). */
export interface LazySchema extends Described {
  readonly kind: 'lazy';
  readonly name: string;
  /** Reads the schema. */
  readonly get: () => AnySchema;
}

/** Any schema, its type erased (how schemas are stored and walked). */
export type AnySchema =
  | StringSchema | RefSchema | PicklistSchema | LiteralSchema | BooleanSchema | IntegerSchema | NullableSchema
  | ObjectSchema | ListSchema | RecordSchema | OneKeySchema | UnionSchema | LazySchema;

/** A schema of values of type T. */
export type Schema<T> = AnySchema & Typed<T>;

/** Marks an object key optional (an absent key stays absent: nothing is filled in). */
export interface Optional<T> { readonly optionalKey: Schema<T> }

/** The schema of each key of T: optional keys wrapped in `optional(…)`. */
export type Shape<T> = {
  [K in keyof T]-?: undefined extends T[K] ? Optional<Exclude<T[K], undefined>> : Schema<T[K]>;
};

/** `{a: A, b: B}` → `{a: A} | {b: B}`: an object with exactly one of the keys. */
export type OneKeyOf<M> = { [K in keyof M]: { [P in K]: M[K] } }[keyof M];

const typed = <T>(schema: AnySchema) => schema as Schema<T>;

/** A non-empty string; `max` characters at most (default: an id's, limits.maxIdLength). */
export const string = (noun: string, options: { max?: Bound; description?: string } = {}) =>
  typed<string>({ kind: 'string', noun, max: options.max ?? 'maxIdLength', description: options.description });
/** A schema of the id of a player or team of the game. */
export const ref = (target: RefTarget, description?: string) => typed<string>({ kind: 'ref', target, description });
/** A schema of one of the values. */
export const picklist = <const T extends string>(
  values: readonly T[], noun: string, options: { unknown?: (value: string) => string | undefined; description?: string } = {},
) => typed<T>({ kind: 'picklist', values, noun, ...options });
/** A schema of exactly this value. */
export const literal = <const T extends string | boolean>(value: T, description?: string) => typed<T>({ kind: 'literal', value, description });
/** A boolean schema. */
export const boolean = typed<boolean>({ kind: 'boolean' });
/** A schema of an integer from `min` to `max` (a number or a limit). */
export const integer = (min: number, max: Bound, description?: string) => typed<number>({ kind: 'integer', min, max, description });
/** A schema of a value or null. */
export const nullable = <T>(inner: Schema<T>) => typed<T | null>({ kind: 'nullable', inner });
/** Marks an object's key as optional. */
export const optional = <T>(schema: Schema<T>): Optional<T> => ({ optionalKey: schema });

/** A schema of an object with these keys (no others). */
export function object<T>(
  shape: Shape<T>,
  options: { noun?: string; refine?: Refine<T>; unknownKey?: (key: string) => string | undefined; description?: string } = {},
): Schema<T> {
  const entries = Object.entries(shape as Record<string, AnySchema | Optional<unknown>>);
  const optionalKeys = new Set(entries.filter(([, s]) => 'optionalKey' in s).map(([key]) => key));
  const plain = Object.fromEntries(entries.map(([key, s]) => [key, 'optionalKey' in s ? s.optionalKey : s]));
  return typed<T>({
    kind: 'object', shape: plain, optional: optionalKeys, noun: options.noun ?? 'an object',
    refine: options.refine as Refine<never> | undefined, unknownKey: options.unknownKey, description: options.description,
  });
}

/** An object schema with more keys: `U` is `T` and the keys `more` names. */
export function extend<T, U extends T>(base: Schema<T>, more: Shape<Omit<U, keyof T>>, options: { noun?: string } = {}): Schema<U> {
  if (base.kind !== 'object') throw new TypeError('extend takes an object schema');
  const added = object<Omit<U, keyof T>>(more) as ObjectSchema;
  return typed<U>({
    ...base,
    shape: { ...base.shape, ...added.shape },
    optional: new Set([...base.optional, ...added.optional]),
    noun: options.noun ?? base.noun,
  });
}

/** A schema of a list (bounded by `max`, a number or a limit). */
export function list<T>(
  item: Schema<T>, options: { min?: number; max: Bound; noun?: string; refine?: Refine<T[]>; description?: string },
): Schema<T[]> {
  return typed<T[]>({
    kind: 'list', item, noun: options.noun ?? 'a list', min: options.min ?? 0, max: options.max, refine: options.refine as Refine<never> | undefined, description: options.description,
  });
}

/** A schema of an object whose keys and values follow these schemas. */
export function record<T>(key: Schema<string>, value: Schema<T>, max: Bound, description?: string): Schema<Record<string, T>> {
  return typed<Record<string, T>>({ kind: 'record', key, value, max, description });
}

/** A schema of an object with exactly one of these keys. */
export function oneKey<M>(
  options: { [K in keyof M]-?: Schema<M[K]> },
  settings: { noun: string; example: string; unknownKey?: (key: string) => string | undefined; description?: string },
): Schema<OneKeyOf<M>> {
  return typed<OneKeyOf<M>>({ kind: 'oneKey', options: options as Record<string, AnySchema>, ...settings });
}

/** One of several schemas, chosen by the value's shape (`pick`); `expected` names them all in messages. */
export function union<T>(options: readonly AnySchema[], pick: (value: unknown) => AnySchema | undefined, expected: string): Schema<T> {
  return typed<T>({ kind: 'union', options, pick, expected });
}

/** A schema defined later (recursion); `name` is its name in JSON Schema's `$defs`. */
export const lazy = <T>(name: string, get: () => Schema<T>) => typed<T>({ kind: 'lazy', name, get });
