// A statechart's config compiled for the executor (README.md): the state nodes and transitions XState's
// `StateNode` builds from the same config (document order, ids, targets resolved), with
// every action and guard reference bound once to a function through `Bindings`. Nothing
// here knows the turn chart: whatever states and transitions its config has are compiled.
// What XState supports but this executor does not (history and final states, delays,
// invoked actors) is refused when compiling, never silently skipped.

/** An event as the executor sees it. */
export interface ChartEvent { readonly type: string }

/** A bound action: runs against the executor's run state `R` with the event being processed. */
export type BoundAction<R> = (run: R, event: ChartEvent) => void;
/** A bound guard. */
export type BoundGuard<R> = (run: R, event: ChartEvent) => boolean;

/** How action and guard references of the config (a name, `{ type, params }`, …) become functions. */
export interface Bindings<R> {
  action(reference: unknown, where: string): BoundAction<R>;
  guard(reference: unknown, where: string): BoundGuard<R>;
}

export interface Transition<R> {
  readonly source: StateNode<R>;
  /** Resolved targets; empty for a targetless transition. */
  readonly targets: StateNode<R>[];
  readonly reenter: boolean;
  readonly guard: BoundGuard<R> | null;
  readonly actions: BoundAction<R>[];
  /** The event descriptor ('' for eventless ones, as XState's NULL_EVENT). */
  readonly eventType: string;
  /** Its position among the chart's transitions (a key for a set of them). */
  readonly index: number;
  /** Computed once: XState's getTransitionDomain (undefined: the whole machine, for a reentering root transition). */
  domain?: StateNode<R> | null;
  /** Computed once: the states this transition alone enters (XState's computeEntrySet), in entry order. */
  entry?: Entry<R>;
}

/** States to enter, in document order, and those entered by default (whose `initial` actions run). */
export interface Entry<R> {
  readonly states: StateNode<R>[];
  readonly set: ReadonlySet<StateNode<R>>;
  readonly byDefault: ReadonlySet<StateNode<R>>;
}

export interface StateNode<R> {
  /** XState's `order`: the position in document order (pre-order), the root 0. */
  readonly order: number;
  readonly id: string;
  readonly key: string;
  readonly type: 'atomic' | 'compound' | 'parallel';
  readonly parent: StateNode<R> | null;
  /** Child states in document order. */
  readonly children: StateNode<R>[];
  readonly states: Record<string, StateNode<R>>;
  entry: BoundAction<R>[];
  exit: BoundAction<R>[];
  /** A compound state's initial transition (its target and actions). */
  initial: Transition<R> | null;
  /** `on`: each event descriptor with its transitions, in config order. */
  on: Map<string, Transition<R>[]>;
  always: Transition<R>[] | null;
  /** `ancestors[a.order]` is 1 for every proper ancestor `a`. */
  ancestors: Uint8Array;
  /** This state and its ancestors that have eventless transitions, nearest first. */
  alwaysChain: StateNode<R>[];
  /** The state's XState `tags` (what `snapshot.hasTag` looks for among the active states). */
  readonly tags: readonly string[];
}

/** Per event type (computed once): each state's candidate transitions, and whether it or a state below it has any. */
export interface EventTable<R> {
  /** By `order`: exact match, then wildcards, longest descriptor first (XState's getCandidates); null: none. */
  readonly candidates: (Transition<R>[] | null)[];
  readonly below: Uint8Array;
}

export interface Chart<R> {
  readonly root: StateNode<R>;
  /** Every state node, in document order (`nodes[n.order] === n`). */
  readonly nodes: StateNode<R>[];
  readonly byId: Map<string, StateNode<R>>;
  /** The config's `context` (a value, or a factory XState calls with `{ input }`). */
  readonly context: unknown;
  readonly events: Map<string, EventTable<R>>;
}

type Config = Record<string, unknown>;

const SUPPORTED_KEYS = new Set(['id', 'type', 'initial', 'states', 'on', 'always', 'entry', 'exit', 'description', 'meta', 'tags', 'context', 'types', 'version', 'schemas']);
const UNSUPPORTED_TYPES = new Set(['final', 'history']);

class ChartError extends Error {
  constructor(where: string, message: string) {
    super(`statechart: state "${where}": ${message}`);
    this.name = 'ChartError';
  }
}

const toArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Compiles a machine config (`machine.config`) with `bindings` for its actions and guards. */
export function compileChart<R>(config: Config, bindings: Bindings<R>): Chart<R> {
  const nodes: StateNode<R>[] = [];
  const byId = new Map<string, StateNode<R>>();
  const machineId = typeof config.id === 'string' ? config.id : '(machine)';
  const configs = new Map<StateNode<R>, Config>();
  let transitionCount = 0;

  // Pass 1, as XState's StateNode constructor: ids, types and document order (pre-order).
  function build(nodeConfig: Config, key: string, parent: StateNode<R> | null, path: string[]): StateNode<R> {
    const id = typeof nodeConfig.id === 'string' ? nodeConfig.id : [machineId, ...path].join('.');
    for (const k of Object.keys(nodeConfig)) {
      if (!SUPPORTED_KEYS.has(k)) throw new ChartError(id, `"${k}" is not supported by the statechart executor`);
    }
    const stateConfigs = (nodeConfig.states ?? {}) as Record<string, Config>;
    const declared = nodeConfig.type as string | undefined;
    if (declared !== undefined && UNSUPPORTED_TYPES.has(declared)) throw new ChartError(id, `${declared} states are not supported by the statechart executor`);
    const type = (declared ?? (Object.keys(stateConfigs).length > 0 ? 'compound' : 'atomic')) as StateNode<R>['type'];
    const node: StateNode<R> = {
      order: nodes.length, id, key, type, parent, children: [], states: {},
      entry: [], exit: [], initial: null, on: new Map(), always: null, ancestors: new Uint8Array(0), alwaysChain: [],
      tags: Array.isArray(nodeConfig.tags) ? (nodeConfig.tags as string[]) : typeof nodeConfig.tags === 'string' ? [nodeConfig.tags] : [],
    };
    nodes.push(node);
    byId.set(id, node);
    configs.set(node, nodeConfig);
    for (const [childKey, childConfig] of Object.entries(stateConfigs)) {
      const child = build(childConfig, childKey, node, [...path, childKey]);
      node.children.push(child);
      node.states[childKey] = child;
    }
    if (type === 'compound' && nodeConfig.initial === undefined) throw new ChartError(id, 'a compound state needs an `initial` state');
    return node;
  }
  const root = build(config, machineId, null, []);

  // Pass 2, as XState's `_initialize`: actions, guards and transitions, targets resolved.
  for (const node of nodes) {
    const nodeConfig = configs.get(node)!;
    node.entry = toArray(nodeConfig.entry).map((a) => bindings.action(a, `${node.id} entry`));
    node.exit = toArray(nodeConfig.exit).map((a) => bindings.action(a, `${node.id} exit`));
    for (const [descriptor, transitions] of Object.entries((nodeConfig.on ?? {}) as Config)) {
      if (descriptor === '') throw new ChartError(node.id, 'null events ("") cannot be transition keys');
      node.on.set(descriptor, transitionConfigs(transitions).map((t) => transition(node, descriptor, t)));
    }
    if (nodeConfig.always !== undefined) node.always = transitionConfigs(nodeConfig.always).map((t) => transition(node, '', t));
    if (node.type === 'compound') node.initial = initialTransition(node, nodeConfig.initial);
    node.ancestors = new Uint8Array(nodes.length);
    for (let a = node.parent; a; a = a.parent) node.ancestors[a.order] = 1;
    for (let a: StateNode<R> | null = node; a; a = a.parent) if (a.always) node.alwaysChain.push(a);
  }

  function transition(source: StateNode<R>, eventType: string, t: Config): Transition<R> {
    const where = `${source.id} ${eventType || 'always'}`;
    for (const k of Object.keys(t)) {
      if (!['target', 'guard', 'actions', 'reenter', 'description', 'meta'].includes(k)) throw new ChartError(source.id, `transition key "${k}" is not supported by the statechart executor`);
    }
    return {
      source,
      targets: resolveTargets(source, normalizeTarget(t.target)),
      reenter: t.reenter === true,
      guard: t.guard === undefined ? null : bindings.guard(t.guard, where),
      actions: toArray(t.actions).map((a) => bindings.action(a, where)),
      eventType,
      index: transitionCount++,
      // Present from the start (computed later): every transition keeps one shape, so the executor's reads of it stay monomorphic.
      domain: undefined,
      entry: undefined,
    };
  }

  function initialTransition(node: StateNode<R>, initial: unknown): Transition<R> {
    const key = typeof initial === 'string' ? initial : (initial as Config).target as string;
    const target = node.states[key];
    if (!target) throw new ChartError(node.id, `initial state "${key}" not found`);
    const actions = typeof initial === 'string' ? [] : toArray((initial as Config).actions);
    return { source: node, targets: [target], reenter: false, guard: null, actions: actions.map((a) => bindings.action(a, `${node.id} initial`)), eventType: '', index: transitionCount++, domain: undefined, entry: undefined };
  }

  // XState's resolveTarget: `#id` (optionally followed by a path), `.child` (below the source), or a sibling path.
  function resolveTargets(source: StateNode<R>, targets: string[] | undefined): StateNode<R>[] {
    if (targets === undefined) return [];
    return targets.map((target) => {
      if (typeof target !== 'string') throw new ChartError(source.id, 'only string targets are supported');
      if (target.startsWith('#')) return byIdPath(source, target);
      if (target.startsWith('.')) return byPath(source, target.slice(1));
      if (!source.parent) throw new ChartError(source.id, `invalid target "${target}" from the root: did you mean ".${target}"?`);
      return byPath(source.parent, target);
    });
  }

  // XState's getStateNodeById: the first segment is the id, the rest a path below it.
  function byIdPath(source: StateNode<R>, target: string): StateNode<R> {
    const [head, ...rest] = statePath(target);
    const node = byId.get(head.slice(1));
    if (!node) throw new ChartError(source.id, `no state with id "${head}"`);
    return byPath(node, rest);
  }

  function byPath(from: StateNode<R>, path: string | string[]): StateNode<R> {
    let node = from;
    for (const key of typeof path === 'string' ? statePath(path) : path) {
      if (key === '') break;
      const child = node.states[key];
      if (!child) throw new ChartError(from.id, `child state "${key}" does not exist on "${node.id}"`);
      node = child;
    }
    return node;
  }

  return { root, nodes, byId, context: config.context, events: new Map() };
}

