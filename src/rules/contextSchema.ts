// The game's state, as a schema: what a persisted snapshot's context must be for the machine
// to resume it (persistence refuses anything else, naming the JSON path). Declared against
// `GameContext`, so a field added to the state without its schema is a compile error.
import {
  PHASE_OF_STEP, PHASES, STEPS, STEPS_THIS_TURN, TRIGGER_ORDERS,
  anyStackObject, atEffect, attacker, blocker, boolean, conditionName, continuousEffect, extend, historyOption, id, integer, limitsSchema as inputLimitsSchema, list, literal,
  nullable, object, optional, phaseId, picklist, player, playerList, playerOrTeam, record, ref, rulesEditionProblem, stepId, string, teamId,
  type HistoryKept,
  type AtTriggerSpec, type Path, type Report, type ContinuousEffectSpec, type Limits, type Schema, type StackObjectSpec, type PhaseId, type StepId,
  SHORTCUT_END_REASONS, shortcutConditions, shortcutStop, shortcutUntil,
} from '../vocabulary/index.js';
import type {
  Control, ContinuousEffect, ExtraTurn, PendingControl, GameContext, PendingSkip, PlannedPhase, RegisteredTrigger, Resolution, RulesOptions, StackObject, TriggerPass, ZoneOwner, Zones,
  EndedPass, ShortcutState, StandingPass,
} from './types.js';

/**
 * The game state's types as a parse makes them: the same shapes, writable (the schema
 * language's types are exact, and a value just parsed is fresh). The game then holds it as
 * `GameContext`, readonly all the way down: `contextSchema` below is declared so, once.
 */
type Thawed<T> = T extends (...args: never[]) => unknown ? T
  : T extends readonly (infer I)[] ? Thawed<I>[]
    : T extends object ? { -readonly [K in keyof T]: Thawed<T[K]> }
      : T;

/** Counters and indexes: whole numbers that fit exactly in a double (the machine never counts past COUNTER_CEILING: machine/budget.ts). */
const count = integer(0, Number.MAX_SAFE_INTEGER);
/** Lists that grow over a long game (zones): bounded only by what a document can hold. */
const LONG = 10_000_000;
/** Who takes turns and holds priority: a player, or with teams a team (checked against `sides` below). */
const side = playerOrTeam;
const ids = (max: number | keyof Limits) => list(id, { max });
const procedure = picklist(['endTurn', 'endCombat'] as const, 'procedure');

// An input's limits schema: each within the one ceiling inputs have too; a limit the snapshot does not
// name (saved before it existed) is the host's. Its floors were checked on the snapshot's own limits
// first (persistence.ts), and the limits checked here are the ones the game will play by.
const limitsSchema = { ...inputLimitsSchema, refine: undefined } as Schema<Partial<Limits>> as Schema<Limits>;

const stackObject = extend<StackObjectSpec, Thawed<StackObject>>(anyStackObject, { kind: picklist(['spell', 'ability'] as const, 'kind') });

// A registered trigger came from a host's registration or from an effects list (Final Fortune's `thatTurn`).
const registeredTrigger = extend<AtTriggerSpec, Thawed<RegisteredTrigger>>(atEffect, {
  count, countTurn: count, turnId: optional(count), phaseIds: optional(list(count, { max: 'maxPlannedPhases' })),
}, { noun: 'a registered trigger' });

/**
 * The sides are the players, or with teams the teams' ids in turn order (`sides` keeps the order:
 * an object's keys do not, "2" comes before "1"); every side named elsewhere is one of them.
 */
