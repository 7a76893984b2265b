// The scripted game every contender plays: a list of abstract moves, generated once by
// driving our machine with a fixed policy, then validated by replaying it (every event
// accepted, nothing rejected). Contenders translate the moves into their own events.
import {
  createGame, type AtTriggerSpec, type AttackerSpec, type BlockerSpec, type PlayerId, type StackObjectSpec, type TurnEvent, type View,
} from '../src/index.js';

export const PLAYERS: PlayerId[] = ['A', 'B'];
export const TURNS = 20;
/** Turn whose declare blockers step sees Time Stop (723.1), and the one that sees Mandate of Peace (723.2). */
export const TIME_STOP_TURN = 7;
export const MANDATE_TURN = 12;

export type Move =
  | { kind: 'pass'; player: PlayerId }
  | { kind: 'cast'; object: StackObjectSpec }
  | { kind: 'activate'; object: StackObjectSpec }
  | { kind: 'attack'; player: PlayerId; attackers: AttackerSpec[] }
  | { kind: 'block'; player: PlayerId; blockers: BlockerSpec[] }
  /** Game reports; `actor` is the player the host would attribute it to (the one the game waits for). */
  | { kind: 'reportTrigger'; ability: StackObjectSpec; actor: PlayerId }
  | { kind: 'registerTrigger'; trigger: AtTriggerSpec; actor: PlayerId };

/** Where a game is, in terms every contender can answer: compared move by move in validation. */
export interface Where {
  turn: number;
  phase: string;
  step: string | null;
  waitingFor: string | null;
  player: PlayerId | null;
  stack: number;
}

export const whereKey = (w: Where) =>
  `t${w.turn} ${w.phase}/${w.step ?? '-'} ${w.waitingFor ?? 'nothing'}:${w.player ?? '-'} stack=${w.stack}`;

export function toTurnEvent(move: Move): TurnEvent {
  switch (move.kind) {
    case 'pass': return { type: 'priority.pass', player: move.player };
    case 'cast': return { type: 'spell.cast', object: move.object };
    case 'activate': return { type: 'ability.activate', object: move.object };
    case 'attack': return { type: 'combat.declareAttackers', player: move.player, attackers: move.attackers };
    case 'block': return { type: 'combat.declareBlockers', player: move.player, blockers: move.blockers };
    case 'reportTrigger': return { type: 'trigger.report', ability: move.ability };
    case 'registerTrigger': return { type: 'trigger.register', trigger: move.trigger };
  }
}

/** Where a game is, read from its view. */
export function whereOfView(v: View): Where {
  const player = v.waitingFor === 'priority' ? v.priority : v.declaring;
  return { turn: v.turn, phase: v.phase ?? '-', step: v.step, waitingFor: v.waitingFor, player, stack: v.stack.length };
}

/** Where a game of ours is (createGame, or a playout: anything with a view). */
export const ourWhere = (game: { view(): View }): Where => whereOfView(game.view());

const other = (p: PlayerId) => (p === PLAYERS[0] ? PLAYERS[1] : PLAYERS[0]);

/**
 * The policy, per turn T with active player P and opponent O:
 * - turn 1 upkeep: P registers "at the beginning of each upkeep" (it triggers from turn 2 on);
 * - precombat main: P casts a creature, it resolves; P activates an ability, it resolves;
 * - combat: P attacks with one creature (first strike every third turn), O blocks; with P holding
 *   priority a "whenever blocks" trigger is reported, P passes (it goes on the stack), O casts
 *   an instant (Time Stop on turn 7, Mandate of Peace on turn 12), everything resolves;
 * - every other priority window: both pass.
 */
