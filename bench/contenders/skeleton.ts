// The floor of this design in XState: our exact chart — `turnMachine.config`, every state,
// transition, guard and action by name — run with a small context and minimal guards and
// assigns instead of the rules. It follows the chart when the chart changes: the names come
// from the config; the few this script needs are implemented here (step plan, priority
// holder and passes, stack, pending and registered triggers, first strike, the resolving
// object, 723's procedure); every other action is a no-op and every other guard false. The
// chart's signals between its regions (raise actions) are the machine's own: no rules work.
import { assign, createMachine, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import {
  PHASES, STEPS_OF_PHASE, turnMachine,
  type AtTriggerSpec, type AttackerSpec, type BlockerSpec, type PhaseId, type PlayerId, type StackObjectSpec, type StepId,
} from '../../src/index.js';
import { toTurnEvent, type Move, type Where } from '../script.js';
import { actorContender } from './actor.js';

interface SkeletonContext {
  players: PlayerId[];
  turn: number;
  active: PlayerId;
  phase: PhaseId | null;
  step: StepId | null;
  stepQueue: StepId[];
  phaseQueue: { phase: PhaseId; steps: StepId[] }[];
  holder: PlayerId | null;
  passes: number;
  stack: StackObjectSpec[];
  pending: StackObjectSpec[];
  registered: AtTriggerSpec[];
  firstStrike: boolean;
  firstStrikeDone: boolean;
  resolving: { object: StackObjectSpec; next: number } | null;
  procedure: 'endTurn' | 'endCombat' | null;
  defenders: PlayerId[];
  /** 117.5 done in passes (charts that name beginTriggerPass / endTriggerPass): the waiting triggers a pass takes. */
  triggerPass: { waiting: number; put: boolean } | null;
}

type AnyEvent = { type: string } & Partial<{
  player: PlayerId; object: StackObjectSpec; ability: StackObjectSpec; trigger: AtTriggerSpec;
  attackers: AttackerSpec[]; blockers: BlockerSpec[];
}>;
type Args = { context: SkeletonContext; event: AnyEvent };

/** Every action and guard name the chart references, wherever it does (entry, exit, transitions, always). */
export function namesInConfig(config: unknown): { actions: Set<string>; guards: Set<string> } {
  const actions = new Set<string>();
  const guards = new Set<string>();
  const nameOf = (ref: unknown) => (typeof ref === 'string' ? ref
    : typeof ref === 'object' && ref !== null && typeof (ref as { type?: unknown }).type === 'string' ? (ref as { type: string }).type : null);
  const addActions = (refs: unknown) => {
    for (const ref of Array.isArray(refs) ? refs : [refs]) { const name = nameOf(ref); if (name) actions.add(name); }
  };
  const addTransitions = (value: unknown) => {
    for (const t of Array.isArray(value) ? value : [value]) {
      if (typeof t !== 'object' || t === null) continue;
      const { guard, actions: refs } = t as { guard?: unknown; actions?: unknown };
      const name = nameOf(guard);
      if (name) guards.add(name);
      if (refs !== undefined) addActions(refs);
    }
  };
  const visit = (node: Record<string, unknown>) => {
    if (node.entry !== undefined) addActions(node.entry);
    if (node.exit !== undefined) addActions(node.exit);
    if (node.always !== undefined) addTransitions(node.always);
    for (const value of Object.values((node.on ?? {}) as Record<string, unknown>)) addTransitions(value);
    for (const child of Object.values((node.states ?? {}) as Record<string, Record<string, unknown>>)) visit(child);
  };
  visit(config as Record<string, unknown>);
  return { actions, guards };
}

const nextAfter = (players: PlayerId[], p: PlayerId) => players[(players.indexOf(p) + 1) % players.length];
const isLastPass = (c: SkeletonContext) => c.passes + 1 >= c.players.length;
const nextEffect = (c: SkeletonContext) => c.resolving?.object.effects?.[c.resolving.next];
const nextEffectIs = (c: SkeletonContext, key: 'endTurn' | 'endCombat') => { const e = nextEffect(c); return e !== undefined && key in e; };
const endsTurnOrCombat = (e: object) => 'endTurn' in e || 'endCombat' in e;
const plannedTurn = (turn: number, players: PlayerId[]) => PHASES.map((phase) => ({
  phase, steps: STEPS_OF_PHASE[phase].filter((s) => !(turn === 1 && players.length === 2 && s === 'draw')),
}));
const withConsumedEffect = (c: SkeletonContext) => (c.resolving ? { ...c.resolving, next: c.resolving.next + 1 } : null);

/** What this script needs of the chart's actions, by the chart's names. */
const ACTIONS = {
  beginTurn: assign(({ context: c }: Args) => {
    const turn = c.turn + 1;
    return {
      turn, active: c.turn === 0 ? c.players[0] : nextAfter(c.players, c.active), phase: null, step: null,
      stepQueue: [], phaseQueue: plannedTurn(turn, c.players), firstStrike: false,
    };
  }),
  takeNextPhase: assign(({ context: c }: Args) => {
    const [next, ...rest] = c.phaseQueue;
    return { phase: next.phase, step: null, stepQueue: [...next.steps], phaseQueue: rest, firstStrikeDone: false };
  }),
  takeNextStep: assign(({ context: c }: Args) => ({ step: c.stepQueue[0], stepQueue: c.stepQueue.slice(1) })),
  takeFirstStrikeStep: assign({ step: 'firstStrikeDamage' as StepId, firstStrikeDone: true }),
  scheduleAnotherCleanup: assign(({ context: c }: Args) => ({ stepQueue: ['cleanup' as StepId, ...c.stepQueue] })),
  beginStep: assign(({ context: c }: Args) => ({ pending: [...c.pending, ...c.registered.filter((t) => t.when === c.step)] })),
  awaitBlockDeclarations: assign(({ context: c }: Args) => ({ defenders: c.players.filter((p) => p !== c.active) })),
  declareAttackers: assign(({ event }: Args) => ({ firstStrike: event.attackers!.some((a) => a.firstStrike === true || a.doubleStrike === true) })),
  declareBlockers: assign(({ context: c, event }: Args) => ({ defenders: c.defenders.filter((p) => p !== event.player) })),
  prepareActivePlayerPriority: assign(({ context: c }: Args) => ({ holder: c.active, passes: 0 })),
  closePriority: assign({ holder: null, passes: 0 }),
  passPriority: assign(({ context: c, event }: Args) => ({ holder: nextAfter(c.players, event.player!), passes: c.passes + 1 })),
  putTriggersOnStack: assign(({ context: c }: Args) => {
    const count = c.triggerPass ? c.triggerPass.waiting : c.pending.length;
    return {
      stack: [...c.stack, ...c.pending.slice(0, count)], pending: c.pending.slice(count), passes: 0,
      triggerPass: c.triggerPass && { waiting: 0, put: true },
    };
  }),
  beginTriggerPass: assign(({ context: c }: Args) => ({ triggerPass: { waiting: c.pending.length, put: false } })),
  endTriggerPass: assign({ triggerPass: null }),
  castSpell: assign(({ context: c, event }: Args) => ({ stack: [...c.stack, event.object!], holder: event.object!.controller, passes: 0 })),
  activateAbility: assign(({ context: c, event }: Args) => ({ stack: [...c.stack, event.object!], holder: event.object!.controller, passes: 0 })),
  beginResolution: assign(({ context: c }: Args) => ({ resolving: { object: c.stack[c.stack.length - 1], next: 0 } })),
  performEffects: assign(({ context: c }: Args) => {
    const effects = c.resolving!.object.effects ?? [];
    let next = c.resolving!.next;
    while (next < effects.length && !endsTurnOrCombat(effects[next])) next += 1;
    return { resolving: { ...c.resolving!, next } };
  }),
  finishResolution: assign(({ context: c }: Args) => ({
    stack: c.resolving && c.stack[c.stack.length - 1] === c.resolving.object ? c.stack.slice(0, -1) : c.stack,
    resolving: null,
  })),
  startEndingTurn: assign(({ context: c }: Args) => ({ resolving: withConsumedEffect(c), procedure: 'endTurn' as const })),
  startEndingCombat: assign(({ context: c }: Args) => ({ resolving: withConsumedEffect(c), procedure: c.procedure ?? ('endCombat' as const) })),
  ignoreEndCombat: assign(({ context: c }: Args) => ({ resolving: withConsumedEffect(c) })),
  removeWaitingTriggers: assign({ pending: [] }),
  exileStack: assign({ stack: [] }),
  endStepAndPhaseForCleanup: assign(({ context: c }: Args) => (c.phase === 'ending'
    ? { stepQueue: ['cleanup' as StepId], phaseQueue: [] }
    : { stepQueue: [], phaseQueue: [{ phase: 'ending' as PhaseId, steps: ['cleanup' as StepId] }] })),
  endCombatPhase: assign({ stepQueue: [] }),
  finishProcedure: assign({ procedure: null }),
  reportTrigger: assign(({ context: c, event }: Args) => ({ pending: [...c.pending, event.ability!] })),
  registerTrigger: assign(({ context: c, event }: Args) => ({ registered: [...c.registered, event.trigger!] })),
};

const GUARDS: Record<string, (args: Args, params: never) => boolean> = {
  isNextPhase: ({ context: c }, params: { phase: PhaseId }) => c.phaseQueue[0]?.phase === params.phase,
  isNextStep: ({ context: c }, params: { step: StepId }) => c.stepQueue[0] === params.step,
  isFirstStrikeStepNext: ({ context: c }) => c.stepQueue[0] === 'combatDamage' && c.firstStrike && !c.firstStrikeDone,
  isLastBlockDeclaration: ({ context: c }) => c.defenders.length === 1,
  isLastPassOnEmptyStack: ({ context: c }) => isLastPass(c) && c.stack.length === 0,
  isLastPass: ({ context: c }) => isLastPass(c),
  hasWaitingTriggers: ({ context: c }) => c.pending.length > 0,
  noTriggersWaiting: ({ context: c }) => c.pending.length === 0,
  hasTriggersInPass: ({ context: c }) => (c.triggerPass?.waiting ?? 0) > 0,
  putTriggersThisPass: ({ context: c }) => c.triggerPass?.put === true,
  needsCleanupPriority: ({ context: c }) => c.pending.length > 0,
  isNextEffectEndTurn: ({ context: c }) => nextEffectIs(c, 'endTurn'),
  isNextEffectEndCombatInCombat: ({ context: c }) => nextEffectIs(c, 'endCombat') && c.phase === 'combat',
  isNextEffectEndCombat: ({ context: c }) => nextEffectIs(c, 'endCombat'),
  hasNextEffect: ({ context: c }) => nextEffect(c) !== undefined,
  isEndingTurn: ({ context: c }) => c.procedure === 'endTurn',
  isEndingCombat: ({ context: c }) => c.procedure === 'endCombat',
};

const noop = () => {};
const never = () => false;

/** The names the chart references that the skeleton leaves as a no-op action or a false guard (and the signals it reuses). */
export function skeletonDefaults(chart: AnyStateMachine = turnMachine): { actions: string[]; guards: string[] } {
  const { actions, guards } = namesInConfig(chart.config);
  const own = (chart.implementations.actions ?? {}) as Record<string, { type?: string }>;
  return {
    actions: [...actions].filter((name) => !(name in ACTIONS) && own[name]?.type !== 'xstate.raise'),
    guards: [...guards].filter((name) => !(name in GUARDS)),
  };
}

/** `createMachine(turnMachine.config)` with the skeleton's context and implementations. */
export function skeletonMachine(chart: AnyStateMachine = turnMachine): AnyStateMachine {
  const config = chart.config as unknown as Record<string, unknown>;
  const { actions: actionNames, guards: guardNames } = namesInConfig(config);
  const own = (chart.implementations.actions ?? {}) as Record<string, { type?: string }>;
  const actions: Record<string, unknown> = {};
  for (const name of actionNames) {
    const signal = own[name]?.type === 'xstate.raise' ? own[name] : undefined;
    actions[name] = (ACTIONS as Record<string, unknown>)[name] ?? signal ?? noop;
  }
  const guards: Record<string, unknown> = {};
  for (const name of guardNames) guards[name] = GUARDS[name] ?? never;
  const context = ({ input }: { input: { players: PlayerId[] } }): SkeletonContext => ({
    players: [...input.players], turn: 0, active: input.players[0], phase: null, step: null, stepQueue: [], phaseQueue: [],
    holder: null, passes: 0, stack: [], pending: [], registered: [], firstStrike: false, firstStrikeDone: false,
    resolving: null, procedure: null, defenders: [], triggerPass: null,
  });
  const machine = createMachine({ ...config, context } as unknown as Parameters<typeof createMachine>[0]);
  return machine.provide({ actions, guards } as unknown as Parameters<typeof machine.provide>[0]);
}

export function skeletonWhere(snapshot: SnapshotFrom<AnyStateMachine>): Where {
  const c = snapshot.context as SkeletonContext;
  const waitingFor = snapshot.matches({ turn: { priority: 'holding' } }) ? 'priority'
    : snapshot.matches({ turn: { phases: { combat: { declareAttackers: 'declaring' } } } }) ? 'declareAttackers'
      : snapshot.matches({ turn: { phases: { combat: { declareBlockers: 'declaring' } } } }) ? 'declareBlockers' : null;
  const player = waitingFor === 'priority' ? c.holder
    : waitingFor === 'declareAttackers' ? c.active : waitingFor === 'declareBlockers' ? c.defenders[0] ?? null : null;
  return { turn: c.turn, phase: c.phase ?? '-', step: c.step, waitingFor, player, stack: c.stack.length };
}

export function skeletonContender(moves: Move[], players: PlayerId[]) {
  const turnOf = (snapshot: SnapshotFrom<AnyStateMachine>) => (snapshot.context as SkeletonContext).turn;
  return actorContender(skeletonMachine(), moves.map(toTurnEvent), { players }, turnOf, skeletonWhere);
}
