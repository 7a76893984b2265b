import ElkApi from 'elkjs/lib/elk-api.js';
import type { ELK } from 'elkjs/lib/elk-api.js';
import type { StateValue } from 'xstate';
import { activeStateIds, guessTakenEdgeIds, takenEdgeIds, type TakenTransition } from '../chart/active.js';
import { explainTransition } from '../chart/explain.js';
import { chartFromConfig, type ChartEdge, type ChartGraph, type ChartNode, type ChartTransition, type MachineDefinition } from '../chart/graph.js';
import { layoutChart } from '../chart/layout.js';
import { inEdition } from '../../index.js';
import { DRAWABLE, undrawableDefinition, undrawableGraph } from '../chart/limits.js';
import { isPhaseOrStep, shortName, spacedWords } from '../chart/names.js';
import { createChartView, type ChartSelection, type ZoomListener } from './chartView.js';
import { h, replace } from './dom.js';

/** What a live inspector stream tells of a step: the event, and the state value before it. */
export interface GuessFrom {
  eventType: string;
  before?: StateValue;
}

/** The page bundles ELK's worker beside app.js (build.ts): the layout runs off the page's thread and can be stopped. */
const WORKER_URL = 'elk-worker.js';

function workerElk(): ELK {
  // elkjs is CommonJS: its module object is the constructor.
  return new (ElkApi as unknown as new (options: { workerUrl: string }) => ELK)({ workerUrl: WORKER_URL });
}

/** The chart's descriptions are written in the September 2025 numbers: shown in the edition picked (`setEdition`). */
let edition: string | undefined;
const inPickedEdition = (text: string) => (edition === undefined ? text : inEdition(text, edition));

/** The turn machine's states by name: steps and phases as the rules name them, the others spaced (`state based actions`). */
function nameStates(graph: ChartGraph): void {
  if (graph.root.id !== 'mtgTurn') return;
  for (const node of graph.nodesById.values()) {
    if (node === graph.root) continue;
    node.title = isPhaseOrStep(node.key) ? shortName(node.key) : spacedWords(node.key);
  }
}

const HINT =
  'Click a state or a transition (or Tab to the chart, arrows, Enter) for its sentence and rule. ● initial state; dashed arrow: eventless (always); ' +
  'yellow: where the machine is; red: the transitions just taken. Wheel or + − zoom, drag or Shift+arrows pan, 0 fits, A goes to the current step.';

