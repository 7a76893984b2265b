/** Script entries and the scenario file itself (FORMAT.md). */
import { z } from 'zod';
import { MAX_PLAYERS, MIN_PLAYERS } from './ids.js';
import { describe, quote } from './messages.js';
import {
  ALWAYS_ON_ARRAYS,
  ALWAYS_ON_OBJECTS,
  flag,
  id,
  integer,
  isRecord,
  oneKeyObject,
  playerRef,
  strictObject,
  text,
  type PlayerRef,
} from './common.js';
import { advanceToSchema, objectSchemas } from './objects.js';
import { viewSchema } from './view.js';
import type { ActionEntry, CreatureSpec, Scenario, ScenarioOptions, ScriptEntry } from './types.js';

const PLAYER_COUNT = `${MIN_PLAYERS} to ${MAX_PLAYERS} players`;

function creatureSchema(role: 'attacker' | 'blocker'): z.ZodType<CreatureSpec> {
  return strictObject({
    id,
    firstStrike: flag.optional(),
    doubleStrike: flag.optional(),
    blocking: role === 'blocker' ? text('the id of the attacker it blocks') : id.optional(),
  }).superRefine((creature, ctx) => {
    if (role === 'attacker' && creature.blocking !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['blocking'], message: '"blocking" is only for blockers (declareBlockers)' });
    }
  }, ALWAYS_ON_OBJECTS);
}

const ACTION_EXAMPLE = '{"pass": "A"}';

function entrySchemas(player: PlayerRef) {
  const objects = objectSchemas(player);
  const actions: Record<string, z.ZodType> = {
    pass: player,
    passAll: z.literal(true, { error: ({ input }) => `expected true, got ${describe(input)}` }),
    advanceTo: advanceToSchema(),
    cast: objects.spell,
    activate: objects.activated,
    trigger: objects.triggered,
    at: objects.at,
    onStateBasedActions: objects.triggered,
    declareAttackers: strictObject({ player, attackers: z.array(creatureSchema('attacker')) }),
    declareBlockers: strictObject({ player, blockers: z.array(creatureSchema('blocker')) }),
    createEffect: objects.continuousEffect,
    addMana: objects.addMana,
    invalidateTarget: id,
    setCondition: strictObject({ name: text('a condition name'), value: flag }),
  };
  const action = oneKeyObject(actions, {
    noun: 'entry',
    example: ACTION_EXAMPLE,
    unknownKey: (key) =>
      key === 'reject' || key === 'expect' ? `reject holds exactly one action entry, and ${quote(key)} is not an action` : undefined,
  }) as z.ZodType<ActionEntry>;
  const entry = oneKeyObject(
    { ...actions, reject: action, expect: viewSchema(player) },
    { noun: 'entry', example: ACTION_EXAMPLE },
  ) as z.ZodType<ScriptEntry>;
  return { action, entry };
}

const players = z
  .array(text('a player id'), {
    error: ({ input }) =>
      input === undefined
        ? `missing (expected ${PLAYER_COUNT}, e.g. ["A", "B"])`
        : `expected a list of ${PLAYER_COUNT}, got ${describe(input)}`,
  })
  .superRefine((list, ctx) => {
    if (list.length < MIN_PLAYERS || list.length > MAX_PLAYERS) {
      ctx.addIssue({ code: 'custom', message: `${PLAYER_COUNT}, got ${list.length}` });
    }
    list.forEach((player, index) => {
      if (typeof player === 'string' && list.indexOf(player) < index) {
        ctx.addIssue({ code: 'custom', path: [index], message: `duplicate player ${quote(player)}` });
      }
    });
  }, ALWAYS_ON_ARRAYS);

function optionsSchema(player: PlayerRef): z.ZodType<ScenarioOptions> {
  return strictObject({
    skipFirstDraw: flag.optional(),
    maxHandSize: integer(0).optional(),
    hands: z.record(player, integer(0)).optional(),
  });
}

/** The whole file; player references are checked against `declared` (the file's own `players`). */
export function scenarioSchema(declared: ReadonlySet<string> | undefined): z.ZodType<Scenario> {
  const player = playerRef(declared);
  const { entry } = entrySchemas(player);
  return z.strictObject(
    {
      name: text('a name'),
      rules: z.array(text('a rule number')).optional(),
      players,
      options: optionsSchema(player).optional(),
      script: z.array(entry),
    },
    {
      error: (issue) => {
        if (issue.code === 'unrecognized_keys') {
          return issue.keys.map((key) => `unknown key ${quote(key)} (allowed: name, rules, players, options, script)`).join('\n');
        }
        if (issue.code === 'invalid_type') {
          return `expected a scenario object, got ${describe(issue.input)}`;
        }
        return undefined;
      },
    },
  );
}

/** The players a file declares (its valid string entries), to check references against. */
export function declaredPlayers(value: unknown): ReadonlySet<string> | undefined {
  if (!isRecord(value) || !Array.isArray(value.players)) return undefined;
  return new Set(value.players.filter((p): p is string => typeof p === 'string' && p !== ''));
}
