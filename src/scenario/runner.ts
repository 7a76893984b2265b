// Runs a FORMAT.md scenario through the machine's public API only (createGame, send, view).
import type { TurnEvent } from '../events.js';
import { createGame, type Game } from '../game.js';
import type { HistoryRecord } from '../rules/draft.js';
import type { GameInput } from '../rules/types.js';
import { view } from '../view.js';
import { compareView, deepEqual, type Mismatch } from './compare.js';
import { advanceTo, passAll, type AdvanceTarget } from './driver.js';
import { parseScenario, validateScenario, type Scenario, type ScriptEntry } from './schema.js';

export interface Failure {
  /** Index of the script entry (-1: the file itself is invalid). */
  index: number;
  entry: unknown;
  message: string;
  mismatches?: Mismatch[];
}

export interface ScenarioResult {
  name: string;
  ok: boolean;
  /** Not a valid scenario: the failures name the JSON paths. */
  invalid?: boolean;
  failures: Failure[];
  history: HistoryRecord[];
}

export interface EntryOutcome {
  index: number;
  entry: ScriptEntry;
  failure: Failure | null;
}

type Entry = Record<string, unknown>;
const only = (entry: ScriptEntry): [string, unknown] => Object.entries(entry)[0] as [string, unknown];

/** The events one action entry stands for (advanceTo and passAll are driven step by step instead). */
function eventFor(key: string, value: unknown): TurnEvent | null {
  const v = value as Entry;
  switch (key) {
    case 'pass': return { type: 'priority.pass', player: value as string };
    case 'cast': return { type: 'spell.cast', object: v as never };
    case 'activate': return { type: 'ability.activate', object: { type: 'activated', ...v } as never };
    case 'trigger': return { type: 'trigger.report', ability: v as never };
    case 'at': return { type: 'trigger.register', trigger: v as never };
    case 'onStateBasedActions': return { type: 'stateBasedActions.schedule', ability: v as never };
    case 'declareAttackers': return { type: 'combat.declareAttackers', player: v.player as string, attackers: v.attackers as never };
    case 'declareBlockers': return { type: 'combat.declareBlockers', player: v.player as string, blockers: v.blockers as never };
    case 'createEffect': return { type: 'effect.create', effect: v as never };
    case 'addMana': return { type: 'mana.add', player: v.player as string, amount: v.amount as number };
    case 'invalidateTarget': return { type: 'target.invalidate', id: value as string };
    case 'setCondition': return { type: 'condition.set', name: v.name as string, value: v.value as boolean };
    default: return null;
  }
}

/** Runs one action entry; returns a failure message or null. */
function act(game: Game, key: string, value: unknown): string | null {
  if (key === 'passAll') return passAll(game);
  if (key === 'advanceTo') return advanceTo(game, value as AdvanceTarget);
  const event = eventFor(key, value);
  if (!event) return `unknown action "${key}"`;
  const refusal = game.send(event);
  return refusal ? `refused: ${refusal.reason} (rule ${refusal.rule})` : null;
}

function rejectEntry(game: Game, action: ScriptEntry): string | null {
  const [key, value] = only(action);
  const before = JSON.stringify(game.snapshot().context);
  // passAll is refused when its first pass is: nobody (or somebody else) holds priority.
  const event = key === 'passAll'
    ? { type: 'priority.pass' as const, player: view(game.snapshot()).priority ?? game.snapshot().context.activePlayer }
    : eventFor(key, value);
  if (!event) return `"${key}" cannot be checked for refusal`;
  const refusal = game.send(event);
  if (!refusal) return `${key} was accepted; it should have been refused`;
  if (JSON.stringify(game.snapshot().context) !== before) return `${key} was refused but changed the game`;
  return null;
}

export interface ScenarioRun {
  readonly scenario: Scenario;
  readonly game: Game;
  /** Index of the next entry to run. */
  readonly next: number;
  readonly done: boolean;
  /** Runs the next entry. */
  step(): EntryOutcome;
}

export function inputOf(scenario: Scenario): GameInput {
  const { players, options = {} } = scenario;
  return { players, options };
}

export function startScenario(scenario: Scenario): ScenarioRun {
  const game = createGame(inputOf(scenario));
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
        const expected = value as Entry;
        // nextTurns is compared as a prefix: list at least as many upcoming turns as expected.
        const upcomingTurns = Array.isArray(expected.nextTurns) ? expected.nextTurns.length : undefined;
        const mismatches = compareView(expected, game.view({ upcomingTurns }));
        const failure = mismatches.length === 0 ? null
          : { index, entry, message: mismatches.map((m) => m.key).join(', ') + ' differ', mismatches };
        return { index, entry, failure };
      }
      const message = key === 'reject' ? rejectEntry(game, value as ScriptEntry) : act(game, key, value);
      return { index, entry, failure: message ? { index, entry, message } : null };
    },
  };
}

/** Validates and runs a scenario (parsed JSON or its text), stopping at the first failing entry. */
export function runScenario(json: unknown): ScenarioResult {
  const validated = typeof json === 'string' ? parseScenario(json) : validateScenario(json);
  if (!validated.ok) {
    const name = typeof json === 'object' && typeof (json as Entry)?.name === 'string' ? (json as Entry).name as string : '(invalid scenario)';
    return { name, ok: false, invalid: true, failures: validated.errors.map((message) => ({ index: -1, entry: null, message })), history: [] };
  }
  const run = startScenario(validated.scenario);
  const failures: Failure[] = [];
  while (!run.done && failures.length === 0) {
    const outcome = run.step();
    if (outcome.failure) failures.push(outcome.failure);
  }
  run.game.stop();
  return { name: validated.scenario.name, ok: failures.length === 0, failures, history: [...run.game.history] };
}

export { deepEqual };
