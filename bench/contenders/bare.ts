// XState's own floor: the same parallel/compound hierarchy as machines/turn.ts (turn →
// phases with steps ∥ priority), the same event names and the same raised signals between
// the regions, but only the context, guards and assigns needed to follow the script — no
// rules work, no plan, no history, no validation.
import { assign, raise, setup, type SnapshotFrom, type StateValue } from 'xstate';
import { toTurnEvent, type Move, type Where } from '../script.js';
import type { AtTriggerSpec, StackObjectSpec } from '../../src/index.js';
import { actorContender } from './actor.js';

type Player = string;

interface BareContext {
  players: Player[];
  turn: number;
  active: Player;
  holder: Player;
  passes: number;
  stack: StackObjectSpec[];
  pending: StackObjectSpec[];
  registered: AtTriggerSpec[];
  firstStrike: boolean;
  blocker: Player;
}

type BareEvent =
  | { type: 'priority.pass'; player: Player }
  | { type: 'spell.cast'; object: StackObjectSpec }
  | { type: 'ability.activate'; object: StackObjectSpec }
  | { type: 'combat.declareAttackers'; player: Player; attackers: { id: string; firstStrike?: boolean }[] }
  | { type: 'combat.declareBlockers'; player: Player; blockers: { id: string; blocking?: string }[] }
  | { type: 'trigger.report'; ability: StackObjectSpec }
  | { type: 'trigger.register'; trigger: AtTriggerSpec }
  | { type: 'step.finished' }
  | { type: 'priority.open' }
  | { type: 'turn.ended' }
  | { type: 'combat.ended' };

const otherOf = (players: Player[], p: Player) => (players[0] === p ? players[1] : players[0]);
const topEffect = (ctx: BareContext, key: 'endTurn' | 'endCombat') => {
  const top = ctx.stack[ctx.stack.length - 1];
  return top?.effects?.some((e) => key in e) === true;
};
const lastPass = (ctx: BareContext) => ctx.passes + 1 >= ctx.players.length;

