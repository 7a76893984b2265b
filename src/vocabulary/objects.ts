// The objects the game is told about — spells and abilities (OBJ), "at the beginning of"
// abilities (AT), continuous effects (EFFECT), creatures in combat (CREATURE) and what an
// object does as it resolves (EFFECTS) — declared once: each type, and the schema that
// validates it (events, persisted snapshots and scenario files all use these).
import {
  ABILITY_TIMINGS, ABILITY_TYPES, DURATION_KEYWORDS, PERMANENT_TYPES, PHASES, SPELL_TIMINGS, SPELL_TYPES, STEPS, STEPS_AND_PHASES,
  type DurationKeyword, type ObjectType, type PhaseId, type PlayerId, type StepId, type StepOrPhaseId, type Timing,
} from './ids.js';
import { DERIVED_ID_SUFFIX } from './limits.js';
import { listOf, quote } from './parse.js';
import {
  boolean, integer, lazy, list, literal, object, oneKey, optional, picklist, ref, string, union,
  type Env, type OneKeyOf, type Report, type Schema,
} from './schema.js';

/** A spell or ability as the host describes it (OBJ). */
export interface StackObjectSpec {
  id: string;
  controller: PlayerId;
  /** Spells: instant (the default), sorcery, or a permanent type; abilities: `activated` / `triggered`. */
  type?: ObjectType;
  /** What it does as it resolves, in order (608.2c). */
  effects?: ResolutionEffect[];
  targets?: string[];
  /** A copy of a spell, not a card (704.5e, 608.3f). */
  copy?: boolean;
  /** Spells: `instant` (flash); abilities: `sorcery`, `yourTurn` (602.5). */
  timing?: Timing;
  /** An intervening "if" condition (603.4, 608.2a); triggered abilities only. */
  if?: string;
  bestow?: boolean;
  mutate?: boolean;
  cannotEnter?: boolean;
  /** 108.3 (spells only): the card's owner when it is not its controller; a copy is its controller's (707.10). */
  owner?: PlayerId;
}

/** A "beginning of" triggered ability (500.6), or a delayed one (`once`, 603.7). */
export interface AtTriggerSpec {
  id: string;
  controller: PlayerId;
  /** A step, or a phase (it triggers as that phase begins). */
  when: StepOrPhaseId;
  /** Only in this player's turns (with teams: that player's team's, or a team's id). */
  whoseTurn?: PlayerId;
  /** 805.4d (teams only): it triggers once for each player of the active team. */
  perActivePlayer?: true;
  /** Removed after it triggers once (a delayed trigger). */
  once?: boolean;
  if?: string;
  effects?: ResolutionEffect[];
  /**
   * 603.7: bound to the extra turn the last `extraTurn` before it in the same effects list
   * created ("at the beginning of that turn's end step": Final Fortune); only in an effects list.
   */
  thatTurn?: true;
  /** 603.7: bound to the next turn of this player that begins ("… on your next turn"). */
  nextTurnOf?: PlayerId;
  /** 603.7: only during the turn it was registered in ("at the beginning of each combat this turn"). */
  thisTurn?: true;
  /** 603.7, 500.8: bound to the phases the last `addPhases` before it in the same effects list added ("that combat"). */
  thatPhase?: true;
}

/** The bindings of a delayed trigger: at most one. */
export const AT_BINDINGS = ['thatTurn', 'nextTurnOf', 'thisTurn', 'thatPhase'] as const;

/**
 * How long a continuous effect lasts (611.2, 500.4, 500.5): a keyword, or until a step or phase
 * begins (in anyone's turn, or in one player's), until a player's next turn, or until end of
 * combat on a player's next turn.
 */
export type Duration =
  | DurationKeyword
  | { beginningOf: StepOrPhaseId; whoseTurn?: PlayerId }
  | { nextTurnOf: PlayerId }
  | { endOfCombatOnNextTurnOf: PlayerId };

/** A continuous effect with a duration (611.2). */
export interface ContinuousEffectSpec {
  id: string;
  until: Duration;
}

