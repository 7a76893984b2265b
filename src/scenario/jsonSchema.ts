// The scenario format as JSON Schema, for editors (`"$schema"` in a scenario file): generated
// from the same schema the CLI validates with. What JSON Schema cannot say — that players
// named in entries are the file's own, and the rules between keys — the CLI still checks.
import { DEFAULT_LIMITS, MAX_PLAYERS, MIN_PLAYERS, toJsonSchema, type JsonSchema } from '../vocabulary/index.js';
import { scenarioSchema } from './format.js';

/** The scenario JSON Schema's `$id`. */
export const SCENARIO_SCHEMA_ID = 'https://github.com/mtg-turn-machine/mtg-turn-machine/scenario.schema.json';

/** The JSON Schema of a scenario file, generated from the format. */
export function scenarioJsonSchema(): JsonSchema {
  const schema = toJsonSchema(scenarioSchema, DEFAULT_LIMITS, { id: SCENARIO_SCHEMA_ID, title: 'mtg-turn-machine rules scenario' });
  // A file may name its own schema.
  const properties = schema.properties as Record<string, JsonSchema>;
  // The vocabulary's player list checks its count and its duplicates in a refinement, which JSON Schema
  // cannot see; the schema says them itself.
  const players = { ...properties.players, minItems: MIN_PLAYERS, maxItems: MAX_PLAYERS, uniqueItems: true };
  return { ...schema, properties: { $schema: { type: 'string', description: 'this JSON Schema, for editors' }, ...properties, players } };
}
