// The scenario JSON Schema (schema/scenario.schema.json, generated from the schema the CLI validates
// with) against the real files and a corpus of structurally invalid ones, with Ajv's draft 2020-12.
// JSON Schema says less than validateScenario (not which players exist, not the rules between keys),
// so the promise is one-way: whatever validateScenario accepts, the JSON Schema accepts.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { scenarioJsonSchema, validateScenario } from '../../src/scenario/index.js';
import { nextScenarios, ownScenarios, sharedScenarios } from './corpus.js';
import { scenario, spell } from './schema-helpers.js';

const ajv = new Ajv2020({ allErrors: true, strict: true });
const accepts = ajv.compile(scenarioJsonSchema());
const schemaErrors = (value: unknown) => (accepts(value) ? [] : (accepts.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));

describe('every scenario validateScenario accepts, the JSON Schema accepts', () => {
  const files = [...ownScenarios(), ...sharedScenarios(), ...nextScenarios()];
  const valid = files.filter((file) => file.errors.length === 0);

  it('the repository and ../shared/scenarios provide them', () => {
    expect(ownScenarios().length).toBeGreaterThan(10);
    expect(valid.length).toBeGreaterThanOrEqual(ownScenarios().length);
  });

  it.each(valid.map((file) => [file.name, file.value] as const))('%s', (_name, value) => {
    expect(schemaErrors(value)).toEqual([]);
  });

  it('a file may name the schema with "$schema"', () => {
    const named = scenario([{ passAll: true }], { $schema: '../node_modules/mtg-turn-machine/schema/scenario.schema.json' });
    expect(validateScenario(named).ok).toBe(true);
    expect(schemaErrors(named)).toEqual([]);
  });
});

const ability = { id: 'ab', controller: 'A', effects: [] };
const at = { id: 'w', controller: 'A', when: 'end', effects: [] };

/**
 * Files wrong in their structure, after the cases of test/scenario/schema*.test.ts: unknown keys, wrong
 * types, unknown ids, missing keys, numbers out of range, empty strings and lists, entries and effects
 * without exactly one known key.
 */
