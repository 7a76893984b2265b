import {
  actorOf, createGame, restoreSnapshot, type Game, type GameInput, type HistoryRecord, type PersistedGame, type Refusal, type Sent, type TurnEvent,
} from '../../index.js';
import type { TakenTransition } from '../chart/active.js';
import { createMicrostepRecorder, type Microstep } from './microsteps.js';

/** One point of the game to come back to: after the start, or after an accepted event. */
export interface Moment {
  label: string;
  /** The type of the event sent (none for the start). */
  eventType?: string;
  persisted: PersistedGame;
  history: HistoryRecord[];
  /** The transitions the event took (lit in the chart). */
  taken: TakenTransition[];
  /** The machine at each microstep of the event, on its way to `persisted`. */
  microsteps: Microstep[];
}

/** The history as it was at a microstep of a moment: the records before the event, and those of the microsteps so far. */
export function historyAtMicrostep(moment: Moment, index: number): HistoryRecord[] {
  const recordsOfEvent = moment.microsteps.reduce((sum, step) => sum + step.records.length, 0);
  const soFar = moment.microsteps.slice(0, index + 1).reduce((sum, step) => sum + step.records.length, 0);
  return moment.history.slice(0, moment.history.length - recordsOfEvent + soFar);
}

/** The event sent by who decides for the player it names (a controlled player's controller), unless it names its sender. */
function sentByDecider(game: Game, event: TurnEvent): TurnEvent {
  const actor = actorOf(event);
  if (actor === null || (event as Sent).by !== undefined) return event;
  const v = game.view();
  const player = v.teams?.[actor]?.[0] ?? actor;
  const decider = v.decides[player];
  return decider === undefined || decider === player ? event : { ...event, by: decider } as TurnEvent;
}

function labelOf(event: TurnEvent): string {
  const detail = Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([, value]) => (typeof value === 'object' && value && 'id' in value ? value.id : typeof value === 'string' ? value : JSON.stringify(value)))
    .join(' ');
  return `${event.type} ${detail}`.trim();
}

/**
 * A game played in the page, with undo and time travel: every accepted event is a
 * moment (persisted snapshot + history); travelling restarts the machine from one.
 * A new event after travelling back forgets the moments after it.
 */
export function createLocalGame(input: GameInput) {
  const recorder = createMicrostepRecorder();
  const moments: Moment[] = [];
  let index = 0;

  function startGame(moment?: Moment): Game {
    // The log, the zones and time travel show the whole game: it keeps all of its past (unless its input says otherwise).
    const started = createGame(input.options?.history === undefined ? { ...input, options: { ...input.options, history: 'all' } } : input,
      moment ? { snapshot: restoreSnapshot(moment.persisted), historyBefore: moment.history } : {});
    started.actor.system.inspect((event) => recorder.inspect(event));
    return started;
  }

  function record(label: string, eventType?: string): void {
    const microsteps = recorder.take();
    moments.splice(index + 1);
    moments.push({
      label,
      eventType,
      persisted: game.persist(),
      history: [...game.history],
      taken: microsteps.flatMap((step) => step.taken),
      microsteps,
    });
    index = moments.length - 1;
  }

  let game = startGame();
  record('game begins');

  return {
    input,
    get game(): Game {
      return game;
    },
    get moments(): readonly Moment[] {
      return moments;
    },
    get index(): number {
      return index;
    },
    /** The transitions the current moment's event took. */
    get taken(): readonly TakenTransition[] {
      return moments[index].taken;
    },
    /**
     * Sends a player's action or a game report; a refusal changes nothing and is returned. The page
     * plays every seat: a player's action is sent by whoever makes that player's decisions now (722.5).
     */
    send(event: TurnEvent): Refusal | null {
      recorder.take();
      const refusal = game.send(sentByDecider(game, event));
      if (!refusal) record(labelOf(event), event.type);
      return refusal;
    },
    travel(to: number): void {
      if (to < 0 || to >= moments.length || to === index) return;
      index = to;
      game.stop();
      game = startGame(moments[to]);
    },
    undo(): void {
      this.travel(index - 1);
    },
    stop(): void {
      game.stop();
    },
  };
}

export type LocalGame = ReturnType<typeof createLocalGame>;
