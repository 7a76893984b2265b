// Scripted games for the crash suite, the replay test and the golden saves: a seeded policy
// plays each to a length, through the machine's own legal actions, with the engine's reports
// that make the procedures under test happen — a trigger in cleanup (514.3a: another cleanup
// step follows) and Time Stop cast by a player (723.1) — and the uninterrupted run's view and
// records after every event, to compare with.
import { createGame, type GameInput, type HistoryRecord, type View } from 'mtg-turn-machine';

export interface ScriptedEvent {
  /** The seat that sends it (a player), or `engine`. */
  by: string;
  event: Record<string, unknown>;
}

export interface Script {
  name: string;
  input: GameInput;
  events: ScriptedEvent[];
  /** The view at version v (v = 0 … events.length). */
  views: View[];
  /** The records of the event that made version v (index v - 1). */
  records: HistoryRecord[][];
}

/** mulberry32: a small seeded generator. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function scriptedGame(name: string, input: GameInput, seed: number, length: number): Script {
  const random = rng(seed);
  const game = createGame(input, { history: 'all' }); // every record, so that each event's are the list's growth
  const events: ScriptedEvent[] = [];
  const views: View[] = [];
  const records: HistoryRecord[][] = [];
  const strip = () => {
    const { history: _history, ...v } = game.view();
    return v as View;
  };
  views.push(strip());
  let casts = 0;
  let timeStops = 0;
  const play = (by: string, event: Record<string, unknown>) => {
    const before = game.history.length;
    const refusal = by === 'engine' ? game.send(event) : game.seat(by).send(event);
    if (refusal) throw new Error(`script ${name}: event ${events.length + 1} refused: ${refusal.reason}`);
    events.push({ by, event });
    records.push(game.history.slice(before));
    views.push(strip());
  };
  const registerCleanupTrigger = (turn: number) => {
    const v = game.view();
    const controller = v.players[turn % v.players.length];
    play('engine', { type: 'trigger.register', trigger: { id: `cleanup${turn}`, controller, when: 'cleanup', whoseTurn: v.activeTeam ?? v.activePlayer, once: true, effects: [] } });
  };
  let lastTurn = 0;
  while (events.length < length) {
    const v = game.view();
    if (v.turn !== lastTurn) {
      lastTurn = v.turn;
      if (v.turn % 2 === 1) registerCleanupTrigger(v.turn);
      continue;
    }
    const actor = v.mayAct[0] ?? v.awaiting?.players[0];
    if (actor === undefined) throw new Error(`script ${name}: nobody to act at event ${events.length}`);
    const side = v.teams ? { team: Object.keys(v.teams).find((t) => v.teams![t].includes(actor))! } : { player: actor };
    if (v.waitingFor === 'declareAttackers') play(actor, { type: 'combat.declareAttackers', ...side, attackers: [] });
    else if (v.waitingFor === 'declareBlockers') play(actor, { type: 'combat.declareBlockers', ...side, blockers: [] });
    else if (v.waitingFor === 'orderTriggers') play(actor, { type: 'triggers.order', ...side, order: v.orderTriggers!.triggers });
    else if (v.turn % 2 === 0 && v.phase === 'precombatMain' && timeStops < v.turn / 2 && v.stack.length === 0) {
      // 723.1: Time Stop, "End the turn", cast by whoever holds priority.
      timeStops += 1;
      play(actor, { type: 'spell.cast', object: { id: `timeStop${v.turn}`, controller: actor, type: 'instant', effects: [{ endTurn: {} }] } });
    } else if (random() < 0.08 && game.legalActions(actor).some((a) => a.type === 'spell.cast' && a.timing === 'instant')) {
      casts += 1;
      play(actor, { type: 'spell.cast', object: { id: `bolt${casts}`, controller: actor, type: 'instant', effects: [] } });
    } else play(actor, { type: 'priority.pass', player: actor });
  }
  game.stop();
  return { name, input, events, views, records };
}

/** The crash suite's games: two-player games and a Two-Headed Giant one, each with 514.3a cleanups and 723.1 turns. */
export function crashScripts(count: number, length: number): Script[] {
  return Array.from({ length: count }, (_, i) => (i % 4 === 3
    ? scriptedGame(`teams-${i}`, { players: ['A', 'B', 'C', 'D'], teams: [['A', 'B'], ['C', 'D']], options: { variant: 'twoHeadedGiant' } }, 1000 + i, length)
    : scriptedGame(`duel-${i}`, { players: ['A', 'B'] }, 1000 + i, length)));
}
