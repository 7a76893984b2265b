// A playout: the turn machine's own chart (`turnMachine.config`) executed directly, for AI
// search and servers — the same boundary (`acceptEvent`), the same guards and rules
// functions, the statechart semantics XState applies (step.ts), without XState's snapshots,
// emitted events and actor. One mutable context per game, owned by the playout: rules
// functions change it in place through a draft that is the context itself. That is sound
// because rules change only the containers a copy-on-write draft copies (`copyContainers`)
// and never store one container inside another (lists are rebuilt or copied: `stepQueue =
// [...next.steps]`); items are values, replaced, never changed. What it shows (`view`,
// `legalActions`, `persist`, `history`) is what an actor of the machine shows.
import type { Snapshot, StateValue } from 'xstate';
import { acceptEvent } from '../machine/boundary.js';
import { withBudget } from '../machine/budget.js';
import { checkedInput } from '../machine/context.js';
import type { MachineEvent } from '../machine/events.js';
import { turnMachine } from '../machine/index.js';
import type { Rule } from '../machine/actions.js';
import { beginDraft, changesOf, copyContainers, type Draft } from '../rules/draft.js';
import { NO_HOOKS, type HostHooks } from '../rules/hooks.js';
import { immediateHooks } from '../machine/hooks.js';
import type { Refusal } from '../rules/legality.js';
import type { GameContext } from '../rules/types.js';
import type { GameInput, HistoryRecord, PlayerId } from '../vocabulary/index.js';
import { legalActions, explainRefusal, type LegalAction } from '../api/legal.js';
import { checkSnapshotFor, MACHINE_VERSION, type PersistedGame } from '../api/persistence.js';
import { view, type GameState, type View, type ViewOptions } from '../api/view.js';
import { asRefusal, turnBindings, type TurnRun } from './bindings.js';
import { compileChart, type Chart, type ChartEvent } from './chart.js';
import { Configuration } from './configuration.js';
import { macrostep, start, type RunState } from './step.js';

/** `createPlayout`'s options: whether to keep the history, and a snapshot to resume. */
export interface PlayoutOptions {
  /** Resume from a persisted snapshot (`restoreSnapshot(json)`), of an actor or of a playout; checked again (`SnapshotError`). */
  snapshot?: Snapshot<unknown>;
  /** The history recorded before `snapshot`. */
  history?: readonly HistoryRecord[];
  /** Keep history records (default: the game's `history` option, true unless the input says false); false is faster, for search. */
  recording?: boolean;
  /** The host game engine's hooks, called at once (a hook that faults fails the playout: it changes its context in place). */
  hooks?: Partial<HostHooks>;
}

/** The same game as `createGame` without an actor: the chart executed directly, for AI search and servers. */
export interface Playout {
  /** Sends any value as an event; returns the refusal (the boundary's, or the machine's), else null. */
  send(event: unknown): Refusal | null;
  /** What a UI reads now. */
  view(options?: ViewOptions): View;
  /** The kinds of action `player` may take now. */
  legalActions(player: PlayerId): LegalAction[];
  /** null when the game would accept `event` now; otherwise why not (as `explainRefusal` on an actor's snapshot). */
  explainRefusal(event: unknown): Refusal | null;
  /** The format of `persistGame(actor)`: `createGame(input, { snapshot: restoreSnapshot(json) })` resumes it. */
  persist(): PersistedGame;
  /** Every history record so far (with `recording`; else the records given at creation). */
  readonly history: readonly HistoryRecord[];
  readonly recording: boolean;
  /** An independent copy (containers copied, values shared): for search. Recording as this one, with its hooks, unless said (an engine of the copy's own). */
  clone(options?: { recording?: boolean; hooks?: Partial<HostHooks> }): Playout;
}

let compiled: Chart<Game> | undefined;
/** The turn machine's chart, compiled once. */
const turnChart = (): Chart<Game> => (compiled ??= compileChart<Game>(turnMachine.config as unknown as Record<string, unknown>, turnBindings));

const INIT_EVENT = 'xstate.init';

class Game implements TurnRun, RunState<Game>, Playout {
  readonly internalQueue: ChartEvent[] = [];
  tracking = false;
  changed = false;
  refusal: Refusal | null = null;
  private failure: { error: unknown } | null = null;
  readonly guardArgs: { context: GameContext; event: MachineEvent };
  /** The draft every untracked action writes through: the context itself. */
  private readonly draft: Draft;
  private readonly records: HistoryRecord[];

