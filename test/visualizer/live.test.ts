import { describe, expect, it } from 'vitest';
import { turnMachine } from '../../src/index.js';
import { createLiveActors, MAX_KEPT } from '../../src/visualizer/app/liveActors.js';
import { clampScale, fitScale, zoomAround } from '../../src/visualizer/app/zoom.js';
import { DRAWABLE, undrawableDefinition, undrawableGraph } from '../../src/visualizer/chart/limits.js';
import { chartFromConfig } from '../../src/visualizer/chart/graph.js';

const flat = (count: number) => ({
  id: 'huge',
  initial: 's0',
  states: Object.fromEntries(Array.from({ length: count }, (_, i) => [`s${i}`, { on: { NEXT: `s${(i + 1) % count}`, BACK: `s${(i + count - 1) % count}` } }])),
});

describe('definitions the page cannot draw are refused with the reason (a 90 KB one took the tab down)', () => {
  it('draws the turn machine', () => {
    expect(undrawableDefinition(turnMachine.config)).toBeUndefined();
    expect(undrawableGraph(chartFromConfig(turnMachine.config))).toBeUndefined();
  });

  it('refuses 2,000 states (90 KB of JSON), reading only up to the cap', () => {
    expect(JSON.stringify(flat(2000)).length).toBeGreaterThan(90_000);
    expect(undrawableDefinition(flat(2000))).toBe(`it has more than ${DRAWABLE.maxStates} states; the page draws at most ${DRAWABLE.maxStates}`);
  });

  it('refuses states nested deeper than it draws, without recursing', () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) deep = { initial: 'a', states: { a: deep } };
    expect(undrawableDefinition({ id: 'deep', ...deep })).toMatch(/nested more than 16 deep/);
  });

  it('refuses more transitions than it lays out', () => {
    const states = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`s${i}`, { on: Object.fromEntries(Array.from({ length: 20 }, (_, j) => [`E${j}`, `s${j}`])) }]));
    expect(undrawableGraph(chartFromConfig({ id: 'dense', initial: 's0', states }))).toMatch(/transitions between states; the page draws at most 300/);
  });

  it('a live actor whose definition is too long to read says so, and is still followed', () => {
    const live = createLiveActors();
    const definition = JSON.stringify({ ...flat(10), padding: 'x'.repeat(DRAWABLE.maxDefinitionBytes) });
    const actor = live.receive({ type: '@xstate.actor', sessionId: 'p1/x:0', name: 'big', definition, snapshot: { value: 's0' } });
    expect(actor.definition).toBeUndefined();
    expect(actor.definitionRefused).toMatch(/KiB of JSON; the page reads at most 512 KiB/);
    live.receive({ type: '@xstate.snapshot', sessionId: 'p1/x:0', event: { type: 'NEXT' }, snapshot: { value: 's1' } });
    expect(actor.steps.map((step) => step.snapshot.value)).toEqual(['s0', 's1']);
    const broken = live.receive({ type: '@xstate.actor', sessionId: 'p1/x:1', definition: '{"states": ' });
    expect(broken.definitionRefused).toMatch(/not JSON/);
  });
});

describe('a long live stream stays bounded', () => {
  it('keeps the newest steps and events of an actor, counting those let go', () => {
    const live = createLiveActors();
    live.receive({ type: '@xstate.actor', sessionId: 'p1/x:0', definition: JSON.stringify(flat(2)) });
    for (let n = 0; n < MAX_KEPT * 1.5; n++) {
      live.receive({ type: '@xstate.event', sessionId: 'p1/x:0', event: { type: `e${n}` } });
      live.receive({ type: '@xstate.snapshot', sessionId: 'p1/x:0', event: { type: `e${n}` }, snapshot: { value: n % 2 ? 's1' : 's0' } });
    }
    const actor = live.actors.get('p1/x:0')!;
    expect(actor.steps.length).toBeLessThanOrEqual(MAX_KEPT * 1.1);
    expect(actor.droppedSteps + actor.steps.length).toBe(MAX_KEPT * 1.5);
    expect(actor.steps.at(-1)?.eventType).toBe(`e${MAX_KEPT * 1.5 - 1}`);
    expect(actor.droppedEvents + actor.events.length).toBe(MAX_KEPT * 1.5);
  });
});

describe('zoom arithmetic', () => {
  it('fits a chart to its box, within the scale limits', () => {
    expect(fitScale({ width: 2000, height: 1000 }, 1000, 1000)).toBeCloseTo(0.49);
    expect(fitScale({ width: 10, height: 10 }, 1000, 1000)).toBe(4);
    expect(clampScale(Number.NaN)).toBe(1);
  });

  it('keeps the point under the pointer in place', () => {
    const before = { x: 100, y: 50, scale: 1 };
    const after = zoomAround(before, 2, { x: 200, y: 100 });
    expect(after).toEqual({ scale: 2, x: 200, y: 100 });
    expect(after.x + 200 / after.scale).toBe(before.x + 200 / before.scale);
  });
});
