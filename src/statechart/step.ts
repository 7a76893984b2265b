// The statechart algorithm XState v5 runs (SCXML's, https://www.w3.org/TR/scxml/#AlgorithmforSCXMLInterpretation,
// as xstate/src/stateUtils.ts implements it), over a compiled chart: a macrostep takes an
// event, then eventless transitions until none is enabled, then the raised events one by one.
// Each function names the XState function it follows; where XState differs from SCXML
// (transition selection by walking the state value, the "nothing changed" stop of the
// eventless loop, the order of the active configuration), XState is followed.
import { eventTable, type BoundAction, type Chart, type ChartEvent, type Entry, type EventTable, type StateNode, type Transition } from './chart.js';
import type { Configuration, Plan, Selector } from './configuration.js';

/** What the algorithm needs of a running chart; actions and guards receive it too. */
export interface RunState<R> {
  configuration: Configuration<R>;
  /** Events raised by actions, processed after the current microstep (XState's internalQueue). */
  readonly internalQueue: ChartEvent[];
  /**
   * Set by the algorithm for a microstep that would leave the active states as they were:
   * its actions must then say (`changed = true`) whether they changed the context, since
   * XState stops taking eventless transitions after one that changed nothing.
   */
  tracking: boolean;
  changed: boolean;
}

type Node<R> = StateNode<R>;
type T<R> = Transition<R>;

/** XState's isDescendant: a strict descendant; every state descends from `null` (no domain: the whole machine). */
function isDescendant<R>(child: Node<R>, parent: Node<R> | null): boolean {
  return parent === null || child.ancestors[parent.order] === 1;
}

/** XState's getProperAncestors: from the parent up, excluding `upTo` (null: up to and including the root). */
function properAncestors<R>(node: Node<R>, upTo: Node<R> | null): Node<R>[] {
  const ancestors: Node<R>[] = [];
  if (upTo === node) return ancestors;
  for (let m = node.parent; m && m !== upTo; m = m.parent) ancestors.push(m);
  return ancestors;
}

/**
 * XState's getTransitionDomain: the source itself when every target is inside it (and it is
 * not reentered), else the least common ancestor of source and targets; null for a
 * reentering transition of the root (the whole machine).
 */
function domainOf<R>(t: T<R>): Node<R> | null {
  if (t.domain !== undefined) return t.domain;
  const { targets, source } = t;
  let domain: Node<R> | null;
  if (!t.reenter && targets.every((x) => x === source || isDescendant(x, source))) domain = source;
  else {
    const [head, ...tail] = [...targets, source];
    domain = properAncestors(head, null).find((a) => tail.every((n) => isDescendant(n, a)))
      ?? (t.reenter ? null : rootOf(source));
  }
  t.domain = domain;
  return domain;
}

const rootOf = <R>(node: Node<R>): Node<R> => (node.parent ? rootOf(node.parent) : node);

/**
 * XState's computeExitSet: the active states a targeted transition leaves (its domain too when
 * it reenters its own source). Sorted as exitStates exits them: reverse document order.
 */
function exitSet<R>(transitions: readonly T<R>[], configuration: Configuration<R>): Node<R>[] {
  const exits: Node<R>[] = [];
  for (const t of transitions) {
    if (t.targets.length === 0) continue;
    const domain = domainOf(t);
    if (domain !== null && t.reenter && t.source === domain && !exits.includes(domain)) exits.push(domain);
    for (const s of configuration.nodes) {
      if (isDescendant(s, domain) && (transitions.length === 1 || !exits.includes(s))) exits.push(s);
    }
  }
  // An insertion sort: a handful of states.
  for (let i = 1; i < exits.length; i += 1) {
    const s = exits[i];
    let j = i - 1;
    for (; j >= 0 && exits[j].order < s.order; j -= 1) exits[j + 1] = exits[j];
    exits[j + 1] = s;
  }
  return exits;
}

/**
 * XState's removeConflictingTransitions (SCXML 3.13): of two enabled transitions that would
 * exit a common state, the one whose source is a descendant of the other's wins; otherwise
 * the earlier one (document order of selection) does.
 */
function removeConflicting<R>(enabled: T<R>[], configuration: Configuration<R>): T<R>[] {
  if (enabled.length <= 1) return enabled;
  const filtered: T<R>[] = [];
  for (const t1 of enabled) {
    let preempted = false;
    const removed: T<R>[] = [];
    const exits1 = exitSet([t1], configuration);
    for (const t2 of filtered) {
      const exits2 = exitSet([t2], configuration);
      if (!exits1.some((s) => exits2.includes(s))) continue;
      if (isDescendant(t1.source, t2.source)) removed.push(t2);
      else { preempted = true; break; }
    }
    if (preempted) continue;
    for (const t of removed) filtered.splice(filtered.indexOf(t), 1);
    filtered.push(t1);
  }
  return filtered;
}

