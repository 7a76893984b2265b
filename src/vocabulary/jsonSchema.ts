// The vocabulary's schemas as JSON Schema (draft 2020-12), for editors: the structure —
// keys, types, allowed values, bounds — of what `parse` checks. What JSON Schema cannot
// say (player references against the file's own players, the rules between keys that
// refinements check) stays the validator's: a document JSON Schema accepts may still be
// refused by `parse`, with a reason; never the other way round.
import type { Limits } from './limits.js';
import type { AnySchema, Bound } from './schema.js';

/** A JSON Schema (draft 2020-12) document. */
export type JsonSchema = Record<string, unknown>;

const NOUN_OF_REF = { player: 'a player id', team: 'a team id', playerOrTeam: 'a player or team id' } as const;

/** The JSON Schema of a vocabulary schema, with its bounds at the given limits. */
export function toJsonSchema(root: AnySchema, limits: Limits, meta: { id?: string; title?: string } = {}): JsonSchema {
  const defs: Record<string, JsonSchema> = {};
  const bound = (b: Bound) => (typeof b === 'number' ? b : limits[b]);
  const withDescription = (schema: AnySchema, out: JsonSchema): JsonSchema =>
    schema.description ? { description: schema.description, ...out } : out;

  function emit(schema: AnySchema): JsonSchema {
    switch (schema.kind) {
      case 'string':
        return withDescription(schema, { type: 'string', minLength: 1, maxLength: bound(schema.max), description: schema.description ?? schema.noun });
      case 'ref':
        return withDescription(schema, { type: 'string', minLength: 1, maxLength: limits.maxIdLength, description: schema.description ?? NOUN_OF_REF[schema.target] });
      case 'picklist':
        return withDescription(schema, { enum: [...schema.values] });
      case 'literal':
        return withDescription(schema, { const: schema.value });
      case 'boolean':
        return withDescription(schema, { type: 'boolean' });
      case 'integer':
        return withDescription(schema, { type: 'integer', minimum: schema.min, maximum: bound(schema.max) });
      case 'nullable':
        return { anyOf: [emit(schema.inner), { type: 'null' }] };
      case 'lazy':
        if (!(schema.name in defs)) {
          defs[schema.name] = {};
          defs[schema.name] = emit(schema.get());
        }
        return { $ref: `#/$defs/${schema.name}` };
      case 'union':
        return withDescription(schema, { anyOf: schema.options.map(emit) });
      case 'object':
        return withDescription(schema, {
          type: 'object',
          properties: Object.fromEntries(Object.entries(schema.shape).map(([key, value]) => [key, emit(value)])),
          required: Object.keys(schema.shape).filter((key) => !schema.optional.has(key)),
          additionalProperties: false,
        });
      case 'list':
        return withDescription(schema, { type: 'array', items: emit(schema.item), minItems: schema.min, maxItems: bound(schema.max) });
      case 'record':
        return withDescription(schema, { type: 'object', additionalProperties: emit(schema.value), maxProperties: bound(schema.max) });
      case 'oneKey':
        return withDescription(schema, {
          oneOf: Object.entries(schema.options).map(([key, value]) => ({
            type: 'object',
            properties: { [key]: emit(value) },
            required: [key],
            additionalProperties: false,
          })),
        });
    }
  }

  const body = emit(root);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...(meta.id && { $id: meta.id }),
    ...(meta.title && { title: meta.title }),
    ...body,
    ...(Object.keys(defs).length > 0 && { $defs: defs }),
  };
}
