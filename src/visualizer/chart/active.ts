import type { InspectionEvent, StateValue } from 'xstate';
import { edgeKey, nameOf, type ChartGraph, type ChartNode } from './graph.js';

/** The ids of every state a snapshot value is in, compound and parallel ancestors included. */
export function activeStateIds(graph: ChartGraph, value: StateValue): Set<string> {
  const active = new Set<string>([graph.root.id]);
  function walk(node: ChartNode, part: StateValue): void {
    const entries: [string, StateValue | undefined][] =
      typeof part === 'string' ? [[part, undefined]] : Object.entries(part as Record<string, StateValue>);
    for (const [key, below] of entries) {
      const child = node.children.find((candidate) => candidate.key === key);
      if (!child) continue;
      active.add(child.id);
      if (below !== undefined) walk(child, below);
    }
  }
  walk(graph.root, value);
  return active;
}

/** What XState reports of a transition it took (`@xstate.microstep`'s `_transitions`). */
export interface TakenTransition {
  source: { id: string };
  target?: readonly { id: string }[];
  eventType: string;
  guard?: unknown;
}

/** The transitions of an `@xstate.microstep` inspection event, as plain data (none for other events). */
export function takenTransitionsOf(event: InspectionEvent): TakenTransition[] {
  if (event.type !== '@xstate.microstep') return [];
  return event._transitions.map((transition) => ({
    source: { id: transition.source.id },
    target: transition.target?.map((state) => ({ id: state.id })),
    eventType: transition.eventType,
    guard: transition.guard,
  }));
}

/** The chart edges of transitions XState reports as taken. */
export function takenEdgeIds(graph: ChartGraph, taken: readonly TakenTransition[]): Set<string> {
  const wanted = new Set<string>();
  for (const transition of taken) {
    for (const target of transition.target ?? []) {
      wanted.add(edgeKey(transition.source.id, transition.eventType, nameOf(transition.guard), target.id));
    }
  }
  return new Set(graph.edges.filter((edge) => wanted.has(edge.id.replace(/ #\d+$/, ''))).map((edge) => edge.id));
}

/**
 * Best guess of the edges an event took, when only the snapshots before and after
 * are known (a live inspector stream): edges for that event from a state that was
 * active, followed through eventless edges of states passed through, up to states
 * that are active now.
 */
export function guessTakenEdgeIds(
  graph: ChartGraph,
  before: Set<string>,
  after: Set<string>,
  eventType: string,
): Set<string> {
  const taken = new Set<string>();
  const visiting = new Set<string>();
  function reachesActive(edge: ChartGraph['edges'][number]): boolean {
    if (after.has(edge.target)) return true;
    if (visiting.has(edge.target)) return false;
    visiting.add(edge.target);
    const onward = graph.edges.filter((next) => next.kind === 'always' && next.source === edge.target);
    let reaches = false;
    for (const next of onward) {
      if (reachesActive(next)) {
        taken.add(next.id);
        reaches = true;
      }
    }
    return reaches;
  }
  for (const edge of graph.edges) {
    if (edge.eventType === eventType && before.has(edge.source) && reachesActive(edge)) taken.add(edge.id);
  }
  return taken;
}