// ---- entry: XState's computeEntrySet, addDescendantStatesToEnter, addAncestorStatesToEnter ----------

class EntrySet<R> {
  readonly states = new Set<Node<R>>();
  readonly byDefault = new Set<Node<R>>();

  private hasDescendantOf(node: Node<R>): boolean {
    for (const s of this.states) if (isDescendant(s, node)) return true;
    return false;
  }

  /** A compound state enters its initial state; a parallel one each region not already entered. */
  descendants(node: Node<R>): void {
    if (node.type === 'compound') {
      const initial = node.initial!.targets[0];
      this.states.add(initial);
      this.byDefault.add(initial);
      this.descendants(initial);
      this.ancestors(properAncestors(initial, node), null);
    } else if (node.type === 'parallel') {
      for (const child of node.children) {
        if (this.hasDescendantOf(child)) continue;
        this.states.add(child);
        this.byDefault.add(child);
        this.descendants(child);
      }
    }
  }

  /** Ancestors inside the reentrancy domain are entered; a parallel ancestor enters its other regions. */
  ancestors(ancestors: Node<R>[], reentrancyDomain: Node<R> | null): void {
    for (const anc of ancestors) {
      if (!reentrancyDomain || isDescendant(anc, reentrancyDomain)) this.states.add(anc);
      if (anc.type !== 'parallel') continue;
      for (const child of anc.children) {
        if (this.hasDescendantOf(child)) continue;
        this.states.add(child);
        this.descendants(child);
      }
    }
  }

  add(t: T<R>): void {
    const domain = domainOf(t);
    for (const s of t.targets) {
      // A target is entered unless it is the source, targeted from inside, without reentering.
      if (t.source !== s || t.source !== domain || t.reenter) {
        this.states.add(s);
        this.byDefault.add(s);
      }
      this.descendants(s);
    }
    for (const s of t.targets) {
      const ancestors = properAncestors(s, domain);
      if (domain?.type === 'parallel') ancestors.push(domain);
      this.ancestors(ancestors, !t.source.parent && t.reenter ? null : domain);
    }
  }

  sorted(): Entry<R> {
    return { states: [...this.states].sort((a, b) => a.order - b.order), set: this.states, byDefault: this.byDefault };
  }
}

function entryOf<R>(transitions: readonly T<R>[]): Entry<R> {
  if (transitions.length === 1) {
    const [t] = transitions;
    if (!t.entry) {
      const set = new EntrySet<R>();
      set.add(t);
      t.entry = set.sorted();
    }
    return t.entry;
  }
  const set = new EntrySet<R>();
  for (const t of transitions) set.add(t);
  return set.sorted();
}

// ---- selection -------------------------------------------------------------------------------

/**
 * XState's transitionNode, compiled for one configuration and event type: the deepest active
 * states are asked first; a state's own transitions count only when nothing below it took the
 * event; a parallel state collects one from each region (in configuration order) and is itself
 * asked only if none did. Below `node`, the active path is followed to an atomic state or to a
 * parallel one (whose regions get selectors of their own); the candidates met on the way,
 * deepest first, are the chain (StateNode.next takes the first whose guard passes). States with
 * no candidate for the event, at or below them, take nothing and are left out. A parallel state
 * with one region that can take the event asks that region, then its own chain: the region's
 * chain followed by its own, one chain (and the region's regions, if any, first).
 */
function compileSelector<R>(configuration: Configuration<R>, node: Node<R>, table: EventTable<R>): Selector<R> {
  const path: Node<R>[] = [node];
  let regions: Selector<R>[] | null = null;
  for (let s = node; ;) {
    if (s.type === 'parallel') {
      regions = [];
      for (const region of configuration.activeChildren(s)) {
        if (table.below[region.order] === 1) regions.push(compileSelector(configuration, region, table));
      }
      break;
    }
    const children = configuration.activeChildren(s);
    if (s.type === 'atomic' || children.length === 0) break;
    s = children[0];
    if (table.below[s.order] === 0) break;
    path.push(s);
  }
  const chain: T<R>[] = [];
  for (let i = path.length - 1; i >= 0; i -= 1) chain.push(...(table.candidates[path[i].order] ?? []));
  if (regions !== null && regions.length === 1) {
    const [only] = regions;
    return selector(only.regions, [...only.chain, ...chain]);
  }
  return selector(regions !== null && regions.length > 0 ? regions : null, chain);
}

