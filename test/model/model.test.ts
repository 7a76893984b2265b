// Model-based tests generated from the statechart (issue 4): each family's paths come from
// xstate/graph shortest-path traversals of machines/turn.ts and run against a real actor,
// the rule invariants checked after every event; together they must take every transition.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { turnMachine, type TurnEvent } from '../../src/index.js';
import { startScenario, validateScenario, inputOf } from '../../src/scenario/index.js';
// The families, the explorer, the monitor and the coverage recorder: the package's mtg-turn-machine/testing.
import {
  countConfigTransitions, describeViolations, execute, families, generate, machineTransitions, RulesMonitor, TransitionRecorder,
} from '../../src/testing/index.js';

const started = performance.now();
const recorder = new TransitionRecorder();
const transitions = machineTransitions(turnMachine);
const summary: string[] = [];
let totalPaths = 0;
let totalEvents = 0;

for (const family of families) {
  describe(family.name, () => {
    const paths = generate(family);
    const labels = new Set(paths.map((p) => p.label));
    const missing = family.expected.filter((label) => !labels.has(label));
    const events = paths.reduce((n, p) => n + p.events.length, 0);
    totalPaths += paths.length;
    totalEvents += events;
    summary.push(`  ${family.name} [${family.rules.join(', ')}]: ${paths.length} paths (${family.expected.length - missing.length}/${family.expected.length} targets, ${events} events)`);

    it('generates a path to every target of the family', () => {
      expect(missing).toEqual([]);
      expect(paths.length).toBe(family.expected.length);
    });

    it.each(paths.map((p) => [p.label, p] as const))('%s', async (_label, generated) => {
      const executed = await execute(generated, recorder.inspect);
      family.check(executed);
    });
  });
}

describe('statechart coverage', () => {
  it('counts the transitions of machines/turn.ts from its definition', () => {
    expect(transitions.length).toBe(countConfigTransitions(turnMachine.config));
  });

  it('takes every transition (guarded alternatives and reject branches included) in some generated path', () => {
    const { covered, total, missing } = recorder.coverage(transitions);
    console.log(`transitions covered: ${covered}/${total}`);
    expect(missing).toEqual([]);
    expect(covered).toBe(total);
  });
});

// The hand-written scenarios (adjudicated against the rules, the machine passes them all) run
// under the monitor too: the invariants must hold on them, teams and issue 15's forms included.
const SCENARIOS = new URL('../scenarios/', import.meta.url);
describe('the rule invariants on the scenario corpus (test/scenarios)', () => {
  const files = readdirSync(SCENARIOS).filter((f) => f.endsWith('.json')).sort();
  it.each(files)('%s', (file) => {
    const validated = validateScenario(JSON.parse(readFileSync(new URL(file, SCENARIOS), 'utf8')));
    if (!validated.ok) throw new Error(validated.errors.join('; '));
    const run = startScenario(validated.scenario);
    const game = run.game;
    const monitor = new RulesMonitor(inputOf(validated.scenario));
    monitor.observe({ event: null, before: null, after: game.snapshot(), records: [...game.history], refusal: null });
    const send = game.send.bind(game);
    let observed = 0;
    Object.assign(game, {
      send: (event: unknown) => {
        observed += 1;
        const before = game.snapshot();
        const from = game.history.length;
        const refusal = send(event);
        monitor.observe({ event: event as TurnEvent, before, after: game.snapshot(), records: game.history.slice(from), refusal });
        return refusal;
      },
    });
    while (!run.done) expect(run.step().failure).toBeNull();
    expect(observed).toBeGreaterThan(0); // the runner's events went through the monitor
    expect(describeViolations(monitor.violations)).toBe('');
    game.stop();
  });
});

afterAll(() => {
  const { covered, total } = recorder.coverage(transitions);
  console.log([
    'model-based suite (xstate/graph shortest paths, run against real actors):',
    ...summary,
    `  total: ${totalPaths} paths, ${totalEvents} events`,
    `transitions covered: ${covered}/${total}`,
    `model suite time: ${((performance.now() - started) / 1000).toFixed(1)} s`,
  ].join('\n'));
});
