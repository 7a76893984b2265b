import type { ChartGraph, MachineDefinition } from './graph.js';

/**
 * What the page draws at most. The turn machine has 35 states, 45 edges, 6 levels; ELK's layered
 * layout grows much faster than the graph (a 2,000-state, 90 KiB definition took the tab down), so
 * a definition past these is refused with the reason instead of being laid out.
 */
export const DRAWABLE = {
  /** Bytes of a definition's JSON text. */
  maxDefinitionBytes: 512 * 1024,
  maxStates: 300,
  maxEdges: 300,
  maxDepth: 16,
  /** The layout runs in a worker; past this it is stopped and the chart refused. */
  layoutMilliseconds: 15_000,
} as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Why a machine definition is too big to draw (states, nesting), or undefined: read without
 * recursion and stopping at the first cap passed, so a huge or deep definition costs little.
 */
export function undrawableDefinition(config: MachineDefinition | unknown): string | undefined {
  if (!isObject(config)) return 'the definition is not an object';
  let states = 0;
  const pending: [Record<string, unknown>, number][] = [[config, 0]];
  while (pending.length) {
    const [node, depth] = pending.pop()!;
    if (depth > DRAWABLE.maxDepth) return `its states are nested more than ${DRAWABLE.maxDepth} deep; the page draws at most ${DRAWABLE.maxDepth} levels`;
    if (!isObject(node.states)) continue;
    for (const child of Object.values(node.states)) {
      if (++states > DRAWABLE.maxStates) return `it has more than ${DRAWABLE.maxStates} states; the page draws at most ${DRAWABLE.maxStates}`;
      if (isObject(child)) pending.push([child, depth + 1]);
    }
  }
  return undefined;
}

/** Why a chart has too many transitions to lay out, or undefined. */
export function undrawableGraph(graph: ChartGraph): string | undefined {
  if (graph.edges.length > DRAWABLE.maxEdges) return `it has ${graph.edges.length} transitions between states; the page draws at most ${DRAWABLE.maxEdges}`;
  return undefined;
}

/** Why a definition's JSON text is too long to read, or undefined. */
export function undrawableText(text: string): string | undefined {
  return text.length > DRAWABLE.maxDefinitionBytes
    ? `the definition is ${Math.round(text.length / 1024)} KiB of JSON; the page reads at most ${DRAWABLE.maxDefinitionBytes / 1024} KiB`
    : undefined;
}
