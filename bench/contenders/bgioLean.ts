// boardgame.io 0.50, lean but idiomatic: what a competent boardgame.io user would write for
// this turn structure. One boardgame.io turn per Magic turn (`turn.order` reads who is next
// from G); the Magic phase and step in G, as the current step and a plan of the turn's
// remaining steps (first strike adds a step, 510.4; Time Stop and Mandate of Peace rewrite the
// plan when they resolve, 723.1 / 723.2); both players in one `priority` stage for the whole
// turn (`turn.activePlayers`), the priority holder tracked in G and checked in the moves
// (INVALID_MOVE otherwise). `setActivePlayers` only when the kind of decision changes
// (declaring attackers, declaring blockers, back to priority) and `endTurn` in the cleanup
// step: five events in a turn with combat, where bgio.ts dispatches one on every pass.
import type { Ctx, Game } from 'boardgame.io';
import { INVALID_MOVE } from 'boardgame.io/core';
import type { EventsAPI } from 'boardgame.io/dist/types/src/plugins/plugin-events.js';
import type { Move, Where } from '../script.js';
import type { CreatureSpec, StackObjectSpec } from '../../src/index.js';
import { bgioClientContender, bgioReducerContender, stackMoves, type PriorityG } from './bgio.js';

/** The phase each step belongs to (500.1). */
const PHASE_OF: Record<string, string> = {
  untap: 'beginning', upkeep: 'beginning', draw: 'beginning', precombatMain: 'precombatMain',
  beginningOfCombat: 'combat', declareAttackers: 'combat', declareBlockers: 'combat', firstStrikeDamage: 'combat',
  combatDamage: 'combat', endOfCombat: 'combat', postcombatMain: 'postcombatMain', end: 'ending', cleanup: 'ending',
};

interface LeanG extends PriorityG {
  /** The current step, or main phase. */
  at: string;
  /** The rest of this turn's steps, in order. */
  plan: string[];
  /** Who takes the next turn (an extra turn would name the active player). */
  nextTurn: string;
}

type Fn = { G: LeanG; ctx: Ctx; events: EventsAPI; playerID?: string };

const TURN_PLAN = [
  'untap', 'upkeep', 'draw', 'precombatMain', 'beginningOfCombat', 'declareAttackers', 'declareBlockers',
  'combatDamage', 'endOfCombat', 'postcombatMain', 'end', 'cleanup',
];
/** 103.8a: the player who goes first skips the draw step of their first turn. */
const FIRST_TURN_PLAN = TURN_PLAN.filter((s) => s !== 'draw');

const other = (p: string) => (p === '0' ? '1' : '0');
const ALL_PRIORITY = { all: 'priority' };

function openPriority(G: LeanG, ctx: Ctx): void {
  if (G.pending.length > 0) { G.stack.push(...G.pending); G.pending = []; }
  G.holder = ctx.currentPlayer;
  G.passes = 0;
}

/** Moves on to the next step of the plan. */
function advance(G: LeanG, ctx: Ctx, events: EventsAPI): void {
  const at = G.plan.shift()!;
  G.at = at;
  switch (at) {
    case 'upkeep':
      for (const t of G.registered) if (t.when === 'upkeep') G.pending.push(t);
      openPriority(G, ctx);
      return;
    case 'declareAttackers': events.setActivePlayers({ currentPlayer: 'declareAttackers' }); return;
    case 'declareBlockers': events.setActivePlayers({ others: 'declareBlockers' }); return;
    case 'cleanup': events.endTurn(); return;
    default: openPriority(G, ctx);
  }
}

const endsTurn = (o: StackObjectSpec) => o.effects?.some((e) => 'endTurn' in e) === true;
const endsCombat = (o: StackObjectSpec) => o.effects?.some((e) => 'endCombat' in e) === true;

const { reportTrigger, registerTrigger } = stackMoves;
const reports = { reportTrigger, registerTrigger };

const priorityMoves = {
  ...stackMoves,
  pass: ({ G, ctx, events, playerID }: Fn) => {
    if (playerID !== G.holder) return INVALID_MOVE;
    if (G.passes + 1 < ctx.numPlayers || G.pending.length > 0) {
      G.holder = other(G.holder);
      G.passes += 1;
      if (G.pending.length > 0) { G.stack.push(...G.pending); G.pending = []; G.passes = 0; }
      return undefined;
    }
    const top = G.stack.pop();
    if (!top) { advance(G, ctx, events); return undefined; }
    if (endsTurn(top)) {
      G.stack = [];
      G.plan = ['cleanup'];
      advance(G, ctx, events);
    } else if (endsCombat(top)) {
      G.stack = [];
      G.plan = G.plan.filter((s) => PHASE_OF[s] !== 'combat');
      advance(G, ctx, events);
    } else openPriority(G, ctx);
    return undefined;
  },
};

export function bgioLeanGame(options: { disableUndo: boolean }): Game<LeanG> {
  return {
    name: 'mtg-turn-lean',
    disableUndo: options.disableUndo,
    setup: () => ({ at: 'untap', plan: [], holder: '0', passes: 0, stack: [], pending: [], registered: [], nextTurn: '0' }),
    turn: {
      order: {
        first: () => 0,
        next: ({ G, ctx }) => ctx.playOrder.indexOf(G.nextTurn),
      },
      activePlayers: ALL_PRIORITY,
      onBegin: ({ G, ctx, events }) => {
        G.nextTurn = other(ctx.currentPlayer);
        G.plan = (ctx.turn === 1 ? FIRST_TURN_PLAN : TURN_PLAN).slice();
        G.at = G.plan.shift()!; // untap: nothing to do here, and no priority
        advance(G, ctx, events);
      },
      stages: {
        priority: { moves: priorityMoves },
        declareAttackers: {
          moves: {
            ...reports,
            declareAttackers: ({ G, ctx, events }: Fn, attackers: CreatureSpec[]) => {
              if (attackers.some((c) => c.firstStrike === true)) G.plan.splice(G.plan.indexOf('combatDamage'), 0, 'firstStrikeDamage');
              openPriority(G, ctx);
              events.setActivePlayers(ALL_PRIORITY);
            },
          },
        },
        declareBlockers: {
          moves: {
            ...reports,
            declareBlockers: ({ G, ctx, events }: Fn, _blockers: CreatureSpec[]) => {
              openPriority(G, ctx);
              events.setActivePlayers(ALL_PRIORITY);
            },
          },
        },
      },
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type BgState = any;

export function bgioLeanWhere(state: BgState, players: string[]): Where {
  const G = state.G as LeanG;
  const ctx = state.ctx as Ctx;
  const phase = PHASE_OF[G.at];
  const active = ctx.activePlayers ? Object.entries(ctx.activePlayers) : [];
  const declaring = active.find(([, stage]) => stage !== 'priority');
  const [id, waitingFor] = declaring ?? (active.length > 0 ? [G.holder, 'priority'] : [null, null]);
  return {
    turn: ctx.turn, phase, step: phase === G.at ? null : G.at, waitingFor,
    player: id === null ? null : players[Number(id)], stack: G.stack.length,
  };
}

export function bgioLeanContender(moves: Move[], players: string[], options: { disableUndo: boolean }) {
  return bgioReducerContender(bgioLeanGame(options), moves, players, bgioLeanWhere);
}

export function bgioLeanClientContender(moves: Move[], players: string[], options: { disableUndo: boolean }) {
  return bgioClientContender(bgioLeanGame(options), moves, players, bgioLeanWhere);
}
