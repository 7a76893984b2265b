// The scenario format (docs/SCENARIOS.md): a game's players and options, and a script of
// entries. Every action entry IS an event of the game's vocabulary under a shorter name —
// its schema is that event's, taken from `EVENT_SCHEMAS` — so the format and the machine
// cannot disagree on what an object, an effect or a creature is.
import { MAX_SCRIPT_ENTRIES } from './bounds.js';
import {
  EVENT_SCHEMAS, HISTORY_FIELD_SCHEMAS, HISTORY_RECORD_TYPES, PHASE_OF_STEP, PHASES, STEPS, STEPS_THIS_TURN, WAITING_FOR,
  actorFields, boolean, checkOneActor, checkTeams, gameOptionsSchema, teamsSchema, integer, list, literal, nullable, object, oneKey, optional, picklist, playerList, quote, record, ref, string, union,
  type AnySchema, type EventOfType, type GameOptions, type HistoryFieldName, type HistoryRecordType, type PhaseId, type PlayerId,
  type Report, type RuleNumbers, type Schema, type Shape, type StepId, type StepsThisTurnId, type TurnEventType,
  shortcutConditions, shortcutStop, shortcutUntil, type ShortcutView,
} from '../vocabulary/index.js';

/**
 * Each action entry: the event it stands for, and how its value maps to the event — the value
 * is one field of it (`field`; `true` standing for the field left out, with `trueOmits`), or the
 * event without its type (with keys renamed, `rename`: entry key → event key).
 */
export const ACTIONS = {
  pass: { event: 'priority.pass', field: 'player' },
  cast: { event: 'spell.cast', field: 'object' },
  activate: { event: 'ability.activate', field: 'object' },
  trigger: { event: 'trigger.report', field: 'ability' },
  at: { event: 'trigger.register', field: 'trigger' },
  onStateBasedActions: { event: 'stateBasedActions.schedule', field: 'ability', trueOmits: true },
  onDiscard: { event: 'discard.schedule', rename: { trigger: 'ability' } },
  declareAttackers: { event: 'combat.declareAttackers' },
  declareBlockers: { event: 'combat.declareBlockers' },
  orderTriggers: { event: 'triggers.order' },
  setCombatant: { event: 'combatant.set' },
  createEffect: { event: 'effect.create', field: 'effect' },
  addMana: { event: 'mana.add' },
  invalidateTarget: { event: 'target.invalidate', field: 'id' },
  setCondition: { event: 'condition.set' },
  concede: { event: 'player.concede', field: 'player' },
  passUntil: { event: 'shortcut.passUntil', omit: ['stops'] },
  cancelPassUntil: { event: 'shortcut.cancel', field: 'player' },
} as const satisfies Record<string, Action>;

/** `omit`: event keys the format does not have (the API's stops: FORMAT's `passUntil` has `until` only). */
interface Action { event: TurnEventType; field?: string; trueOmits?: true; rename?: Record<string, string>; omit?: readonly string[] }

type Actions = typeof ACTIONS;
/** A scenario action's name. */
export type ActionKey = keyof Actions;
type Renamed<T, R extends Record<string, string>> = { [K in keyof T as K extends R[keyof R] ? { [E in keyof R]: R[E] extends K ? E : never }[keyof R] : K]: T[K] };
/** An action entry's value, from its event. */
type ValueOf<A extends Action> = A extends { field: infer F extends string }
  ? Exclude<EventOfType<A['event']>[F & keyof EventOfType<A['event']>], undefined> | (A extends { trueOmits: true } ? true : never)
  : A extends { rename: infer R extends Record<string, string> } ? Renamed<Omit<EventOfType<A['event']>, 'type'>, R>
    : A extends { omit: readonly (infer O extends string)[] } ? Omit<EventOfType<A['event']>, 'type' | O>
      : Omit<EventOfType<A['event']>, 'type'>;

/** Each scenario action's value. */
export type ActionMap = { [K in ActionKey]: ValueOf<Actions[K]> };

/** `{"advanceTo": …}`: `turn` optional; a step, a phase, or a step with the phase it belongs to. */
export interface AdvanceToSpec {
  turn?: number;
  step?: StepId;
  phase?: PhaseId;
}

