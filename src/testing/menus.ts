// Building blocks of the families' event menus, and helpers to read an executed history.
import {
  view, waitingFor,
  type AttackerSpec, type BlockerSpec, type HistoryRecord, type PlayerId, type StackObjectSpec, type TurnEvent, type TurnSnapshot,
} from '../index.js';
import type { Menu } from './explore.js';

/** Who holds priority: a player, or with teams a team's id (805.5). */
export const holder = (s: TurnSnapshot): PlayerId | null => (waitingFor(s) === 'priority' ? s.context.priority.holder : null);
/** The players of a side (a team's, with teams; else the player). */
export const playersOfSide = (s: TurnSnapshot, side: string): readonly PlayerId[] => s.context.teams?.[side] ?? [side];
/** A player who may act for the side holding priority: its primary player (805.5a). */
export const acting = (s: TurnSnapshot): PlayerId | null => {
  const side = holder(s);
  return side === null ? null : playersOfSide(s, side)[0];
};
/** The current step, or the main phase. */
export const here = (s: TurnSnapshot): string => s.context.step ?? s.context.phase ?? '(none)';
/** A menu offering what each of the menus offers. */
export const all = (...menus: Menu[]): Menu => (s) => menus.flatMap((menu) => menu(s));
/** A menu offering its events only where `condition` holds. */
export const when = (condition: (s: TurnSnapshot) => boolean, menu: Menu): Menu => (s) => (condition(s) ? menu(s) : []);

/** The holder passes priority. */
export const pass: Menu = (s) => {
  const player = holder(s);
  return player ? [{ type: 'priority.pass', player }] : [];
};

/** The declarations offered when the machine waits for them. */
export function declarations(
  attackers: (s: TurnSnapshot) => AttackerSpec[][],
  blockers: (s: TurnSnapshot) => BlockerSpec[][] = () => [[]],
): Menu {
  return (s) => {
    const w = waitingFor(s);
    if (w === 'declareAttackers') {
      return attackers(s).map((list) => ({ type: 'combat.declareAttackers', player: view(s).activePlayer!, attackers: list }));
    }
    if (w === 'declareBlockers') {
      const side = s.context.defendersToDeclare[0];
      return blockers(s).map((list) => ({ type: 'combat.declareBlockers', ...(s.context.teams ? { team: side } : { player: side }), blockers: list }));
    }
    return [];
  };
}

/** The declarations of no attackers and no blockers. */
export const noAttack = declarations(() => [[]]);

/** Every id the game has seen on the stack, waiting or in a zone. */
export function seen(s: TurnSnapshot, id: string): boolean {
  const c = s.context;
  return c.stack.some((o) => o.id === id) || c.pendingTriggers.some((o) => o.id === id)
    || Object.values(c.zones).some((zone) => zone.includes(id));
}
/** Whether the game has seen an object whose id starts with `prefix`. */
export const seenPrefix = (s: TurnSnapshot, prefix: string): boolean => {
  const c = s.context;
  return [...c.stack.map((o) => o.id), ...c.pendingTriggers.map((o) => o.id), ...Object.values(c.zones).flat()].some((id) => id.startsWith(prefix));
};
/** Whether an "at the beginning of" trigger with this id is registered. */
export const registered = (s: TurnSnapshot, id: string) => s.context.triggers.some((t) => t.id === id);

/** Turn 1's first priority in its upkeep, before anything was done. */
export const atStart = (s: TurnSnapshot) => s.context.turn === 1 && s.context.stepsThisTurn.length === 2
  && holder(s) === s.context.activeSide && s.context.priority.passes === 0 && s.context.stack.length === 0;

/** The first moment of a step or phase: its active player (team) holds priority, nothing done yet. */
export const freshPriority = (s: TurnSnapshot) => holder(s) === s.context.activeSide && s.context.priority.passes === 0
  && s.context.stack.length === 0 && s.context.pendingTriggers.length === 0;

/** The acting player casts an instant (with these fields). */
export const cast = (s: TurnSnapshot, object: Omit<StackObjectSpec, 'controller'>): TurnEvent =>
  ({ type: 'spell.cast', object: { controller: acting(s)!, type: 'instant', ...object } });
/** The acting player activates an ability (with these fields). */
export const activate = (s: TurnSnapshot, object: Omit<StackObjectSpec, 'controller'>): TurnEvent =>
  ({ type: 'ability.activate', object: { controller: acting(s)!, ...object } });

// ---- reading a history ------------------------------------------------------------------

/** A rule broken by a path: its message opens with the rule (`[514.3a] …`). */
export class RuleError extends Error {}
/** Throws a `RuleError` under `rule` unless `condition` holds. */
export function expectRule(condition: boolean, rule: string, message: string): asserts condition {
  if (!condition) throw new RuleError(`[${rule}] ${message}`);
}

const MAIN: readonly string[] = ['precombatMain', 'postcombatMain'];
/** The step (or main phase) a `stepBegan` or `phaseBegan` record begins, else null. */
export const stepName = (r: HistoryRecord): string | null =>
  r.type === 'stepBegan' ? r.step : r.type === 'phaseBegan' && MAIN.includes(r.phase ?? '') ? r.phase : null;

/** The records of one turn. */
export const ofTurn = (history: readonly HistoryRecord[], turn: number) => history.filter((r) => r.turn === turn);
/** The steps (and main phases) begun in these records, in order. */
export const stepsOf = (records: readonly HistoryRecord[]) => records.map(stepName).filter((x): x is string => x !== null);
/** The player whose turn `turn` was. */
export const turnPlayer = (history: readonly HistoryRecord[], turn: number): PlayerId | undefined => {
  const began = history.find((r): r is Extract<HistoryRecord, { type: 'turnBegan' }> => r.type === 'turnBegan' && r.turn === turn);
  return began?.player;
};
/** The index of the first record from `from` that passes `test`, or -1. */
export const indexOf = (history: readonly HistoryRecord[], test: (r: HistoryRecord) => boolean, from = 0) => {
  for (let i = from; i < history.length; i += 1) if (test(history[i])) return i;
  return -1;
};