function checkSides(ctx: GameContext, report: Report): void {
  if (ctx.teams === null) {
    if (ctx.sides.join('\u0000') !== ctx.players.join('\u0000')) report(['sides'], `must be the players: ${ctx.players.join(', ')}`);
  } else {
    const teams = ctx.teams;
    const keys = Object.keys(teams);
    if (keys.length !== ctx.sides.length || ctx.sides.some((side) => teams[side] === undefined)) report(['sides'], `must be the teams' ids: ${keys.join(', ')}`);
    for (const key of keys) if (key !== teamId(teams[key])) report(['teams', key], `the team of ${teams[key].join(', ')} is named ${teamId(teams[key])}`);
    const inPlayersOrder = [...new Set(ctx.players.map((player) => keys.find((key) => teams[key].includes(player)) ?? player))];
    if (ctx.sides.flatMap((side) => teams[side] ?? []).join('\u0000') !== ctx.players.join('\u0000')) report(['sides'], `must be the teams in the order their players are listed: ${inPlayersOrder.join(', ')}`);
  }
  const named: [Path, string | null][] = [
    [['activeSide'], ctx.activeSide],
    [['priority', 'holder'], ctx.priority.holder],
    ...ctx.extraTurns.map((t, i): [Path, string] => [['extraTurns', i, 'side'], t.side]),
    ...ctx.skips.map((t, i): [Path, string] => [['skips', i, 'side'], t.side]),
    ...(ctx.triggerPass?.sides ?? []).map((s, i): [Path, string] => [['triggerPass', 'sides', i], s]),
    ...ctx.defendersToDeclare.map((s, i): [Path, string] => [['defendersToDeclare', i], s]),
    ...(ctx.control ? [[['control', 'side'], ctx.control.side] as [Path, string]] : []),
    ...ctx.pendingControl.map((c, i): [Path, string] => [['pendingControl', i, 'side'], c.side]),
    ...Object.keys(ctx.shortcuts.passes).map((s): [Path, string] => [['shortcuts', 'passes', s], s]),
    ...Object.keys(ctx.shortcuts.ended).map((s): [Path, string] => [['shortcuts', 'ended', s], s]),
  ];
  for (const [path, name] of named) if (name !== null && !ctx.sides.includes(name)) report(path, `${JSON.stringify(name)} is not a side of this game (${ctx.sides.join(', ')})`);
  if (ctx.nextRegularSide >= ctx.sides.length) report(['nextRegularSide'], `${ctx.nextRegularSide}: there are ${ctx.sides.length} sides`);
}

/**
 * The plan is one the rules could have made (500.1, 500.8–500.10): each planned step belongs to
 * its phase, the first-strike step is never planned (510.4 makes it as the damage step comes),
 * and phase instances have distinct identities already given.
 */
function checkPlan(ctx: GameContext, report: Report): void {
  const stepOfPhase = (step: StepId, phase: PhaseId | null) => step !== 'firstStrikeDamage' && PHASE_OF_STEP[step] === phase;
  ctx.stepQueue.forEach((step, i) => {
    if (!stepOfPhase(step, ctx.phase)) report(['stepQueue', i], `${step} is not a step still to come in the ${ctx.phase ?? 'no'} phase`);
  });
  const ids = new Set<number>();
  ctx.phaseQueue.forEach((planned, i) => {
    planned.steps.forEach((step, j) => {
      if (!stepOfPhase(step, planned.phase)) report(['phaseQueue', i, 'steps', j], `${step} is not a step of the ${planned.phase} phase`);
    });
    if (ids.has(planned.id) || planned.id === ctx.phaseId) report(['phaseQueue', i, 'id'], `phase identity ${planned.id} is given twice`);
    ids.add(planned.id);
  });
}

/** 500.11: a skip names a step, a phase or a turn; only a step or phase skip is `each` (Fatespinner). */
function checkSkip(skip: PendingSkip, report: Report): void {
  const fits = skip.kind === 'turn' ? skip.id === 'turn' : skip.kind === 'step' ? (STEPS as readonly string[]).includes(skip.id) : (PHASES as readonly string[]).includes(skip.id);
  if (!fits) report(['id'], `${JSON.stringify(skip.id)} is not a ${skip.kind}`);
  if (skip.kind === 'turn' && skip.each) report(['each'], 'a turn skip is never "each" (only steps and phases are)');
}

const checkContext = (ctx: GameContext, report: Report) => {
  checkSides(ctx, report);
  checkPlan(ctx, report);
};

/** An input's `history` option: a save of an earlier version says `true` (its default: the whole game's), which `checkedContext` makes 'all'. */
const keptHistory = historyOption as unknown as Schema<HistoryKept>;