/** A creature in combat (510.4 looks at its first and double strike). */
export interface CombatantSpec {
  id: string;
  firstStrike?: boolean;
  doubleStrike?: boolean;
  /** Teams only (805.10): the player of the declaring team who controls it (default: the one declaring). */
  controller?: PlayerId;
}

/** An attacking creature. */
export interface AttackerSpec extends CombatantSpec {
  /** 508.1c (Medomai the Ageless): it can't attack during extra turns. */
  cantAttackDuringExtraTurns?: boolean;
}

/** A blocking creature, and the attacker it blocks. */
export interface BlockerSpec extends CombatantSpec {
  blocking: string;
}

/** A creature in combat: an attacker, or a blocker with the attacker it blocks. */
export type CreatureSpec = AttackerSpec & { blocking?: string };

/**
 * A skip (500.11): exactly one of `step`, `phase`, `turn`; `each` only with a step or phase.
 * `player`, or (teams only) `players`: one effect naming several players — each team among them skips one (805.8).
 */
export interface SkipSpec {
  player?: PlayerId;
  players?: PlayerId[];
  step?: StepId;
  phase?: PhaseId;
  turn?: true;
  each?: boolean;
  /** With `each`: every instance in the player's next turn, even when it is their turn now (False Peace on yourself). */
  nextTurn?: true;
}

/** An additional step (500.8): which step, after which, in whose turn. */
export interface AddStepSpec {
  step: StepId;
  afterPhase?: boolean;
  count?: number;
  /** 500.10a: "`player` gets an additional step": nothing is added outside that player's (team's) turn. */
  player?: PlayerId;
}

/** Mana added to a player's pool (106.4) as the object resolves. */
export interface AddManaSpec {
  player: PlayerId;
  amount: number;
}

/** What an object does when it resolves (608.2c), one key each. */
export interface AddPhasesSpec {
  phases: PhaseId[];
  /** 500.8: after the first phase of this kind this turn, not after the current one (World at War). */
  afterFirst?: PhaseId;
  /** 500.10a: "`player` gets an additional phase": nothing is added outside that player's (team's) turn. */
  player?: PlayerId;
}

/**
 * 500.7: an extra turn for `player` (with teams: that player's team). `players`: without teams, one
 * extra turn each, added in APNAP order (the last added taken first); with teams, one for that one team (805.8).
 */
export interface ExtraTurnSpec {
  player?: PlayerId;
  players?: PlayerId[];
}

/** What an object does as it resolves (608.2c), by effect name: each effect is an object with one of these keys. */
export interface ResolutionEffectMap {
  endTurn: Record<string, never>;
  endCombat: Record<string, never>;
  extraTurn: ExtraTurnSpec;
  addPhases: AddPhasesSpec;
  addStep: AddStepSpec;
  skip: SkipSpec;
  trigger: StackObjectSpec;
  at: AtTriggerSpec;
  cast: StackObjectSpec;
  createEffect: ContinuousEffectSpec;
  addMana: AddManaSpec;
  onlyIf: OnlyIfSpec;
  controlNextTurn: ControlNextTurnSpec;
  /** 104.3e: the player loses the game, and leaves it (104.5, 800.4). */
  loseGame: { player: PlayerId };
}
/** One effect of a resolving object: `{ endTurn: {} }`, `{ skip: {…} }`, … (one key of `ResolutionEffectMap`). */
export type ResolutionEffect = OneKeyOf<ResolutionEffectMap>;

/** 722.1 (Mindslaver): `controller` controls `player` during that player's next turn; Emrakul: then `player` takes an extra turn. */
export interface ControlNextTurnSpec {
  player: PlayerId;
  controller: PlayerId;
  thenExtraTurn?: boolean;
}

/**
 * 608.2c: effects that happen only if, at this point of the resolution, the game's state says
 * so: each condition given must have the value given (Raiyuu: "if it's the first combat phase").
 */
