// The limit: a minimal hand-written reducer that follows the same script — one mutable
// state object, a switch per move, a table of which step follows which. No statechart,
// no validation, no history, no immutability.
import type { Move, Where } from '../script.js';
import type { AtTriggerSpec, StackObjectSpec } from '../../src/index.js';

export const PHASE_OF: Record<string, string> = {
  untap: 'beginning', upkeep: 'beginning', draw: 'beginning', precombatMain: 'precombatMain',
  beginningOfCombat: 'combat', declareAttackers: 'combat', declareBlockers: 'combat', firstStrikeDamage: 'combat',
  combatDamage: 'combat', endOfCombat: 'combat', postcombatMain: 'postcombatMain', end: 'ending', cleanup: 'ending',
};

const NONE = 0;
const PRIORITY = 1;
const ATTACKERS = 2;
const BLOCKERS = 3;

interface State {
  turn: number;
  active: number;
  /** The current step, or main phase. */
  at: string;
  waiting: number;
  holder: number;
  passes: number;
  stack: StackObjectSpec[];
  pending: StackObjectSpec[];
  upkeepTriggers: AtTriggerSpec[];
  firstStrike: boolean;
}

/** A move as the reducer takes it: kind code, player index, payload. */
interface Action {
  kind: number;
  player: number;
  object: StackObjectSpec | null;
  trigger: AtTriggerSpec | null;
  firstStrike: boolean;
}

const PASS = 0; const CAST = 1; const ATTACK = 2; const BLOCK = 3; const REPORT = 4; const REGISTER = 5;

function openPriority(s: State): void {
  if (s.pending.length > 0) { for (const t of s.pending) s.stack.push(t); s.pending.length = 0; }
  s.waiting = PRIORITY;
  s.holder = s.active;
  s.passes = 0;
}

function beginTurn(s: State): void {
  s.turn += 1;
  s.active = s.turn === 1 ? 0 : 1 - s.active;
  s.firstStrike = false;
  enter(s, 'upkeep'); // the untap step has no priority
}

function enter(s: State, at: string): void {
  s.at = at;
  if (at === 'upkeep') for (const t of s.upkeepTriggers) s.pending.push(t);
  if (at === 'declareAttackers') { s.waiting = ATTACKERS; return; }
  if (at === 'declareBlockers') { s.waiting = BLOCKERS; return; }
  if (at === 'cleanup') { s.waiting = NONE; beginTurn(s); return; }
  openPriority(s);
}

function finishStep(s: State): void {
  switch (s.at) {
    case 'upkeep': enter(s, s.turn === 1 ? 'precombatMain' : 'draw'); break;
    case 'draw': enter(s, 'precombatMain'); break;
    case 'precombatMain': enter(s, 'beginningOfCombat'); break;
    case 'beginningOfCombat': enter(s, 'declareAttackers'); break;
    case 'declareAttackers': enter(s, 'declareBlockers'); break;
    case 'declareBlockers': enter(s, s.firstStrike ? 'firstStrikeDamage' : 'combatDamage'); break;
    case 'firstStrikeDamage': enter(s, 'combatDamage'); break;
    case 'combatDamage': enter(s, 'endOfCombat'); break;
    case 'endOfCombat': enter(s, 'postcombatMain'); break;
    case 'postcombatMain': enter(s, 'end'); break;
    case 'end': enter(s, 'cleanup'); break;
    default: throw new Error(`reducer: no step after ${s.at}`);
  }
}

const endsTurn = (o: StackObjectSpec) => o.effects?.some((e) => 'endTurn' in e) === true;
const endsCombat = (o: StackObjectSpec) => o.effects?.some((e) => 'endCombat' in e) === true;

export function reduce(s: State, a: Action): void {
  switch (a.kind) {
    case PASS: {
      if (s.passes + 1 < 2 || s.pending.length > 0) {
        s.holder = 1 - s.holder;
        s.passes += 1;
        if (s.pending.length > 0) { for (const t of s.pending) s.stack.push(t); s.pending.length = 0; s.passes = 0; }
        return;
      }
      const top = s.stack.pop();
      if (!top) { s.waiting = NONE; finishStep(s); return; }
      if (endsTurn(top)) { s.stack.length = 0; s.waiting = NONE; enter(s, 'cleanup'); return; }
      if (endsCombat(top)) { s.stack.length = 0; s.waiting = NONE; enter(s, 'postcombatMain'); return; }
      openPriority(s);
      return;
    }
    case CAST:
      s.stack.push(a.object!);
      s.holder = a.player;
      s.passes = 0;
      return;
    case ATTACK:
      s.firstStrike = a.firstStrike;
      openPriority(s);
      return;
    case BLOCK:
      openPriority(s);
      return;
    case REPORT:
      s.pending.push(a.object!);
      return;
    case REGISTER:
      if (a.trigger!.when === 'upkeep') s.upkeepTriggers.push(a.trigger!);
      return;
  }
}

export function initialState(): State {
  const s: State = {
    turn: 0, active: 0, at: 'untap', waiting: NONE, holder: 0, passes: 0,
    stack: [], pending: [], upkeepTriggers: [], firstStrike: false,
  };
  beginTurn(s);
  return s;
}

export function toAction(move: Move, players: string[]): Action {
  const index = (p: string) => players.indexOf(p);
  const base = { player: 0, object: null, trigger: null, firstStrike: false };
  switch (move.kind) {
    case 'pass': return { ...base, kind: PASS, player: index(move.player) };
    case 'cast':
    case 'activate': return { ...base, kind: CAST, player: index(move.object.controller), object: move.object };
    case 'attack': return { ...base, kind: ATTACK, player: index(move.player), firstStrike: move.attackers.some((c) => c.firstStrike === true) };
    case 'block': return { ...base, kind: BLOCK, player: index(move.player) };
    case 'reportTrigger': return { ...base, kind: REPORT, object: move.ability };
    case 'registerTrigger': return { ...base, kind: REGISTER, trigger: move.trigger };
  }
}

export function reducerWhere(s: State, players: string[]): Where {
  const phase = PHASE_OF[s.at];
  const waitingFor = s.waiting === PRIORITY ? 'priority' : s.waiting === ATTACKERS ? 'declareAttackers' : s.waiting === BLOCKERS ? 'declareBlockers' : null;
  const player = s.waiting === PRIORITY ? players[s.holder] : s.waiting === ATTACKERS ? players[s.active] : s.waiting === BLOCKERS ? players[1 - s.active] : null;
  return { turn: s.turn, phase, step: phase === s.at ? null : s.at, waitingFor, player, stack: s.stack.length };
}

export function reducerContender(moves: Move[], players: string[]) {
  const actions = moves.map((m) => toAction(m, players));
  return {
    play(): number {
      const s = initialState();
      for (let i = 0; i < actions.length; i += 1) reduce(s, actions[i]);
      return s.turn;
    },
    trace(): Where[] {
      const s = initialState();
      return actions.map((a) => { reduce(s, a); return reducerWhere(s, players); });
    },
  };
}
