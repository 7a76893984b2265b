// Our machine's chart executed by the playout (createPlayout): the same rules, guards and
// boundary without the XState actor, with and without history records.
import { createPlayout } from '../../src/playout/index.js';
import { ourWhere, toTurnEvent, type Move, type Where } from '../script.js';

export function playoutContender(moves: Move[], players: string[], recording: boolean) {
  const events = moves.map(toTurnEvent);
  const input = { players };
  return {
    play(): number {
      const playout = createPlayout(input, { recording });
      for (let i = 0; i < events.length; i += 1) {
        if (playout.send(events[i]) !== null) throw new Error(`playout: event ${i} refused`);
      }
      return playout.view().turn;
    },
    trace(): Where[] {
      const playout = createPlayout(input, { recording });
      return events.map((e) => { playout.send(e); return ourWhere(playout); });
    },
  };
}
