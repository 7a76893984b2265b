/** OBJ (spells and abilities), AT, EFFECT and the EFFECTS list (FORMAT.md). */
import { z } from 'zod';
import {
  ABILITY_TIMINGS,
  ABILITY_TYPES,
  DURATION_KEYWORDS,
  PERMANENT_SPELL_TYPES,
  PHASE_IDS,
  SPELL_TIMINGS,
  SPELL_TYPES,
  STEP_IDS,
  STEP_OR_PHASE_IDS,
} from './ids.js';
import { PHASE_OF_STEP } from '../../rules/types.js';
import { badValue, describe, listOf, quote } from './messages.js';
import {
  ALWAYS_ON_ARRAYS,
  ALWAYS_ON_OBJECTS,
  dispatch,
  flag,
  id,
  integer,
  isRecord,
  oneKeyObject,
  oneOf,
  strictObject,
  text,
  type PlayerRef,
} from './common.js';
import type {
  AddManaSpec,
  AtSpec,
  ContinuousEffectSpec,
  EffectDuration,
  ResolutionEffect,
  SkipSpec,
  StackObjectSpec,
} from './types.js';

/** Which entry an OBJ belongs to: `cast` → spell, `activate` → activated, `trigger` / `onStateBasedActions` → triggered. */
export type StackObjectKind = 'spell' | 'activated' | 'triggered';

const KIND_NAMES: Record<StackObjectKind, string> = {
  spell: 'a spell',
  activated: 'an activated ability',
  triggered: 'a triggered ability',
};

const includes = (list: readonly string[], value: unknown): value is string =>
  typeof value === 'string' && list.includes(value);

function typeSchema(kind: StackObjectKind) {
  const allowed = kind === 'spell' ? SPELL_TYPES : ([kind] as const);
  return z.enum(allowed, {
    error: ({ input }) => {
      if (kind === 'spell') {
        if (input === undefined) return `missing (a spell needs a type: ${listOf(SPELL_TYPES)})`;
        if (includes(ABILITY_TYPES, input)) return `${quote(input)} is an ability type; a spell takes ${listOf(SPELL_TYPES)}`;
        return badValue('type', input, SPELL_TYPES);
      }
      if (includes([...SPELL_TYPES, ...ABILITY_TYPES], input)) {
        return `${KIND_NAMES[kind]} has type ${quote(kind)} (or no type), got ${quote(input)}`;
      }
      return badValue('type', input, allowed);
    },
  });
}

function timingSchema(kind: StackObjectKind) {
  const allowed = kind === 'spell' ? SPELL_TIMINGS : ABILITY_TIMINGS;
  const other = kind === 'spell' ? ABILITY_TIMINGS : SPELL_TIMINGS;
  return z.enum(allowed, {
    error: ({ input }) =>
      includes(other, input)
        ? `timing ${quote(input)} is not for ${KIND_NAMES[kind]}, which accepts ${listOf(allowed.map(quote))}`
        : badValue('timing', input, allowed),
  });
}

type Report = (path: PropertyKey[], message: string) => void;

/** The cross-key rules of FORMAT.md "Permanent spells … Otherwise the file is invalid". */
function checkStackObject(kind: StackObjectKind, obj: Record<string, unknown>, report: Report): void {
  if (kind !== 'triggered' && obj.if !== undefined) {
    report(['if'], `"if" is only allowed on triggered abilities and ATs, not on ${KIND_NAMES[kind]}`);
  }
  const rules: [key: string, goesWith: string, types: readonly string[]][] = [
    ['bestow', 'goes only with an aura spell', ['aura']],
    ['mutate', 'goes only with a creature spell', ['creature']],
    ['cannotEnter', `goes only on permanent spells (${listOf(PERMANENT_SPELL_TYPES)})`, PERMANENT_SPELL_TYPES],
  ];
  const type = obj.type;
  for (const [key, goesWith, types] of rules) {
    if (obj[key] !== true) continue;
    if (kind !== 'spell') report([key], `${quote(key)} ${goesWith}, not ${KIND_NAMES[kind]}`);
    else if (includes(SPELL_TYPES, type) && !types.includes(type)) {
      report([key], `${quote(key)} ${goesWith}, got type ${quote(type)}`);
    }
  }
  if (kind !== 'spell') return;
  const oneTarget = type === 'aura' ? 'an aura spell' : type === 'creature' && obj.mutate === true ? 'a mutate spell' : undefined;
  if (oneTarget === undefined) return;
  const targets = obj.targets;
  if (targets === undefined) report(['targets'], `missing (${oneTarget} has exactly one target)`);
  else if (Array.isArray(targets) && targets.length !== 1) {
    report(['targets'], `${oneTarget} has exactly one target, got ${targets.length}`);
  }
}

/** "Not allowed after endTurn/endCombat in the same list" for a `cast` effect. */
function checkEffectOrder(effects: unknown[], report: Report): void {
  let ender: { key: string; index: number } | undefined;
  effects.forEach((effect, index) => {
    if (!isRecord(effect) || Object.keys(effect).length !== 1) return;
    const key = Object.keys(effect)[0];
    if (key === 'endTurn' || key === 'endCombat') ender ??= { key, index };
    else if (key === 'cast' && ender !== undefined) {
      report([index], `"cast" is not allowed after ${quote(ender.key)} (effects[${ender.index}]) in the same effects list`);
    }
  });
}

const reporter =
  (ctx: z.RefinementCtx): Report =>
  (path, message) =>
    ctx.addIssue({ code: 'custom', path, message });

