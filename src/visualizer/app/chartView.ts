import type { ChartEdge, ChartGraph, ChartNode } from '../chart/graph.js';
import { CHART_FONT, type ChartLayout } from '../chart/layout.js';
import { h, replace, s } from './dom.js';

export type ChartSelection = { node: ChartNode } | { edge: ChartEdge };

/** Draws a laid-out chart as SVG; states and edges are selectable, active ones lit. */
export function createChartView(container: HTMLElement, onSelect: (selection: ChartSelection) => void) {
  let drawn: { graph: ChartGraph; svg: SVGSVGElement } | undefined;

  function drawNode(node: ChartNode, layout: ChartLayout): SVGElement[] {
    const box = layout.nodes.get(node.id);
    if (!box) return [];
    const { titleHeight, lineHeight } = layout.metrics;
    const lines = (layout.internalLines.get(node.id) ?? []).map((label, index) =>
      s('text', { x: box.x + 10, y: box.y + titleHeight + 8 + index * lineHeight, class: 'internal' }, label),
    );
    const group = s(
      'g',
      {
        class: `state ${node.type}${node.children.length ? ' container' : ''}`,
        'data-state-id': node.id,
        onclick: (event: Event) => {
          event.stopPropagation();
          onSelect({ node });
        },
      },
      s('title', {}, node.description ?? node.id),
      s('rect', { x: box.x, y: box.y, width: box.width, height: box.height, rx: 6 }),
      node.isInitial ? s('circle', { cx: box.x + 9, cy: box.y + 12, r: 3.5, class: 'initial-marker' }) : null,
      s('text', { x: box.x + (node.isInitial ? 17 : 9), y: box.y + 16, class: 'title' }, node.key || node.id),
      ...lines,
    );
    return [group, ...node.children.flatMap((child) => drawNode(child, layout))];
  }

  function drawEdge(edge: ChartEdge, layout: ChartLayout): SVGElement | null {
    const laidOut = layout.edges.get(edge.id);
    if (!laidOut || laidOut.points.length === 0) return null;
    const d = laidOut.points.map((point, index) => `${index ? 'L' : 'M'}${point.x},${point.y}`).join(' ');
    const label = laidOut.label;
    const lineStep = layout.metrics.lineHeight - 1;
    return s(
      'g',
      {
        class: `edge ${edge.kind}`,
        'data-edge-id': edge.id,
        onclick: (event: Event) => {
          event.stopPropagation();
          onSelect({ edge });
        },
      },
      s('title', {}, `${edge.label}\n${edge.source} → ${edge.target}`),
      s('path', { d, 'marker-end': 'url(#arrow)' }),
      label ? s('rect', { x: label.x, y: label.y, width: label.width, height: label.height, class: 'label-bg' }) : null,
      label ? s('text', { y: label.y }, ...edge.caption.split('\n').map((line, index) => s('tspan', { x: label.x + 2, dy: index ? lineStep : lineStep - 3 }, line))) : null,
    );
  }

  return {
    show(graph: ChartGraph, layout: ChartLayout): void {
      const svg = s(
        'svg',
        {
          width: layout.width,
          height: layout.height,
          viewBox: `0 0 ${layout.width} ${layout.height}`,
          'font-family': CHART_FONT.family,
          class: 'chart',
        },
        s(
          'defs',
          {},
          s(
            'marker',
            { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 8, markerHeight: 8, markerUnits: 'userSpaceOnUse', orient: 'auto-start-reverse' },
            s('path', { d: 'M0,0 L10,5 L0,10 z' }),
          ),
        ),
        s('g', { class: 'states' }, ...drawNode(graph.root, layout)),
        s('g', { class: 'edges' }, ...graph.edges.map((edge) => drawEdge(edge, layout))),
      );
      replace(container, svg);
      drawn = { graph, svg };
    },

    /**
     * Lights the active states, the transitions just taken and the states they passed
     * through; unscaled, scrolls the first active leaf state into view.
     */
    highlight(active: Set<string>, taken: Set<string>): void {
      if (!drawn) return;
      const passedThrough = new Set(drawn.graph.edges.filter((edge) => taken.has(edge.id)).map((edge) => edge.target));
      drawn.svg.querySelectorAll<SVGGElement>('g.state').forEach((element) => {
        const id = element.dataset.stateId ?? '';
        element.classList.toggle('active', active.has(id));
        element.classList.toggle('visited', passedThrough.has(id) && !active.has(id));
      });
      drawn.svg.querySelectorAll<SVGGElement>('g.edge').forEach((element) => {
        const isTaken = taken.has(element.dataset.edgeId ?? '');
        element.classList.toggle('taken', isTaken);
        if (isTaken) element.parentNode?.append(element);
      });
      if (!container.classList.contains('fit')) {
        drawn.svg.querySelector('g.state.active:not(.container)')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      }
    },

    clear(message: string): void {
      replace(container, h('p', { class: 'muted' }, message));
      drawn = undefined;
    },
  };
}
