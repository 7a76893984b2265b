// A playout: the turn machine's own chart (`turnMachine.config`) executed directly, for AI
// search and servers — the same boundary (`acceptEvent`), the same guards and rules
// functions, the statechart semantics XState applies (src/statechart), without XState's snapshots,
// emitted events and actor. One mutable context per game, owned by the playout: rules
// functions change it in place through a draft that is the context itself. That is sound
// because rules change only the containers a copy-on-write draft copies (`copyContainers`)
// and never store one container inside another (lists are rebuilt or copied: `stepQueue =
// [...next.steps]`); items are values, replaced, never changed. What it shows (`view`,
// `legalActions`, `persist`, `history`) is what an actor of the machine shows.
import type { Snapshot } from 'xstate';
import { acceptEvent } from '../machine/boundary.js';
import { beginBudget, endBudget } from '../machine/budget.js';
import { checkedInput } from '../machine/context.js';
import type { MachineEvent } from '../machine/events.js';
import { turnMachine } from '../api/machine.js';
import type { Rule } from '../machine/actions.js';
import { beginDraftOfOwned, changesOf, copyContainers, freezeReadonlyParts, restartDraftOfOwned, type Draft, type WorkingContext } from '../rules/draft.js';
import { NO_HOOKS, type HostHooks } from '../rules/hooks.js';
import { immediateHooks } from '../machine/hooks.js';
import type { Refusal } from '../rules/legality.js';
import type { GameContext } from '../rules/types.js';
import type { GameInput, HistoryRecord, PlayerId, TurnEvent } from '../vocabulary/index.js';
import { legalActions, legalEvents, explainRefusal, type LegalAction } from '../api/legal.js';
import { checkSnapshotFor, MACHINE_VERSION, type PersistedGame } from '../api/persistence.js';
import { view, type GameState, type View, type ViewOptions } from '../api/view.js';
import { asRefusal, turnBindings, type TurnRun } from './bindings.js';
import { trust, TrustedEvents } from './trusted.js';
import { compileChart, Configuration, macrostep, start, type Chart, type ChartEvent, type RunState, type StateValue } from '../statechart/index.js';

/** `createPlayout`'s options: whether to keep the history, and a snapshot to resume. */
export interface PlayoutOptions {
  /** Resume from a persisted snapshot (`restoreSnapshot(json)`), of an actor or of a playout; checked again (`SnapshotError`). */
  snapshot?: Snapshot<unknown>;
  /** The history recorded before `snapshot`. */
  history?: readonly HistoryRecord[];
  /** Keep history records (default: unless the game's `history` option is false); false is faster, for search. With `history: 'turn'` only the current turn's are kept. */
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
  /**
   * The legal actions of `player` that need no details, as complete events (a pass, no attackers,
   * no blockers, the order as triggered, conceding). They are frozen, and `send` accepts them
   * without checking them again, in this playout and any with the same players, teams and limits;
   * a copy or a changed one is checked as any event is.
   */
  legalEvents(player: PlayerId): readonly TurnEvent[];
  /** null when the game would accept `event` now; otherwise why not (as `explainRefusal` on an actor's snapshot). */
  explainRefusal(event: unknown): Refusal | null;
  /** The format of `persistGame(actor)`: `createGame(input, { snapshot: restoreSnapshot(json) })` resumes it. */
  persist(): PersistedGame;
  /** The history records kept (with `recording`; else the records given at creation): every one, or with the game's `history: 'turn'` the current turn's. */
  readonly history: readonly HistoryRecord[];
  readonly recording: boolean;
  /** An independent copy (containers copied, values shared): for search. Recording as this one, with its hooks, unless said (an engine of the copy's own). */
  clone(options?: { recording?: boolean; hooks?: Partial<HostHooks> }): Playout;
}

let compiled: Chart<PlayoutGame> | undefined;
/** The turn machine's chart, compiled once. */
const turnChart = (): Chart<PlayoutGame> => (compiled ??= compileChart<PlayoutGame>(turnMachine.config as unknown as Record<string, unknown>, turnBindings));

const INIT_EVENT = 'xstate.init';

/** One game of the playout: the run state the chart's bound actions and guards act on. */
class PlayoutGame implements TurnRun, RunState<PlayoutGame>, Playout {
  readonly internalQueue: ChartEvent[] = [];
  tracking = false;
  changed = false;
  refusal: Refusal | null = null;
  private failure: { error: unknown } | null = null;
  readonly guardArgs: { context: GameContext; event: MachineEvent };
  /** The draft every untracked action writes through: the context itself. */
  readonly draft: Draft;
  private readonly records: HistoryRecord[];
  private readonly trusted: TrustedEvents;