export interface OnlyIfSpec {
  /** The current phase is a combat phase and the first combat phase to begin this turn. */
  firstCombatPhase?: boolean;
  /** 500.7: the current turn is an extra turn. */
  extraTurn?: boolean;
  then: ResolutionEffect[];
}
/** An effect's name (a key of `ResolutionEffectMap`). */
export type EffectKey = keyof ResolutionEffectMap;

/** Which entry an OBJ belongs to: a spell (cast), an activated or a triggered ability. */
export type StackObjectKind = 'spell' | 'activated' | 'triggered';

const KIND_NAMES: Record<StackObjectKind, string> = { spell: 'a spell', activated: 'an activated ability', triggered: 'a triggered ability' };
const is = (list: readonly string[], value: unknown): value is string => typeof value === 'string' && list.includes(value);

/** The keys that go only with some spell types: the key, what it goes with, those types. */
const TYPED_KEYS: readonly (readonly [key: 'bestow' | 'mutate' | 'cannotEnter', goesWith: string, types: readonly string[]])[] = [
  ['bestow', 'goes only with an aura spell', ['aura']],
  ['mutate', 'goes only with a creature spell', ['creature']],
  ['cannotEnter', `goes only on permanent spells (${listOf(PERMANENT_TYPES)})`, PERMANENT_TYPES],
];

/** The rules between an OBJ's keys (FORMAT.md: "Otherwise the file is invalid"). */
function checkStackObject(kind: StackObjectKind, obj: StackObjectSpec, report: Report): void {
  if (kind !== 'triggered' && obj.if !== undefined) report(['if'], `"if" is only allowed on triggered abilities and ATs, not on ${KIND_NAMES[kind]}`);
  const type = obj.type ?? (kind === 'spell' ? 'instant' : kind);
  // Run on every cast: the list is made once, and read without an iterator.
  for (let i = 0; i < TYPED_KEYS.length; i += 1) {
    const [key, goesWith, types] = TYPED_KEYS[i];
    if (obj[key] !== true) continue;
    if (kind !== 'spell') report([key], `${quote(key)} ${goesWith}, not ${KIND_NAMES[kind]}`);
    else if (!types.includes(type)) report([key], `${quote(key)} ${goesWith}, got type ${quote(type)}`);
  }
  if (obj.owner !== undefined && kind !== 'spell') report(['owner'], `"owner" is only for spells (108.3): ${KIND_NAMES[kind]} is not owned`);
  else if (obj.owner !== undefined && obj.copy === true) report(['owner'], '"owner" does not go with "copy": a copy is owned by its controller (707.10)');
  checkOwnLoss(obj.controller, obj.effects, report);
  if (kind !== 'spell') return;
  const oneTarget = type === 'aura' ? 'an aura spell' : type === 'creature' && obj.mutate === true ? 'a mutate spell' : undefined;
  if (oneTarget === undefined) return;
  if (obj.targets === undefined) report(['targets'], `missing (${oneTarget} has exactly one target)`, 'missing');
  else if (obj.targets.length !== 1) report(['targets'], `${oneTarget} has exactly one target, got ${obj.targets.length}`);
}

/**
 * 104.3e, 800.4a: an object whose own controller loses leaves the game with them, so in its
 * effects list a `loseGame` of that controller is the last effect.
 */
function checkOwnLoss(controller: PlayerId, effects: readonly ResolutionEffect[] | undefined, report: Report): void {
  if (effects === undefined) return;
  // All but the last (a loop, not a closure: run on every cast).
  for (let index = 0; index < effects.length - 1; index += 1) {
    const effect = effects[index];
    if ('loseGame' in effect && effect.loseGame.player === controller) {
      report(['effects', index, 'loseGame'], `${quote(controller)} controls this object and loses the game here: it leaves the game with them (800.4a), so this must be its last effect`);
    }
  }
}

/**
 * The order of an effects list: 608.2g, a spell cast during a resolution (no card casts one after
 * ending the turn or combat); 603.7, `thatTurn` names the extra turn an earlier effect of the list made.
 */
