// mtg-turn-machine/scenario: the JSON rules-scenario format (docs/SCENARIOS.md) — validate and run.
export { runScenario, startScenario, inputOf, type ScenarioResult, type ScenarioRun, type Failure, type EntryOutcome, type RunOptions } from './runner.js';
export { parseScenario, validateScenario, eventOf, type ValidationResult } from './validate.js';
export type {
  Scenario, ScriptEntry, ActionEntry, ActionMap, ActionKey, AdvanceToSpec, ViewExpectation, HistoryExpectation, HistoryRecordPattern,
  ZonesExpectation,
} from './format.js';
export { compareView, matchesRecord, type Mismatch } from './compare.js';
export { advanceTo, passAll, ADVANCE_LIMIT, type AdvanceTarget } from './driver.js';
export { scenarioJsonSchema, SCENARIO_SCHEMA_ID } from './jsonSchema.js';
