// boardgame.io 0.50 playing the same script with its own structure: one boardgame.io
// phase per Magic phase (each holding one boardgame.io turn of the Magic active player),
// the step in G, and stages for who is asked to act (priority, declaring attackers or
// blockers) via setActivePlayers on every pass. Driven two ways (shared with the lean design,
// bgioLean.ts): through the game reducer, the path boardgame.io's server (Master) and its AI
// bots use, without transport or storage; and through its Client, what a UI uses.
import type { Ctx, Game } from 'boardgame.io';
import { Client } from 'boardgame.io/client';
import { INVALID_MOVE } from 'boardgame.io/core';
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import type { EventsAPI } from 'boardgame.io/dist/types/src/plugins/plugin-events.js';
import type { Move, Where } from '../script.js';
import type { AtTriggerSpec, CreatureSpec, StackObjectSpec } from '../../src/index.js';

interface BG extends PriorityG {
  turn: number;
  /** boardgame.io player ids ('0', '1'). */
  active: string;
  step: string | null;
  firstStrike: boolean;
  /** 723.1d: the next ending phase starts at cleanup. */
  straightToCleanup: boolean;
}

type Fn = { G: BG; ctx: Ctx; events: EventsAPI; playerID?: string };

const other = (p: string) => (p === '0' ? '1' : '0');

function openPriority(G: BG, events: EventsAPI): void {
  if (G.pending.length > 0) { G.stack.push(...G.pending); G.pending = []; }
  G.holder = G.active;
  G.passes = 0;
  events.setActivePlayers({ value: { [G.active]: 'priority' } });
}

function enterStep(G: BG, events: EventsAPI, step: string | null): void {
  G.step = step;
  switch (step) {
    case 'untap': enterStep(G, events, 'upkeep'); return;
    case 'upkeep': G.pending.push(...G.registered.filter((t) => t.when === 'upkeep')); openPriority(G, events); return;
    case 'declareAttackers': events.setActivePlayers({ value: { [G.active]: 'declareAttackers' } }); return;
    case 'declareBlockers': events.setActivePlayers({ value: { [other(G.active)]: 'declareBlockers' } }); return;
    case 'cleanup': events.endPhase(); return;
    default: openPriority(G, events);
  }
}

/** The next step in this phase, or the phase ends. */
function finishStep(G: BG, events: EventsAPI): void {
  switch (G.step) {
    case 'upkeep': if (G.turn === 1) events.endPhase(); else enterStep(G, events, 'draw'); return;
    case 'beginningOfCombat': enterStep(G, events, 'declareAttackers'); return;
    case 'declareAttackers': enterStep(G, events, 'declareBlockers'); return;
    case 'declareBlockers': enterStep(G, events, G.firstStrike ? 'firstStrikeDamage' : 'combatDamage'); return;
    case 'firstStrikeDamage': enterStep(G, events, 'combatDamage'); return;
    case 'combatDamage': enterStep(G, events, 'endOfCombat'); return;
    case 'end': enterStep(G, events, 'cleanup'); return;
    default: events.endPhase();
  }
}

const FIRST_STEP: Record<string, string | null> = {
  beginning: 'untap', precombatMain: null, combat: 'beginningOfCombat', postcombatMain: null, ending: 'end',
};

/** The part of G both boardgame.io designs share (this one and bgioLean.ts). */
export interface PriorityG {
  /** boardgame.io player id of the priority holder. */
  holder: string;
  passes: number;
  stack: StackObjectSpec[];
  pending: StackObjectSpec[];
  registered: AtTriggerSpec[];
}

/** Casting or activating (the holder only, for itself) and the game's trigger reports: the same in both designs. */
export const stackMoves = {
  cast: ({ G, playerID }: { G: PriorityG; playerID?: string }, object: StackObjectSpec, controller: string) => {
    if (playerID !== G.holder || controller !== playerID) return INVALID_MOVE;
    G.stack.push(object);
    G.passes = 0;
    return undefined;
  },
  reportTrigger: ({ G }: { G: PriorityG }, ability: StackObjectSpec) => { G.pending.push(ability); },
  registerTrigger: ({ G }: { G: PriorityG }, trigger: AtTriggerSpec) => { G.registered.push(trigger); },
};