const parsedContext = object<Thawed<GameContext>>({
  players: playerList,
  sides: list(side, { min: 2, max: 8 }),
  teams: nullable(record(ref('team'), list(player, { min: 1, max: 8 }), 8)),
  activeSide: side,
  options: object<Thawed<RulesOptions>>({
    skipFirstDraw: boolean, maxHandSize: integer(0, 'maxAmount'), triggerOrder: picklist(TRIGGER_ORDERS, 'trigger order'),
    // A save of an earlier version says `true` (its default, the whole game's): `checkedContext` reads it as 'all'.
    history: keptHistory,
    rulesEdition: string('an edition date', { max: 10 }),
    twoHeadedGiant: optional(literal(true)),
  }, { refine: (options, report) => { const problem = rulesEditionProblem(options.rulesEdition); if (problem) report(['rulesEdition'], problem); } }),
  limits: limitsSchema,
  turn: integer(1, Number.MAX_SAFE_INTEGER),
  turnId: count,
  extraTurn: boolean,
  nextTurnId: count,
  phase: nullable(phaseId),
  phaseId: count,
  nextPhaseId: count,
  step: nullable(stepId),
  stepQueue: list(stepId, { max: 'maxPlannedPhases' }),
  phaseQueue: list(object<Thawed<PlannedPhase>>({ id: count, phase: phaseId, steps: list(stepId, { max: 'maxPlannedPhases' }) }), { max: 'maxPlannedPhases' }),
  stepsThisTurn: list(picklist(STEPS_THIS_TURN, 'step'), { max: LONG }),
  phasesBegun: list(phaseId, { max: LONG }),
  firstStrikeStepDone: boolean,
  extraTurns: list(object<Thawed<ExtraTurn>>({ id: count, side }), { max: 'maxExtraTurns' }),
  nextRegularSide: count,
  skips: list(object<Thawed<PendingSkip>>({
    side,
    kind: picklist(['step', 'phase', 'turn'] as const, 'kind'),
    id: picklist<StepId | PlannedPhase['phase'] | 'turn'>([...STEPS, ...PHASES, 'turn'], 'step, phase or turn'),
    each: boolean,
    turn: nullable(count),
  }, { refine: checkSkip }), { max: 'maxSkips' }),
  priority: object<Thawed<GameContext['priority']>>({ holder: nullable(side), passes: count }),
  stack: list(stackObject, { max: 'maxStack' }),
  resolution: nullable(object<Thawed<Resolution>>({ object: stackObject, next: count, resolves: boolean, lastExtraTurn: nullable(count), lastAddedPhases: nullable(list(count, { max: 'maxPlannedPhases' })) })),
  pendingTriggers: list(stackObject, { max: 'maxPendingTriggers' }),
  triggerPass: nullable(object<Thawed<TriggerPass>>({ waiting: count, sides: list(side, { max: 8 }), put: boolean })),
  procedure: nullable(procedure),
  triggers: list(registeredTrigger, { max: 'maxRegisteredTriggers' }),
  onStateBasedActions: list(stackObject, { max: 'maxRegisteredTriggers' }),
  stateBasedActionsScheduled: integer(0, 'maxRegisteredTriggers'),
  onDiscard: list(object<Thawed<GameContext['onDiscard'][number]>>({ player, ability: stackObject }), { max: 'maxRegisteredTriggers' }),
  sbaPerformed: boolean,
  ceaseAtNextCheck: ids(LONG),
  zones: object<Thawed<Zones>>({ exile: ids(LONG), graveyard: ids(LONG), battlefield: ids(LONG), ceasedToExist: ids(LONG), leftGame: ids(LONG) }),
  effects: list(extend<ContinuousEffectSpec, Thawed<ContinuousEffect>>(continuousEffect, { turnId: optional(count) }), { max: 'maxEffectsInForce' }),
  attackers: list(attacker, { max: 'maxCreatures' }),
  // 800.4a: the game keeps whose each blocker is, also without teams (a declaration names it only with teams).
  blockers: list({ ...blocker, refine: undefined } as typeof blocker, { max: 'maxCreatures' }),
  defendersToDeclare: list(side, { max: 8 }),
  manaPool: record(player, integer(0, 'maxAmount'), 8),
  handSize: record(player, integer(0, 'maxAmount'), 8),
  illegalTargets: ids('maxMarks'),
  falseConditions: list(conditionName, { max: 'maxMarks' }),
  combatEndedBy: nullable(procedure),
  control: nullable(object<Thawed<Control>>({ side, controller: player })),
  pendingControl: list(object<Thawed<PendingControl>>({ side, controller: player, thenExtraTurn: boolean }), { max: 'maxRegisteredTriggers' }),
  controlExtraTurns: integer(0, 'maxExtraTurns'),
  left: list(player, { max: 8 }),
  winners: nullable(list(player, { max: 8 })),
  zoneOwners: list(object<Thawed<ZoneOwner>>({ id, owner: player, controller: player }), { max: LONG }),
  shortcuts: object<Thawed<ShortcutState>>({
    passes: record(side, object<Thawed<StandingPass>>({
      player, until: shortcutUntil, unless: shortcutConditions, declareNoAttackers: boolean, declareNoBlockers: boolean,
      stops: list(shortcutStop, { max: 48 }), by: player,
    }), 8),
    run: count,
    ended: record(side, object<Thawed<EndedPass>>({ reason: picklist(SHORTCUT_END_REASONS, 'reason'), until: shortcutUntil, object: optional(id) }), 8),
    raised: boolean,
  }),
}, { noun: 'a game state', refine: checkContext });

/** A game state, as persistence checks one (the value it gives back is then held readonly). */
export const contextSchema = parsedContext as unknown as Schema<GameContext>;
