// Our machine, through the two ways a host drives it: the raw actor (no listeners) and
// createGame (history and refusal listeners, `send` returning the refusal).
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import { createGame, turnMachine, view } from '../../src/index.js';
import { ourWhere, toTurnEvent, whereOfView, type Move, type Where } from '../script.js';
import { actorContender } from './actor.js';

/**
 * `machine` and its `viewOf`: another build of the turn machine (bench --compare DIR, --cow), else
 * this one; `history: false`: the game keeps no record of the past (`options.history`).
 */
export function oursActorContender(
  moves: Move[], players: string[], machine: AnyStateMachine = turnMachine, viewOf: typeof view = view, { history = true } = {},
) {
  const read = (snapshot: SnapshotFrom<AnyStateMachine>) => viewOf(snapshot as never);
  const input = history ? { players } : { players, options: { history } };
  return actorContender(machine, moves.map(toTurnEvent), input, (s) => read(s).turn, (s) => whereOfView(read(s)));
}

export function oursGameContender(moves: Move[], players: string[]) {
  const events = moves.map(toTurnEvent);
  const input = { players };
  return {
    play(): number {
      const game = createGame(input);
      for (let i = 0; i < events.length; i += 1) {
        if (game.send(events[i]) !== null) throw new Error(`createGame: event ${i} refused`);
      }
      const { turn } = game.view();
      game.stop();
      return turn;
    },
    trace(): Where[] {
      const game = createGame(input);
      const out = events.map((e) => { game.send(e); return ourWhere(game); });
      game.stop();
      return out;
    },
  };
}
