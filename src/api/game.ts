// A game: the turn machine's actor plus what a host usually wants beside it — the history it
// emitted, a `send` that says whether (and why) an event was refused, the view, and seats.
import type { Snapshot } from 'xstate';
import type { TurnSnapshot } from '../machine/index.js';
import type { Refusal } from '../rules/legality.js';
import { sideOf } from '../rules/sides.js';
import { actorOf, type GameInput, type HistoryRecord, type PlayerId } from '../vocabulary/index.js';
import { createTurnActor, type TurnActor, type TurnActorOptions } from './actor.js';
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
  view(options?: ViewOptions): View;
  legalActions(): LegalAction[];
}

export interface Game {
  readonly actor: TurnActor;
  /** Every history record so far, oldest first. */
  readonly history: readonly HistoryRecord[];
  /** Sends any value as an event; returns the refusal when the machine rejected it, else null. */
  send(event: unknown): Refusal | null;
  snapshot(): TurnSnapshot;
  view(options?: ViewOptions): GameView;
  legalActions(player: PlayerId): LegalAction[];
  /** A sender for one player's client: see `Seat`. The host keeps `game.send` for its reports. */
  seat(player: PlayerId): Seat;
  persist(): PersistedGame;
  stop(): void;
}

export interface CreateGameOptions extends Omit<TurnActorOptions, 'snapshot'> {
  /** Resume from a persisted snapshot (see `restoreSnapshot`), with the history recorded before it. */
  snapshot?: Snapshot<unknown>;
  history?: readonly HistoryRecord[];
}

/** Refuses what a seat may not send: another player's action (805.5a: a teammate may act for the team), or a report only the host makes. */
function seatRefusal(snapshot: TurnSnapshot, player: PlayerId, event: unknown): Refusal | null {
  // 800.4a: a player who has left the game sends nothing.
  if (snapshot.context.left.includes(player)) return { reason: `${player} has left the game: ${player}'s seat sends nothing`, rule: '800.4a' };
  const refusal = explainRefusal(snapshot, event);
  if (refusal?.rule === 'input' || refusal?.rule === 'limit') return refusal;
  const actor = actorOf(event as never);
  if (actor === null) return { reason: `${(event as { type: string }).type} is a report of the host game; ${player}'s seat sends only ${player}'s actions`, rule: 'seat' };
  const ctx = snapshot.context;
  const forOwnTeam = ctx.teams !== null && actor === sideOf(ctx, player);
  if (actor !== player && !forOwnTeam) return { reason: `${player}'s seat cannot act for ${actor}`, rule: 'seat' };
  return null;
}

export function createGame(input: GameInput, options: CreateGameOptions = {}): Game {
  const history: HistoryRecord[] = [...(options.history ?? [])];
  let lastRefusal: Refusal | null = null;
  const actor = createTurnActor(input, options);
  actor.on('history', (e) => { history.push(e.record); });
  actor.on('rejected', (e) => { lastRefusal = { reason: e.reason, rule: e.rule, ...(e.path !== undefined && { path: e.path }) }; });
  actor.start();
  const send = (event: unknown): Refusal | null => {
    lastRefusal = null;
    actor.send(event as never);
    return lastRefusal;
  };
  const game: Game = {
    actor,
    history,
    send,
    snapshot: () => actor.getSnapshot(),
    view: (viewOptions) => ({ ...view(actor.getSnapshot(), viewOptions), history }),
    legalActions: (player) => legalActions(actor.getSnapshot(), player),
    seat(player) {
      if (!actor.getSnapshot().context.players.includes(player)) throw new RangeError(`no seat for "${player}": not a player of this game`);
      return {
        player,
        send: (event) => seatRefusal(actor.getSnapshot(), player, event) ?? send(event),
        view: (viewOptions) => view(actor.getSnapshot(), viewOptions),
        legalActions: () => legalActions(actor.getSnapshot(), player),
      };
    },
    persist: () => persistGame(actor),
    stop: () => actor.stop(),
  };
  return game;
}
