// The engine under the package's generated paths (mtg-turn-machine/testing): every path of the
// skip, cleanup-repeat and end-the-turn families played on the engine's own game, with the rules
// monitor watching and each family's rule assertions run; after each path the engine's own state
// must agree with the machine's: a card drawn for every draw (504.1) and discarded in cleanup
// (514.1), a permanent untap for every untap step (502.3).
import { view, type HistoryRecord } from 'mtg-turn-machine';
import { playTurnPath, turnPaths } from 'mtg-turn-machine/testing';
import { describe, expect, it } from 'vitest';
import { Engine, plainsSetup } from '../src/engine.js';

const FAMILIES = ['103.8', '508.8', '500.11', '614.10a', '723.1d', '723.2', '514.3a'];
const count = (history: readonly HistoryRecord[], test: (r: HistoryRecord) => boolean) => history.filter(test).length;

for (const family of FAMILIES) {
  describe(`family ${family}`, () => {
    for (const path of turnPaths({ family })) {
      it(path.name, () => {
        const engine = new Engine(plainsSetup(path.input), path.input);
        const { history, final } = playTurnPath(path, { game: engine.actorGame() });
        const seen = view(final);
        const turnPlayer = new Map(history.flatMap((r) => (r.type === 'turnBegan' ? [[r.turn, r.player] as const] : [])));
        for (const player of seen.players) {
          expect(engine.players[player].hand.length, `${player}'s hand (504.1, 514.1)`).toBe(seen.handSize[player]);
          if (path.input.teams) continue; // in a team turn every player of the team draws (805.9): not counted here
          const draws = count(history, (r) => r.type === 'stepBegan' && r.step === 'draw' && turnPlayer.get(r.turn) === player);
          expect(30 - engine.players[player].library.length, `${player}'s draws (504.1)`).toBe(draws);
        }
        const untaps = count(history, (r) => r.type === 'stepBegan' && r.step === 'untap');
        expect(engine.log.filter((line) => / 502\.3 /.test(line)).length, 'one untap per untap step (502.3)').toBe(untaps);
      });
    }
  });
}
