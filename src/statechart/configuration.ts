// The active configuration (SCXML's "configuration": every active state, ancestors
// included), kept in the order XState keeps its snapshot's `_nodes`: the insertion order of
// a set. That order is observable — eventless transitions are selected atomic state by
// atomic state in it, and parallel regions are visited in it — so it is reproduced, for a
// started game and for one restored from a state value alike.
import { statePath, type BoundAction, type BoundGuard, type Chart, type Entry, type StateNode, type Transition } from './chart.js';

/** A state value as XState writes it: an atomic child's key, or an object of the active children's values. */
export type StateValue = string | { [key: string]: StateValue | undefined };

/** XState's toStateValue: a dotted path ('a.b.c') is the value `{ a: { b: 'c' } }`. */
function toStateValue(value: StateValue): StateValue {
  if (typeof value !== 'string' || (!value.includes('.') && !value.includes('\\'))) return value;
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

/** What a microstep does from one configuration (step.ts computes it once, then reuses it). */
export interface Plan<R> {
  /** The transitions taken (the enabled ones without those that conflict). */
  readonly transitions: readonly Transition<R>[];
  /** States exited, in exit order (reverse document order). */
  readonly exits: readonly StateNode<R>[];
  readonly entry: Entry<R>;
  /** Every action the microstep runs, in order: exits', transitions', then entries' (with initial actions). */
  readonly actions: readonly BoundAction<R>[];
  /** The microstep leaves the active states as they were (XState keeps its snapshot). */
  readonly same: boolean;
  readonly next: Configuration<R>;
}

/**
 * Transition selection for one event type from one configuration, compiled once (step.ts):
 * the candidates of the active states from a state down, deepest first, the first whose guard
 * passes taken — and where the active path reaches a parallel state with two or more regions
 * that can take the event, their own selections first, the chain asked only when none of them
 * took it. Also a configuration's eventless selection, when it has at most one atomic state
 * with eventless transitions.
 */
export interface Selector<R> {
  /** The selectors of a parallel state's regions, in configuration order (null: at most one transition can be enabled). */
  readonly regions: readonly Selector<R>[] | null;
  /** The candidate transitions, deepest state first (a state's in its own order). */
  readonly chain: readonly Transition<R>[];
  /** Each candidate's guard (null: none), at its place in the chain. */
  readonly guards: readonly (BoundGuard<R> | null)[];
  /** Without regions: the plan of each candidate taken alone from this configuration, made the first time it is taken (null: not yet). */
  readonly plans: (Plan<R> | null)[];
}

/** Configurations of a chart by their states in order: each set of active states is one object. */
const interned = new WeakMap<Chart<unknown>, Map<string, Configuration<unknown>>>();

/**
 * The active states of a running chart, in XState's order, with its state value. Immutable and
 * interned per chart (a chart has few configurations): what depends only on the active states —
 * the state value, each state's active children, the atomic states with eventless transitions,
 * the plan of each microstep from here — is computed once per configuration and reused.
 */
export class Configuration<R> {
  private cachedValue: StateValue | null = null;
  private cachedChildren: (readonly StateNode<R>[])[] | null = null;
  private cachedEventless: StateNode<R>[] | null = null;
  private cachedTags: ReadonlySet<string> | null = null;
  private cachedAlways: (readonly Transition<R>[])[] | null = null;
  /** Transition selection from this configuration, by event type (step.ts compiles each the first time). */
  readonly selectors = new Map<string, Selector<R>>();
  /** Eventless selection from this configuration (step.ts): undefined until compiled; null with several atomic states that have eventless transitions. */
  eventless: Selector<R> | null | undefined = undefined;
  /** Microstep plans from this configuration, by the transition (or the key of the transitions) enabled. */
  readonly plans = new Map<unknown, Plan<R>>();

  private constructor(
    readonly chart: Chart<R>,
    /** Active states in XState's `_nodes` order. */
    readonly nodes: readonly StateNode<R>[],
    /** Membership by `order`. */
    readonly active: Uint8Array,
  ) {}

  private static intern<R>(chart: Chart<R>, nodes: StateNode<R>[]): Configuration<R> {
    let table = interned.get(chart as Chart<unknown>) as Map<string, Configuration<R>> | undefined;
    if (!table) interned.set(chart as Chart<unknown>, (table = new Map()) as Map<string, Configuration<unknown>>);
    const key = nodes.map((n) => n.order).join(',');
    let configuration = table.get(key);
    if (!configuration) {
      const active = new Uint8Array(chart.nodes.length);
      for (const n of nodes) active[n.order] = 1;
      configuration = new Configuration<R>(chart, nodes, active);
      table.set(key, configuration);
    }
    return configuration;
  }

  static empty<R>(chart: Chart<R>): Configuration<R> {
    return Configuration.intern(chart, []);
  }

  /** The configuration XState restores from a state value: `getAllStateNodes(getStateNodes(root, value))`. */
  static fromValue<R>(chart: Chart<R>, value: StateValue): Configuration<R> {
    return Configuration.intern(chart, [...allStateNodes(stateNodes(chart, chart.root, value))]);
  }

  has(node: StateNode<R>): boolean {
    return this.active[node.order] === 1;
  }

  /**
   * The configuration after exiting `exits` and entering `entered` (in that order, as XState's
   * microstep does): exited states leave their place, entered ones go last (set semantics: a
   * state still active keeps its place).
   */
  after(exits: readonly StateNode<R>[], entered: readonly StateNode<R>[]): Configuration<R> {
    const leaving = new Set(exits);
    const nodes = this.nodes.filter((n) => !leaving.has(n));
    const kept = new Set(nodes);
    for (const s of entered) if (!kept.has(s)) { kept.add(s); nodes.push(s); }
    return Configuration.intern(this.chart, nodes);
  }

  /** Each state's active children, in configuration order, by `order`. */
  activeChildren(node: StateNode<R>): readonly StateNode<R>[] {
    if (!this.cachedChildren) {
      const children: StateNode<R>[][] = this.chart.nodes.map(() => []);
      for (const n of this.nodes) if (n.parent) children[n.parent.order].push(n);
      this.cachedChildren = children;
    }
    return this.cachedChildren[node.order];
  }

  /** The active atomic states that have, or whose ancestors have, eventless transitions, in configuration order. */
  eventlessAtomics(): readonly StateNode<R>[] {
    this.cachedEventless ??= this.nodes.filter((n) => n.type === 'atomic' && n.alwaysChain.length > 0);
    return this.cachedEventless;
  }

  /** XState's `snapshot.hasTag`: whether an active state carries `tag` (the tags gathered once per configuration). */
  hasTag(tag: string): boolean {
    if (!this.cachedTags) {
      const tags = new Set<string>();
      for (const n of this.nodes) for (const t of n.tags) tags.add(t);
      this.cachedTags = tags;
    }
    return this.cachedTags.has(tag);
  }

  /**
   * For each active atomic state with eventless transitions (configuration order), those of it
   * and then of each ancestor, nearest first: XState takes the first enabled one of the list.
   */
  eventlessCandidates(): readonly (readonly Transition<R>[])[] {
    this.cachedAlways ??= this.eventlessAtomics().map((atomic) => atomic.alwaysChain.flatMap((s) => s.always!));
    return this.cachedAlways;
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
    const children = this.activeChildren(node);
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
