/**
 * Validation of the JSON scenario format (shared/scenarios/FORMAT.md).
 *
 * `parseScenario(text)` / `validateScenario(value)` never throw: a problem comes
 * back as `PATH: message` lines (`script[3].cast.type: unknown type "instnt" …`).
 * A valid scenario is returned exactly as written — no defaults filled in.
 */
import { parseJson } from './schema/json.js';
import { PARSE_PARAMS, formatIssues } from './schema/messages.js';
import { declaredPlayers, scenarioSchema } from './schema/scenario.js';
import type { Scenario, ScenarioResult } from './schema/types.js';

export type * from './schema/types.js';
export {
  ABILITY_TYPES,
  DURATION_KEYWORDS,
  HISTORY_RECORD_TYPES,
  MAX_PLAYERS,
  MIN_PLAYERS,
  PERMANENT_SPELL_TYPES,
  PHASE_IDS,
  SPELL_TYPES,
  STEP_IDS,
  WAITING_FOR,
} from './schema/ids.js';

/** The schema depends on the file's players (references are checked against them): keep the last one. */
let cached: { key: string; schema: ReturnType<typeof scenarioSchema> } | undefined;

function schemaFor(value: unknown) {
  const players = declaredPlayers(value);
  const key = players === undefined ? '' : JSON.stringify([...players]);
  if (cached?.key !== key) cached = { key, schema: scenarioSchema(players) };
  return cached.schema;
}

/** Validates an already-parsed value (e.g. the result of `JSON.parse`). */
export function validateScenario(value: unknown): ScenarioResult {
  try {
    const result = schemaFor(value).safeParse(value, PARSE_PARAMS);
    if (result.success) return { ok: true, scenario: value as Scenario };
    return { ok: false, errors: formatIssues(result.error.issues) };
  } catch (error) {
    const message = error instanceof RangeError ? 'nested too deeply' : error instanceof Error ? error.message : String(error);
    return { ok: false, errors: [`(root): could not be validated: ${message}`] };
  }
}

/** Parses and validates the raw text of a scenario file. */
export function parseScenario(text: string): ScenarioResult {
  const json = parseJson(text);
  if (!json.ok) return { ok: false, errors: [json.error] };
  return validateScenario(json.value);
}
