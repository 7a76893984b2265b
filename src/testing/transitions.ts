// The transitions of the statechart, counted from its definition, and a recorder of the
// ones an actor really takes (XState v5 `@xstate.microstep` inspection events carry the
// selected TransitionDefinition objects in `_transitions`).
import type { AnyStateMachine, AnyTransitionDefinition, InspectionEvent } from 'xstate';

type AnyStateNode = AnyStateMachine['root'];

/** One transition candidate of the chart, with a readable label. */
export interface MachineTransition {
  /** Stable, readable name: `source#event[i] guard → target`. */
  label: string;
  definition: AnyTransitionDefinition;
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allNodes)];
}

function guardName(t: AnyTransitionDefinition): string {
  const guard = t.guard as unknown;
  if (guard === undefined) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) {
    const { type, params } = guard as { type: string; params?: unknown };
    return ` [${type}${params === undefined ? '' : JSON.stringify(params)}]`;
  }
  return ' [inline guard]';
}

function describe(t: AnyTransitionDefinition, index: number): string {
  const source = t.source.id.replace(/^mtgTurn\.?/, '') || '(root)';
  const event = t.eventType === '' ? 'always' : t.eventType;
  const target = t.target ? ` → ${t.target.map((n: AnyStateNode) => n.id.replace(/^mtgTurn\.?/, '') || '(root)').join(',')}` : '';
  return `${source} #${event}[${index}]${guardName(t)}${target}`;
}

/** Every `on` and `always` candidate of every state node (guarded alternatives and reject branches included). */
export function machineTransitions(machine: AnyStateMachine): MachineTransition[] {
  const result: MachineTransition[] = [];
  for (const node of allNodes(machine.root)) {
    for (const candidates of (node.transitions as Map<string, AnyTransitionDefinition[]>).values()) {
      candidates.forEach((definition, i) => result.push({ label: describe(definition, i), definition }));
    }
    (node.always ?? []).forEach((definition: AnyTransitionDefinition, i: number) => result.push({ label: describe(definition, i), definition }));
  }
  return result;
}

/** The same count read from the literal config (`machine.config`), as a cross-check of the resolved definition. */
export function countConfigTransitions(config: unknown): number {
  const node = config as { on?: Record<string, unknown>; always?: unknown; states?: Record<string, unknown> };
  const asList = (x: unknown) => (x === undefined ? [] : Array.isArray(x) ? x : [x]);
  let count = 0;
  for (const candidates of Object.values(node.on ?? {})) count += asList(candidates).length;
  count += asList(node.always).length;
  for (const child of Object.values(node.states ?? {})) count += countConfigTransitions(child);
  return count;
}

/** Collects the transitions taken by actors that were given `recorder.inspect`. */
export class TransitionRecorder {
  readonly taken = new Set<AnyTransitionDefinition>();

  /** Give it as an actor's `inspect`: records the transitions the actor takes. */
  readonly inspect = (event: InspectionEvent): void => {
    if (event.type !== '@xstate.microstep') return;
    for (const t of event._transitions) this.taken.add(t);
  };

  /** Adds another recorder's transitions. */
  merge(other: TransitionRecorder): void {
    for (const t of other.taken) this.taken.add(t);
  }

  /** How many of the transitions were taken, and which were not. */
  coverage(all: readonly MachineTransition[]): { covered: number; total: number; missing: string[] } {
    const missing = all.filter((t) => !this.taken.has(t.definition)).map((t) => t.label);
    return { covered: all.length - missing.length, total: all.length, missing };
  }
}