/** XState's toTransitionConfigArray: a string (or undefined) is a target. */
function transitionConfigs(value: unknown): Config[] {
  return (Array.isArray(value) ? value : [value]).map((t) => (t === undefined || typeof t === 'string' ? { target: t } : t as Config));
}

/** XState's normalizeTarget: no target, or '' (TARGETLESS_KEY), is targetless. */
function normalizeTarget(target: unknown): string[] | undefined {
  return target === undefined || target === '' ? undefined : toArray(target as string | string[]);
}

/** XState's toStatePath: segments split on '.', a backslash escaping the next character. */
export function statePath(id: string): string[] {
  const result: string[] = [];
  let segment = '';
  for (let i = 0; i < id.length; i += 1) {
    if (id[i] === '\\') { segment += id[i + 1]; i += 1; continue; }
    if (id[i] === '.') { result.push(segment); segment = ''; continue; }
    segment += id[i];
  }
  result.push(segment);
  return result;
}

/** Whether an event type matches a descriptor: itself, `*`, or a `prefix.*` wildcard (XState's matchesEventDescriptor). */
function matchesDescriptor(eventType: string, descriptor: string): boolean {
  if (descriptor === eventType || descriptor === '*') return true;
  if (!descriptor.endsWith('.*')) return false;
  const partial = descriptor.split('.');
  const tokens = eventType.split('.');
  for (let i = 0; i < partial.length; i += 1) {
    if (partial[i] === '*') return i === partial.length - 1;
    if (partial[i] !== tokens[i]) return false;
  }
  return false;
}

/** The event table of an event type: XState's getCandidates for every state, memoised. */
export function eventTable<R>(chart: Chart<R>, eventType: string): EventTable<R> {
  let table = chart.events.get(eventType);
  if (table) return table;
  const candidates = chart.nodes.map((node) => {
    const wildcards = [...node.on.keys()]
      .filter((d) => d !== eventType && matchesDescriptor(eventType, d))
      .sort((a, b) => b.length - a.length)
      .flatMap((d) => node.on.get(d)!);
    const found = [...(node.on.get(eventType) ?? []), ...wildcards];
    return found.length > 0 ? found : null;
  });
  const below = new Uint8Array(chart.nodes.length);
  // Children come after their parent in document order: walk it backwards.
  for (let i = chart.nodes.length - 1; i >= 0; i -= 1) {
    const node = chart.nodes[i];
    if (candidates[i] !== null || node.children.some((c) => below[c.order] === 1)) below[i] = 1;
  }
  table = { candidates, below };
  chart.events.set(eventType, table);
  return table;
}