  constructor(
    private readonly chart: Chart<Game>,
    readonly ctx: GameContext,
    public configuration: Configuration<Game>,
    readonly history: HistoryRecord[],
    readonly recording: boolean,
    private readonly hooks: HostHooks = NO_HOOKS,
  ) {
    this.guardArgs = { context: ctx, event: { type: INIT_EVENT } as unknown as MachineEvent };
    this.records = recording ? history : [];
    this.draft = { ctx, records: this.records, hooks, refusals: [], recording };
  }

  /**
   * Runs one rules action. Untracked: in place, through `draft`. Tracked (a microstep that
   * leaves the active states as they were, see step.ts): on a copy-on-write draft, exactly as
   * the machine's action does, so that "changed nothing" means what it means to XState.
   */
  applyRule(rule: Rule<unknown>, event: MachineEvent, params: unknown): void {
    if (!this.tracking) {
      rule(this.draft, event, params);
      this.collectRefusals(this.draft);
      return;
    }
    const draft = beginDraft(this.ctx, this.hooks, this.recording);
    rule(draft, event, params);
    const changes = changesOf(draft);
    if (changes) {
      Object.assign(this.ctx, changes);
      this.changed = true;
    }
    for (const r of draft.records) this.records.push(r);
    this.collectRefusals(draft);
  }

  private collectRefusals(draft: Draft): void {
    if (draft.refusals.length === 0) return;
    this.refusal = asRefusal(draft.refusals[draft.refusals.length - 1]);
    draft.refusals.length = 0;
  }

  send(raw: unknown): Refusal | null {
    if (this.failure) throw new Error('playout: an earlier event failed in the rules; this game cannot go on', { cause: this.failure.error });
    const accepted = acceptEvent(this.ctx, raw);
    if (!accepted.ok) return asRefusal(accepted.refusal);
    this.refusal = null;
    try {
      // The same budget as the actor's (machine/budget.ts): the same recorded stops.
      withBudget(this.ctx.limits, () => macrostep(this.chart, this, accepted.event));
    } catch (error) {
      // A rules function threw halfway through a macrostep: the context is half changed.
      this.failure = { error };
      throw error;
    }
    return this.refusal;
  }

  /** The game as `view` and `legalActions` read it. */
  private state(): GameState {
    const { configuration, chart } = this;
    return { context: this.ctx, matches: (test: StateValue) => configuration.matches(chart.root, test) } as GameState;
  }

  view(options?: ViewOptions): View {
    return view(this.state(), options);
  }

  legalActions(player: PlayerId): LegalAction[] {
    return legalActions(this.state(), player);
  }

  explainRefusal(event: unknown): Refusal | null {
    return explainRefusal(this.state(), event);
  }

  persist(): PersistedGame {
    const json = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
    // The fields, in their order, of XState's getPersistedSnapshot for this machine.
    const snapshot = {
      status: 'active', output: undefined, error: undefined,
      value: json(this.configuration.value(this.chart.root)), historyValue: {}, context: json(this.ctx), children: {},
    };
    return { version: MACHINE_VERSION, snapshot: snapshot as Snapshot<unknown> };
  }

  clone(options: { recording?: boolean; hooks?: Partial<HostHooks> } = {}): Playout {
    const recording = options.recording ?? this.recording;
    return new Game(this.chart, copyContainers(this.ctx), this.configuration.clone(), recording ? [...this.history] : [], recording, immediateHooks(options.hooks) ?? this.hooks);
  }
}

/**
 * A playout of a new game (turn 1 begun, as `createGame(input)`), or resumed from a persisted
 * snapshot. Throws `GameInputError` or `SnapshotError` as `createGame` does.
 */
export function createPlayout(input: GameInput, options: PlayoutOptions = {}): Playout {
  const chart = turnChart();
  const checked = checkedInput(input);
  const history = [...(options.history ?? [])];
  const hooks = immediateHooks(options.hooks);
  if (options.snapshot !== undefined) {
    const { value, context } = checkSnapshotFor(checked, options.snapshot) as unknown as { value: StateValue; context: GameContext };
    return new Game(chart, context, Configuration.fromValue(chart, value), history, options.recording ?? context.options.history, hooks);
  }
  // XState's machine context: the config's factory, called with the input.
  const context = (chart.context as (args: { input: GameInput }) => GameContext)({ input: checked });
  const game = new Game(chart, context, Configuration.empty(chart), history, options.recording ?? context.options.history, hooks);
  start(chart, game, { type: INIT_EVENT, input: checked } as ChartEvent);
  return game;
}
