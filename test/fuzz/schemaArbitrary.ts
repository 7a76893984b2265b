// fast-check arbitraries derived from the vocabulary's schemas: the fuzz generates exactly
// the words the machine declares (a new effect or field is fuzzed without a line here).
import fc from 'fast-check';
import { RULES_EDITIONS, type AnySchema, type Schema } from '../../src/vocabulary/index.js';

export interface ArbitraryEnv {
  players: readonly string[];
  /** The game's team ids (a game with teams), for team references. */
  teams?: readonly string[];
  /** Object ids to pick from (small, so that ids meet: targets name objects, blockers name attackers). */
  ids: readonly string[];
  /** Condition names to pick from. */
  conditions?: readonly string[];
}

/** Keys rarely worth setting (they make an object invalid more often than not: see the refinements). */
const RARE_KEYS = new Set(['bestow', 'mutate', 'cannotEnter', 'if', 'copy', 'timing', 'targets', 'each', 'afterPhase', 'count', 'by']);

/**
 * Values of `schema` as the game would see them: ids from a small pool, players of the game,
 * small numbers and lists; nesting stops at `depth` (deeper lists are empty). Values may
 * still break a refinement (a rule between keys): the machine refuses those, which is fuzzed too.
 */
export function arbitraryOf<T>(schema: Schema<T>, env: ArbitraryEnv, depth = 3): fc.Arbitrary<T> {
  return walk(schema, env, depth) as fc.Arbitrary<T>;
}

function walk(schema: AnySchema, env: ArbitraryEnv, depth: number): fc.Arbitrary<unknown> {
  switch (schema.kind) {
    case 'string':
      // An edition date: a row's first day, or a day inside a row (FORMAT.md "Rule numbers by edition").
      if (schema.noun.includes('edition')) return fc.constantFrom(...RULES_EDITIONS.map((row) => row.from), '2023-11-17', '2025-09-26', '2030-01-01');
      return schema.noun.includes('condition') ? fc.constantFrom(...(env.conditions ?? ['c1', 'c2'])) : fc.constantFrom(...env.ids);
    case 'ref': {
      const teams = env.teams ?? [];
      if (schema.target === 'team') return teams.length > 0 ? fc.constantFrom(...teams) : fc.constantFrom(...env.players);
      return fc.constantFrom(...env.players, ...(schema.target === 'playerOrTeam' ? teams : []));
    }
    case 'picklist':
      return fc.constantFrom(...schema.values);
    case 'literal':
      return fc.constant(schema.value);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const max = typeof schema.max === 'number' ? Math.min(schema.max, schema.min + 3) : schema.min + 3;
      return fc.integer({ min: schema.min, max });
    }
    case 'nullable':
      return fc.option(walk(schema.inner, env, depth), { nil: null, freq: 4 });
    case 'lazy':
      return walk(schema.get(), env, depth);
    case 'union':
      return fc.oneof(...schema.options.map((option) => walk(option, env, depth)));
    case 'object': {
      const keys = Object.keys(schema.shape);
      const model = Object.fromEntries(keys.map((key) => {
        const arbitrary = walk(schema.shape[key], env, depth - 1);
        return [key, schema.optional.has(key) && RARE_KEYS.has(key) ? fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary }) : arbitrary];
      }));
      const required = keys.filter((key) => !schema.optional.has(key));
      return fc.record(model, { requiredKeys: required }).map((value) =>
        Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)));
    }
    case 'list':
      // Past the depth, only the items a list must have (none for most lists: nesting stops there).
      if (depth <= 0 && schema.min === 0) return fc.constant([]);
      return fc.array(walk(schema.item, env, depth - 1), { minLength: schema.min, maxLength: depth <= 0 ? schema.min : Math.max(schema.min, 3) });
    case 'record':
      return fc.dictionary(fc.constantFrom(...env.players), walk(schema.value, env, depth - 1), { maxKeys: env.players.length });
    case 'oneKey':
      return fc.oneof(...Object.entries(schema.options).map(([key, option]) =>
        walk(option, env, depth).map((value) => ({ [key]: value }))));
  }
}
