import { createMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';

/** A machine definition: `machine.config`, or the JSON of one (as an inspector sends it). */
export type MachineDefinition = AnyStateMachine['config'];

/** A state of the chart, in the tree shape of the machine definition. */
export interface ChartNode {
  /** The XState state id (`turn.phases.beginning.upkeep`, or the config's own `id`). */
  id: string;
  key: string;
  /** The name drawn in the chart: the key, or words for it (set before layout: the width follows it). */
  title: string;
  /** Keys from the root, as in a snapshot value. */
  path: string[];
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  description?: string;
  /** The rule number a description starts with (`502.1`), if any. */
  rule?: string;
  isInitial: boolean;
  /** Transitions of this state that change no state (actions only). */
  internal: ChartTransition[];
  /** The events of `internal`, once each, as drawn inside the state. */
  internalLabels: string[];
  children: ChartNode[];
}

/** What a transition does, for the details panel. */
export interface ChartTransition {
  eventType: string;
  label: string;
  guard?: string;
  actions: string[];
  description?: string;
  /** For a transition drawn inside its state: the state or ancestor it re-enters, if any. */
  reenters?: string;
}

export type ChartEdgeKind = 'event' | 'always' | 'after' | 'done';

/** One transition from one state to one target state. */
export interface ChartEdge extends ChartTransition {
  id: string;
  source: string;
  target: string;
  kind: ChartEdgeKind;
  /** The short label drawn on the chart: event and guard name, no parameters; none for a plain eventless edge. */
  caption: string;
}

export interface ChartGraph {
  root: ChartNode;
  edges: ChartEdge[];
  nodesById: Map<string, ChartNode>;
}

const RULE_AT_START = /^\s*(?:CR\s+)?(\d{3}(?:\.\d+[a-z]?)?(?:[–-]\d{3}(?:\.\d+[a-z]?)?)?)/;

/** Reads a rule number (or range) at the start of a description: "514.3a When ..." → "514.3a", "CR 500–514: …" → "500–514". */
export function ruleOf(description: string | undefined): string | undefined {
  return description?.match(RULE_AT_START)?.[1];
}

/** The name of a guard or action reference; with `withParams`, its parameter values too: `isNextStep(draw)`. */
export function nameOf(value: unknown, withParams = false): string | undefined {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object' || !('type' in value) || typeof value.type !== 'string') return undefined;
  const params = 'params' in value && value.params && typeof value.params === 'object' ? Object.values(value.params) : [];
  return withParams && params.length ? `${value.type}(${params.map((param) => JSON.stringify(param).replace(/^"|"$/g, '')).join(', ')})` : value.type;
}

function edgeKind(eventType: string): ChartEdgeKind {
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.after.')) return 'after';
  if (eventType.startsWith('xstate.done.') || eventType.startsWith('xstate.error.')) return 'done';
  return 'event';
}

function eventLabel(eventType: string, kind: ChartEdgeKind, delay: unknown): string {
  if (kind === 'always') return 'always';
  if (kind === 'after') return `after ${String(delay)}${typeof delay === 'number' ? 'ms' : ''}`;
  if (eventType.startsWith('xstate.done.state.')) return 'onDone';
  if (eventType.startsWith('xstate.done.actor.')) return 'invoke.onDone';
  if (eventType.startsWith('xstate.error.actor.')) return 'invoke.onError';
  return eventType;
}

/** `event [guard]`; an eventless transition with a guard shows only `[guard]`. */
export function transitionLabel(eventType: string, guard: string | undefined, delay?: unknown): string {
  const kind = edgeKind(eventType);
  if (kind === 'always' && guard) return `[${guard}]`;
  const base = eventLabel(eventType, kind, delay);
  return guard ? `${base} [${guard}]` : base;
}

/**
 * The label drawn on an edge: the event, and the guard's name without its parameters
 * on a second line; only `[guard]` for an eventless edge, nothing for a plain `always`.
 */
export function edgeCaption(eventType: string, guard: unknown, delay?: unknown): string {
  const name = nameOf(guard);
  if (edgeKind(eventType) === 'always') return name ? `[${name}]` : '';
  const event = eventLabel(eventType, edgeKind(eventType), delay);
  return name ? `${event}\n[${name}]` : event;
}

/** Identifies an edge by what a fired transition reports: source, event, guard and target. */
export function edgeKey(source: string, eventType: string, guard: string | undefined, target: string): string {
  return `${source} --${eventType}${guard ? `[${guard}]` : ''}--> ${target}`;
}

function isSelfOrAncestor(candidate: AnyStateNode, of: AnyStateNode): boolean {
  for (let node: AnyStateNode | undefined = of; node; node = node.parent) if (node === candidate) return true;
  return false;
}

/**
 * Builds the chart of a machine from its definition (`machine.config`, or the JSON
 * an inspector sends). Targets are resolved by XState itself, so relative, dotted
 * and `#id` targets mean exactly what they mean when the machine runs.
 */
export function chartFromConfig(config: MachineDefinition): ChartGraph {
  const machine = createMachine(config);
  const edges: ChartEdge[] = [];
  const nodesById = new Map<string, ChartNode>();
  const edgeCount = new Map<string, number>();

  function visit(stateNode: AnyStateNode): ChartNode {
    const internal: ChartTransition[] = [];
    const transitions = [...stateNode.transitions.values(), stateNode.always ?? []].flat();
    for (const transition of transitions) {
      const guard = nameOf(transition.guard, true);
      const delay = (transition as { delay?: unknown }).delay;
      const details: ChartTransition = {
        eventType: transition.eventType,
        label: transitionLabel(transition.eventType, guard, delay),
        guard,
        actions: transition.actions.map((action) => nameOf(action, true)).filter((name): name is string => name !== undefined),
        description: transition.description,
      };
      // Targetless transitions, and re-entries of the state itself or an ancestor, are listed inside the state.
      const targets = (transition.target ?? []).filter((target) => !isSelfOrAncestor(target, stateNode));
      const reentered = (transition.target ?? []).find((target) => isSelfOrAncestor(target, stateNode));
      if (targets.length === 0) internal.push(reentered ? { ...details, reenters: reentered.key || reentered.id } : details);
      for (const target of targets) {
        const key = edgeKey(stateNode.id, transition.eventType, nameOf(transition.guard), target.id);
        const seen = edgeCount.get(key) ?? 0;
        edgeCount.set(key, seen + 1);
        edges.push({
          ...details,
          id: seen ? `${key} #${seen + 1}` : key,
          source: stateNode.id,
          target: target.id,
          kind: edgeKind(transition.eventType),
          caption: edgeCaption(transition.eventType, transition.guard, delay),
        });
      }
    }
    const parent = stateNode.parent;
    const node: ChartNode = {
      id: stateNode.id,
      key: stateNode.key,
      title: stateNode.key || stateNode.id,
      path: stateNode.path,
      type: stateNode.type,
      description: stateNode.description,
      rule: ruleOf(stateNode.description),
      isInitial: parent?.type === 'compound' && parent.initial.target[0] === stateNode,
      internal,
      internalLabels: [
        ...new Set(internal.map(({ eventType, reenters }) => transitionLabel(eventType, undefined) + (reenters ? ` ↻ ${reenters}` : ''))),
      ],
      children: Object.values(stateNode.states as Record<string, AnyStateNode>).map(visit),
    };
    nodesById.set(node.id, node);
    return node;
  }

  const root = visit(machine.root);
  return { root, edges, nodesById };
}