function checkEffectOrder(effects: ResolutionEffect[], report: Report, env: Env): void {
  let ender: { key: string; index: number } | undefined;
  let extraTurnBefore = false;
  let severalTurnsBefore = false;
  let addPhasesBefore = false;
  for (let index = 0; index < effects.length; index += 1) {
    const effect = effects[index];
    if ('endTurn' in effect || 'endCombat' in effect) ender ??= { key: 'endTurn' in effect ? 'endTurn' : 'endCombat', index };
    else if ('cast' in effect && ender) {
      report([index], `"cast" is not allowed after ${quote(ender.key)} (effects[${ender.index}]) in the same effects list`);
    }
    if ('extraTurn' in effect) {
      extraTurnBefore = true;
      severalTurnsBefore = env.teams === null && (effect.extraTurn.players?.length ?? 1) > 1;
    }
    if ('addPhases' in effect) addPhasesBefore = true;
    if ('at' in effect && effect.at.thatTurn && !extraTurnBefore) {
      report([index, 'at', 'thatTurn'], '"thatTurn" names the extra turn an "extraTurn" earlier in the same effects list creates: there is none');
    } else if ('at' in effect && effect.at.thatTurn && severalTurnsBefore) {
      report([index, 'at', 'thatTurn'], '"thatTurn" after an "extraTurn" of several players names no one turn (500.7: each takes one)');
    }
    if ('at' in effect && effect.at.thatPhase && !addPhasesBefore) {
      report([index, 'at', 'thatPhase'], '"thatPhase" names the phases an "addPhases" earlier in the same effects list adds: there is none');
    }
  }
}

/** Rules of an AT's keys; `inList`: it is an effect of a resolving object (or else a host's registration). */
function checkAt(at: AtTriggerSpec, report: Report, inList: boolean, env: Env): void {
  const room = env.limits.maxIdLength - DERIVED_ID_SUFFIX;
  if (!at.once && at.id.length > room) {
    report(['id'], `too long: ${at.id.length} characters (at most ${room}: limits.maxIdLength less the ${DERIVED_ID_SUFFIX} kept for the "@turn.count" each ability it triggers gets)`, 'limit');
  }
  if (at.perActivePlayer && env.teams === null) report(['perActivePlayer'], '"perActivePlayer" is only for a game with teams');
  const bindings = AT_BINDINGS.filter((key) => at[key] !== undefined);
  if (bindings.length > 1) report([], `give at most one of ${listOf(AT_BINDINGS.map(quote))}, got ${bindings.map(quote).join(' and ')}`);
  if (at.thatTurn && !inList) report(['thatTurn'], '"thatTurn" is only for an AT in an effects list, after an "extraTurn"');
  if (at.thatPhase && !inList) report(['thatPhase'], '"thatPhase" is only for an AT in an effects list, after an "addPhases"');
  for (const key of ['thatTurn', 'nextTurnOf'] as const) {
    if (at[key] !== undefined && at.whoseTurn !== undefined) report(['whoseTurn'], `"whoseTurn" does not go with ${quote(key)} (the bound turn says whose)`);
  }
  checkOwnLoss(at.controller, at.effects, report);
}

/** `onlyIf`: at least one condition; `then` holds none of what a condition cannot guard (FORMAT.md). */
function checkOnlyIf(spec: OnlyIfSpec, report: Report): void {
  if (spec.firstCombatPhase === undefined && spec.extraTurn === undefined) report([], 'needs "firstCombatPhase" or "extraTurn"', 'missing');
  spec.then.forEach((effect, index) => {
    const key = Object.keys(effect)[0];
    if (['endTurn', 'endCombat', 'cast', 'at', 'onlyIf', 'loseGame'].includes(key)) report(['then', index], `${quote(key)} is not allowed in "onlyIf.then"`);
  });
}

/** 510.4: the first-strike damage step is the combat damage step that 510.4 splits: it is not skipped or added itself. */
function notFirstStrikeStep(step: StepId | undefined, report: Report, path: string, what: string): void {
  if (step === 'firstStrikeDamage') report([path], `"firstStrikeDamage" cannot be ${what}: ${what === 'skipped' ? 'skip' : 'add'} "combatDamage" (510.4 splits it)`);
}

