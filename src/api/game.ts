// A game: the turn machine's actor plus what a host usually wants beside it — the history it
// emitted (as much of it as asked: the whole game's, this turn's, none, or handed to a sink), a
// `send` that says whether (and why) an event was refused, the view, and seats.
import type { Snapshot } from 'xstate';
import type { TurnSnapshot } from './machine.js';
import type { Refusal } from '../rules/legality.js';
import { controllerOfSide, deciderOf, isOwnDecision } from '../rules/control.js';
import { sideOf } from '../rules/sides.js';
import { actorOf, HISTORY_KEPT, historyKept, type GameInput, type HistoryKept, type HistoryRecord, type PlayerId, type Sent } from '../vocabulary/index.js';
import { ForeignEvent } from '../machine/boundary.js';
import { isBusy, outcomeOf } from '../machine/delivery.js';
import { messageOf } from '../machine/faults.js';
import { createTurnActor, prepareEvent, REENTRANT_FROM_HOOK, stoppedRefusal, type TurnActor, type TurnActorOptions } from './actor.js';
import { MAX_FAULTS_KEPT, report, type Fault } from './faults.js';
import { explainRefusal, legalActions, type LegalAction } from './legal.js';
import { persistGame, type PersistedGame } from './persistence.js';
import { view, type View, type ViewOptions } from './view.js';

/** The view with the history recorded so far (shared, not copied: read it, don't change it). */
export interface GameView extends View {
  history: readonly HistoryRecord[];
}

/** What one player's client may do: only that player's own actions. */
export interface Seat {
  readonly player: PlayerId;
  /** Sends an event acting as this player; anything else (another player's action, a host report) is refused. */
  send(event: unknown): Refusal | null;
  /** What this player's UI reads now. */
  view(options?: ViewOptions): View;
  /** The kinds of action this player may take now. */
  legalActions(): LegalAction[];
}

/** A started game: the actor, the history it keeps, `send` that answers with the refusal, the view, legal actions, seats. */
export interface Game {
  readonly actor: TurnActor;
  /**
   * The history records kept, oldest first: every one with `history: 'all'`, the current turn's
   * (from its `turnBegan`) with `'turn'` (the default), none with `false` or a sink. One list
   * for the game's life: with `'turn'` it is emptied as each turn begins (copy it to keep it).
   */
  readonly history: readonly HistoryRecord[];
  /**
   * Sends any value as an event (read once); returns that event's refusal, else null — from a
   * history listener too. A stopped or failed game refuses every event, saying so.
   */
  send(event: unknown): Refusal | null;
  /** The most recent faults contained (listeners, inspection callbacks, host hooks): at most 100. */
  readonly faults: readonly Fault[];
  /** The actor's snapshot now. */
  snapshot(): TurnSnapshot;
  /** What a UI reads now, with the history. */
  view(options?: ViewOptions): GameView;
  /** The kinds of action `player` may take now. */
  legalActions(player: PlayerId): LegalAction[];
  /** A sender for one player's client: see `Seat`. The host keeps `game.send` for its reports. */
  seat(player: PlayerId): Seat;
  /** The game as JSON-safe data (`restoreSnapshot` resumes it). */
  persist(): PersistedGame;
  /** Stops the actor. */
  stop(): void;
}

/** A function handed each history record as the game emits it (`createGame`'s `history`: the caller keeps what it wants). */
export type HistorySink = (record: HistoryRecord) => void;