function exactlyOneOf(keys: readonly string[], obj: Record<string, unknown>, report: Report): void {
  const given = keys.filter((key) => obj[key] !== undefined);
  if (given.length === 0) report([], `needs ${listOf(keys.map(quote))}`);
  else if (given.length > 1) report([], `give only one of ${listOf(keys.map(quote))}, got ${given.map(quote).join(' and ')}`);
}

export interface ObjectSchemas {
  spell: z.ZodType<StackObjectSpec>;
  activated: z.ZodType<StackObjectSpec>;
  triggered: z.ZodType<StackObjectSpec>;
  at: z.ZodType<AtSpec>;
  continuousEffect: z.ZodType<ContinuousEffectSpec>;
  addMana: z.ZodType<AddManaSpec>;
  effects: z.ZodType<ResolutionEffect[]>;
}

export function objectSchemas(player: PlayerRef): ObjectSchemas {
  const effects: z.ZodType<ResolutionEffect[]> = z.lazy(() => effectList);

  const stackObject = (kind: StackObjectKind): z.ZodType<StackObjectSpec> =>
    strictObject({
      id,
      controller: player,
      type: typeSchema(kind).optional(), // a spell without a type is an instant (the machine's default)
      effects: effects.optional(),
      targets: z.array(id).optional(),
      copy: flag.optional(),
      timing: timingSchema(kind).optional(),
      if: text('a condition name').optional(),
      bestow: flag.optional(),
      mutate: flag.optional(),
      cannotEnter: flag.optional(),
    }).superRefine((obj, ctx) => checkStackObject(kind, obj, reporter(ctx)), ALWAYS_ON_OBJECTS);

  const spell = stackObject('spell');
  const activated = stackObject('activated');
  const triggered = stackObject('triggered');

  const at: z.ZodType<AtSpec> = strictObject({
    id,
    controller: player,
    when: oneOf(STEP_OR_PHASE_IDS, 'step or phase'),
    whoseTurn: player.optional(),
    once: flag.optional(),
    if: text('a condition name').optional(),
    effects: effects.optional(),
  });

  const durationKeyword = z.enum(DURATION_KEYWORDS, {
    error: ({ input }) => {
      const allowed = `${DURATION_KEYWORDS.join(', ')} or {"beginningOf": STEP_OR_PHASE}`;
      if (input === undefined) return `missing (expected ${allowed})`;
      if (typeof input === 'string') return `unknown duration ${quote(input)} (expected ${allowed})`;
      return `expected ${allowed}, got ${describe(input)}`;
    },
  });
  const beginningOf = strictObject({ beginningOf: oneOf(STEP_OR_PHASE_IDS, 'step or phase') });
  const until = dispatch<EffectDuration>((value) => (isRecord(value) ? beginningOf : durationKeyword));
  const continuousEffect: z.ZodType<ContinuousEffectSpec> = strictObject({ id, until });

  const addMana: z.ZodType<AddManaSpec> = strictObject({ player, amount: integer(0) });

  const skip: z.ZodType<SkipSpec> = strictObject({
    player,
    step: oneOf(STEP_IDS, 'step').optional(),
    phase: oneOf(PHASE_IDS, 'phase').optional(),
    turn: z.literal(true, { error: ({ input }) => `"turn" takes true, got ${describe(input)}` }).optional(),
    each: flag.optional(),
  }).superRefine((obj, ctx) => {
    const report = reporter(ctx);
    exactlyOneOf(['step', 'phase', 'turn'], obj, report);
    if (obj.each === true && obj.turn !== undefined) report(['each'], '"each" goes with "step" or "phase", not "turn"');
  }, ALWAYS_ON_OBJECTS);

  const empty = strictObject({});
  const effect = oneKeyObject(
    {
      endTurn: empty,
      endCombat: empty,
      extraTurn: strictObject({ player }),
      addPhases: strictObject({ phases: z.array(oneOf(PHASE_IDS, 'phase')).min(1) }),
      addStep: strictObject({ step: oneOf(STEP_IDS, 'step'), afterPhase: flag.optional(), count: integer(1).optional() }),
      skip,
      trigger: triggered,
      at,
      cast: spell,
      createEffect: continuousEffect,
      addMana,
    },
    { noun: 'effect', example: '{"endTurn": {}}' },
  );
  const effectList = z
    .array(effect)
    .superRefine((list, ctx) => checkEffectOrder(list, reporter(ctx)), ALWAYS_ON_ARRAYS) as z.ZodType<ResolutionEffect[]>;

  return { spell, activated, triggered, at, continuousEffect, addMana, effects };
}

/** `{"advanceTo": …}`: `turn` optional, exactly one of `step` / `phase`. */
export function advanceToSchema() {
  return strictObject({
    turn: integer(1).optional(),
    step: oneOf(STEP_IDS, 'step').optional(),
    phase: oneOf(PHASE_IDS, 'phase').optional(),
  }).superRefine((obj, ctx) => {
    const report = reporter(ctx);
    if (obj.step === undefined && obj.phase === undefined) report([], `needs ${listOf(['"step"', '"phase"'])}`);
    // Both may be given when they agree (the step is one of that phase's steps).
    if (obj.step !== undefined && obj.phase !== undefined && PHASE_OF_STEP[obj.step] !== obj.phase) {
      report(['step'], `step ${quote(obj.step)} is not in phase ${quote(obj.phase)} (it belongs to ${quote(PHASE_OF_STEP[obj.step])})`);
    }
  }, ALWAYS_ON_OBJECTS);
}
