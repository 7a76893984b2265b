// The active configuration (SCXML's "configuration": every active state, ancestors
// included), kept in the order XState keeps its snapshot's `_nodes`: the insertion order of
// a set. That order is observable — eventless transitions are selected atomic state by
// atomic state in it, and parallel regions are visited in it — so it is reproduced, for a
// started game and for one restored from a state value alike.
import { statePath, type Chart, type StateNode } from './chart.js';

/** A state value as XState writes it: an atomic child's key, or an object of the active children's values. */
export type StateValue = string | { [key: string]: StateValue | undefined };

/** XState's toStateValue: a dotted path ('a.b.c') is the value `{ a: { b: 'c' } }`. */
function toStateValue(value: StateValue): StateValue {
  if (typeof value !== 'string') return value;
  const path = statePath(value);
  let result: StateValue = path[path.length - 1];
  for (let i = path.length - 2; i >= 0; i -= 1) result = { [path[i]]: result };
  return result;
}

/** XState's matchesState: whether `child` is (inside) the state `parent` names. */
export function matchesState(parent: StateValue, child: StateValue): boolean {
  const p = toStateValue(parent);
  const c = toStateValue(child);
  if (typeof c === 'string') return typeof p === 'string' && p === c;
  if (typeof p === 'string') return p in c;
  return Object.keys(p).every((key) => key in c && matchesState(p[key]!, c[key]!));
}

/** The active states of a running chart, in XState's order, with its state value. */
export class Configuration<R> {
  private cachedValue: StateValue | null = null;

  private constructor(
    /** Active states in XState's `_nodes` order. */
    readonly nodes: StateNode<R>[],
    /** Membership by `order`. */
    readonly active: Uint8Array,
  ) {}

  static empty<R>(chart: Chart<R>): Configuration<R> {
    return new Configuration<R>([], new Uint8Array(chart.nodes.length));
  }

  /** The configuration XState restores from a state value: `getAllStateNodes(getStateNodes(root, value))`. */
  static fromValue<R>(chart: Chart<R>, value: StateValue): Configuration<R> {
    const configuration = Configuration.empty(chart);
    for (const node of allStateNodes(stateNodes(chart, chart.root, value))) configuration.add(node);
    return configuration;
  }

  has(node: StateNode<R>): boolean {
    return this.active[node.order] === 1;
  }

  /** Set semantics: a state already active keeps its place. */
  add(node: StateNode<R>): void {
    if (this.active[node.order] === 1) return;
    this.active[node.order] = 1;
    this.nodes.push(node);
    this.cachedValue = null;
  }

  delete(node: StateNode<R>): void {
    if (this.active[node.order] === 0) return;
    this.active[node.order] = 0;
    this.nodes.splice(this.nodes.indexOf(node), 1);
    this.cachedValue = null;
  }

  clone(): Configuration<R> {
    const copy = new Configuration<R>([...this.nodes], this.active.slice());
    copy.cachedValue = this.cachedValue;
    return copy;
  }

  /** The state value, as XState's getStateValue writes it (regions in configuration order). Shared: do not change it. */
  value(root: StateNode<R>): StateValue {
    this.cachedValue ??= this.valueBelow(root);
    return this.cachedValue;
  }

  /** `snapshot.matches(test)`: XState's matchesState against this configuration's value. */
  matches(root: StateNode<R>, test: StateValue): boolean {
    return matchesState(test, this.value(root));
  }

  // XState's getValueFromAdj: a compound state with an atomic child is that child's key.
  private valueBelow(node: StateNode<R>): StateValue {
    const children = this.nodes.filter((n) => n.parent === node);
    if (node.type === 'compound') {
      if (children.length === 0) return {};
      if (children[0].type === 'atomic') return children[0].key;
    }
    const value: Record<string, StateValue> = {};
    for (const child of children) value[child.key] = this.valueBelow(child);
    return value;
  }
}

// ---- restoring: XState's getStateNodes and getAllStateNodes, in their order ----------------------

function childNode<R>(chart: Chart<R>, node: StateNode<R>, key: string): StateNode<R> {
  const child = key.startsWith('#') ? chart.byId.get(key.slice(1)) : node.states[key];
  if (!child) throw new Error(`State '${key}' does not exist on '${node.id}'`);
  return child;
}

function stateNodes<R>(chart: Chart<R>, node: StateNode<R>, value: StateValue): StateNode<R>[] {
  if (typeof value === 'string') return [node, childNode(chart, node, value)];
  const keys = Object.keys(value);
  const children = keys.map((key) => childNode(chart, node, key));
  return [chart.root, node, ...children, ...keys.flatMap((key, i) => stateNodes(chart, children[i], value[key] as StateValue))];
}

/** XState's getInitialStateNodes then their ancestors up to `node`. */
function initialStatesWithAncestors<R>(node: StateNode<R>): Set<StateNode<R>> {
  const states = new Set<StateNode<R>>();
  const visit = (n: StateNode<R>) => {
    if (states.has(n)) return;
    states.add(n);
    if (n.type === 'compound') visit(n.initial!.targets[0]);
    else if (n.type === 'parallel') n.children.forEach(visit);
  };
  visit(node);
  for (const state of [...states]) {
    for (let a = state.parent; a && a !== node; a = a.parent) states.add(a);
  }
  return states;
}

function allStateNodes<R>(nodes: StateNode<R>[]): Set<StateNode<R>> {
  const set = new Set(nodes);
  const hasChildIn = new Set([...set].map((n) => n.parent));
  for (const s of set) {
    if (s.type === 'compound' && !hasChildIn.has(s)) initialStatesWithAncestors(s).forEach((n) => set.add(n));
    else if (s.type === 'parallel') {
      for (const child of s.children) if (!set.has(child)) initialStatesWithAncestors(child).forEach((n) => set.add(n));
    }
  }
  for (const s of set) for (let m = s.parent; m; m = m.parent) set.add(m);
  return set;
}