/** `player`, or (teams only) `players`: exactly one; `oneTeam`: the players all of one team. */
function checkPlayerOrPlayers(spec: { player?: PlayerId; players?: PlayerId[] }, report: Report, env: Env, oneTeam: boolean): void {
  if (spec.player === undefined && spec.players === undefined) {
    report(['player'], `missing (expected a player id${env.teams === null ? '' : ', or "players"'})`, 'missing');
  }
  if (spec.player !== undefined && spec.players !== undefined) report([], 'give "player" or "players", not both');
  if (spec.players === undefined) return;
  spec.players.forEach((p, i) => {
    if (spec.players!.indexOf(p) < i) report(['players', i], `${quote(p)} is listed twice`);
  });
  if (env.teams === null) {
    if (!oneTeam) report(['players'], '"players" is only for a game with teams');
    return;
  }
  const teams = new Set(spec.players.map((p) => teamOf(env, p)));
  if (oneTeam && teams.size > 1) report(['players'], `one extra turn is taken by one team: ${spec.players.join(', ')} are of ${teams.size} teams (write one effect per team)`);
}

/** The team a player is on (the player itself without teams). */
export function teamOf(env: Pick<Env, 'teams'>, player: PlayerId): string {
  for (const [id, players] of env.teams ?? []) if (players.includes(player)) return id;
  return player;
}

function checkSkip(skip: SkipSpec, report: Report, env: Env): void {
  checkPlayerOrPlayers(skip, report, env, false);
  notFirstStrikeStep(skip.step, report, 'step', 'skipped');
  const given = (['step', 'phase', 'turn'] as const).filter((key) => skip[key] !== undefined);
  if (given.length === 0) report([], 'needs "step", "phase" or "turn"', 'missing');
  else if (given.length > 1) report([], `give only one of "step", "phase" or "turn", got ${given.map(quote).join(' and ')}`);
  if (skip.each === true && skip.turn !== undefined) report(['each'], '"each" goes with "step" or "phase", not "turn"');
  if (skip.nextTurn && skip.each !== true) report(['nextTurn'], '"nextTurn" goes with "each": true');
}

/** The schema of an id. */
export const id = string('an id');
/** The schema of a condition's name (603.4). */
export const conditionName = string('a condition name');
/** The schema of a player's id: one of the game's players. */
export const player = ref('player');
/** A player, or (with teams) a team: whose turn it is, whose next turn. */
export const playerOrTeam = ref('playerOrTeam');
/** The schema of a phase id. */
export const phaseId = picklist(PHASES, 'phase');
/** The schema of a step id. */
export const stepId = picklist(STEPS, 'step');
/** The schema of a step or phase id. */
export const stepOrPhaseId = picklist<StepOrPhaseId>(STEPS_AND_PHASES, 'step or phase');

const effectList: Schema<ResolutionEffect[]> = lazy('effects', () => effects);

function typeOf(kind: StackObjectKind): Schema<ObjectType> {
  if (kind === 'spell') {
    return picklist<ObjectType>(SPELL_TYPES, 'type', {
      unknown: (type) => (is(ABILITY_TYPES, type) ? `${quote(type)} is an ability type; a spell takes ${listOf(SPELL_TYPES)}` : undefined),
    });
  }
  return picklist<ObjectType>([kind], 'type', {
    unknown: (type) => (is([...SPELL_TYPES, ...ABILITY_TYPES], type) ? `${KIND_NAMES[kind]} has type ${quote(kind)} (or no type), got ${quote(type)}` : undefined),
  });
}

function timingOf(kind: StackObjectKind): Schema<Timing> {
  const allowed = kind === 'spell' ? SPELL_TIMINGS : ABILITY_TIMINGS;
  const other = kind === 'spell' ? ABILITY_TIMINGS : SPELL_TIMINGS;
  return picklist<Timing>(allowed, 'timing', {
    unknown: (timing) => (is(other, timing) ? `timing ${quote(timing)} is not for ${KIND_NAMES[kind]}, which accepts ${listOf(allowed.map(quote))}` : undefined),
  });
}

