// `mtg-turn-machine play`: a sample game that shows 723.1 at work, printed as a trace.
import { createGame, formatRecord, inEdition, type Game, type TurnEvent } from '../index.js';

function passUntil(game: Game, done: (g: Game) => boolean): void {
  for (let i = 0; i < 200 && !done(game); i += 1) {
    const v = game.view();
    if (v.waitingFor === 'declareAttackers') game.send({ type: 'combat.declareAttackers', player: v.activePlayer, attackers: [] });
    else if (v.priority) game.send({ type: 'priority.pass', player: v.priority });
  }
}

/**
 * Turn 1 (A) passes quietly. In turn 2, B has an upkeep trigger on the stack and casts
 * Time Stop: the stack is exiled, the end step is skipped, and the game goes straight to cleanup.
 */
export function playDemo(out: (line: string) => void, rulesEdition?: string): void {
  // The demo prints turn 2's records and zones once turn 3 has begun: it keeps the whole game's ('all').
  const game = createGame({ players: ['A', 'B'], options: { history: 'all', ...(rulesEdition !== undefined && { rulesEdition }) } });
  const say = (event: TurnEvent) => {
    const refusal = game.send(event);
    if (refusal) throw new Error(`demo script refused: ${refusal.reason}`);
  };
  say({ type: 'trigger.register', trigger: { id: 'upkeepTrigger', controller: 'B', when: 'upkeep', whoseTurn: 'B', once: true } });
  say({ type: 'trigger.register', trigger: { id: 'endStepTrigger', controller: 'B', when: 'end', whoseTurn: 'B', once: true } });
  passUntil(game, (g) => g.view().turn === 2 && g.view().priority === 'B');
  say({ type: 'spell.cast', object: { id: 'timeStop', controller: 'B', type: 'instant', effects: [{ endTurn: {} }] } });
  passUntil(game, (g) => g.view().turn === 3);
  // The rule numbers of the edition the game cites (the newest by default: 724 there, 723 in September 2025).
  const edition = game.view().rulesEdition;
  out(inEdition('Turn 1 (A) passes quietly. Turn 2 (B): B\'s upkeep trigger is on the stack and B casts Time Stop (723.1).', edition));
  out(inEdition('An "at the beginning of the end step" trigger is waiting for B\'s end step: it never comes (723.1e).', edition));
  out('Each line: turn phase/step, what happened, the rule.\n');
  for (const record of game.history.filter((r) => r.turn >= 2)) out(formatRecord(record));
  const v = game.view();
  out(`\nNow: turn ${v.turn}, ${v.activePlayer} active, ${v.phase}/${v.step}, priority ${v.priority}. Exile: ${v.zones.exile.join(', ')}; ceased to exist: ${v.zones.ceasedToExist.join(', ')}.`);
  game.stop();
}