/** The chart of one machine definition, with a details box for the clicked state or transition. */
export function createChartPane(chartElement: HTMLElement, detailsElement: HTMLElement, onZoom?: ZoomListener) {
  let graph: ChartGraph | undefined;
  let shown: { config: unknown; ready: Promise<void> } | undefined;
  /** Who wants to know which state was clicked (play mode sets stops on steps: 732.2). */
  const stateClicks = new Set<(id: string) => void>();
  const view = createChartView(chartElement, showDetails, onZoom);

  const title = (id: string) => graph?.nodesById.get(id)?.title ?? id;

  function transitionItem(source: string, transition: ChartTransition, target?: string): HTMLElement {
    const explained = graph && explainTransition(graph.root.id, source, transition, target);
    return h(
      'li',
      {},
      h('code', {}, transition.label),
      target ? ` → ${title(target)}` : transition.reenters ? ` ↻ re-enters ${transition.reenters}` : ' (stays)',
      explained?.rule ? h('span', { class: 'rule' }, ` Rule ${inPickedEdition(explained.rule)}`) : null,
      explained ? h('div', {}, inPickedEdition(explained.sentence)) : null,
      transition.actions.length ? h('div', { class: 'muted' }, `actions: ${transition.actions.join(', ')}`) : null,
    );
  }

  function showEdge(edge: ChartEdge): void {
    const explained = graph && explainTransition(graph.root.id, edge.source, edge, edge.target);
    replace(
      detailsElement,
      h(
        'div',
        { class: 'details-head' },
        h('h3', { 'data-testid': 'details-transition' }, `${title(edge.source)} → ${title(edge.target)}`),
        explained?.rule ? h('span', { class: 'rule', 'data-testid': 'details-rule' }, `Rule ${inPickedEdition(explained.rule)}`) : null,
        h('code', {}, edge.label),
      ),
      h('p', { 'data-testid': 'details-description' }, explained ? inPickedEdition(explained.sentence) : '(no description)'),
      edge.actions.length ? h('p', { class: 'muted' }, `actions: ${edge.actions.join(', ')}`) : null,
    );
  }

  function showNode(node: ChartNode): void {
    if (!graph) return;
    const outgoing = graph.edges.filter((edge) => edge.source === node.id);
    replace(
      detailsElement,
      h(
        'div',
        { class: 'details-head' },
        h('h3', { 'data-testid': 'details-state' }, node.title),
        node.rule ? h('span', { class: 'rule', 'data-testid': 'details-rule' }, `Rule ${inPickedEdition(node.rule)}`) : null,
        h('code', { class: 'muted' }, node.id),
        h('span', { class: 'muted' }, `${node.type} state`),
      ),
      h('p', { 'data-testid': 'details-description' }, node.description === undefined ? '(no description)' : inPickedEdition(node.description)),
      h(
        'ul',
        { class: 'transitions' },
        ...outgoing.map((edge) => transitionItem(node.id, edge, edge.target)),
        ...node.internal.map((t) => transitionItem(node.id, t)),
      ),
    );
  }

  function showDetails(selection: ChartSelection): void {
    if (!graph) return;
    if ('edge' in selection) showEdge(selection.edge);
    else {
      for (const listener of stateClicks) listener(selection.node.id);
      showNode(selection.node);
    }
  }

  async function draw(config: MachineDefinition): Promise<void> {
    graph = undefined;
    const refused = (reason: string) => {
      view.clear(`This definition is not drawn: ${reason}.`);
      replace(detailsElement, h('p', { class: 'muted' }, 'Its states are still followed in the panels.'));
    };
    const tooBig = undrawableDefinition(config);
    if (tooBig) return refused(tooBig);
    try {
      const nextGraph = chartFromConfig(config);
      const tooMany = undrawableGraph(nextGraph);
      if (tooMany) return refused(tooMany);
      nameStates(nextGraph);
      const inWorker = typeof Worker === 'function';
      const layout = await layoutChart(nextGraph, inWorker ? { createElk: workerElk, timeoutMs: DRAWABLE.layoutMilliseconds } : {});
      if (shown?.config !== config) return;
      graph = nextGraph;
      view.show(graph, layout);
      replace(detailsElement, h('p', { class: 'muted' }, HINT));
    } catch (error) {
      if (shown?.config === config) refused(error instanceof Error ? error.message : String(error));
    }
  }

  return {
    /** Calls `listener` with the id of each state clicked on the chart; returns how to stop. */
    onStateClick(listener: (id: string) => void): () => void {
      stateClicks.add(listener);
      return () => { stateClicks.delete(listener); };
    },
    /** The edition whose rule numbers the descriptions show (FORMAT.md "Rule numbers by edition"). */
    setEdition(date: string): void {
      edition = date;
    },
    /** Draws the chart of a definition (laid out once per definition); resolves when it is drawn, or refused. */
    show(config: MachineDefinition): Promise<void> {
      if (shown?.config !== config) shown = { config, ready: draw(config) };
      return shown.ready;
    },

    /** Shows why a definition is not drawn (it could not be read) instead of a chart. */
    refuse(reason: string): void {
      if (shown?.config === reason) return;
      shown = { config: reason, ready: Promise.resolve() };
      graph = undefined;
      view.clear(`This definition is not drawn: ${reason}.`);
      replace(detailsElement, h('p', { class: 'muted' }, 'Its states are still followed in the panels.'));
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

    zoomIn: view.zoomIn,
    zoomOut: view.zoomOut,
    fit: view.fit,
    actualSize: view.actualSize,
  };
}

export type ChartPane = ReturnType<typeof createChartPane>;
