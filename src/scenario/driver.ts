// Driving a game the way scenarios say: "everybody passes and declares nothing".
import type { Game, HistoryRecord, Refusal, View } from '../index.js';

/** The most events `advanceTo` sends before it gives up. */
export const ADVANCE_LIMIT = 1000;

/** The view without the history (cheap: the driver looks after every pass). */
const glance = (game: Game): View => game.view();

/** Where `advanceTo` drives a game: a turn, a phase or step. */
export interface AdvanceTarget {
  turn?: number;
  step?: string;
  phase?: string;
}

export function where(game: Game): string {
  const v = glance(game);
  return `turn ${v.turn} (${v.activeTeam ?? v.activePlayer ?? `${v.turnOf}, who left`}), ${v.phase}${v.step ? `/${v.step}` : ''}, waiting for ${v.waitingFor ?? 'nothing'}${v.priority ? ` (${v.priority})` : ''}`;
}

/** A side as the actor of an event: a player, or with teams the team (which records its primary player). */
const actor = (v: View, side: string) => (v.teams === null ? { player: side } : { team: side });

/** Sent by who makes the decision now (722.5: a controlled player's controller), when that is not the side itself. */
const sentBy = (v: View, side: string) => (v.decider !== null && v.decider !== side ? { by: v.decider } : {});

/** The next thing "everybody passes / declares nothing / orders as triggered" does; a refusal or null. */
export function nudge(game: Game): Refusal | null | 'stuck' {
  const v = glance(game);
  const side = v.awaiting?.side;
  if (side === undefined) return 'stuck';
  const by = sentBy(v, side);
  if (v.waitingFor === 'priority') return game.send({ type: 'priority.pass', player: side, ...by });
  if (v.waitingFor === 'declareAttackers') return game.send({ type: 'combat.declareAttackers', ...actor(v, side), attackers: [], ...by });
  if (v.waitingFor === 'declareBlockers') return game.send({ type: 'combat.declareBlockers', ...actor(v, side), blockers: [], ...by });
  // 603.3b, 805.7: the order the abilities triggered in.
  if (v.waitingFor === 'orderTriggers' && v.orderTriggers) return game.send({ type: 'triggers.order', ...actor(v, side), order: v.orderTriggers.triggers, ...by });
  return 'stuck';
}

/** Passes (and declares nothing) until that step or phase has begun and waits for a player; a message if it cannot. */
export function advanceTo(game: Game, target: AdvanceTarget): string | null {
  let scanned = game.history.length;
  let began = false;
  const isTarget = (r: HistoryRecord) => (target.step !== undefined
    ? r.type === 'stepBegan' && r.step === target.step
    : r.type === 'phaseBegan' && r.phase === target.phase);
  const arrived = () => {
    const v = glance(game);
    if (v.waitingFor === null) return false;
    if (target.step !== undefined && v.step !== target.step) return false;
    if (target.phase !== undefined && v.phase !== target.phase) return false;
    if (target.turn !== undefined) return v.turn === target.turn;
    // The records since the last look only (each pass adds a few: no pass rereads the whole history).
    for (; scanned < game.history.length; scanned += 1) if (isTarget(game.history[scanned])) began = true;
    return began;
  };
  for (let passes = 0; !arrived(); passes += 1) {
    const v = glance(game);
    if (target.turn !== undefined && v.turn > target.turn) return `turn ${target.turn} is over; now at ${where(game)}`;
    if (passes >= ADVANCE_LIMIT) return `gave up after ${ADVANCE_LIMIT} passes without reaching it; stuck at ${where(game)}`;
    const outcome = nudge(game);
    if (outcome === 'stuck') return `nobody can act at ${where(game)}`;
    if (outcome) return `refused at ${where(game)}: ${outcome.reason} (${outcome.rule})`;
  }
  return null;
}

/**
 * Each player (805.5b: each team) still in the game (800.4) passes once, starting with the holder
 * (FORMAT.md `passAll`); a message if one cannot. Passes made at once by standing passes (732.2)
 * count among them.
 */
export function passAll(game: Game): string | null {
  const v = glance(game);
  const count = v.teams === null ? v.inGame.length : Object.values(v.teams).filter((team) => team.some((p) => v.inGame.includes(p))).length;
  for (let i = 0; i < count;) {
    const now = glance(game);
    const holder = now.priority;
    if (!holder) return `pass ${i + 1} of ${count}: nobody holds priority at ${where(game)}`;
    const before = game.history.length;
    const refusal = game.send({ type: 'priority.pass', player: holder, ...sentBy(now, holder) });
    if (refusal) return `${holder} could not pass: ${refusal.reason} (${refusal.rule})`;
    let passes = 0;
    for (let r = before; r < game.history.length; r += 1) if (game.history[r].type === 'passed') passes += 1;
    i += Math.max(passes, 1);
  }
  return null;
}
