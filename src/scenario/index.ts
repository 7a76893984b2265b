// mtg-turn-machine/scenario: the JSON rules-scenario format (FORMAT.md) — validate and run.
export { runScenario, startScenario, inputOf, type ScenarioResult, type ScenarioRun, type Failure, type EntryOutcome } from './runner.js';
export { parseScenario, validateScenario } from './schema.js';
export type * from './schema/types.js';
export { compareView, matchesRecord, type Mismatch } from './compare.js';
export { advanceTo, passAll, ADVANCE_LIMIT, type AdvanceTarget } from './driver.js';
