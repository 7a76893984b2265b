import ElkBundled from 'elkjs/lib/elk.bundled.js';
import type { ELK, ElkExtendedEdge, ElkNode, ElkPoint } from 'elkjs/lib/elk-api.js';
import type { ChartGraph, ChartNode } from './graph.js';

/** Text metrics of the drawing: monospace, so widths can be known before rendering. */
export const CHART_FONT = { family: 'ui-monospace, Menlo, Consolas, monospace', titleSize: 12, lineSize: 10.5 };
const TITLE_CHAR = 7.3;
const LINE_CHAR = 6.4;
const TITLE_HEIGHT = 22;
const LINE_HEIGHT = 14;
const PAD = 10;

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
  /** Where the title and the internal transition lines of a state start, below its top edge. */
  metrics: { titleHeight: number; lineHeight: number };
}

const rootOptions = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.spacing.nodeNode': '22',
  'elk.spacing.edgeLabel': '2',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.json.edgeCoords': 'ROOT',
  'elk.json.shapeCoords': 'ROOT',
};

function headerHeight(node: ChartNode): number {
  return TITLE_HEIGHT + node.internalLabels.length * LINE_HEIGHT;
}

function textWidth(node: ChartNode): number {
  const title = node.key.length * TITLE_CHAR + (node.isInitial ? 14 : 0);
  const lines = node.internalLabels.map((label) => label.length * LINE_CHAR);
  return Math.max(title, ...lines) + 2 * PAD;
}

function toElkNode(node: ChartNode): ElkNode {
  if (node.children.length === 0) {
    return { id: node.id, width: Math.max(textWidth(node), 70), height: headerHeight(node) + 8 };
  }
  return {
    id: node.id,
    layoutOptions: {
      'elk.padding': `[top=${headerHeight(node) + 6},left=${PAD},bottom=${PAD},right=${PAD}]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${textWidth(node)}, ${headerHeight(node) + 20})`,
      ...(node.type === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}),
    },
    children: node.children.map(toElkNode),
  };
}

function toElkEdges(graph: ChartGraph): ElkExtendedEdge[] {
  return graph.edges.map((edge) => ({
    id: edge.id,
    sources: [edge.source],
    targets: [edge.target],
    labels: [{ text: edge.label, width: edge.label.length * LINE_CHAR + 6, height: LINE_HEIGHT }],
  }));
}

/** Lays the chart out with ELK's layered algorithm, states nested in their parents. */
export async function layoutChart(graph: ChartGraph): Promise<ChartLayout> {
  // elkjs is CommonJS: its module object is the constructor (typed as a namespace under NodeNext).
  const elk = new (ElkBundled as unknown as new () => ELK)();
  const root: ElkNode = {
    id: '__chart',
    layoutOptions: rootOptions,
    children: [toElkNode(graph.root)],
    edges: toElkEdges(graph),
  };
  const laidOut = await elk.layout(root);
  const nodes = new Map<string, Box>();
  const collect = (node: ElkNode): void => {
    nodes.set(node.id, { x: node.x ?? 0, y: node.y ?? 0, width: node.width ?? 0, height: node.height ?? 0 });
    node.children?.forEach(collect);
  };
  laidOut.children?.forEach(collect);
  const edges = new Map<string, LaidOutEdge>();
  for (const edge of (laidOut.edges ?? []) as ElkExtendedEdge[]) {
    const points = (edge.sections ?? []).flatMap((section) => [
      section.startPoint,
      ...(section.bendPoints ?? []),
      section.endPoint,
    ]);
    const label = edge.labels?.[0];
    edges.set(edge.id, {
      points,
      label: label && { x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 },
    });
  }
  return {
    width: laidOut.width ?? 0,
    height: laidOut.height ?? 0,
    nodes,
    edges,
    metrics: { titleHeight: TITLE_HEIGHT, lineHeight: LINE_HEIGHT },
  };
}
