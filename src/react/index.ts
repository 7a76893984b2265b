// mtg-turn-machine/react: a game in a React component. `useGame(input)` gives what every UI reads —
// the view, the history the game keeps (this turn's by default; `history: 'all'` for all of it), each seat's legal actions, `send` and the
// seats — and re-renders only when one of them changed (React's useSyncExternalStore over a store that
// recomputes once per change of the game, not once per render).
//
// Why a store and not `useActorRef` + `useEffect(() => actorRef.on('history', …))`: the actor starts,
// and records turn 1's first records, before any effect of the component runs; a listener added in an
// effect misses them. createGame listens before it starts the actor, so its history is whole.
import { useSyncExternalStore, useState } from 'react';
import {
  createGame, view,
  type CreateGameOptions, type Game, type GameInput, type HistoryRecord, type LegalAction, type PlayerId, type Refusal, type Seat,
  type TurnSnapshot, type View, type ViewOptions,
} from '../index.js';

/** `useGame`'s options: those of `createGame`, and the view's. */
export interface UseGameOptions extends CreateGameOptions {
  /** Passed to `view()` (for instance `upcomingTurns`). */
  view?: ViewOptions;
}

/** What a component reads. A new object exactly when something in it changed. */
export interface UseGameResult {
  /** The game itself (its actor, persist, …). */
  readonly game: Game;
  readonly snapshot: TurnSnapshot;
  readonly view: View;
  /** The history records the game keeps (`createGame`'s `history`: this turn's by default, every one with `'all'`), oldest first; a new array when one is added. */
  readonly history: readonly HistoryRecord[];
  /** Each player's legal actions now (`legalActions(snapshot, player)`). */
  readonly legalActions: Readonly<Record<PlayerId, readonly LegalAction[]>>;
  /** Each player's seat: sends only that player's actions (its refusals are kept in `refusal` too). */
  readonly seats: Readonly<Record<PlayerId, Seat>>;
  /** The refusal of the last event sent through `send` or a seat (null when it was accepted). */
  readonly refusal: Refusal | null;
  /** Sends any value as an event; returns the refusal, or null when the machine accepted it. */
  send(event: unknown): Refusal | null;
}

/** A game and the state a component reads, kept current as the game changes (what `useGame` subscribes to). */
export interface GameStore {
  /** The state now: the same object until something in it changed. */
  getState(): UseGameResult;
  /** Calls `listener` after each change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** Creates the game (`createGame(input, options)`) and a store over it. */
export function createGameStore(input: GameInput, options: UseGameOptions = {}): GameStore {
  const { view: viewOptions, ...gameOptions } = options;
  const game = createGame(input, gameOptions);
  const players = game.snapshot().context.players;
  const listeners = new Set<() => void>();
  let refusal: Refusal | null = null;
  let state: UseGameResult;
  // While an event sent here is processed, the actor's notification waits: one change, one notification.
  let sending = false;

  const track = (sendIt: () => Refusal | null) => {
    sending = true;
    try {
      refusal = sendIt();
    } finally {
      sending = false;
    }
    refresh();
    return refusal;
  };
  const send = (event: unknown) => track(() => game.send(event));
  const seats = Object.fromEntries(players.map((player): [PlayerId, Seat] => {
    const seat = game.seat(player);
    return [player, { ...seat, send: (event) => track(() => seat.send(event)) }];
  }));

  const compute = (): UseGameResult => {
    const snapshot = game.snapshot();
    return {
      game,
      snapshot,
      view: view(snapshot, viewOptions),
      history: [...game.history],
      legalActions: Object.fromEntries(players.map((player) => [player, game.legalActions(player)])),
      seats,
      refusal,
      send,
    };
  };
  function refresh(): void {
    // With history 'turn' the game's list is emptied as a turn begins: a new turn means a new snapshot, so this still sees it.
    if (state.snapshot === game.snapshot() && state.history.length === game.history.length && state.refusal === refusal) return;
    state = compute();
    for (const listener of [...listeners]) listener();
  }

  state = compute();
  // Events sent to the actor directly (game.actor.send) are seen too.
  game.actor.subscribe(() => { if (!sending) refresh(); });
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
  };
}

/**
 * A game for this component: created from `input` and `options` on the first render (later values are
 * not read, as with `useActorRef`), kept for the component's life. The game holds no timers: nothing
 * needs stopping when the component goes.
 */
export function useGame(input: GameInput, options?: UseGameOptions): UseGameResult {
  const [store] = useState(() => createGameStore(input, options));
  return useGameStore(store);
}

/** The state of a store made with `createGameStore` (to share one game between components, or create it outside React). */
export function useGameStore(store: GameStore): UseGameResult {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