function stackObject(kind: StackObjectKind): Schema<StackObjectSpec> {
  return object<StackObjectSpec>({
    id,
    controller: player,
    type: optional(typeOf(kind)),
    effects: optional(effectList),
    targets: optional(list(id, { max: 'maxTargets' })),
    copy: optional(boolean),
    timing: optional(timingOf(kind)),
    if: optional(conditionName),
    bestow: optional(boolean),
    mutate: optional(boolean),
    cannotEnter: optional(boolean),
    owner: optional(player),
  }, { noun: KIND_NAMES[kind], refine: (obj, report) => checkStackObject(kind, obj, report) });
}

/** Any spell or ability, whatever its type and timing (as the game keeps them on the stack). */
export const anyStackObject = object<StackObjectSpec>({
  id,
  controller: player,
  type: optional(picklist<ObjectType>([...SPELL_TYPES, ...ABILITY_TYPES], 'type')),
  effects: optional(effectList),
  targets: optional(list(id, { max: 'maxTargets' })),
  copy: optional(boolean),
  timing: optional(picklist<Timing>([...SPELL_TIMINGS, ...ABILITY_TIMINGS], 'timing')),
  if: optional(conditionName),
  bestow: optional(boolean),
  mutate: optional(boolean),
  cannotEnter: optional(boolean),
  owner: optional(player),
}, { noun: 'a spell or ability' });

/** The schema of a spell (601). */
export const spell = stackObject('spell');
/** The schema of an activated ability (602). */
export const activatedAbility = stackObject('activated');
/** The schema of a triggered ability (603). */
export const triggeredAbility = stackObject('triggered');

const atShape = {
  id,
  controller: player,
  when: stepOrPhaseId,
  whoseTurn: optional(playerOrTeam),
  perActivePlayer: optional(literal(true)),
  once: optional(boolean),
  if: optional(conditionName),
  effects: optional(effectList),
  thatTurn: optional(literal(true)),
  nextTurnOf: optional(playerOrTeam),
  thisTurn: optional(literal(true)),
  thatPhase: optional(literal(true)),
};
/** An AT a host registers (`trigger.register`): not bound to an extra turn of an effects list. */
export const atTrigger = object<AtTriggerSpec>(atShape, { noun: 'an AT (a "beginning of" trigger)', refine: (at, report, env) => checkAt(at, report, false, env) });
/** An AT in an effects list (Glorious End, Final Fortune). */
export const atEffect = object<AtTriggerSpec>(atShape, { noun: 'an AT (a "beginning of" trigger)', refine: (at, report, env) => checkAt(at, report, true, env) });

const DURATION_OBJECTS = ['beginningOf', 'nextTurnOf', 'endOfCombatOnNextTurnOf'] as const;
const DURATIONS = listOf([...DURATION_KEYWORDS, '{"beginningOf": STEP_OR_PHASE}', '{"nextTurnOf": PLAYER}', '{"endOfCombatOnNextTurnOf": PLAYER}']);
const durationKeyword = picklist(DURATION_KEYWORDS, 'duration', { unknown: (value) => `unknown duration ${quote(value)} (expected ${DURATIONS})` });
const beginningOf = object<{ beginningOf: StepOrPhaseId; whoseTurn?: PlayerId }>({ beginningOf: stepOrPhaseId, whoseTurn: optional(playerOrTeam) });
const nextTurnOf = object<{ nextTurnOf: PlayerId }>({ nextTurnOf: playerOrTeam });
const endOfCombatOnNextTurnOf = object<{ endOfCombatOnNextTurnOf: PlayerId }>({ endOfCombatOnNextTurnOf: playerOrTeam });
const severalDurations = object<Record<string, never>>({}, {
  unknownKey: (key) => (DURATION_OBJECTS.includes(key as never) ? `give only one of ${listOf(DURATION_OBJECTS.map(quote))}` : undefined),
});
/** The schema of an effect's duration (611.2). */
export const duration = union<Duration>(
  [durationKeyword, beginningOf, nextTurnOf, endOfCombatOnNextTurnOf],
  (value) => {
    if (typeof value === 'string') return durationKeyword;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const kinds = DURATION_OBJECTS.filter((key) => key in value);
    if (kinds.length > 1) return severalDurations;
    return kinds[0] === 'nextTurnOf' ? nextTurnOf : kinds[0] === 'endOfCombatOnNextTurnOf' ? endOfCombatOnNextTurnOf : beginningOf;
  },
  DURATIONS,
);