const INVALID: [string, unknown][] = [
  ['a list instead of a scenario', [1, 2]],
  ['null', null],
  ['an unknown top-level key', scenario([], { author: 'me' })],
  ['no name', { players: ['A', 'B'], script: [] }],
  ['no script', { name: 'x', players: ['A', 'B'] }],
  ['an empty name', scenario([], { name: '' })],
  ['a name over the length limit', scenario([], { name: 'n'.repeat(2001) })],
  ['a rule that is a number', scenario([], { rules: ['723.1', 7231] })],
  ['one player', scenario([], { players: ['A'] })],
  ['nine players', scenario([], { players: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'] })],
  ['a player twice', scenario([], { players: ['A', 'B', 'A'] })],
  ['a player that is a number', scenario([], { players: ['A', 2] })],
  ['players as a string', scenario([], { players: 'AB' })],
  ['skipFirstDraw as a string', scenario([], { options: { skipFirstDraw: 'yes' } })],
  ['a negative maxHandSize', scenario([], { options: { maxHandSize: -1 } })],
  ['a fractional hand size', scenario([], { options: { hands: { A: 2.5 } } })],
  ['a misspelt option', scenario([], { options: { maxHandsize: 7 } })],
  ['an entry with two keys', scenario([{ pass: 'A', cast: spell() }])],
  ['an empty entry', scenario([{}])],
  ['an unknown entry', scenario([{ foo: 1 }])],
  ['a misspelt entry', scenario([{ passall: true }])],
  ['an entry that is a string', scenario(['pass'])],
  ['passAll false', scenario([{ passAll: false }])],
  ['pass with a number', scenario([{ pass: 1 }])],
  ['an empty target id', scenario([{ invalidateTarget: '' }])],
  ['setCondition without its value', scenario([{ setCondition: { name: 'x' } }])],
  ['a negative amount of mana', scenario([{ addMana: { player: 'A', amount: -2 } }])],
  ['reject holding an expectation', scenario([{ reject: { expect: {} } }])],
  ['reject holding two actions', scenario([{ reject: { pass: 'A', passAll: true } }])],
  ['an unknown step in advanceTo', scenario([{ advanceTo: { step: 'drawStep' } }])],
  ['an unknown phase in advanceTo', scenario([{ advanceTo: { phase: 'main' } }])],
  ['turn 0', scenario([{ advanceTo: { turn: 0, step: 'end' } }])],
  ['a fractional turn', scenario([{ advanceTo: { turn: 1.5, step: 'end' } }])],
  ['an unknown step in at', scenario([{ at: { ...at, when: 'upkep' } }])],
  ['an unknown step expected', scenario([{ expect: { step: 'drew' } }])],
  ['phase null expected', scenario([{ expect: { phase: null } }])],
  ['an unknown spell type', scenario([{ cast: spell({ type: 'instnt' }) }])],
  ['an ability type for a spell', scenario([{ cast: spell({ type: 'triggered' }) }])],
  ['an unknown timing', scenario([{ activate: { ...ability, timing: 'flash' } }])],
  ['an unknown key on a spell', scenario([{ cast: spell({ colour: 'red' }) }])],
  ['a misspelt key on a spell', scenario([{ cast: spell({ target: ['x'] }) }])],
  ['an empty spell id', scenario([{ cast: spell({ id: '' }) }])],
  ['copy as a string', scenario([{ cast: spell({ copy: 'yes' }) }])],
  ['an unknown key in an effect', scenario([{ cast: spell({ effects: [{ endTurn: { now: true } }] }) }])],
  ['a misspelt effect', scenario([{ cast: spell({ effects: [{ endturn: {} }] }) }])],
  ['an effect with two keys', scenario([{ cast: spell({ effects: [{ endTurn: {}, endCombat: {} }] }) }])],
  ['an effect that is a string', scenario([{ cast: spell({ effects: ['endTurn'] }) }])],
  ['extraTurn with a number for its player', scenario([{ cast: spell({ effects: [{ extraTurn: { player: 7 } }] }) }])],
  ['addPhases with no phase', scenario([{ cast: spell({ effects: [{ addPhases: { phases: [] } }] }) }])],
  ['addPhases with an unknown phase', scenario([{ cast: spell({ effects: [{ addPhases: { phases: ['combat', 'secondMain'] } }] }) }])],
  ['addStep with count 0', scenario([{ cast: spell({ effects: [{ addStep: { step: 'upkeep', count: 0 } }] }) }])],
  ['skip turn false', scenario([{ cast: spell({ effects: [{ skip: { player: 'B', turn: false } }] }) }])],
  ['an unknown duration', scenario([{ createEffect: { id: 'e', until: 'endOfGame' } }])],
  ['an effect without its duration', scenario([{ createEffect: { id: 'e' } }])],
  ['a duration that is a number', scenario([{ createEffect: { id: 'e', until: 3 } }])],
  ['an unknown key on an attacker', scenario([{ declareAttackers: { player: 'A', attackers: [{ id: 'bear', flying: true } ] } }])],
  ['a blocker that blocks nothing', scenario([{ declareBlockers: { player: 'B', blockers: [{ id: 'wall' }] } }])],
  ['declareAttackers without attackers', scenario([{ declareAttackers: { player: 'A' } }])],
  ['an unknown expectation', scenario([{ expect: { turnNumber: 2 } }])],
  ['expected turn 0', scenario([{ expect: { turn: 0 } }])],
  ['an unknown waitingFor', scenario([{ expect: { waitingFor: 'blockers' } }])],
  ['a stack that is a string', scenario([{ expect: { stack: 'timeStop' } }])],
  ['an unknown zone', scenario([{ expect: { zones: { hand: [] } } }])],
];

describe('the JSON Schema refuses files wrong in their structure', () => {
  it.each(INVALID)('%s', (_what, value) => {
    expect(validateScenario(value).ok).toBe(false); // the corpus is invalid indeed
    expect(schemaErrors(value)).not.toEqual([]);
  });
});
