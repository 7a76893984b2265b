// mtg-turn-machine/testing: model-based testing of the turn machine, for the project's own suite
// (test/model) and for anyone testing an engine or a UI built on it (docs/TESTING.md).
//   - turnPaths({ family }): the generated paths of a family named by its rule, each `{ name, input, events }`;
//     playTurnPath / monitorGame / checkTurnPath play and check one against a game of yours;
//   - the rules monitor (RulesMonitor), which keeps an independent shadow of the game and reports every
//     broken invariant under its rule;
//   - the ready test model (turnTestModel: the bounded state projection stateKey, an exploration's event
//     menu per state, refusals kept as targets), the families themselves and the menus' building blocks;
//   - the machine's transitions and a recorder of those an actor takes (coverage).
// It needs xstate (a peer) and nothing else: no test runner.
export {
  turnPaths, pathFamilies, familyKey, playTurnPath, monitorGame, checkTurnPath,
  type TurnPath, type PlayedPath, type MonitoredGame,
} from './paths.js';
export { RulesMonitor, describeViolations, type Observation, type Violation } from './invariants.js';
export {
  turnTestModel, stateKey, generate, execute,
  type TurnTestModel, type Exploration, type Family, type Menu, type GeneratedPath, type ExecutedPath,
} from './explore.js';
import { families as allFamilies } from './families.js';
import type { Family as FamilyOf } from './explore.js';
/** The project's path families themselves (explorations, targets, rule assertions), in the order the model suite runs them. */
export const families: readonly FamilyOf[] = allFamilies;
export { startRun, type Run } from './harness.js';
export { machineTransitions, countConfigTransitions, TransitionRecorder, type MachineTransition } from './transitions.js';
export * as menus from './menus.js';
