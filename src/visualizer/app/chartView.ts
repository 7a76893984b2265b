import type { ChartEdge, ChartGraph, ChartNode } from '../chart/graph.js';
import { CHART_FONT, type Box, type ChartLayout } from '../chart/layout.js';
import { h, replace, s } from './dom.js';
import { clampScale, fitScale, zoomAround, type Viewport } from './zoom.js';

export type ChartSelection = { node: ChartNode } | { edge: ChartEdge };

/** Told when the zoom changes: the scale, and whether the chart is fitted to its box. */
export type ZoomListener = (scale: number, fitted: boolean) => void;

/** The smallest scale the chart opens at: below it labels are too small to read, so it opens there and follows the machine. */
const OPENING_MIN_SCALE = 0.8;
const PAN_STEP = 80;

/**
 * Draws a laid-out chart as SVG in a box of its own size; states and edges are selectable, active ones lit.
 * Zoom and pan: the wheel zooms at the pointer, a drag pans, the buttons and keys (+ − 0 1, Shift+arrows)
 * too. Keyboard: the chart is one tab stop; arrows move between states and transitions, Enter or
 * Space shows one's details, A goes to where the machine is.
 */
export function createChartView(container: HTMLElement, onSelect: (selection: ChartSelection) => void, onZoom: ZoomListener = () => {}) {
  let drawn: { graph: ChartGraph; layout: ChartLayout; svg: SVGSVGElement; items: SVGGElement[] } | undefined;
  let viewport: Viewport = { x: 0, y: 0, scale: 1 };
  let fitted = true;
  let focusIndex = 0;

  const size = () => ({ width: Math.max(container.clientWidth, 1), height: Math.max(container.clientHeight, 1) });

  function apply(): void {
    if (!drawn) return;
    const { width, height } = size();
    drawn.svg.setAttribute('viewBox', `${viewport.x} ${viewport.y} ${width / viewport.scale} ${height / viewport.scale}`);
    drawn.svg.dataset.scale = viewport.scale.toFixed(3);
    onZoom(viewport.scale, fitted);
  }

  function fit(): void {
    if (!drawn) return;
    const { width, height } = size();
    const scale = fitScale(drawn.layout, width, height);
    viewport = { scale, x: (drawn.layout.width - width / scale) / 2, y: (drawn.layout.height - height / scale) / 2 };
    fitted = true;
    apply();
  }

  function zoom(factor: number, at?: { x: number; y: number }): void {
    const { width, height } = size();
    viewport = zoomAround(viewport, clampScale(viewport.scale * factor), at ?? { x: width / 2, y: height / 2 });
    fitted = false;
    apply();
  }

  function pan(dx: number, dy: number): void {
    viewport = { ...viewport, x: viewport.x + dx / viewport.scale, y: viewport.y + dy / viewport.scale };
    fitted = false;
    apply();
  }

  /** Pans so that a box of the chart is in view (centred if it was out of it). */
  function reveal(box: Box | undefined): void {
    if (!box || !drawn) return;
    const { width, height } = size();
    const w = width / viewport.scale;
    const h = height / viewport.scale;
    const inside = box.x >= viewport.x && box.y >= viewport.y && box.x + box.width <= viewport.x + w && box.y + box.height <= viewport.y + h;
    if (inside) return;
    viewport = { ...viewport, x: box.x + box.width / 2 - w / 2, y: box.y + box.height / 2 - h / 2 };
    fitted = false;
    apply();
  }

  function boxOf(item: SVGGElement): Box | undefined {
    if (!drawn) return undefined;
    if (item.dataset.stateId) return drawn.layout.nodes.get(item.dataset.stateId);
    const points = drawn.layout.edges.get(item.dataset.edgeId ?? '')?.points ?? [];
    if (!points.length) return undefined;
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
  }

  /** Roving focus: the item at `index` is the chart's one tab stop. */
  function focusItem(index: number): void {
    if (!drawn || drawn.items.length === 0) return;
    focusIndex = (index + drawn.items.length) % drawn.items.length;
    drawn.items.forEach((item, i) => item.setAttribute('tabindex', i === focusIndex ? '0' : '-1'));
    const item = drawn.items[focusIndex];
    item.focus({ preventScroll: true });
    reveal(boxOf(item));
  }

  function select(item: SVGGElement): void {
    if (!drawn) return;
    drawn.svg.querySelectorAll('.selected').forEach((element) => element.classList.remove('selected'));
    item.classList.add('selected');
    const stateId = item.dataset.stateId;
    if (stateId !== undefined) {
      const node = drawn.graph.nodesById.get(stateId);
      if (node) onSelect({ node });
    } else {
      const edge = drawn.graph.edges.find((candidate) => candidate.id === item.dataset.edgeId);
      if (edge) onSelect({ edge });
    }
  }

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
        tabindex: -1,
        role: 'button',
        'aria-label': `state ${node.title}${node.rule ? `, rule ${node.rule}` : ''}`,
      },
      s('title', {}, node.description ?? node.id),
      s('rect', { x: box.x, y: box.y, width: box.width, height: box.height, rx: 6 }),
      node.isInitial ? s('circle', { cx: box.x + 9, cy: box.y + 12, r: 3.5, class: 'initial-marker' }) : null,
      s('text', { x: box.x + (node.isInitial ? 17 : 9), y: box.y + 16, class: 'title' }, node.title),
      ...lines,
    );
    return [group, ...node.children.flatMap((child) => drawNode(child, layout))];
  }

  function drawEdge(edge: ChartEdge, layout: ChartLayout, graph: ChartGraph): SVGGElement | null {
    const laidOut = layout.edges.get(edge.id);
    if (!laidOut || laidOut.points.length === 0) return null;
    const d = laidOut.points.map((point, index) => `${index ? 'L' : 'M'}${point.x},${point.y}`).join(' ');
    const label = laidOut.label;
    const lineStep = layout.metrics.lineHeight - 1;
    const title = (id: string) => graph.nodesById.get(id)?.title ?? id;
    return s(
      'g',
      {
        class: `edge ${edge.kind}`,
        'data-edge-id': edge.id,
        tabindex: -1,
        role: 'button',
        'aria-label': `transition ${edge.label} from ${title(edge.source)} to ${title(edge.target)}`,
      },
      s('title', {}, `${edge.label}\n${edge.source} → ${edge.target}`),
      s('path', { d, 'marker-end': 'url(#arrow)' }),
      label ? s('rect', { x: label.x, y: label.y, width: label.width, height: label.height, class: 'label-bg' }) : null,
      label ? s('text', { y: label.y }, ...edge.caption.split('\n').map((line, index) => s('tspan', { x: label.x + 2, dy: index ? lineStep : lineStep - 3 }, line))) : null,
    );
  }

  /** States in the definition's order, each followed by the transitions leaving it: the order arrows walk. */
  function keyboardOrder(svg: SVGSVGElement, graph: ChartGraph): SVGGElement[] {
    const states = new Map(Array.from(svg.querySelectorAll<SVGGElement>('g.state')).map((g) => [g.dataset.stateId ?? '', g]));
    const edges = new Map(Array.from(svg.querySelectorAll<SVGGElement>('g.edge')).map((g) => [g.dataset.edgeId ?? '', g]));
    const order: SVGGElement[] = [];
    const visit = (node: ChartNode): void => {
      const state = states.get(node.id);
      if (state) order.push(state);
      for (const edge of graph.edges) if (edge.source === node.id && edges.has(edge.id)) order.push(edges.get(edge.id)!);
      node.children.forEach(visit);
    };
    visit(graph.root);
    return order;
  }

  // The wheel zooms at the pointer; a drag pans (and is not a click).
  container.addEventListener(
    'wheel',
    (event) => {
      if (!drawn) return;
      event.preventDefault();
      const rect = container.getBoundingClientRect();
      zoom(Math.exp(-event.deltaY * 0.0015), { x: event.clientX - rect.left, y: event.clientY - rect.top });
    },
    { passive: false },
  );
  let drag: { x: number; y: number; moved: boolean; pointer: number } | undefined;
  container.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 || !drawn) return;
    drag = { x: event.clientX, y: event.clientY, moved: false, pointer: event.pointerId };
  });
  container.addEventListener('pointermove', (event) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 4) return;
    if (!drag.moved) container.setPointerCapture(event.pointerId);
    drag.moved = true;
    drag.x = event.clientX;
    drag.y = event.clientY;
    container.classList.add('panning');
    pan(-dx, -dy);
  });
  const endDrag = () => {
    container.classList.remove('panning');
    // The click that ends a drag selects nothing.
    if (drag?.moved) container.addEventListener('click', (click) => click.stopPropagation(), { capture: true, once: true });
    drag = undefined;
  };
  container.addEventListener('pointerup', endDrag);
  container.addEventListener('pointercancel', endDrag);
  container.addEventListener('click', (event) => {
    const item = (event.target as Element).closest<SVGGElement>('g.state, g.edge');
    if (!item || !drawn) return;
    focusIndex = Math.max(0, drawn.items.indexOf(item));
    drawn.items.forEach((other, i) => other.setAttribute('tabindex', i === focusIndex ? '0' : '-1'));
    select(item);
  });
  container.addEventListener('keydown', (event) => {
    if (!drawn || event.altKey || event.ctrlKey || event.metaKey) return;
    const item = (event.target as Element).closest<SVGGElement>('g.state, g.edge');
    const handled = (() => {
      if (event.shiftKey && event.key.startsWith('Arrow')) {
        const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key] ?? [0, 0];
        pan(dx * PAN_STEP, dy * PAN_STEP);
        return true;
      }
      switch (event.key) {
        case '+':
        case '=':
          zoom(1.25);
          return true;
        case '-':
        case '_':
          zoom(0.8);
          return true;
        case '0':
          fit();
          return true;
        case '1':
          zoom(1 / viewport.scale);
          return true;
        case 'ArrowRight':
        case 'ArrowDown':
          focusItem(focusIndex + 1);
          return true;
        case 'ArrowLeft':
        case 'ArrowUp':
          focusItem(focusIndex - 1);
          return true;
        case 'Home':
          focusItem(0);
          return true;
        case 'End':
          focusItem(drawn.items.length - 1);
          return true;
        case 'a':
        case 'A': {
          const active = drawn.svg.querySelector<SVGGElement>('g.state.active:not(.container)');
          if (active) focusItem(drawn.items.indexOf(active));
          return Boolean(active);
        }
        case 'Enter':
        case ' ':
          if (item) select(item);
          return Boolean(item);
        default:
          return false;
      }
    })();
    if (handled) event.preventDefault();
  });
  new ResizeObserver(() => (fitted ? fit() : apply())).observe(container);

  return {
    show(graph: ChartGraph, layout: ChartLayout): void {
      const svg = s(
        'svg',
        {
          width: '100%',
          height: '100%',
          'font-family': CHART_FONT.family,
          class: 'chart',
          role: 'group',
          'aria-label': `statechart ${graph.root.title}: arrows move between states and transitions, Enter shows one, A goes to where the machine is, + and − zoom, 0 fits, Shift+arrows pan`,
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
        s('g', { class: 'edges' }, ...graph.edges.map((edge) => drawEdge(edge, layout, graph))),
      );
      replace(container, svg);
      const items = keyboardOrder(svg, graph);
      drawn = { graph, layout, svg, items };
      focusIndex = 0;
      items[0]?.setAttribute('tabindex', '0');
      fit();
      // Too small to read when fitted: open at a readable scale, on the top left (then following the machine).
      if (viewport.scale < OPENING_MIN_SCALE) {
        viewport = { scale: OPENING_MIN_SCALE, x: 0, y: 0 };
        fitted = false;
        apply();
      }
    },

    /**
     * Lights the active states, the transitions just taken and the states they passed
     * through; when the current step is out of view, pans to it.
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
      const leaves = Array.from(drawn.svg.querySelectorAll<SVGGElement>('g.state.active:not(.container)'));
      const leaf = leaves.find((g) => drawn!.graph.nodesById.get(g.dataset.stateId ?? '')?.path.includes('phases')) ?? leaves[0];
      if (!fitted) reveal(leaf ? boxOf(leaf) : undefined);
    },

    clear(message: string): void {
      replace(container, h('p', { class: 'message refused chart-refused', 'data-testid': 'chart-refused', role: 'alert' }, message));
      drawn = undefined;
    },

    zoomIn: () => zoom(1.25),
    zoomOut: () => zoom(0.8),
    fit,
    actualSize: () => zoom(1 / viewport.scale),
  };
}
