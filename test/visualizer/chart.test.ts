import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { turnMachine } from '../../src/index.js';
import { activeStateIds, guessTakenEdgeIds, takenEdgeIds, takenTransitionsOf, type TakenTransition } from '../../src/visualizer/chart/active.js';
import { chartFromConfig, ruleOf } from '../../src/visualizer/chart/graph.js';
import { layoutChart } from '../../src/visualizer/chart/layout.js';
import { toyTurnMachine } from './fixtures/toyTurnMachine.js';

const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const toyChart = () => chartFromConfig(asJson(toyTurnMachine.config));

describe('chartFromConfig', () => {
  it('nests states as the definition does, with descriptions, rules and initial states', () => {
    const chart = toyChart();
    expect(chart.root.id).toBe('turn');
    expect(chart.root.children.map((node) => node.key)).toEqual(['phases', 'priority']);
    const upkeep = chart.nodesById.get('turn.phases.beginning.upkeep');
    expect(upkeep).toMatchObject({ path: ['phases', 'beginning', 'upkeep'], type: 'atomic', rule: '503.1', isInitial: true });
    expect(chart.nodesById.get('turn.phases.beginning.draw')?.isInitial).toBe(false);
  });

  it('resolves sibling, #id and .child targets as XState does, labelled with event and named guard', () => {
    const edges = toyChart().edges.map(({ source, target, label }) => `${source} -> ${target}: ${label}`);
    expect(edges).toContain('turn.phases.beginning.upkeep -> turn.phases.beginning.draw: pass [allPassed]');
    expect(edges).toContain('turn.phases.beginning.draw -> turn.phases.nextPhase: pass');
    expect(edges).toContain('turn.phases -> turn.phases.ending.cleanup: endTurn');
    expect(edges).toContain('turn.phases.nextPhase -> turn.phases.ending: always');
  });

  it('lists targetless transitions inside their state', () => {
    const chart = toyChart();
    expect(chart.nodesById.get('turn.phases.beginning.upkeep')?.internalLabels).toEqual(['pass']);
    expect(chart.nodesById.get('turn.priority.holding')?.internal[0]).toMatchObject({ eventType: 'note', actions: ['writeNote'] });
  });

  it('draws the turn machine: every state has a rule, guards show their parameters, re-entries stay inside', () => {
    const chart = chartFromConfig(asJson(turnMachine.config));
    const states = [...chart.nodesById.values()].filter((node) => node !== chart.root);
    expect(states.length).toBeGreaterThan(30);
    expect(states.filter((node) => !node.rule).map((node) => node.id)).toEqual([]);
    expect(chart.edges.map((edge) => edge.label)).toContain('[isNextStep(cleanup)]');
    expect(chart.edges.some((edge) => edge.target === 'mtgTurn.turn')).toBe(false);
    expect(chart.nodesById.get('mtgTurn.turn.phases.nextPhase')?.internalLabels).toContain('always ↻ turn');
  });

  it('reads a rule number at the start of a description', () => {
    expect(ruleOf('514.3a: unless ...')).toBe('514.3a');
    expect(ruleOf('117: priority')).toBe('117');
    expect(ruleOf('no rule here')).toBeUndefined();
  });
});

describe('active states and taken transitions', () => {
  it('lights every state of a snapshot value, ancestors included', () => {
    const active = activeStateIds(toyChart(), { phases: { beginning: 'upkeep' }, priority: 'holding' });
    expect([...active].sort()).toEqual(
      ['turn', 'turn.phases', 'turn.phases.beginning', 'turn.phases.beginning.upkeep', 'turn.priority', 'turn.priority.holding'].sort(),
    );
  });

  it('maps the microsteps XState reports to the chart edges, eventless ones included', () => {
    const chart = toyChart();
    const taken: TakenTransition[] = [];
    const actor = createActor(toyTurnMachine, { inspect: (event) => taken.push(...takenTransitionsOf(event)) }).start();
    actor.send({ type: 'pass' });
    actor.send({ type: 'pass' });
    taken.length = 0;
    actor.send({ type: 'pass' });
    expect([...takenEdgeIds(chart, taken)].sort()).toEqual([
      'turn.phases.beginning.draw --pass--> turn.phases.nextPhase',
      'turn.phases.nextPhase ----> turn.phases.ending',
    ]);
  });

  it('guesses the same edges from the state values before and after an event', () => {
    const chart = toyChart();
    const before = activeStateIds(chart, { phases: { beginning: 'draw' }, priority: 'holding' });
    const after = activeStateIds(chart, { phases: { ending: 'end' }, priority: 'holding' });
    expect([...guessTakenEdgeIds(chart, before, after, 'pass')].sort()).toEqual([
      'turn.phases.beginning.draw --pass--> turn.phases.nextPhase',
      'turn.phases.nextPhase ----> turn.phases.ending',
    ]);
  });
});

describe('layoutChart', () => {
  it('places every state inside its parent and routes every edge', async () => {
    const chart = toyChart();
    const layout = await layoutChart(chart);
    for (const node of chart.nodesById.values()) {
      const box = layout.nodes.get(node.id)!;
      for (const child of node.children) {
        const inner = layout.nodes.get(child.id)!;
        expect(inner.x).toBeGreaterThanOrEqual(box.x);
        expect(inner.y).toBeGreaterThanOrEqual(box.y);
        expect(inner.x + inner.width).toBeLessThanOrEqual(box.x + box.width + 0.01);
        expect(inner.y + inner.height).toBeLessThanOrEqual(box.y + box.height + 0.01);
      }
    }
    for (const edge of chart.edges) expect(layout.edges.get(edge.id)?.points.length).toBeGreaterThanOrEqual(2);
  });
});
