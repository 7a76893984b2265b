// Model-based tests generated from the statechart (issue 4): each family's paths come from
// xstate/graph shortest-path traversals of machines/turn.ts and run against a real actor,
// the rule invariants checked after every event; together they must take every transition.
import { afterAll, describe, expect, it } from 'vitest';
import { turnMachine } from '../../src/index.js';
import { execute, generate } from './explore.js';
import { families } from './families.js';
import { countConfigTransitions, machineTransitions, TransitionRecorder } from './transitions.js';

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