/** The schema of a continuous effect with a duration. */
export const continuousEffect = object<ContinuousEffectSpec>({ id, until: duration }, { noun: 'an EFFECT' });

const controllerOnlyWithTeams = (creature: CombatantSpec, report: Report, env: Env) => {
  if (creature.controller !== undefined && env.teams === null) report(['controller'], '"controller" is only for a game with teams');
};
/** The schema of an attacking creature (508.1). */
export const attacker = object<AttackerSpec>({
  id, firstStrike: optional(boolean), doubleStrike: optional(boolean), controller: optional(player), cantAttackDuringExtraTurns: optional(boolean),
}, {
  noun: 'a creature',
  unknownKey: (key) => (key === 'blocking' ? '"blocking" is only for blockers (declareBlockers)' : undefined),
  refine: controllerOnlyWithTeams,
});
/** The schema of a blocking creature (509.1). */
export const blocker = object<BlockerSpec>({
  id, firstStrike: optional(boolean), doubleStrike: optional(boolean), controller: optional(player), blocking: string('the id of the attacker it blocks'),
}, { noun: 'a creature', refine: controllerOnlyWithTeams });

/** The schema of an amount of mana. */
export const manaAmount = integer(0, 'maxAmount');
/** The schema of an `addMana` effect. */
export const addMana = object<AddManaSpec>({ player, amount: manaAmount });
/** The schema of a `skip` effect (500.11, 614.10). */
export const skip = object<SkipSpec>({
  player: optional(player),
  players: optional(list(player, { min: 1, max: 8 })),
  step: optional(stepId),
  phase: optional(phaseId),
  turn: optional(literal(true)),
  each: optional(boolean),
  nextTurn: optional(literal(true)),
}, { refine: checkSkip });

const empty = object<Record<string, never>>({});

/** The schema of one resolution effect. */
export const effect = oneKey<ResolutionEffectMap>({
  endTurn: empty,
  endCombat: empty,
  extraTurn: object<ExtraTurnSpec>({ player: optional(player), players: optional(list(player, { min: 1, max: 8 })) }, {
    refine: (spec, report, env) => checkPlayerOrPlayers(spec, report, env, true),
  }),
  addPhases: object<AddPhasesSpec>({ phases: list(phaseId, { min: 1, max: 'maxPlannedPhases' }), afterFirst: optional(phaseId), player: optional(player) }),
  addStep: object<AddStepSpec>({ step: stepId, afterPhase: optional(boolean), count: optional(integer(1, 'maxStepCount')), player: optional(player) }, {
    refine: (spec, report) => notFirstStrikeStep(spec.step, report, 'step', 'added'),
  }),
  skip,
  trigger: triggeredAbility,
  at: atEffect,
  cast: spell,
  createEffect: continuousEffect,
  addMana,
  onlyIf: object<OnlyIfSpec>({ firstCombatPhase: optional(boolean), extraTurn: optional(boolean), then: effectList }, { refine: checkOnlyIf }),
  controlNextTurn: object<ControlNextTurnSpec>({ player, controller: player, thenExtraTurn: optional(boolean) }),
  loseGame: object<{ player: PlayerId }>({ player }),
}, { noun: 'effect', example: '{"endTurn": {}}' });

/** The schema of an object's effects, in order (608.2c). */
export const effects: Schema<ResolutionEffect[]> = list(effect, { max: 'maxEffects', refine: checkEffectOrder });

/** Which spell types are permanents (608.3). */
export const isPermanentType = (type: string | undefined): boolean => is(PERMANENT_TYPES, type);
