import { createActor } from 'xstate';
import { beforeAll, describe, expect, it } from 'vitest';
import { turnMachine } from '../../src/index.js';
import { activeStateIds, guessTakenEdgeIds, takenEdgeIds, takenTransitionsOf, type TakenTransition } from '../../src/visualizer/chart/active.js';
import { wrapRows } from '../../src/visualizer/chart/arrange.js';
import { chartFromConfig, edgeCaption, ruleOf, type ChartGraph } from '../../src/visualizer/chart/graph.js';
import { layoutChart, packLines, type Box, type ChartLayout } from '../../src/visualizer/chart/layout.js';
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

  it('captions edges with the event and the guard’s name only; the full label keeps the parameters', () => {
    expect(edgeCaption('', { type: 'isNextStep', params: { step: 'cleanup' } })).toBe('[isNextStep]');
    expect(edgeCaption('', undefined)).toBe('');
    expect(edgeCaption('priority.pass', { type: 'isLastPass' })).toBe('priority.pass\n[isLastPass]');
    expect(edgeCaption('step.finished', undefined)).toBe('step.finished');
    const cleanup = chartFromConfig(asJson(turnMachine.config)).edges.find((edge) => edge.target.endsWith('ending.cleanup'))!;
    expect(cleanup).toMatchObject({ caption: '[isNextStep]', label: '[isNextStep(cleanup)]' });
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

/** Whether `b` comes after `a` in reading order: right of it in the same row, or in a row below. */
const readsAfter = (a: Box, b: Box) => b.y >= a.y + a.height - 0.5 || (b.x >= a.x + a.width - 0.5 && b.y < a.y + a.height && a.y < b.y + b.height);
const boxesOf = (graph: ChartGraph, layout: ChartLayout, id: string) => graph.nodesById.get(id)!.children.map((child) => layout.nodes.get(child.id)!);

describe('layoutChart of the turn machine', () => {
  const graph = chartFromConfig(asJson(turnMachine.config));
  let layout: ChartLayout;
  beforeAll(async () => {
    layout = await layoutChart(graph);
  });
  const T = 'mtgTurn.turn';

  it('reads in the order of the definition: the router first, then the phases in reading order', () => {
    const [router, ...phases] = boxesOf(graph, layout, `${T}.phases`);
    for (const phase of phases) expect(phase.y).toBeGreaterThanOrEqual(router.y + router.height);
    for (let i = 1; i < phases.length; i++) expect(readsAfter(phases[i - 1], phases[i])).toBe(true);
  });

  it('puts each phase’s router first and its steps after it, top to bottom in rule order', () => {
    for (const phase of ['beginning', 'combat', 'ending']) {
      const [router, ...steps] = boxesOf(graph, layout, `${T}.phases.${phase}`);
      for (const step of steps) expect(step.x).toBeGreaterThanOrEqual(router.x + router.width);
      for (let i = 1; i < steps.length; i++) expect(steps[i].y).toBeGreaterThanOrEqual(steps[i - 1].y + steps[i - 1].height);
    }
  });

  it('puts the priority region below the phases, its states left to right in loop order', () => {
    const [phases, priority] = boxesOf(graph, layout, T);
    expect(priority.y).toBeGreaterThanOrEqual(phases.y + phases.height);
    const states = boxesOf(graph, layout, `${T}.priority`);
    for (let i = 1; i < states.length; i++) expect(states[i].x).toBeGreaterThanOrEqual(states[i - 1].x + states[i - 1].width);
  });

  it('fits a 1920×1080 screen beside the side panel at a legible scale', () => {
    // 0.6: titles of 13 px drawn at 8 px and up (the priority region's chain of eight states sets the width; the
    // transitions of leaving the game, 800.4, and of standing passes, 732.2, in the declarations and the priority
    // loop, add height). Was 0.75. The page itself opens at 80 % or more and zooms and pans (zoom.ts).
    expect(Math.min(1360 / layout.width, 900 / layout.height)).toBeGreaterThan(0.6);
  });

  it('joins the pieces of edges that cross state borders into one orthogonal path from source to target', () => {
    const touches = (point: { x: number; y: number }, box: Box) =>
      point.x >= box.x - 1 && point.x <= box.x + box.width + 1 && point.y >= box.y - 1 && point.y <= box.y + box.height + 1;
    for (const edge of graph.edges) {
      const { points } = layout.edges.get(edge.id)!;
      expect(touches(points[0], layout.nodes.get(edge.source)!)).toBe(true);
      expect(touches(points.at(-1)!, layout.nodes.get(edge.target)!)).toBe(true);
      for (let i = 1; i < points.length; i++) {
        const straight = Math.abs(points[i].x - points[i - 1].x) < 0.5 || Math.abs(points[i].y - points[i - 1].y) < 0.5;
        expect(straight, `${edge.id}: segment ${i}`).toBe(true);
      }
    }
  });
});

describe('layout helpers', () => {
  it('packs internal transitions several to a line', () => {
    expect(packLines(['priority.pass', 'spell.cast', 'ability.activate'], 30)).toEqual(['priority.pass · spell.cast', 'ability.activate']);
  });

  it('wraps states into rows like text', () => {
    expect(wrapRows([300, 100, 600, 100, 250], 1100)).toEqual([0, 0, 0, 1, 1]);
    expect(wrapRows([2000, 100], 1000)).toEqual([0, 1]);
  });
});