/** `createGame`'s options: those of `createTurnActor`, what `game.history` keeps, and a snapshot to resume with its history. */
export interface CreateGameOptions extends Omit<TurnActorOptions, 'snapshot'> {
  /** Resume from a persisted snapshot (see `restoreSnapshot`), with the history recorded before it (`historyBefore`). */
  snapshot?: Snapshot<unknown>;
  /**
   * What `game.history` keeps of the records the game emits (listeners get every one whatever this says):
   * - `'all'` (or `true`), `'turn'`, `false`: the records as `GameOptions.history` names them; by
   *   default what the game itself keeps (its input's `options.history`, a snapshot's game's).
   *   The game's zones follow its own option only: `{ options: { history: 'all' } }` in the
   *   input keeps both the whole game's zones and (by default here) all its records.
   * - a function (`HistorySink`): each record is handed to it and `game.history` keeps none.
   * - a list (as earlier versions took it): the records before `snapshot`, kept with all that
   *   follow — `{ history: 'all', historyBefore: list }`.
   * Anything else is refused with a TypeError.
   */
  history?: boolean | HistoryKept | HistorySink | readonly HistoryRecord[];
  /** The records emitted before `snapshot` (at most `MAX_GIVEN_HISTORY`): `game.history` begins with them (with `'turn'`, until the next turn begins). */
  historyBefore?: readonly HistoryRecord[];
}

/**
 * Refuses what a seat may not send: another player's action (805.5a: a teammate may act for the team;
 * 722.5: a controller for the player it controls), one sent as someone else (`by`), or a report only
 * the host makes. What it may send goes to the game sent by its player (`by`): a controlled player's
 * own seat is then refused by the rules (722.5), naming who decides.
 */
function seatRefusal(snapshot: TurnSnapshot, player: PlayerId, event: unknown): Refusal | null {
  // 800.4a: a player who has left the game sends nothing.
  if (snapshot.context.left.includes(player)) return { reason: `${player} has left the game: ${player}'s seat sends nothing`, rule: '800.4a' };
  const refusal = explainRefusal(snapshot, event);
  if (refusal?.rule === 'input' || refusal?.rule === 'limit') return refusal;
  const actor = actorOf(event as never);
  if (actor === null) return { reason: `${(event as { type: string }).type} is a report of the host game; ${player}'s seat sends only ${player}'s actions`, rule: 'seat' };
  const ctx = snapshot.context;
  const by = (event as Sent).by;
  if (by !== undefined && by !== player && !(ctx.teams !== null && by === sideOf(ctx, player))) return { reason: `${player}'s seat cannot send as ${by}`, rule: 'seat' };
  const forOwnTeam = ctx.teams !== null && actor === sideOf(ctx, player);
  const forControlled = controllerOfSide(ctx, sideOf(ctx, actor)) === player;
  if (actor !== player && !forOwnTeam && !forControlled) return { reason: `${player}'s seat cannot act for ${actor}`, rule: 'seat' };
  return null;
}

/** Records a game may be given to start from: a list, read once and bounded (a string, an endless iterable, a Proxy are refused). */
function givenHistory(given: unknown, option: string): HistoryRecord[] {
  if (given === undefined) return [];
  if (!Array.isArray(given)) throw new TypeError(`options.${option}: expected a list of history records, got ${given === null ? 'null' : typeof given}`);
  try {
    const { length } = given;
    if (length > MAX_GIVEN_HISTORY) throw new RangeError(`options.${option}: at most ${MAX_GIVEN_HISTORY.toLocaleString('en')} records, got ${length}`);
    return Array.prototype.slice.call(given) as HistoryRecord[];
  } catch (error) {
    if (error instanceof RangeError) throw error;
    throw new TypeError(`options.${option}: the list could not be read (${messageOf(error)})`, { cause: error });
  }
}

/** What `createGame` keeps, read from its options: a kind of past, a sink, or the game's own (null); and the records before a snapshot. */
function keepingOf(options: CreateGameOptions): { kept: HistoryKept | HistorySink | null; before: HistoryRecord[] } {
  const { history } = options;
  if (Array.isArray(history)) {
    if (options.historyBefore !== undefined) throw new TypeError('options.history: a list of records (the records before the snapshot) and options.historyBefore: give the records once, as historyBefore');
    return { kept: 'all', before: givenHistory(history, 'history') };
  }
  const before = givenHistory(options.historyBefore, 'historyBefore');
  if (history === undefined) return { kept: null, before };
  if (typeof history === 'function' || typeof history === 'boolean') return { kept: typeof history === 'boolean' ? historyKept(history) : history as HistorySink, before };
  if ((HISTORY_KEPT as readonly unknown[]).includes(history)) return { kept: history as HistoryKept, before };
  throw new TypeError(`options.history: expected "all", "turn", true, false, a function (a sink) or a list of history records, got ${history === null ? 'null' : typeof history === 'string' ? JSON.stringify(history.slice(0, 40)) : typeof history}`);
}