/** The actions `send` may wrap: a player's decisions (FORMAT.md "Who sends an action"). */
export const SENDABLE_ACTIONS = ['pass', 'cast', 'activate', 'declareAttackers', 'declareBlockers', 'orderTriggers'] as const;
export type SendableAction = { [K in (typeof SENDABLE_ACTIONS)[number]]: { [P in K]: ActionMap[K] } }[(typeof SENDABLE_ACTIONS)[number]];

/** `{"send": {"by": "A", "action": ACTION}}`: A sends ACTION (722.5: a controller, for the player they control). */
export interface SendSpec {
  by: PlayerId;
  action: SendableAction;
}

/** Driving entries: the runner plays them as several events. */
export interface DrivingMap {
  passAll: true;
  advanceTo: AdvanceToSpec;
  send: SendSpec;
}

/** A script entry that acts: one action key with its value. */
export type ActionEntry = { [K in keyof (ActionMap & DrivingMap)]: { [P in K]: (ActionMap & DrivingMap)[K] } }[keyof (ActionMap & DrivingMap)];

/** A history record pattern: the fields a matching record must have. */
export type HistoryRecordPattern = { type?: HistoryRecordType; turn?: number; phase?: PhaseId | null; step?: StepId | null }
  & { [F in HistoryFieldName]?: unknown };

/** What a scenario expects of the history: records it includes, excludes, or holds in order. */
export interface HistoryExpectation {
  includes?: HistoryRecordPattern[];
  excludes?: HistoryRecordPattern[];
  sequence?: HistoryRecordPattern[];
}

/** What a scenario expects in each zone. */
export interface ZonesExpectation {
  exile?: string[];
  graveyard?: string[];
  battlefield?: string[];
  ceasedToExist?: string[];
  leftGame?: string[];
}

/** VIEW: what `expect` checks; every key optional. */
export interface ViewExpectation {
  turn?: number;
  extraTurn?: boolean;
  activePlayer?: PlayerId | null;
  /** FORMAT-TEAMS.md: the active team's id (null without teams), its players, who may act, who declares. */
  activeTeam?: string | null;
  activePlayers?: PlayerId[];
  mayAct?: PlayerId[];
  declaring?: string | null;
  phase?: PhaseId;
  step?: StepId | null;
  /** A player, or with teams a team's id. */
  priority?: string | null;
  waitingFor?: (typeof WAITING_FOR)[number] | null;
  stack?: string[];
  pendingTriggers?: string[];
  zones?: ZonesExpectation;
  effects?: string[];
  attackers?: string[];
  blockers?: string[];
  manaPool?: Record<PlayerId, number>;
  handSize?: Record<PlayerId, number>;
  stepsThisTurn?: StepsThisTurnId[];
  nextTurns?: string[];
  orderTriggers?: ({ player: PlayerId } | { team: string }) & { triggers: string[] } | null;
  history?: HistoryExpectation;
  /** FORMAT.md "Rule numbers by edition": the edition in force, and its numbers (only the keys listed are compared). */
  rulesEdition?: string;
  ruleNumbers?: Partial<RuleNumbers>;
  /** Whose turn it is (a player, or with teams a team). */
  turnOf?: string;
  /** 722: who controls whom (compared whole), who decides for each listed player, the control waiting (compared whole), who decides now. */
  controlledBy?: Record<PlayerId, PlayerId>;
  decides?: Record<PlayerId, PlayerId>;
  pendingControl?: Record<string, PlayerId>;
  decider?: string | null;
  /** 800.4: the players still in the game; whose turn it is (also once they left); 104.2a: over, and who won. */
  inGame?: PlayerId[];
  gameOver?: boolean;
  winners?: PlayerId[];
  /** 732.2: the standing passes in force of the players (teams) listed; null for none. */
  shortcuts?: Record<string, ShortcutView | null>;
}

/** One entry of a scenario script: an action, an action that must be refused, or an expectation. */
export type ScriptEntry = ActionEntry | { reject: ActionEntry } | { expect: ViewExpectation };

/** A scenario: a game set up, driven by its script, and checked (docs/SCENARIOS.md). */
export interface Scenario {
  /** The JSON Schema an editor validates the file with (ignored by the runner). */
  $schema?: string;
  name: string;
  rules?: string[];
  players: PlayerId[];
  /** FORMAT-TEAMS.md: the teams (805.1), each its players in seating order. */
  teams?: PlayerId[][];
  options?: GameOptions;
  script: ScriptEntry[];
}

