import type { ElkExtendedEdge, ElkNode, ElkPort } from 'elkjs/lib/elk-api.js';
import { arrange, type ArrangeContext } from './arrange.js';
import type { ChartEdge, ChartGraph, ChartNode } from './graph.js';

/** Text metrics of the drawing: monospace, so widths can be known before rendering. */
export const METRICS = { titleChar: 7.9, lineChar: 6.7, titleHeight: 21, lineHeight: 14, pad: 8 };
/** Internal transitions of a container are listed several to a line, up to this many characters. */
const CONTAINER_LINE_CHARS = 64;
const LEAF_LINE_CHARS = 30;

const LAYERED = {
  'elk.algorithm': 'layered',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.separateConnectedComponents': 'false',
  'elk.layered.spacing.nodeNodeBetweenLayers': '24',
  'elk.layered.spacing.edgeNodeBetweenLayers': '8',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '6',
  'elk.spacing.nodeNode': '14',
  'elk.spacing.edgeNode': '8',
  'elk.spacing.edgeEdge': '6',
  'elk.spacing.edgeLabel': '1',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
};
/** States of a layer in the order of the definition (not only as crossing minimisation would have them). */
const MODEL_ORDER = {
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.crossingMinimization.forceNodeModelOrder': 'true',
};

/** Packs labels into lines of at most `max` characters, `a · b · c`. */
export function packLines(labels: readonly string[], max: number): string[] {
  const lines: string[] = [];
  for (const label of labels) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 3 + label.length <= max) lines[lines.length - 1] = `${last} · ${label}`;
    else lines.push(label);
  }
  return lines;
}

/** One piece of a chart edge, inside one container's layout run. */
export interface EdgeSegment {
  id: string;
  /** The piece in the run of the state that holds both ends: it carries the label. */
  owner: boolean;
}

export interface ElkChart {
  root: ElkNode;
  /** The segments of each chart edge, source side first. */
  segments: Map<string, EdgeSegment[]>;
  internalLines: Map<string, string[]>;
}

/** For each state, the chain of states from the root down to it. */
function chainsOf(root: ChartNode): Map<string, ChartNode[]> {
  const chains = new Map<string, ChartNode[]>();
  const visit = (node: ChartNode, above: ChartNode[]): void => {
    const chain = [...above, node];
    chains.set(node.id, chain);
    node.children.forEach((child) => visit(child, chain));
  };
  visit(root, []);
  return chains;
}

/**
 * The ELK graph of a chart. Every state with children is its own layout run (ELK's
 * default SEPARATE_CHILDREN), so each can order its children as the definition lists
 * them. A transition that crosses a state's border is cut there: one segment inside,
 * ending at a port on the border, one outside, starting from that port. `modelOrder`
 * false leaves out the ordering options (a fallback, should ELK fail with them).
 */
