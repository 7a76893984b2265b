// The statechart executor's conformance suite (src/statechart/README.md): it against XState
// itself, on small charts each made to show an ordering rule (charts.ts): random event
// sequences, and after each event the same actions in the same order, the same context and the
// same state value (key order included: it is the order of the active states). Also: restoring
// from a state value, persisted snapshots (their fields, and resuming from them), and what the
// executor refuses to compile.
import fc from 'fast-check';
import { assign, createActor, raise, setup, type AnyActor, type StateValue } from 'xstate';
import { describe, expect, it } from 'vitest';
import { compileChart, type Bindings, type ChartEvent } from '../../src/statechart/index.js';
import { Configuration } from '../../src/statechart/index.js';
import { macrostep, start, type RunState } from '../../src/statechart/index.js';
import { CHARTS, logged } from './charts.js';

type Config = Record<string, unknown>;

class Run implements RunState<Run> {
  readonly internalQueue: ChartEvent[] = [];
  tracking = false;
  changed = false;
  n = 0;
  readonly log: string[] = [];
  constructor(public configuration: Configuration<Run>) {}
}

const paramsOf = (ref: unknown) => (typeof ref === 'object' && ref !== null ? (ref as { params?: Record<string, unknown> }).params ?? {} : {});
const nameOf = (ref: unknown) => (typeof ref === 'string' ? ref : (ref as { type: string }).type);

const bindings: Bindings<Run> = {
  action(ref) {
    const params = paramsOf(ref);
    switch (nameOf(ref)) {
      case 'log': return (run) => { run.log.push(params.msg as string); };
      case 'inc': return (run) => { run.n += 1; run.changed = true; };
      case 'raiseIt': return (run) => { run.internalQueue.push({ type: params.type as string }); };
      default: throw new Error(`no action ${nameOf(ref)}`);
    }
  },
  guard(ref) {
    const params = paramsOf(ref);
    switch (nameOf(ref)) {
      case 'lt': return (run) => run.n < (params.n as number);
      case 'even': return (run) => run.n % 2 === 0;
      case 'odd': return (run) => run.n % 2 === 1;
      case 'gt': return (run) => run.n > (params.n as number);
      default: throw new Error(`no guard ${nameOf(ref)}`);
    }
  },
};

function xstateMachine(config: Config, log: string[]) {
  return setup({
    types: { context: {} as { n: number } },
    actions: {
      log: (_, params: { msg: string }) => { log.push(params.msg); },
      inc: assign({ n: ({ context }) => context.n + 1 }),
      raiseIt: raise((_, params: { type: string }) => ({ type: params.type })),
    },
    guards: {
      lt: ({ context }, params: { n: number }) => context.n < params.n,
      even: ({ context }) => context.n % 2 === 0,
      odd: ({ context }) => context.n % 2 === 1,
      gt: ({ context }, params: { n: number }) => context.n > params.n,
    },
  }).createMachine({ ...config, context: { n: 0 } } as never);
}

interface Side { log: string[]; n: () => number; value: () => StateValue; hasTag: (tag: string) => boolean; send: (type: string) => void }

/** Every tag a config's states carry (and one none does): what `hasTag` is asked about after each event. */
function tagsOf(config: Config): string[] {
  const own = config.tags === undefined ? [] : Array.isArray(config.tags) ? config.tags as string[] : [config.tags as string];
  const below = Object.values((config.states ?? {}) as Record<string, Config>).flatMap(tagsOf);
  return [...new Set([...own, ...below])];
}

function both(config: Config, restoreFrom?: { value: StateValue; n: number }, persistedSnapshot?: unknown): [Side, Side] {
  const xLog: string[] = [];
  const machine = xstateMachine(config, xLog);
  const actor: AnyActor = createActor(machine, restoreFrom && {
    snapshot: (persistedSnapshot ?? machine.resolveState({ value: restoreFrom.value, context: { n: restoreFrom.n } })) as never,
  });
  actor.start();
  const chart = compileChart(config, bindings);
  const run = new Run(restoreFrom ? Configuration.fromValue(chart, restoreFrom.value) : Configuration.empty(chart));
  if (restoreFrom) run.n = restoreFrom.n;
  else start(chart, run, { type: 'xstate.init' });
  return [
    { log: xLog, n: () => actor.getSnapshot().context.n, value: () => actor.getSnapshot().value, hasTag: (tag) => actor.getSnapshot().hasTag(tag) as boolean, send: (type) => actor.send({ type }) },
    { log: run.log, n: () => run.n, value: () => run.configuration.value(chart.root), hasTag: (tag) => run.configuration.hasTag(tag), send: (type) => macrostep(chart, run, { type }) },
  ];
}

