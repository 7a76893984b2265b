// A small scripted driver (for the mutation tests and bug reproductions): everybody passes
// and declares the given attackers and no blockers until a condition holds (with teams, each
// team passes and declares as one: 805.5b, 805.10).
import { view, waitingFor, type CreatureSpec, type TurnEvent, type TurnSnapshot } from '../../src/index.js';

export interface Driven {
  send(event: TurnEvent): unknown;
  snapshot(): TurnSnapshot;
}

export function advance(game: Driven, until: (s: TurnSnapshot) => boolean, attackers: CreatureSpec[] = [], max = 400): void {
  for (let i = 0; i < max; i += 1) {
    const s = game.snapshot();
    if (until(s)) return;
    const w = waitingFor(s);
    if (w === 'priority') game.send({ type: 'priority.pass', player: s.context.priority.holder! });
    else if (w === 'declareAttackers') game.send({ type: 'combat.declareAttackers', player: view(s).activePlayer!, attackers });
    else if (w === 'declareBlockers') {
      const side = s.context.defendersToDeclare[0];
      game.send({ type: 'combat.declareBlockers', ...(s.context.teams ? { team: side } : { player: side }), blockers: [] });
    }
    else throw new Error('the game waits for nobody');
  }
  throw new Error('condition not reached');
}

/** Everybody (with teams, every team: 805.5b) passes once, starting with the holder (resolves the top object, or ends the step). */
export function passAll(game: Driven): void {
  const sides = game.snapshot().context.sides.length;
  for (let i = 0; i < sides; i += 1) {
    const s = game.snapshot();
    game.send({ type: 'priority.pass', player: s.context.priority.holder! });
  }
}

export const at = (step: string, turn?: number) => (s: TurnSnapshot) =>
  (s.context.step ?? s.context.phase) === step && (turn === undefined || s.context.turn === turn) && waitingFor(s) !== null;
export const turnBegins = (turn: number) => (s: TurnSnapshot) => s.context.turn === turn;
