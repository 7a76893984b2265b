import ElkBundled from 'elkjs/lib/elk.bundled.js';
import type { ELK, ElkExtendedEdge, ElkNode, ElkPoint } from 'elkjs/lib/elk-api.js';
import type { ArrangeContext } from './arrange.js';
import { METRICS, elkChart } from './elkGraph.js';
import type { ChartGraph } from './graph.js';

export { packLines } from './elkGraph.js';

/** The font of the drawing: monospace, so widths can be known before rendering (see METRICS). */
export const CHART_FONT = { family: 'ui-monospace, Menlo, Consolas, monospace', titleSize: 13, lineSize: 11 };

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidOutEdge {
  points: ElkPoint[];
  label?: Box;
}

export interface ChartLayout {
  width: number;
  height: number;
  nodes: Map<string, Box>;
  edges: Map<string, LaidOutEdge>;
  /** The lines of internal transitions drawn under each state's title. */
  internalLines: Map<string, string[]>;
  /** Where the title and the internal transition lines of a state start, below its top edge. */
  metrics: { titleHeight: number; lineHeight: number };
}

export interface LayoutOptions {
  /** States side by side wrap into a new row beyond this width. Default 1400: fits beside the side panel on 1920 px. */
  maxRowWidth?: number;
  /** The ELK to lay out with (a page passes one running in a worker); default: elkjs's bundled one, in this thread. */
  createElk?: () => ELK;
  /** With createElk: past this many milliseconds the layout is stopped (the worker terminated) and refused. */
  timeoutMs?: number;
}

const withoutDuplicates = (points: ElkPoint[]) =>
  points.filter((point, index) => index === 0 || point.x !== points[index - 1].x || point.y !== points[index - 1].y);

/** One ELK run over the whole chart. */
async function runElk(elk: ELK, graph: ChartGraph, context: ArrangeContext) {
  try {
    return await runElkOnce(elk, graph, context, true);
  } catch {
    return runElkOnce(elk, graph, context, false); // ELK's model-order code can fail on unusual graphs: order by partitions only
  }
}

// elkjs is CommonJS: its module object is the constructor (typed as a namespace under NodeNext).
const bundledElk = () => new (ElkBundled as unknown as new () => ELK)();

async function runElkOnce(elk: ELK, graph: ChartGraph, context: ArrangeContext, modelOrder: boolean) {
  const chart = elkChart(graph, context, modelOrder);
  const laidOut: ElkNode = await elk.layout({
    id: '__chart',
    layoutOptions: { 'elk.algorithm': 'layered', 'elk.padding': '[top=2,left=2,bottom=2,right=2]', 'elk.json.edgeCoords': 'ROOT', 'elk.json.shapeCoords': 'ROOT' },
    children: [chart.root],
  });
  const nodes = new Map<string, Box>();
  const sections = new Map<string, ElkExtendedEdge>();
  const collect = (node: ElkNode): void => {
    nodes.set(node.id, { x: node.x ?? 0, y: node.y ?? 0, width: node.width ?? 0, height: node.height ?? 0 });
    for (const edge of (node.edges ?? []) as ElkExtendedEdge[]) sections.set(edge.id, edge);
    node.children?.forEach(collect);
  };
  laidOut.children?.forEach(collect);
  return { chart, laidOut, nodes, sections };
}

/**
 * Lays the chart out with ELK's layered algorithm, states nested in their parents, in
 * the definition's order. Twice when a row is too wide: the first run gives the widths
 * of the states, the second wraps the rows.
 */
export async function layoutChart(graph: ChartGraph, options: LayoutOptions = {}): Promise<ChartLayout> {
  if (!options.createElk) return layoutWith(bundledElk(), graph, options);
  const elk = options.createElk();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`its layout took more than ${(options.timeoutMs ?? 0) / 1000} s and was stopped`)), options.timeoutMs ?? 0);
  });
  try {
    return await (options.timeoutMs ? Promise.race([layoutWith(elk, graph, options), timeout]) : layoutWith(elk, graph, options));
  } finally {
    clearTimeout(timer);
    elk.terminateWorker();
  }
}

async function layoutWith(elk: ELK, graph: ChartGraph, options: LayoutOptions): Promise<ChartLayout> {
  const { edges } = graph;
  const maxRowWidth = options.maxRowWidth ?? 1400;
  let run = await runElk(elk, graph, { edges, maxRowWidth: Infinity });
  if (run.nodes.get(graph.root.id)!.width > maxRowWidth) {
    const widths = new Map([...run.nodes].map(([id, box]) => [id, box.width]));
    run = await runElk(elk, graph, { edges, widths, maxRowWidth });
  }
  const { chart, laidOut, nodes, sections } = run;

  const laidOutEdges = new Map<string, LaidOutEdge>();
  for (const [edgeId, pieces] of chart.segments) {
    const points = pieces.flatMap(({ id }) =>
      (sections.get(id)?.sections ?? []).flatMap((section) => [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]),
    );
    const label = pieces.map(({ id, owner }) => owner && sections.get(id)?.labels?.[0]).find(Boolean) || undefined;
    laidOutEdges.set(edgeId, {
      points: withoutDuplicates(points),
      label: label && { x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 },
    });
  }
  return {
    width: laidOut.width ?? 0,
    height: laidOut.height ?? 0,
    nodes,
    edges: laidOutEdges,
    internalLines: chart.internalLines,
    metrics: { titleHeight: METRICS.titleHeight, lineHeight: METRICS.lineHeight },
  };
}