/** The payload schema of an action entry, from its event's schema. */
function actionSchema(action: Action): AnySchema {
  const eventSchema = EVENT_SCHEMAS[action.event] as AnySchema;
  if (eventSchema.kind !== 'object') throw new Error(`the ${action.event} event schema is not an object`);
  if (action.field !== undefined) {
    const value = eventSchema.shape[action.field];
    if (!action.trueOmits) return value;
    const yes = literal(true);
    return union([yes, value], (v) => (v === true ? yes : value), `true or ${value.kind === 'object' ? value.noun : 'a value'}`);
  }
  const toEntry = Object.fromEntries(Object.entries(action.rename ?? {}).map(([entryKey, eventKey]) => [eventKey, entryKey]));
  const keyOf = (key: string) => toEntry[key] ?? key;
  // `by` (who sends it) is not written inside an entry: `send` wraps the entry instead.
  const omitted = new Set(['type', 'by', ...(action.omit ?? [])]);
  const shape = Object.fromEntries(Object.entries(eventSchema.shape).filter(([key]) => !omitted.has(key)).map(([key, schema]) => [keyOf(key), schema]));
  const optional = new Set([...eventSchema.optional].filter((key) => !omitted.has(key)).map(keyOf));
  // The event's own refinement reads event keys: a renamed entry is checked as its event (validate.ts).
  return { ...eventSchema, shape, optional, refine: action.rename ? undefined : eventSchema.refine, noun: 'an object' };
}

function checkAdvanceTo(spec: AdvanceToSpec, report: Report): void {
  if (spec.step === undefined && spec.phase === undefined) report([], 'needs "step" or "phase"', 'missing');
  if (spec.step !== undefined && spec.phase !== undefined && PHASE_OF_STEP[spec.step] !== spec.phase) {
    report(['step'], `step ${quote(spec.step)} is not in phase ${quote(spec.phase)} (it belongs to ${quote(PHASE_OF_STEP[spec.step])})`);
  }
}

const ids = list(string('an id'), { max: 'maxStack' });
const player = ref('player');
/** Whoever takes turns, holds priority and declares: a player, or with teams a team. */
const side = ref('playerOrTeam');
const players = list(player, { max: 8 });
const perPlayer = record(player, integer(0, 'maxAmount'), 20);

const recordPattern = object<HistoryRecordPattern>({
  type: optional(picklist(HISTORY_RECORD_TYPES, 'record type')),
  turn: optional(integer(1, Number.MAX_SAFE_INTEGER)),
  phase: optional(nullable(picklist(PHASES, 'phase'))),
  step: optional(nullable(picklist(STEPS, 'step'))),
  ...Object.fromEntries(Object.entries(HISTORY_FIELD_SCHEMAS).map(([field, schema]) => [field, optional(schema as Schema<unknown>)])),
} as Shape<HistoryRecordPattern>, { noun: 'an object' });
const recordPatterns = optional(list(recordPattern, { max: 10_000 }));