export function decide(v: View, done: Set<string>): Move {
  const w = whereOfView(v);
  const T = v.turn;
  const P = v.activePlayer ?? v.turnOf;
  const O = other(P);
  const here = `${T}:${v.phase}:${v.step ?? ''}`;
  const once = (what: string) => {
    const key = `${here}:${what}`;
    if (done.has(key)) return false;
    done.add(key);
    return true;
  };
  if (w.waitingFor === 'declareAttackers') {
    return { kind: 'attack', player: P, attackers: [{ id: `bear${T - 1}`, firstStrike: T % 3 === 0 }] };
  }
  if (w.waitingFor === 'declareBlockers') {
    return { kind: 'block', player: w.player!, blockers: [{ id: `wall${O}`, blocking: `bear${T - 1}` }] };
  }
  if (w.waitingFor !== 'priority' || !w.player) throw new Error(`script generator stuck at ${whereKey(w)}`);
  const holder = w.player;
  if (T === 1 && v.step === 'upkeep' && once('register')) {
    return { kind: 'registerTrigger', actor: holder, trigger: { id: 'upkeepTrigger', controller: 'A', when: 'upkeep', effects: [] } };
  }
  if (v.phase === 'precombatMain' && holder === P && v.stack.length === 0) {
    if (once('cast')) return { kind: 'cast', object: { id: `bear${T}`, controller: P, type: 'creature', effects: [] } };
    if (once('activate')) return { kind: 'activate', object: { id: `loot${T}`, controller: P, type: 'activated', effects: [] } };
  }
  if (v.step === 'declareBlockers') {
    if (holder === P && once('report')) {
      return { kind: 'reportTrigger', actor: holder, ability: { id: `blockTrigger${T}`, controller: O, effects: [] } };
    }
    if (holder === O && once('instant')) {
      const object: StackObjectSpec = T === TIME_STOP_TURN
        ? { id: 'timeStop', controller: O, type: 'instant', effects: [{ endTurn: {} }] }
        : T === MANDATE_TURN
          ? { id: 'mandateOfPeace', controller: O, type: 'instant', effects: [{ endCombat: {} }] }
          : { id: `giantGrowth${T}`, controller: O, type: 'instant', effects: [] };
      return { kind: 'cast', object };
    }
  }
  return { kind: 'pass', player: holder };
}

export interface Script {
  moves: Move[];
  /** Where the game is after each move, as our machine says (for cross-validation). */
  trace: string[];
  /** Index (count of moves) after which turn 11 has begun: 10 turns are over. */
  afterTenTurns: number;
}

/** Generates the script of `turns` whole turns with our machine and validates it by a fresh replay. */
export function buildScript(turns = TURNS): Script {
  const game = createGame({ players: PLAYERS });
  const done = new Set<string>();
  const moves: Move[] = [];
  while (game.view().turn <= turns) {
    const move = decide(game.view(), done);
    const refusal = game.send(toTurnEvent(move));
    if (refusal) throw new Error(`generator: move ${moves.length} refused: ${refusal.reason}`);
    moves.push(move);
    if (moves.length > 100 * turns) throw new Error('generator: runaway script');
  }
  game.stop();
  return validate(moves, turns);
}

/** Replays the moves on a fresh game: every event accepted, no `rejected` emitted, the 723 procedures really happened. */
export function validate(moves: Move[], turns = TURNS): Script {
  const game = createGame({ players: PLAYERS }, { history: 'all' }); // the whole script's records, checked below
  let rejected = 0;
  game.actor.on('rejected', () => { rejected += 1; });
  const trace: string[] = [];
  let afterTenTurns = -1;
  moves.forEach((move, i) => {
    const refusal = game.send(toTurnEvent(move));
    if (refusal || rejected > 0) throw new Error(`script move ${i} (${move.kind}) refused: ${refusal?.reason ?? 'rejected'}`);
    const w = ourWhere(game);
    trace.push(whereKey(w));
    if (afterTenTurns < 0 && w.turn === 11) afterTenTurns = i + 1;
  });
  const h = game.history;
  const must = [
    h.some((r) => r.type === 'turnEndedByEffect' && r.turn === TIME_STOP_TURN),
    h.some((r) => r.type === 'combatEndedByEffect' && r.turn === MANDATE_TURN),
    h.some((r) => r.type === 'stepBegan' && r.step === 'firstStrikeDamage'),
    h.some((r) => r.type === 'triggered' && r.id.startsWith('upkeepTrigger')),
    game.view().turn === turns + 1,
  ];
  if (must.includes(false)) throw new Error(`script does not play what it should: ${JSON.stringify(must)}`);
  game.stop();
  return { moves, trace, afterTenTurns };
}

export function describeScript(moves: Move[]): Record<Move['kind'], number> {
  const counts = { pass: 0, cast: 0, activate: 0, attack: 0, block: 0, reportTrigger: 0, registerTrigger: 0 };
  for (const m of moves) counts[m.kind] += 1;
  return counts;
}