export function elkChart(graph: ChartGraph, context: ArrangeContext, modelOrder = true): ElkChart {
  const { edges } = context;
  const ports = new Map<string, ElkPort[]>();
  const runEdges = new Map<string, ElkExtendedEdge[]>();
  const segments = new Map<string, EdgeSegment[]>();
  const internalLines = new Map<string, string[]>();

  const addPort = (container: ChartNode, id: string) => ports.set(container.id, [...(ports.get(container.id) ?? []), { id, width: 0, height: 0 }]);
  function addSegment(container: ChartNode, edge: ChartEdge, index: number, source: string, target: string, owner: boolean): EdgeSegment {
    const segment = { id: `${edge.id} §${index}`, owner };
    const labels = owner && edge.caption ? [captionLabel(edge.caption, labelPlacement(edge))] : [];
    runEdges.set(container.id, [...(runEdges.get(container.id) ?? []), { id: segment.id, sources: [source], targets: [target], labels }]);
    return segment;
  }

  const count = (ids: string[]) => ids.reduce((counts, id) => counts.set(id, (counts.get(id) ?? 0) + 1), new Map<string, number>());
  const inDegree = count(edges.map((edge) => edge.target));
  const outDegree = count(edges.map((edge) => edge.source));
  /** A label sits at the end no other edge shares, so it cannot be read as another edge's; else in the middle. */
  const labelPlacement = (edge: ChartEdge) => (inDegree.get(edge.target) === 1 ? 'HEAD' : outDegree.get(edge.source) === 1 ? 'TAIL' : 'CENTER');

  const chains = chainsOf(graph.root);
  for (const edge of edges) {
    const from = chains.get(edge.source)!;
    const to = chains.get(edge.target)!;
    let common = 0;
    while (common < from.length && common < to.length && from[common] === to[common]) common++;
    // The owner holds both ends: the deepest common ancestor (the source itself when it contains the target).
    const ownerDepth = common - 1;
    const owner = from[ownerDepth];
    const pieces: EdgeSegment[] = [];
    const portOf = (container: ChartNode) => `${edge.id} @${container.id}`;
    // Source side: from the source up through each border it crosses.
    let current = edge.source;
    for (let depth = from.length - 2; depth > ownerDepth; depth--) {
      const container = from[depth];
      addPort(container, portOf(container));
      pieces.push(addSegment(container, edge, pieces.length, current, portOf(container), false));
      current = portOf(container);
    }
    let sourceInOwner = current;
    if (edge.source === owner.id) {
      addPort(owner, portOf(owner));
      sourceInOwner = portOf(owner);
    }
    // Target side: from the owner down through each border, collected then appended in order.
    const down: [ChartNode, string][] = [];
    for (let depth = ownerDepth + 1; depth < to.length - 1; depth++) {
      const container = to[depth];
      const port = `${portOf(container)} in`;
      addPort(container, port);
      down.push([container, port]);
    }
    pieces.push(addSegment(owner, edge, pieces.length, sourceInOwner, down[0]?.[1] ?? edge.target, true));
    down.forEach(([container, port], index) => pieces.push(addSegment(container, edge, pieces.length, port, down[index + 1]?.[1] ?? edge.target, false)));
    segments.set(edge.id, pieces);
  }

  function toElkNode(node: ChartNode, compoundLevel: number, extra: Record<string, string> = {}): ElkNode {
    const { titleChar, lineChar, titleHeight, lineHeight, pad } = METRICS;
    const lines = packLines(node.internalLabels, node.children.length ? CONTAINER_LINE_CHARS : LEAF_LINE_CHARS);
    internalLines.set(node.id, lines);
    const header = titleHeight + lines.length * lineHeight;
    const width = Math.max(node.title.length * titleChar + (node.isInitial ? 14 : 0), ...lines.map((line) => line.length * lineChar)) + 2 * pad;
    const common = { id: node.id, ports: ports.get(node.id) ?? [] };
    if (node.children.length === 0) return { ...common, width: Math.max(width, 64), height: header + 6, layoutOptions: extra };
    const level = node.type === 'parallel' ? compoundLevel : compoundLevel + 1;
    const { options, partitions } = arrange(node, level, context);
    return {
      ...common,
      layoutOptions: {
        ...LAYERED,
        ...(modelOrder && MODEL_ORDER),
        ...extra,
        'elk.padding': `[top=${header + 4},left=${pad},bottom=${pad},right=${pad}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${width}, ${header + 16})`,
        'elk.partitioning.activate': 'true',
        ...options,
      },
      children: node.children.map((child, index) => toElkNode(child, level, { 'elk.partitioning.partition': String(partitions[index]) })),
      edges: runEdges.get(node.id) ?? [],
    };
  }

  return { root: toElkNode(graph.root, 0), segments, internalLines };
}

function captionLabel(caption: string, placement: string) {
  const lines = caption.split('\n');
  return {
    text: caption,
    width: Math.max(...lines.map((line) => line.length)) * METRICS.lineChar + 4,
    height: lines.length * (METRICS.lineHeight - 1),
    layoutOptions: { 'elk.edgeLabels.placement': placement },
  };
}
