// mtg-turn-machine/vocabulary: the game's words, below everything else — ids, objects,
// events, history records, input and limits — each declared once with the schema that
// validates it, and the small schema language they are written in (for hosts that validate
// their own input the way the machine does, and for the scenario format built on them).
export * from './ids.js';
export * from './objects.js';
export * from './events.js';
export * from './history.js';
export * from './input.js';
export * from './limits.js';
export * from './schema.js';
export * from './shortcuts.js';
export { parse, formatIssue, formatPath, describe, quote, listOf, type ParseResult, type ParseOptions } from './parse.js';
export { toJsonSchema, type JsonSchema } from './jsonSchema.js';
export * from './editions.js';