const priorityMoves = {
  pass: ({ G, events, playerID }: Fn) => {
    if (playerID !== G.holder) return INVALID_MOVE;
    if (G.passes + 1 < 2 || G.pending.length > 0) {
      G.holder = other(G.holder);
      G.passes += 1;
      if (G.pending.length > 0) { G.stack.push(...G.pending); G.pending = []; G.passes = 0; }
      events.setActivePlayers({ value: { [G.holder]: 'priority' } });
      return undefined;
    }
    const top = G.stack.pop();
    if (!top) { finishStep(G, events); return undefined; }
    if (top.effects?.some((e) => 'endTurn' in e)) {
      G.stack = [];
      G.straightToCleanup = true;
      events.setPhase('ending');
    } else if (top.effects?.some((e) => 'endCombat' in e)) {
      G.stack = [];
      events.setPhase('postcombatMain');
    } else openPriority(G, events);
    return undefined;
  },
  ...stackMoves,
};

const reports = { reportTrigger: stackMoves.reportTrigger, registerTrigger: stackMoves.registerTrigger };

export function bgioGame(options: { disableUndo: boolean }): Game<BG> {
  return {
    name: 'mtg-turn-script',
    disableUndo: options.disableUndo,
    setup: () => ({
      turn: 0, active: '0', step: null, holder: '0', passes: 0, stack: [], pending: [], registered: [],
      firstStrike: false, straightToCleanup: false,
    }),
    turn: {
      // One boardgame.io turn per Magic phase, always the Magic active player's.
      order: {
        first: ({ G, ctx }) => ctx.playOrder.indexOf(G.active),
        next: ({ G, ctx }) => ctx.playOrder.indexOf(G.active),
      },
      onBegin: ({ G, ctx, events }) => {
        const first = ctx.phase === 'ending' && G.straightToCleanup ? 'cleanup' : FIRST_STEP[ctx.phase];
        G.straightToCleanup = false;
        if (ctx.phase === 'combat') G.firstStrike = false;
        enterStep(G, events, first);
      },
      stages: {
        priority: { moves: priorityMoves },
        declareAttackers: {
          moves: {
            ...reports,
            declareAttackers: ({ G, events, playerID }: Fn, attackers: CreatureSpec[]) => {
              if (playerID !== G.active) return INVALID_MOVE;
              G.firstStrike = attackers.some((c) => c.firstStrike === true);
              openPriority(G, events);
              return undefined;
            },
          },
        },
        declareBlockers: {
          moves: {
            ...reports,
            declareBlockers: ({ G, events, playerID }: Fn, _blockers: CreatureSpec[]) => {
              if (playerID !== other(G.active)) return INVALID_MOVE;
              openPriority(G, events);
              return undefined;
            },
          },
        },
      },
    },
    phases: {
      beginning: {
        start: true,
        next: 'precombatMain',
        onBegin: ({ G }) => {
          G.turn += 1;
          if (G.turn > 1) G.active = other(G.active);
        },
      },
      precombatMain: { next: 'combat' },
      combat: { next: 'postcombatMain' },
      postcombatMain: { next: 'ending' },
      ending: { next: 'beginning' },
    },
  };
}

type Action = { type: 'MAKE_MOVE'; payload: { type: string; args: unknown[]; playerID: string } };

