// Path generation with xstate/graph: a test model of the turn machine explored breadth-first
// (shortest paths) under a family's event menu, with the state projected to what matters
// and bounded by a turn limit (DESIGN-NOTES: traversal blows up on raw context).
import type { InspectionEvent } from 'xstate';
import { createTestModel, type TestModel, type TestPath } from 'xstate/graph';
import {
  explainRefusal, turnMachine,
  type GameInput, type HistoryRecord, type Refusal, type TurnEvent, type TurnSnapshot,
} from '../index.js';
import { startRun } from './harness.js';
import { describeViolations } from './invariants.js';

/** The events offered in a state (legal or not: refusals are targets too). */
export type Menu = (s: TurnSnapshot) => TurnEvent[];

/** One traversal of the machine: an input, an event menu, a turn bound and the labels of its targets. */
export interface Exploration {
  input: GameInput;
  /** The events offered in a state (legal or not: refusals become paths of their own). */
  menu: Menu;
  /** States of this turn are not explored further. */
  stopAtTurn: number;
  /** Events whose resulting state is a target in itself, not explored further. */
  terminal?: (event: TurnEvent) => boolean;
  /** Names the target a path reaches (from its states and events), or null. */
  label: (states: readonly TurnSnapshot[], events: readonly TurnEvent[]) => string | null;
}

/** A named family of paths: its explorations, the targets each must reach, and the rule assertions on each path. */
export interface Family {
  name: string;
  rules: string[];
  explorations: Exploration[];
  /** Every one of these targets must get a generated path. */
  expected: string[];
  /** Rule assertions on one executed path (throws on a violation). */
  check: (path: ExecutedPath) => void;
}

/** A generated path: its family, label, input and events, and xstate/graph's TestPath. */
export interface GeneratedPath {
  family: string;
  label: string;
  input: GameInput;
  path: TestPath<TurnSnapshot, TurnEvent>;
  events: TurnEvent[];
}

/** A generated path run on a real actor: its history, last snapshot and refusals. */
export interface ExecutedPath extends GeneratedPath {
  history: HistoryRecord[];
  final: TurnSnapshot;
  /** The refusal (or null) of each event, in order. */
  refusals: (Refusal | null)[];
}

/**
 * The state identity used by the traversal: the configuration and the context without its
 * constants (players, options). Nothing else may be left out: a path's steps carry the state
 * the traversal stored under each key, and the actor running the path is compared with it.
 * The traversal stays small because the menus are narrow and turns are bounded.
 */
export function stateKey(s: TurnSnapshot): string {
  const { players: _players, options: _options, ...rest } = s.context;
  return JSON.stringify([s.value, rest]);
}

/** A ready test model of the turn machine for one exploration. */
export interface TurnTestModel {
  model: TestModel<TurnSnapshot, TurnEvent, unknown>;
  /** The shortest path to every projected state (a refused event's state included), under the exploration's menu. */
  getShortestPaths(): TestPath<TurnSnapshot, TurnEvent>[];
}

/**
 * The ready test model of one exploration (xstate/graph's `createTestModel`): the state projected by
 * `stateKey`, a refused event (or a `terminal` one) kept as a target of its own and not explored further,
 * states of the turn `stopAtTurn` not explored, and the exploration's menu as the events of each state.
 * `getShortestPaths()` traverses under that menu (`model` is the xstate/graph TestModel itself).
 */
export function turnTestModel(exploration: Exploration): TurnTestModel {
  const endStates = new WeakSet<object>();
  const model = createTestModel(turnMachine, {
    input: keepingAll(exploration.input),
    serializeState: (s: TurnSnapshot, event: TurnEvent | undefined, prev?: TurnSnapshot) => {
      // A refused event leaves the state as it was: keep it as a target of its own, not explored further.
      if (event && prev && explainRefusal(prev, event) !== null) {
        endStates.add(s);
        return `${stateKey(prev)} refused ${JSON.stringify(event)}`;
      }
      if (event && exploration.terminal?.(event)) {
        endStates.add(s);
        return `${stateKey(s)} after ${JSON.stringify(event)}`;
      }
      return stateKey(s);
    },
    stopWhen: (s: TurnSnapshot) => endStates.has(s) || s.context.turn >= exploration.stopAtTurn,
  } as never);
  // The menu is given to the traversal itself: createTestModel's own `events` option would send a bare
  // `{type}` for each event type the state accepts, and drop types it does not (an unknown event).
  const menu = (s: TurnSnapshot) => (s.context.turn >= exploration.stopAtTurn ? [] : exploration.menu(s));
  return {
    model: model as TurnTestModel['model'],
    getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true, events: menu } as never) as TestPath<TurnSnapshot, TurnEvent>[],
  };
}

/**
 * An exploration's input keeping the whole past (`history: 'all'`) unless it says otherwise: the
 * families' menus and checks read the zones and records of earlier turns (ids already used, what
 * was exiled), and a path is played back on the same input.
 */
function keepingAll(input: GameInput): GameInput {
  return input.options?.history === undefined ? { ...input, options: { ...input.options, history: 'all' } } : input;
}

/** Shortest paths to every projected state under the menu, reduced to the shortest one per label. */
export function generate(family: Family): GeneratedPath[] {
  const best = new Map<string, GeneratedPath>();
  for (const exploration of family.explorations) {
    const paths = turnTestModel(exploration).getShortestPaths();
    for (const path of paths) {
      const states = path.steps.map((step) => step.state);
      const events = path.steps.slice(1).map((step) => step.event);
      const label = exploration.label(states, events);
      if (label === null) continue;
      const known = best.get(label);
      if (!known || known.events.length > events.length) {
        best.set(label, { family: family.name, label, input: keepingAll(exploration.input), path, events });
      }
    }
  }
  return [...best.values()].sort((a, b) => family.expected.indexOf(a.label) - family.expected.indexOf(b.label));
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Runs a generated path against a real actor (TestModel.testPath): after every event the
 * actor must be in the state the model predicted, and no rule invariant may be violated.
 */
export async function execute(g: GeneratedPath, inspect?: (event: InspectionEvent) => void): Promise<ExecutedPath> {
  const run = startRun(g.input, inspect);
  const refusals: (Refusal | null)[] = [];
  const send = ({ event }: { event: TurnEvent }) => { refusals.push(run.send(event).refusal); };
  try {
    await g.path.test({
      events: Object.fromEntries(g.events.map((e) => [e.type, send])),
      states: {
        '*': (expected: TurnSnapshot) => {
          const actual = run.snapshot();
          if (!sameJson(actual.value, expected.value) || !sameJson(actual.context, expected.context)) {
            throw new Error(`the actor is not where the model is: ${JSON.stringify(actual.value)} vs ${JSON.stringify(expected.value)}`);
          }
          if (run.monitor.violations.length > 0) throw new Error(`rule invariants violated:\n${describeViolations(run.monitor.violations)}`);
        },
      },
    } as never);
  } catch (error) {
    const message = (error as Error).message.split('\nPath:')[0];
    throw new Error(`${g.family} — ${g.label}: ${message}\nevents:\n${g.events.map((e, i) => `  ${i + 1}. ${JSON.stringify(e)}`).join('\n')}`, { cause: error });
  } finally {
    run.stop();
  }
  return { ...g, history: run.history, final: run.snapshot(), refusals };
}