const selector = <R>(regions: readonly Selector<R>[] | null, chain: readonly T<R>[]): Selector<R> =>
  ({ regions, chain, guards: chain.map((t) => t.guard), plans: chain.map(() => null) });

/** The transitions a selector with regions enables (at most one per region, or one of its own chain). */
function select<R extends RunState<R>>(selector: Selector<R>, run: R, event: ChartEvent, out: T<R>[]): void {
  const { regions, chain, guards } = selector;
  if (regions !== null) {
    const before = out.length;
    for (let i = 0; i < regions.length; i += 1) select(regions[i], run, event, out);
    if (out.length > before) return;
  }
  for (let i = 0; i < chain.length; i += 1) {
    const guard = guards[i];
    if (guard === null || guard(run, event)) { out.push(chain[i]); return; }
  }
}

/**
 * The plan of the first transition of a flat selector (no regions: at most one transition is
 * enabled) whose guard passes, or null; each transition's plan from this configuration is kept
 * at its place in the chain, so that the usual event costs its guards and nothing else.
 */
function selectPlan<R extends RunState<R>>(selector: Selector<R>, run: R, event: ChartEvent): Plan<R> | null {
  const { guards } = selector;
  for (let i = 0; i < guards.length; i += 1) {
    const guard = guards[i];
    if (guard === null || guard(run, event)) return selector.plans[i] ?? planOfOne(selector, i, run.configuration);
  }
  return null;
}

function planOfOne<R>(selector: Selector<R>, i: number, configuration: Configuration<R>): Plan<R> {
  const plan = planOf(configuration, [selector.chain[i]]);
  selector.plans[i] = plan;
  return plan;
}

/** The plan of the microstep `event` makes from the current configuration, or null: it enables no transition. */
function eventPlan<R extends RunState<R>>(chart: Chart<R>, run: R, event: ChartEvent): Plan<R> | null {
  const { configuration } = run;
  let compiled = configuration.selectors.get(event.type);
  if (compiled === undefined) {
    const table = eventTable(chart, event.type);
    compiled = table.below[chart.root.order] === 1 ? compileSelector(configuration, chart.root, table) : selector<R>(null, []);
    configuration.selectors.set(event.type, compiled);
  }
  if (compiled.regions === null) return selectPlan(compiled, run, event);
  const enabled: T<R>[] = [];
  select(compiled, run, event, enabled);
  return enabled.length === 0 ? null : planOf(configuration, enabled);
}

/** The eventless selection of a configuration with at most one atomic state that has eventless transitions; null: several (see `eventlessPlan`). */
function compileEventless<R>(configuration: Configuration<R>): Selector<R> | null {
  const lists = configuration.eventlessCandidates();
  if (lists.length > 1) return null;
  return selector(null, lists.length === 0 ? [] : lists[0]);
}

/**
 * XState's selectEventlessTransitions: for each active atomic state, in configuration order,
 * the first enabled `always` transition of it or its nearest ancestor that has one enabled.
 * With one such atomic state (the usual case) that is a flat selector; conflicts between the
 * transitions of several are removed by the microstep's plan, computed once.
 */
function eventlessPlan<R extends RunState<R>>(run: R, event: ChartEvent): Plan<R> | null {
  const { configuration } = run;
  let eventless = configuration.eventless;
  if (eventless === undefined) eventless = configuration.eventless = compileEventless(configuration);
  if (eventless !== null) return eventless.guards.length === 0 ? null : selectPlan(eventless, run, event);
  const lists = configuration.eventlessCandidates();
  let enabled: T<R>[] | null = null; // allocated only when one is: the loop ends on none
  for (let l = 0; l < lists.length; l += 1) {
    const list = lists[l];
    for (let i = 0; i < list.length; i += 1) {
      const t = list[i];
      if (t.guard !== null && !t.guard(run, event)) continue;
      if (enabled === null) enabled = [t];
      else if (!enabled.includes(t)) enabled.push(t);
      break;
    }
  }
  return enabled === null ? null : planOf(configuration, enabled);
}

// ---- microstep and macrostep ------------------------------------------------------------------

/**
 * Whether exiting `exits` and entering `entry` leaves the same set of active states: every state
 * exited is entered again, and nothing new is entered. XState then keeps the snapshot it had,
 * with its order of states (areStateNodeCollectionsEqual).
 */
function keepsActiveStates<R>(configuration: Configuration<R>, exits: readonly Node<R>[], entry: Entry<R>): boolean {
  for (const s of exits) if (!entry.set.has(s)) return false;
  for (const s of entry.states) if (!configuration.has(s)) return false;
  return true;
}

/** The key of a set of enabled transitions: the transition itself when it is alone (the usual case). */
function planKey<R>(enabled: readonly T<R>[]): unknown {
  if (enabled.length === 1) return enabled[0];
  let key = '';
  for (const t of enabled) key += `${t.index},`;
  return key;
}