export function toBgioAction(move: Move, players: string[]): Action {
  const id = (p: string) => String(players.indexOf(p));
  const make = (type: string, args: unknown[], player: string): Action => ({ type: 'MAKE_MOVE', payload: { type, args, playerID: id(player) } });
  switch (move.kind) {
    case 'pass': return make('pass', [], move.player);
    case 'cast':
    case 'activate': return make('cast', [move.object, id(move.object.controller)], move.object.controller);
    case 'attack': return make('declareAttackers', [move.attackers], move.player);
    case 'block': return make('declareBlockers', [move.blockers], move.player);
    case 'reportTrigger': return make('reportTrigger', [move.ability], move.actor);
    case 'registerTrigger': return make('registerTrigger', [move.trigger], move.actor);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type BgState = any;

export function bgioWhere(state: BgState, players: string[]): Where {
  const G = state.G as BG;
  const ctx = state.ctx as Ctx;
  const [playerID, stage] = Object.entries(ctx.activePlayers ?? {})[0] ?? [null, null];
  const waitingFor = stage === 'priority' ? 'priority' : (stage as string | null);
  return {
    turn: G.turn, phase: ctx.phase, step: G.step, waitingFor,
    player: playerID === null ? null : players[Number(playerID)], stack: G.stack.length,
  };
}

type WhereOf = (state: BgState, players: string[]) => Where;

/**
 * Through CreateGameReducer + InitializeGame, as boardgame.io's Master runs a match: the game
 * config processed once (Master's constructor does it), a fresh initial state per game.
 */
export function bgioReducerContender(game: Game, moves: Move[], players: string[], where: WhereOf) {
  const processed = ProcessGameConfig(game);
  const reducer = CreateGameReducer({ game: processed });
  const actions = moves.map((m) => toBgioAction(m, players));
  const init = () => InitializeGame({ game: processed, numPlayers: players.length });
  const check = (state: BgState, i: number) => {
    if (state.transients?.error) throw new Error(`boardgame.io: move ${i} failed: ${JSON.stringify(state.transients.error).slice(0, 300)}`);
  };
  return {
    play(): number {
      let state: BgState = init();
      for (let i = 0; i < actions.length; i += 1) {
        state = reducer(state, actions[i] as never);
        if (state.transients !== undefined) check(state, i);
      }
      return where(state, players).turn;
    },
    trace(): Where[] {
      let state: BgState = init();
      return actions.map((a, i) => {
        state = reducer(state, a as never);
        check(state, i);
        return where(state, players);
      });
    },
  };
}

/**
 * Through boardgame.io's Client, as a hot-seat UI drives it: one Client per game (no
 * multiplayer, `debug: false`, no subscriber), started and stopped; moves through
 * `client.moves`, the acting player set with `client.updatePlayerID` whenever it changes (what
 * the Debug panel's player switcher does). A refused move leaves `_stateID` where it was.
 */
export function bgioClientContender(game: Game, moves: Move[], players: string[], where: WhereOf) {
  const actions = moves.map((m) => toBgioAction(m, players).payload);
  const start = () => {
    const client = Client({ game, numPlayers: players.length, debug: false });
    client.start();
    return client;
  };
  const act = (client: ReturnType<typeof start>, i: number) => {
    const { type, args, playerID } = actions[i];
    if (client.playerID !== playerID) client.updatePlayerID(playerID);
    client.moves[type](...args);
  };
  const stateID = (client: ReturnType<typeof start>) => (client.store.getState() as BgState)._stateID as number;
  return {
    play(): number {
      const client = start();
      for (let i = 0; i < actions.length; i += 1) act(client, i);
      if (stateID(client) !== actions.length) throw new Error(`boardgame.io Client: ${actions.length - stateID(client)} moves refused`);
      const turn = where(client.getState(), players).turn;
      client.stop();
      return turn;
    },
    trace(): Where[] {
      const client = start();
      const out = actions.map((_, i) => {
        act(client, i);
        if (stateID(client) !== i + 1) throw new Error(`boardgame.io Client: move ${i} refused`);
        return where(client.getState(), players);
      });
      client.stop();
      return out;
    },
  };
}

export function bgioContender(moves: Move[], players: string[], options: { disableUndo: boolean }) {
  return bgioReducerContender(bgioGame(options), moves, players, bgioWhere);
}

export function bgioClientDesignContender(moves: Move[], players: string[], options: { disableUndo: boolean }) {
  return bgioClientContender(bgioGame(options), moves, players, bgioWhere);
}
