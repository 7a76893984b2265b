import type { ChartEdge, ChartNode } from './graph.js';

/** ELK options of one container's layout run, and the partition of each child (its place in the order). */
export interface Arrangement {
  options: Record<string, string>;
  partitions: number[];
}

/** What the arrangement knows of the drawing: the widths of states from an earlier layout, and where rows wrap. */
export interface ArrangeContext {
  edges: readonly ChartEdge[];
  widths?: ReadonlyMap<string, number>;
  /** A row of states wider than this wraps (the chart should fit a 1920×1080 screen beside the side panel). */
  maxRowWidth: number;
}

/** Room taken between two states side by side (spacing, and the edges and labels between them). */
const ROW_GAP = 40;

/** Row numbers of states placed side by side in reading order, a new row when the next would overflow. */
export function wrapRows(widths: readonly number[], maxRowWidth: number): number[] {
  let row = 0;
  let used = 0;
  return widths.map((width) => {
    if (used > 0 && used + ROW_GAP + width > maxRowWidth) {
      row++;
      used = 0;
    }
    used += (used > 0 ? ROW_GAP : 0) + width;
    return row;
  });
}

/** The initial child, when it is a choice: eventless transitions to several of its siblings (`nextPhase`, `nextStep`). */
function routerOf(node: ChartNode, edges: readonly ChartEdge[]): ChartNode | undefined {
  const first = node.children.find((child) => child.isInitial);
  if (!first) return undefined;
  const siblings = new Set(node.children.map((child) => child.id));
  const targets = new Set(edges.filter((edge) => edge.source === first.id && edge.kind === 'always' && siblings.has(edge.target)).map((edge) => edge.target));
  return targets.size >= 2 ? first : undefined;
}

/**
 * How a state's children are placed, always in the definition's order (ELK partitions):
 * the regions of a parallel state one under the other; the children of a compound
 * state alternately in a row and in a column, level by level (slice and dice), so the
 * chart stays near a screen's shape. A router comes first, the states it routes to
 * after it, side by side in a row (below it, wrapping like text when too wide) or a
 * column (to its right); other children follow one another in their order, left to
 * right or top to bottom.
 */
export function arrange(node: ChartNode, compoundLevel: number, context: ArrangeContext): Arrangement {
  const indexes = node.children.map((_, index) => index);
  if (node.type === 'parallel') return { options: { 'elk.direction': 'DOWN' }, partitions: indexes };
  const inRow = compoundLevel % 2 === 0;
  const router = routerOf(node, context.edges);
  if (router) {
    const routed = node.children.filter((child) => child !== router);
    const rows = inRow ? wrapRows(routed.map((child) => context.widths?.get(child.id) ?? 0), context.maxRowWidth) : routed.map(() => 0);
    return {
      // SIMPLE placement keeps the routed states aligned in their row or column (BK would stagger them).
      options: { 'elk.direction': inRow ? 'DOWN' : 'RIGHT', 'elk.layered.nodePlacement.strategy': 'SIMPLE' },
      partitions: node.children.map((child) => (child === router ? 0 : 1 + rows[routed.indexOf(child)])),
    };
  }
  return { options: { 'elk.direction': inRow ? 'RIGHT' : 'DOWN' }, partitions: indexes };
}