/** What taking `enabled` from `configuration` does: computed once per configuration and set of transitions. */
function planOf<R>(configuration: Configuration<R>, enabled: T<R>[]): Plan<R> {
  const key = planKey(enabled);
  let plan = configuration.plans.get(key);
  if (!plan) {
    const transitions = removeConflicting(enabled, configuration);
    const exits = exitSet(transitions, configuration);
    const entry = entryOf(transitions);
    const same = keepsActiveStates(configuration, exits, entry);
    plan = { transitions, exits, entry, actions: actionsOf(exits, transitions, entry), same, next: same ? configuration : configuration.after(exits, entry.states) };
    configuration.plans.set(key, plan);
  }
  return plan;
}

/**
 * The actions of a microstep in XState's order: exit actions (states in reverse document
 * order), transition actions in selection order, then for each entered state (document order)
 * its entry actions and, when it was entered by default, its initial transition's actions.
 */
function actionsOf<R>(exits: readonly Node<R>[], transitions: readonly T<R>[], entry: Entry<R>): BoundAction<R>[] {
  const actions: BoundAction<R>[] = [];
  for (const s of exits) actions.push(...s.exit);
  for (const t of transitions) actions.push(...t.actions);
  for (const s of entry.states) {
    actions.push(...s.entry);
    if (s.initial && entry.byDefault.has(s)) actions.push(...s.initial.actions);
  }
  return actions;
}

/**
 * XState's microstep: exit states (in reverse document order: exit actions),
 * transition actions in selection order, enter states (document order: entry actions, then
 * the initial transition's actions of a state entered by default). Returns whether anything
 * changed (the active states, or — when `run.tracking` — the context). The new configuration
 * is in place once the microstep's actions have run (actions do not read it: they are bound
 * to the run's own state).
 */
function microstep<R extends RunState<R>>(run: R, plan: Plan<R>, event: ChartEvent, eventless: boolean): boolean {
  const { actions, same } = plan;
  run.tracking = eventless && same;
  run.changed = false;
  for (let i = 0; i < actions.length; i += 1) actions[i](run, event);
  run.configuration = plan.next;
  const changed = !same || run.changed;
  run.tracking = false;
  return changed;
}

/**
 * XState's macrostep: the event's transitions, then, until the machine rests, eventless
 * transitions (stopping after one that changed nothing) and raised events in order.
 */
export function macrostep<R extends RunState<R>>(chart: Chart<R>, run: R, event: ChartEvent): void {
  const plan = eventPlan(chart, run, event);
  if (plan !== null) microstep(run, plan, event, false);
  settle(chart, run, event);
}

function settle<R extends RunState<R>>(chart: Chart<R>, run: R, event: ChartEvent): void {
  const queue = run.internalQueue;
  let current = event;
  let selectEventless = true;
  for (;;) {
    if (selectEventless) {
      const plan = eventlessPlan(run, current);
      if (plan !== null) {
        // XState's stop: after an eventless microstep that changed nothing, no eventless selection until the next event.
        selectEventless = microstep(run, plan, current, true);
        continue;
      }
    }
    if (queue.length === 0) return;
    current = queue.shift()!;
    const plan = eventPlan(chart, run, current);
    if (plan !== null) microstep(run, plan, current, false);
    selectEventless = true;
  }
}

/** XState's getInitialSnapshot: the root and its initial states entered (initialMicrostep), then a macrostep on the init event. */
export function start<R extends RunState<R>>(chart: Chart<R>, run: R, initEvent: ChartEvent): void {
  const targets: Node<R>[] = [];
  const visit = (n: Node<R>) => {
    targets.push(n);
    if (n.type === 'compound') visit(n.initial!.targets[0]);
    else if (n.type === 'parallel') n.children.forEach(visit);
  };
  visit(chart.root);
  const initialTransition: T<R> = { source: chart.root, targets, reenter: true, guard: null, actions: [], eventType: '', index: -1, domain: undefined, entry: undefined };
  const set = new EntrySet<R>();
  set.add(initialTransition);
  set.byDefault.add(chart.root); // "In the initial state, the root state node is 'entered'."
  const entry = set.sorted();
  // The root is active before the initial microstep: entering it again keeps its place, first.
  const rooted = run.configuration.after([], [chart.root]);
  run.configuration = rooted;
  const plan: Plan<R> = { transitions: [initialTransition], exits: [], entry, actions: actionsOf([], [initialTransition], entry), same: false, next: rooted.after([], entry.states) };
  microstep(run, plan, initEvent, false);
  settle(chart, run, initEvent);
}