function expectSame([x, ours]: [Side, Side], after: string, tags: readonly string[] = []): void {
  const tagged = (side: Side) => tags.filter((tag) => side.hasTag(tag));
  expect({ after, log: ours.log, n: ours.n(), value: JSON.stringify(ours.value()), tags: tagged(ours) })
    .toEqual({ after, log: x.log, n: x.n(), value: JSON.stringify(x.value()), tags: tagged(x) });
  x.log.length = 0;
  ours.log.length = 0;
}

describe('the executor follows XState', () => {
  for (const [name, { config, events }] of Object.entries(CHARTS)) {
    it(`${name}: random events, the same actions in the same order, context, state value and tags`, () => {
      const chart = logged(config);
      const tags = [...tagsOf(config), 'untagged'];
      fc.assert(fc.property(fc.array(fc.constantFrom(...events), { maxLength: 16 }), (sequence) => {
        const sides = both(chart);
        expectSame(sides, 'start', tags);
        for (const type of sequence) {
          for (const side of sides) side.send(type);
          expectSame(sides, type, tags);
        }
      }), { numRuns: 300, seed: 13 });
    });
  }

  it('restores from a state value as XState does, region order included', () => {
    const chart = logged(CHARTS.eventlessOrder.config);
    for (const value of [{ b: 'b2', a: 'a2' }, { a: 'a2', b: 'b2' }] as StateValue[]) {
      const sides = both(chart, { value, n: 0 });
      expectSame(sides, 'restored');
      for (const type of ['INC', 'MOVE', 'MOVEB', 'INC']) {
        for (const side of sides) side.send(type);
        expectSame(sides, type);
      }
    }
  });
});

/** A persisted snapshot as the playout writes one from the executor: XState's getPersistedSnapshot fields, in its order. */
const persisted = (value: StateValue, n: number) => ({ status: 'active', output: undefined, error: undefined, value, historyValue: {}, context: { n }, children: {} });

describe('persisted snapshots', () => {
  for (const [name, { config, events }] of Object.entries(CHARTS)) {
    it(`${name}: the executor's persisted snapshot is XState's, field order included, and both resume from it alike`, () => {
      const chart = logged(config);
      fc.assert(fc.property(fc.array(fc.constantFrom(...events), { maxLength: 8 }), fc.array(fc.constantFrom(...events), { maxLength: 8 }), (before, after) => {
        const log: string[] = [];
        const machine = xstateMachine(chart, log);
        const actor = createActor(machine).start();
        const compiled = compileChart(chart, bindings);
        const run = new Run(Configuration.empty(compiled));
        start(compiled, run, { type: 'xstate.init' });
        for (const type of before) { actor.send({ type }); macrostep(compiled, run, { type }); }
        const theirs = actor.getPersistedSnapshot();
        const ours = persisted(run.configuration.value(compiled.root), run.n);
        expect(Object.keys(ours)).toEqual(Object.keys(theirs));
        expect(JSON.stringify(ours)).toEqual(JSON.stringify(theirs));
        // Resumed from the JSON (a state value's key order is what the restored configuration follows).
        const json = JSON.parse(JSON.stringify(theirs)) as { value: StateValue; context: { n: number } };
        const sides = both(chart, { value: json.value, n: json.context.n }, json);
        expectSame(sides, 'resumed');
        for (const type of after) {
          for (const side of sides) side.send(type);
          expectSame(sides, type);
        }
      }), { numRuns: 100, seed: 29 });
    });
  }
});

describe('the executor compiles only what it can run', () => {
  it.each([
    [{ id: 'x', initial: 'a', states: { a: { after: { 100: 'a' } } } }, /"after" is not supported/],
    [{ id: 'x', initial: 'a', states: { a: { type: 'final' } } }, /final states are not supported/],
    [{ id: 'x', initial: 'a', states: { a: { invoke: { src: 'y' } } } }, /"invoke" is not supported/],
    [{ id: 'x', initial: 'a', states: { a: {}, h: { type: 'history' } } }, /history states are not supported/],
    [{ id: 'x', initial: 'a', states: { a: { on: { E: 'nowhere' } } } }, /child state "nowhere" does not exist/],
    [{ id: 'x', initial: 'a', states: { a: { entry: 'mystery' } } }, /no action mystery/],
    [{ id: 'x', states: { a: {} } }, /needs an `initial` state/],
    [{ id: 'x', initial: 'a', states: { a: { onDone: 'a' } } }, /"onDone" is not supported/],
    [{ id: 'x', initial: 'a', states: { a: { on: { E: { target: 'a', delay: 5 } } } } }, /transition key "delay" is not supported/],
    [{ id: 'x', initial: 'a', states: { a: { entry: () => undefined } } }, /no action undefined/],
  ])('%j is refused', (config, message) => {
    expect(() => compileChart(config as Config, bindings)).toThrow(message);
  });
});