export const bareMachine = setup({
  types: { context: {} as BareContext, events: {} as BareEvent, input: {} as { players: Player[] } },
  actions: {
    beginTurn: assign(({ context: c }) => {
      const active = c.turn === 0 ? c.players[0] : otherOf(c.players, c.active);
      return { turn: c.turn + 1, active, firstStrike: false };
    }),
    triggerUpkeep: assign(({ context: c }) => ({
      pending: [...c.pending, ...c.registered.filter((t) => t.when === 'upkeep')],
    })),
    givePriority: assign(({ context: c }) => ({
      stack: c.pending.length > 0 ? [...c.stack, ...c.pending] : c.stack,
      pending: c.pending.length > 0 ? [] : c.pending,
      holder: c.active,
      passes: 0,
    })),
    passPriority: assign(({ context: c }) => {
      const hasPending = c.pending.length > 0;
      return {
        holder: otherOf(c.players, c.holder),
        passes: hasPending ? 0 : c.passes + 1,
        stack: hasPending ? [...c.stack, ...c.pending] : c.stack,
        pending: hasPending ? [] : c.pending,
      };
    }),
    resolveTop: assign(({ context: c }) => ({ stack: c.stack.slice(0, -1) })),
    exileStack: assign({ stack: [], pending: [] }),
    putOnStack: assign(({ context: c, event }) => {
      const object = event.type === 'spell.cast' || event.type === 'ability.activate' ? event.object : undefined;
      return object ? { stack: [...c.stack, object], holder: object.controller, passes: 0 } : {};
    }),
    report: assign(({ context: c, event }) => (event.type === 'trigger.report' ? { pending: [...c.pending, event.ability] } : {})),
    register: assign(({ context: c, event }) => (event.type === 'trigger.register' ? { registered: [...c.registered, event.trigger] } : {})),
    declareAttackers: assign(({ event }) => (event.type === 'combat.declareAttackers'
      ? { firstStrike: event.attackers.some((a) => a.firstStrike === true) } : {})),
    awaitBlockers: assign(({ context: c }) => ({ blocker: otherOf(c.players, c.active) })),
    openPriority: raise({ type: 'priority.open' }),
    finishStep: raise({ type: 'step.finished' }),
    endTheTurn: raise({ type: 'turn.ended' }),
    endTheCombat: raise({ type: 'combat.ended' }),
  },
  guards: {
    isFirstTurn: ({ context: c }) => c.turn === 1,
    hasFirstStrike: ({ context: c }) => c.firstStrike,
    isLastPassOnEmptyStack: ({ context: c }) => lastPass(c) && c.stack.length === 0 && c.pending.length === 0,
    isLastPassEndingTurn: ({ context: c }) => lastPass(c) && c.pending.length === 0 && topEffect(c, 'endTurn'),
    isLastPassEndingCombat: ({ context: c }) => lastPass(c) && c.pending.length === 0 && topEffect(c, 'endCombat'),
    isLastPass: ({ context: c }) => lastPass(c) && c.pending.length === 0,
  },
}).createMachine({
  id: 'bare',
  context: ({ input }) => ({
    players: input.players, turn: 0, active: input.players[0], holder: input.players[0], passes: 0,
    stack: [], pending: [], registered: [], firstStrike: false, blocker: input.players[1],
  }),
  initial: 'turn',
  on: {
    'trigger.report': { actions: 'report' },
    'trigger.register': { actions: 'register' },
  },
  states: {
    turn: {
      type: 'parallel',
      entry: 'beginTurn',
      states: {
        phases: {
          initial: 'beginning',
          on: {
            'turn.ended': '.ending.cleanup',
            'combat.ended': '.postcombatMain',
          },
          states: {
            beginning: {
              initial: 'untap',
              states: {
                untap: { always: 'upkeep' },
                upkeep: {
                  entry: ['triggerUpkeep', 'openPriority'],
                  on: { 'step.finished': [{ guard: 'isFirstTurn', target: '#bare.turn.phases.precombatMain' }, { target: 'draw' }] },
                },
                draw: { entry: 'openPriority', on: { 'step.finished': '#bare.turn.phases.precombatMain' } },
              },
            },
            precombatMain: { entry: 'openPriority', on: { 'step.finished': 'combat' } },
            combat: {
              initial: 'beginningOfCombat',
              states: {
                beginningOfCombat: { entry: 'openPriority', on: { 'step.finished': 'declareAttackers' } },
                declareAttackers: {
                  initial: 'declaring',
                  on: { 'step.finished': 'declareBlockers' },
                  states: {
                    declaring: { on: { 'combat.declareAttackers': { target: 'declared', actions: ['declareAttackers', 'openPriority'] } } },
                    declared: {},
                  },
                },
                declareBlockers: {
                  entry: 'awaitBlockers',
                  initial: 'declaring',
                  on: { 'step.finished': [{ guard: 'hasFirstStrike', target: 'firstStrikeDamage' }, { target: 'combatDamage' }] },
                  states: {
                    declaring: { on: { 'combat.declareBlockers': { target: 'declared', actions: 'openPriority' } } },
                    declared: {},
                  },
                },
                firstStrikeDamage: { entry: 'openPriority', on: { 'step.finished': 'combatDamage' } },
                combatDamage: { entry: 'openPriority', on: { 'step.finished': 'endOfCombat' } },
                endOfCombat: { entry: 'openPriority', on: { 'step.finished': '#bare.turn.phases.postcombatMain' } },
              },
            },
            postcombatMain: { entry: 'openPriority', on: { 'step.finished': 'ending' } },
            ending: {
              initial: 'end',
              states: {
                end: { entry: 'openPriority', on: { 'step.finished': 'cleanup' } },
                cleanup: { entry: 'finishStep', on: { 'step.finished': { target: '#bare.turn', reenter: true } } },
              },
            },
          },
        },
        priority: {
          initial: 'inactive',
          states: {
            inactive: { on: { 'priority.open': { target: 'holding', actions: 'givePriority' } } },
            holding: {
              on: {
                'priority.pass': [
                  { guard: 'isLastPassOnEmptyStack', target: 'inactive', actions: 'finishStep' },
                  { guard: 'isLastPassEndingTurn', target: 'inactive', actions: ['exileStack', 'endTheTurn'] },
                  { guard: 'isLastPassEndingCombat', target: 'inactive', actions: ['exileStack', 'endTheCombat'] },
                  { guard: 'isLastPass', actions: ['resolveTop', 'givePriority'] },
                  { actions: 'passPriority' },
                ],
                'spell.cast': { actions: 'putOnStack' },
                'ability.activate': { actions: 'putOnStack' },
              },
            },
          },
        },
      },
    },
  },
});

export type BareEventOut = Exclude<BareEvent, { type: 'step.finished' | 'priority.open' | 'turn.ended' | 'combat.ended' }>;

/** The bare machine takes the same events as ours (the script's moves in our event names). */
export const toBareEvent = (move: Move): BareEventOut => toTurnEvent(move) as BareEventOut;

/** The innermost state names along a state value's first branch. */
function path(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  const [key, child] = Object.entries(value)[0];
  return [key, ...path(child!)];
}

export function bareWhere(snapshot: SnapshotFrom<typeof bareMachine>): Where {
  const { context: ctx } = snapshot;
  const phases = path((snapshot.value as { turn: { phases: StateValue } }).turn.phases);
  const [phase, step, sub] = phases;
  const holding = snapshot.matches({ turn: { priority: 'holding' } });
  const waitingFor = holding ? 'priority'
    : sub === 'declaring' ? step : null;
  const player = holding ? ctx.holder
    : waitingFor === 'declareAttackers' ? ctx.active : waitingFor === 'declareBlockers' ? ctx.blocker : null;
  return { turn: ctx.turn, phase, step: step ?? null, waitingFor, player, stack: ctx.stack.length };
}

export function bareContender(moves: Move[], players: Player[]) {
  return actorContender(bareMachine, moves.map(toBareEvent), { players }, (s) => s.context.turn, bareWhere);
}