const viewSchema = object<ViewExpectation>({
  turn: optional(integer(1, Number.MAX_SAFE_INTEGER)),
  extraTurn: optional(boolean),
  activePlayer: optional(nullable(player)),
  activeTeam: optional(nullable(ref('team'))),
  activePlayers: optional(players),
  mayAct: optional(players),
  declaring: optional(nullable(side)),
  phase: optional(picklist(PHASES, 'phase')),
  step: optional(nullable(picklist(STEPS, 'step'))),
  priority: optional(nullable(side)),
  waitingFor: optional(nullable(picklist(WAITING_FOR, 'waitingFor value'))),
  stack: optional(ids),
  pendingTriggers: optional(ids),
  zones: optional(object<ZonesExpectation>({
    exile: optional(ids), graveyard: optional(ids), battlefield: optional(ids), ceasedToExist: optional(ids), leftGame: optional(ids),
  })),
  effects: optional(ids),
  attackers: optional(ids),
  blockers: optional(ids),
  manaPool: optional(perPlayer),
  handSize: optional(perPlayer),
  stepsThisTurn: optional(list(picklist(STEPS_THIS_TURN, 'step'), { max: 10_000 })),
  nextTurns: optional(list(side, { max: 10_000 })),
  orderTriggers: optional(nullable(object<{ player?: PlayerId; team?: string; triggers: string[] }>({ ...actorFields, triggers: ids }, {
    refine: checkOneActor,
  }) as Schema<ViewExpectation['orderTriggers'] & object>)),
  history: optional(object<HistoryExpectation>({ includes: recordPatterns, excludes: recordPatterns, sequence: recordPatterns })),
  rulesEdition: optional(string('an edition date (YYYY-MM-DD)', { max: 10 })),
  ruleNumbers: optional(object<Partial<RuleNumbers>>({ endingTurnsAndPhases: optional(string('a rule number', { max: 10 })), controllingAnotherPlayer: optional(string('a rule number', { max: 10 })), takingShortcuts: optional(string('a rule number', { max: 10 })) })),
  turnOf: optional(side),
  controlledBy: optional(record(player, player, 8)),
  decides: optional(record(player, player, 8)),
  pendingControl: optional(record(side, player, 8)),
  decider: optional(nullable(side)),
  inGame: optional(players),
  gameOver: optional(boolean),
  winners: optional(players),
  shortcuts: optional(record(side, nullable(object<ShortcutView>({
    until: shortcutUntil, unless: shortcutConditions, declareNoAttackers: optional(literal(true)), declareNoBlockers: optional(literal(true)),
    stops: optional(list(shortcutStop, { max: 48 })),
  }, { noun: 'a standing pass' })), 20)),
}, { noun: 'a VIEW object' });

const actionSchemas = {
  ...Object.fromEntries(Object.entries(ACTIONS).map(([key, action]) => [key, actionSchema(action)])),
  passAll: literal(true),
  advanceTo: object<AdvanceToSpec>({
    turn: optional(integer(1, Number.MAX_SAFE_INTEGER)),
    step: optional(picklist(STEPS, 'step')),
    phase: optional(picklist(PHASES, 'phase')),
  }, { refine: checkAdvanceTo }),
} as { [K in keyof (ActionMap & DrivingMap)]: Schema<(ActionMap & DrivingMap)[K]> };

const sendableSchemas = Object.fromEntries(SENDABLE_ACTIONS.map((key) => [key, actionSchemas[key]]));
actionSchemas.send = object<SendSpec>({
  by: player,
  action: oneKey<{ [K in (typeof SENDABLE_ACTIONS)[number]]: ActionMap[K] }>(sendableSchemas as never, {
    noun: 'action',
    example: '{"pass": "B"}',
    unknownKey: (key) => (key in actionSchemas || key === 'reject' || key === 'expect'
      ? `send wraps one player's action (${SENDABLE_ACTIONS.join(', ')}); ${quote(key)} cannot be sent` : undefined),
  }) as Schema<SendableAction>,
});

const ACTION_EXAMPLE = '{"pass": "A"}';
const actionEntry = oneKey<ActionMap & DrivingMap>(actionSchemas, {
  noun: 'entry',
  example: ACTION_EXAMPLE,
  unknownKey: (key) => (key === 'reject' || key === 'expect' ? `reject holds exactly one action entry, and ${quote(key)} is not an action` : undefined),
});
const scriptEntry = oneKey<ActionMap & DrivingMap & { reject: ActionEntry; expect: ViewExpectation }>(
  { ...actionSchemas, reject: actionEntry, expect: viewSchema },
  { noun: 'entry', example: ACTION_EXAMPLE },
) as Schema<ScriptEntry>;

export const SCENARIO_KEYS = ['$schema', 'name', 'rules', 'players', 'teams', 'options', 'script'] as const;

export const scenarioSchema: Schema<Scenario> = object<Scenario>({
  $schema: optional(string('a URL or path', { max: 2_000 })),
  name: string('a name', { max: 2_000 }),
  rules: optional(list(string('a rule number', { max: 100 }), { max: 1_000 })),
  players: playerList,
  teams: optional(teamsSchema),
  options: optional(gameOptionsSchema),
  script: list(scriptEntry, { max: MAX_SCRIPT_ENTRIES }),
}, { noun: 'a scenario object', refine: checkTeams });
