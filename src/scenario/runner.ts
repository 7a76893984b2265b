// Runs a scenario through the machine's public API only (createGame, send, view).
import { createGame, type CreateGameOptions, type Game, type GameInput, type HistoryRecord } from '../index.js';
import { MAX_EVENTS_PER_RUN, MAX_PATTERN_CHECKS, patternsOf } from './bounds.js';
import { compareView, type Mismatch } from './compare.js';
import { advanceTo, passAll, type AdvanceTarget } from './driver.js';
import { ACTIONS, type ActionEntry, type ActionKey, type Scenario, type ScriptEntry, type SendSpec } from './format.js';
import { eventOf, parseScenario, validateScenario } from './validate.js';

/** A script entry that failed: its index, the entry, and what differed. */
export interface Failure {
  /** Index of the script entry (-1: the file itself is invalid). */
  index: number;
  entry: unknown;
  message: string;
  mismatches?: Mismatch[];
}

/** A scenario's outcome: passed or not, its failures and the game's history. */
export interface ScenarioResult {
  name: string;
  ok: boolean;
  /** Not a valid scenario: the failures name the JSON paths. */
  invalid?: boolean;
  failures: Failure[];
  history: HistoryRecord[];
}

/** What one script entry did. */
export interface EntryOutcome {
  index: number;
  entry: ScriptEntry;
  failure: Failure | null;
}

const only = <T extends object>(entry: T): [string, unknown] => Object.entries(entry)[0] as [string, unknown];
const isAction = (key: string): key is ActionKey => Object.prototype.hasOwnProperty.call(ACTIONS, key);

/** The event a `send` entry stands for: its action's event, sent by `by` (FORMAT.md "Who sends an action"). */
function sentEvent(spec: SendSpec): object {
  const [key, value] = only(spec.action);
  return { ...(eventOf(key as ActionKey, value) as object), by: spec.by };
}

/** Runs one action entry; returns a failure message or null. */
function act(game: Game, key: string, value: unknown): string | null {
  if (key === 'passAll') return passAll(game);
  if (key === 'advanceTo') return advanceTo(game, value as AdvanceTarget);
  if (key === 'send') {
    const refusal = game.send(sentEvent(value as SendSpec));
    return refusal ? `refused: ${refusal.reason} (rule ${refusal.rule})` : null;
  }
  if (!isAction(key)) return `unknown action "${key}"`;
  const refusal = game.send(eventOf(key, value));
  return refusal ? `refused: ${refusal.reason} (rule ${refusal.rule})` : null;
}

function rejectEntry(game: Game, action: ActionEntry): string | null {
  const [key, value] = only(action);
  const before = JSON.stringify(game.persist());
  // passAll is refused when its first pass is: nobody (or somebody else) holds priority.
  const v = game.view();
  const event = key === 'passAll' ? { type: 'priority.pass', player: v.priority ?? v.activePlayer, ...(v.decider !== null && v.decider !== v.priority && { by: v.decider }) }
    : key === 'send' ? sentEvent(value as SendSpec) : isAction(key) ? eventOf(key, value) : null;
  if (!event) return `"${key}" cannot be checked for refusal`;
  const refusal = game.send(event);
  if (!refusal) return `${key} was accepted; it should have been refused`;
  if (JSON.stringify(game.persist()) !== before) return `${key} was refused but changed the game`;
  return null;
}

/** A scenario being run entry by entry. */
export interface ScenarioRun {
  readonly scenario: Scenario;
  readonly game: Game;
  /** Index of the next entry to run. */
  readonly next: number;
  readonly done: boolean;
  /** Runs the next entry. */
  step(): EntryOutcome;
}

/** A scenario's game input. */
export function inputOf(scenario: Scenario): GameInput {
  const { players, teams, options = {} } = scenario;
  return teams === undefined ? { players, options } : { players, teams, options };
}

/** How to run a scenario: against another machine than `turnMachine` (e.g. an engine's, from `turnMachine.provide`). */
export interface RunOptions {
  machine?: CreateGameOptions['machine'];
  /** The rules edition (YYYY-MM-DD) whose numbers the records cite, for a scenario whose options name none. */
  rulesEdition?: string;
}

