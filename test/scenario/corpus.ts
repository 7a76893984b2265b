// The scenario files of the repository and of ../shared/scenarios (beside the repository, as CI lays it
// out), located from this file rather than from the working directory, each with what validateScenario says.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateScenario } from '../../src/scenario/index.js';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
/** The shared conformance scenarios; `next/` holds those of features in progress. */
export const SHARED_SCENARIOS = join(REPO, '..', 'shared', 'scenarios');

export interface ScenarioFile {
  /** Relative to the repository, e.g. `test/scenarios/time-warp.json`, `../shared/scenarios/next/13-final-fortune.json`. */
  name: string;
  text: string;
  value: unknown;
  /** validateScenario's errors ([] when it accepts the file). */
  errors: string[];
}

function filesIn(dir: string): ScenarioFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const value: unknown = JSON.parse(text);
      const result = validateScenario(value);
      return { name: relative(REPO, join(dir, file)), text, value, errors: result.ok ? [] : result.errors };
    });
}

export const ownScenarios = () => filesIn(join(REPO, 'test', 'scenarios'));
export const sharedScenarios = () => filesIn(SHARED_SCENARIOS);
export const nextScenarios = () => filesIn(join(SHARED_SCENARIOS, 'next'));
