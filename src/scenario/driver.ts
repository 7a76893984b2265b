// Driving a game the way scenarios say: "everybody passes and declares nothing".
import type { Game, HistoryRecord, Refusal, View } from '../index.js';

export const ADVANCE_LIMIT = 1000;

/** The view without the history (cheap: the driver looks after every pass). */
const glance = (game: Game): View => game.view();

export interface AdvanceTarget {
  turn?: number;
  step?: string;
  phase?: string;
}

export function where(game: Game): string {
  const v = glance(game);
  return `turn ${v.turn} (${v.activePlayer}), ${v.phase}${v.step ? `/${v.step}` : ''}, waiting for ${v.waitingFor ?? 'nothing'}${v.priority ? ` (${v.priority})` : ''}`;
}

/** The next thing "everybody passes / declares nothing / orders as triggered" does; a refusal or null. */
export function nudge(game: Game): Refusal | null | 'stuck' {
  const v = glance(game);
  if (v.waitingFor === 'priority' && v.priority) return game.send({ type: 'priority.pass', player: v.priority });
  if (v.waitingFor === 'declareAttackers' && v.declaring) return game.send({ type: 'combat.declareAttackers', player: v.declaring, attackers: [] });
  if (v.waitingFor === 'declareBlockers' && v.declaring) return game.send({ type: 'combat.declareBlockers', player: v.declaring, blockers: [] });
  // 603.3b: the order the abilities triggered in.
  if (v.waitingFor === 'orderTriggers' && v.orderTriggers) return game.send({ type: 'triggers.order', player: v.orderTriggers.player, order: v.orderTriggers.triggers });
  return 'stuck';
}

/** Passes (and declares nothing) until that step or phase has begun and waits for a player; a message if it cannot. */
export function advanceTo(game: Game, target: AdvanceTarget): string | null {
  const startedAt = game.history.length;
  const isTarget = (r: HistoryRecord) => (target.step !== undefined
    ? r.type === 'stepBegan' && r.step === target.step
    : r.type === 'phaseBegan' && r.phase === target.phase);
  const arrived = () => {
    const v = glance(game);
    if (v.waitingFor === null) return false;
    if (target.step !== undefined && v.step !== target.step) return false;
    if (target.phase !== undefined && v.phase !== target.phase) return false;
    if (target.turn !== undefined) return v.turn === target.turn;
    return game.history.slice(startedAt).some(isTarget);
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

/** Each player passes once, starting with the holder (FORMAT.md `passAll`); a message if one cannot. */
export function passAll(game: Game): string | null {
  const count = glance(game).players.length;
  for (let i = 0; i < count; i += 1) {
    const holder = glance(game).priority;
    if (!holder) return `pass ${i + 1} of ${count}: no player holds priority at ${where(game)}`;
    const refusal = game.send({ type: 'priority.pass', player: holder });
    if (refusal) return `${holder} could not pass: ${refusal.reason} (${refusal.rule})`;
  }
  return null;
}