  constructor(
    private readonly chart: Chart<PlayoutGame>,
    readonly ctx: WorkingContext,
    public configuration: Configuration<PlayoutGame>,
    readonly history: HistoryRecord[],
    readonly recording: boolean,
    private readonly hooks: HostHooks = NO_HOOKS,
  ) {
    this.guardArgs = { context: ctx, event: { type: INIT_EVENT } as unknown as MachineEvent };
    this.gameState = { context: ctx, hasTag: (tag: string) => this.configuration.hasTag(tag) };
    this.records = recording ? history : [];
    this.draft = { ctx, records: this.records, hooks, refusals: [], recording };
    this.trusted = new TrustedEvents(ctx);
    freezeReadonlyParts(ctx); // in the test suite only: a rule changing an item in place throws
  }

  /**
   * Runs one rules action of a tracked microstep (one that leaves the active states as they
   * were, see src/statechart/step.ts) that has changed nothing yet, on a copy-on-write draft,
   * exactly as the machine's action does, so that "changed nothing" means what it means to
   * XState. Once an action of the microstep has changed the context, the microstep has changed
   * it whatever the others do: they run in place, to the same context, through `draft`
   * (bindings.ts's `runRule`).
   */
  applyTracked(rule: Rule<unknown>, event: MachineEvent, params: unknown): void {
    // The draft of the last tracked action, made new again; none while one is in use (an action
    // whose hook sends to this game again: that one begins its own).
    const draft = this.spareDraft ?? beginDraftOfOwned(this.ctx, this.hooks, this.recording);
    this.spareDraft = null;
    rule(draft, event, params);
    const changes = changesOf(draft);
    if (changes) {
      Object.assign(this.ctx, changes);
      this.changed = true;
    }
    for (const r of draft.records) this.records.push(r);
    this.takeRefusals(draft);
    restartDraftOfOwned(draft);
    this.spareDraft = draft;
  }

  /** A tracked action's draft, kept for the next (see `applyTracked`). */
  private spareDraft: Draft | null = null;

  takeRefusals(draft: Draft): void {
    if (draft.refusals.length === 0) return;
    this.refusal = asRefusal(draft.refusals[draft.refusals.length - 1]);
    draft.refusals.length = 0;
  }

  send(raw: unknown): Refusal | null {
    if (this.failure) throw new Error('playout: an earlier event failed in the rules; this game cannot go on', { cause: this.failure.error });
    let event = this.trusted.of(raw);
    if (event === null) {
      const accepted = acceptEvent(this.ctx, raw);
      if (!accepted.ok) return asRefusal(accepted.refusal);
      event = accepted.event;
    }
    const checked = event as MachineEvent;
    this.refusal = null;
    const recordsBefore = this.records.length;
    // The same budget as the actor's (machine/budget.ts): the same recorded stops.
    beginBudget(this.ctx.limits);
    try {
      macrostep(this.chart, this, checked);
      freezeReadonlyParts(this.ctx);
    } catch (error) {
      // A rules function threw halfway through a macrostep: the context is half changed.
      this.failure = { error };
      throw error;
    } finally {
      endBudget();
    }
    if (this.ctx.options.history === 'turn') this.keepThisTurn(recordsBefore);
    return this.refusal;
  }

  /** History 'turn': the records kept begin with the current turn's `turnBegan` (as createGame keeps them); only the new ones are looked at. */
  private keepThisTurn(from: number): void {
    const { records } = this;
    for (let i = records.length - 1; i >= from; i -= 1) {
      if (records[i].type === 'turnBegan') {
        records.splice(0, i);
        return;
      }
    }
  }

  /**
   * The game as `view` and `legalActions` read it, made once: its context is this game's own
   * (changed in place), its `hasTag` asks the current configuration (XState's `snapshot.hasTag`).
   */
  private readonly gameState: GameState;

  private state(): GameState {
    return this.gameState;
  }

  view(options?: ViewOptions): View {
    return view(this.state(), options);
  }

  legalActions(player: PlayerId): LegalAction[] {
    return legalActions(this.state(), player);
  }

  legalEvents(player: PlayerId): readonly TurnEvent[] {
    return legalEvents(this.state(), player).map((event) => trust(this.ctx, event));
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
    return new PlayoutGame(this.chart, copyContainers(this.ctx), this.configuration, recording ? [...this.history] : [], recording, immediateHooks(options.hooks) ?? this.hooks);
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
    const { value, context } = checkSnapshotFor(checked, options.snapshot) as unknown as { value: StateValue; context: WorkingContext };
    return new PlayoutGame(chart, context, Configuration.fromValue(chart, value), history, options.recording ?? context.options.history !== false, hooks);
  }
  // XState's machine context: the config's factory, called with the input.
  const context = (chart.context as (args: { input: GameInput }) => WorkingContext)({ input: checked });
  const game = new PlayoutGame(chart, context, Configuration.empty(chart), history, options.recording ?? context.options.history !== false, hooks);
  start(chart, game, { type: INIT_EVENT, input: checked } as ChartEvent);
  return game;
}
