import { validateScenario } from '../../src/scenario/index.js';

/** A valid two-player scenario with the given script. */
export function scenario(script: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'test', players: ['A', 'B'], script, ...extra };
}

/** The error lines of a value ([] when it is valid). */
export function errorsOf(value: unknown): string[] {
  const result = validateScenario(value);
  return result.ok ? [] : result.errors;
}

/** The errors of a one-entry script. */
export const entryErrors = (entry: unknown): string[] => errorsOf(scenario([entry]));

/** A valid instant cast by A, with some fields replaced or added. */
export const spell = (fields: Record<string, unknown> = {}) => ({ id: 's', controller: 'A', type: 'instant', ...fields });

/** The errors of a script that only casts `spell(fields)`. */
export const castErrors = (fields: Record<string, unknown>): string[] => entryErrors({ cast: spell(fields) });

/** The errors of a spell whose resolution runs `effects`. */
export const effectErrors = (...effects: unknown[]): string[] => castErrors({ effects });
