import type { StateValue } from 'xstate';
import { activeStateIds, guessTakenEdgeIds, takenEdgeIds, type TakenTransition } from '../chart/active.js';
import { chartFromConfig, type ChartGraph, type ChartTransition, type MachineDefinition } from '../chart/graph.js';
import { layoutChart } from '../chart/layout.js';
import { createChartView, type ChartSelection } from './chartView.js';
import { h, replace } from './dom.js';

/** What a live inspector stream tells of a step: the event, and the state value before it. */
export interface GuessFrom {
  eventType: string;
  before?: StateValue;
}

function transitionItem(transition: ChartTransition, target?: string): HTMLElement {
  return h(
    'li',
    {},
    h('code', {}, transition.label),
    target ? ` → ${target}` : transition.reenters ? ` ↻ re-enters ${transition.reenters}` : ' (stays)',
    transition.actions.length ? h('div', { class: 'muted' }, `actions: ${transition.actions.join(', ')}`) : null,
    transition.description ? h('div', {}, transition.description) : null,
  );
}

/** The chart of one machine definition, with a details box for the clicked state or transition. */
export function createChartPane(chartElement: HTMLElement, detailsElement: HTMLElement) {
  let graph: ChartGraph | undefined;
  let shownConfig: unknown;
  const view = createChartView(chartElement, showDetails);
  /** Who wants to know which state was clicked (play mode sets stops on steps: 732.2). */
  const stateClicks = new Set<(id: string) => void>();

  function showDetails(selection: ChartSelection): void {
    if (!graph) return;
    if ('node' in selection) for (const listener of stateClicks) listener(selection.node.id);
    if ('edge' in selection) {
      const { edge } = selection;
      replace(detailsElement, h('h3', {}, 'Transition'), h('p', {}, h('code', {}, edge.source)), h('ul', {}, transitionItem(edge, edge.target)));
      return;
    }
    const { node } = selection;
    const outgoing = graph.edges.filter((edge) => edge.source === node.id);
    replace(
      detailsElement,
      h(
        'div',
        { class: 'details-head' },
        h('h3', { 'data-testid': 'details-state' }, node.id),
        node.rule ? h('span', { class: 'rule', 'data-testid': 'details-rule' }, `Rule ${node.rule}`) : null,
        h('span', { class: 'muted' }, `${node.type} state`),
      ),
      h('p', { 'data-testid': 'details-description' }, node.description ?? '(no description)'),
      h('ul', { class: 'transitions' }, ...outgoing.map((edge) => transitionItem(edge, edge.target)), ...node.internal.map((t) => transitionItem(t))),
    );
  }

  return {
    /** Calls `listener` with the id of each state clicked on the chart; returns how to stop. */
    onStateClick(listener: (id: string) => void): () => void {
      stateClicks.add(listener);
      return () => { stateClicks.delete(listener); };
    },
    /** Draws the chart of a definition (laid out once per definition). */
    async show(config: MachineDefinition): Promise<void> {
      if (config === shownConfig) return;
      shownConfig = config;
      try {
        const nextGraph = chartFromConfig(config);
        const layout = await layoutChart(nextGraph);
        if (shownConfig !== config) return;
        graph = nextGraph;
        view.show(graph, layout);
        replace(
          detailsElement,
          h('p', { class: 'muted' }, 'Click a state or a transition for its description and rule. ● initial state; dashed arrow: eventless (always); yellow: where the machine is; red: the transitions just taken. Hover an arrow for its full guard.'),
        );
      } catch (error) {
        graph = undefined;
        view.clear(`This definition cannot be drawn: ${String(error)}`);
      }
    },

    /**
     * Lights the states of `value` and the transitions that led there: exact when
     * XState reported them, else guessed from the event and the state value before.
     */
    highlight(value: StateValue, taken: readonly TakenTransition[] | GuessFrom): void {
      if (!graph) return;
      const active = activeStateIds(graph, value);
      const edges =
        'eventType' in taken
          ? guessTakenEdgeIds(graph, taken.before ? activeStateIds(graph, taken.before) : new Set(), active, taken.eventType)
          : takenEdgeIds(graph, taken);
      view.highlight(active, edges);
    },
  };
}

export type ChartPane = ReturnType<typeof createChartPane>;