/** The most records `createGame(input, { history })` takes. */
export const MAX_GIVEN_HISTORY = 10_000_000;

/** The event as a seat sends it: sent by the seat's player (722.5). */
const sentBySeat = (event: unknown, player: PlayerId): unknown => ({ ...(event as object), by: player });

/** Creates and starts a game of the turn machine (the input is checked first: `GameInputError` lists each problem). */
export function createGame(input: GameInput, options: CreateGameOptions = {}): Game {
  const { kept: asked, before } = keepingOf(options);
  const faults: Fault[] = [];
  const onFault = (fault: Fault) => {
    if (faults.length >= MAX_FAULTS_KEPT) faults.shift();
    faults.push(fault);
    report(options.onFault, fault);
  };
  const actor = createTurnActor(input, { ...options, onFault });
  const kept = asked ?? actor.getSnapshot().context.options.history;
  const history: HistoryRecord[] = kept === false || typeof kept === 'function' ? [] : before;
  if (typeof kept === 'function') actor.on('history', (e) => { kept(e.record); });
  else if (kept === 'all') actor.on('history', (e) => { history.push(e.record); });
  // 'turn': the list is emptied in place as a turn begins (a game spread into another object still sees it).
  else if (kept === 'turn') actor.on('history', (e) => { if (e.record.type === 'turnBegan') history.length = 0; history.push(e.record); });
  actor.start();
  /** Sends the one checked copy of an event; its own outcome (`delivery.ts`), re-entrant sends included. */
  const deliver = (read: object): Refusal | null => {
    actor.send(read as never);
    const outcome = outcomeOf(read);
    if (outcome === undefined) return stoppedRefusal(actor) ?? { reason: 'the event was not performed (the game did not take it up)', rule: 'engine' };
    if (outcome?.rule === 'engine') onFault({ source: 'hook', name: /the engine's (\w+) hook/.exec(outcome.reason)?.[1] ?? 'engine', message: outcome.reason });
    return outcome;
  };
  const notNow = (): Refusal | null => stoppedRefusal(actor) ?? (isBusy(actor) ? { ...REENTRANT_FROM_HOOK } : null);
  const send = (event: unknown): Refusal | null => notNow() ?? deliver(prepareEvent(actor, event));
  const stopped = () => stoppedRefusal(actor) !== null;
  const game: Game = {
    actor,
    history,
    faults,
    send,
    snapshot: () => actor.getSnapshot(),
    view: (viewOptions) => {
      // The history added to the view itself (not a spread of its forty fields into another object).
      const withHistory = view(actor.getSnapshot(), viewOptions) as GameView;
      withHistory.history = history;
      return withHistory;
    },
    legalActions: (player) => (stopped() ? [] : legalActions(actor.getSnapshot(), player)),
    seat(player) {
      if (!actor.getSnapshot().context.players.includes(player)) throw new RangeError(`no seat for "${player}": not a player of this game`);
      return {
        player,
        send: (event) => {
          const refused = notNow();
          if (refused) return refused;
          const read = prepareEvent(actor, event);
          if (read instanceof ForeignEvent) return deliver(read);
          return seatRefusal(actor.getSnapshot(), player, read) ?? deliver(prepareEvent(actor, sentBySeat(read, player)));
        },
        view: (viewOptions) => view(actor.getSnapshot(), viewOptions),
        // 722.5: a controlled player's seat decides nothing (its controller's seat acts for it) but may concede (722.6)
        legalActions: () => {
          if (stopped()) return [];
          const snapshot = actor.getSnapshot();
          const actions = legalActions(snapshot, player);
          return deciderOf(snapshot.context, player) === player ? actions : actions.filter((a) => isOwnDecision(a.type));
        },
      };
    },
    persist: () => persistGame(actor),
    stop: () => { actor.stop(); },
  };
  return game;
}