/** Starts a validated scenario's game; `step()` runs one entry. */
export function startScenario(scenario: Scenario, options: RunOptions = {}): ScenarioRun {
  const input = inputOf(scenario);
  if (options.rulesEdition !== undefined && input.options?.rulesEdition === undefined) input.options = { ...input.options, rulesEdition: options.rulesEdition };
  // FORMAT.md's `history` expectations and VIEW `zones` are about the whole run: the game keeps all of its past.
  if (input.options?.history === undefined) input.options = { ...input.options, history: 'all' };
  const created = createGame(input, options.machine ? { machine: options.machine } : {});
  // The run's bounds (bounds.ts): the events it sends, the pattern checks it makes.
  let sent = 0;
  let checks = 0;
  const game: Game = {
    ...created,
    send: (event) => (++sent > MAX_EVENTS_PER_RUN
      ? { reason: `the run sent ${MAX_EVENTS_PER_RUN.toLocaleString('en')} events (a bound of the runner: MAX_EVENTS_PER_RUN)`, rule: 'bound' }
      : created.send(event)),
  };
  let next = 0;
  return {
    scenario,
    game,
    get next() { return next; },
    get done() { return next >= scenario.script.length; },
    step() {
      const index = next;
      const entry = scenario.script[index];
      next += 1;
      const [key, value] = only(entry);
      if (key === 'expect') {
        const expected = value as Record<string, unknown>;
        // nextTurns is compared as a prefix: list at least as many upcoming turns as expected.
        const upcomingTurns = Array.isArray(expected.nextTurns) ? expected.nextTurns.length : undefined;
        checks += patternsOf(expected) * game.history.length;
        if (checks > MAX_PATTERN_CHECKS) {
          return { index, entry, failure: { index, entry, message: `the run's history patterns would be matched against more than ${MAX_PATTERN_CHECKS.toLocaleString('en')} records in all (a bound of the runner: MAX_PATTERN_CHECKS)` } };
        }
        const mismatches = compareView(expected, game.view({ upcomingTurns }));
        const failure = mismatches.length === 0 ? null
          : { index, entry, message: mismatches.map((m) => m.key).join(', ') + ' differ', mismatches };
        return { index, entry, failure };
      }
      const message = key === 'reject' ? rejectEntry(game, value as ActionEntry) : act(game, key, value);
      return { index, entry, failure: message ? { index, entry, message } : null };
    },
  };
}

/** The name a value given as a scenario says it has, read without trusting it. */
function nameOf(json: unknown): string {
  try {
    const name = typeof json === 'object' && json !== null ? (json as { name?: unknown }).name : undefined;
    return typeof name === 'string' ? name.slice(0, 200) : '(invalid scenario)';
  } catch {
    return '(invalid scenario)';
  }
}

/** Validates and runs a scenario (parsed JSON or its text), stopping at the first failing entry. Never throws. */
export function runScenario(json: unknown, options: RunOptions = {}): ScenarioResult {
  try {
    return runChecked(json, options);
  } catch (error) {
    let message = 'an unreadable error';
    try { message = error instanceof Error ? error.message : String(error); } catch { /* keep it */ }
    return { name: nameOf(json), ok: false, invalid: true, failures: [{ index: -1, entry: null, message: `could not be run: ${message.slice(0, 500)}` }], history: [] };
  }
}

function runChecked(json: unknown, options: RunOptions): ScenarioResult {
  const validated = typeof json === 'string' ? parseScenario(json) : validateScenario(json);
  if (!validated.ok) {
    return { name: nameOf(json), ok: false, invalid: true, failures: validated.errors.map((message) => ({ index: -1, entry: null, message })), history: [] };
  }
  const run = startScenario(validated.scenario, options);
  const failures: Failure[] = [];
  while (!run.done && failures.length === 0) {
    const outcome = run.step();
    if (outcome.failure) failures.push(outcome.failure);
  }
  run.game.stop();
  return { name: validated.scenario.name, ok: failures.length === 0, failures, history: [...run.game.history] };
}
