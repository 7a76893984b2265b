// FORMAT.md "Additions" (issue 18, this branch's part): `send`, `controlNextTurn`, `extraTurn.players`,
// `player` on addStep/addPhases, `options.rulesEdition` and the new VIEW keys — valid files accepted by
// both validators, invalid ones refused with the JSON path of the problem.
import { existsSync, readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { scenarioJsonSchema } from '../../src/scenario/index.js';
import { effectErrors, entryErrors, errorsOf, scenario } from './schema-helpers.js';

const ajv = new Ajv2020({ allErrors: true, strict: true });
const accepts = ajv.compile(scenarioJsonSchema());

const upcoming = new URL('../../../shared/scenarios/upcoming/', import.meta.url);
const FILES = ['23-mindslaver-controls-the-next-turn', '24-control-waits-past-a-skipped-turn', '25-emrakul-control-then-extra-turn',
  '26-2hg-controlling-a-player-controls-the-team', '31-each-player-takes-an-extra-turn', '32-each-player-extra-turn-in-another-players-turn',
  '33-you-get-an-additional-step-only-in-your-turn', '34-rule-numbers-default-edition', '35-rule-numbers-november-2023', '36-rule-numbers-september-2025'];

describe.runIf(existsSync(upcoming))('the upcoming scenarios of issue 18 are valid for both validators', () => {
  it.each(FILES)('%s', (name) => {
    const value = JSON.parse(readFileSync(new URL(`${name}.json`, upcoming), 'utf8'));
    expect(errorsOf(value)).toEqual([]);
    expect(accepts(value), JSON.stringify(accepts.errors)).toBe(true);
  });
});

const mindslaver = (fields: object) => ({ controlNextTurn: fields });

describe('valid', () => {
  it.each([
    ['send', { send: { by: 'A', action: { pass: 'B' } } }],
    ['reject of send', { reject: { send: { by: 'B', action: { cast: { id: 'x', controller: 'A' } } } } }],
    ['controlNextTurn', { cast: { id: 'm', controller: 'A', effects: [mindslaver({ player: 'B', controller: 'A', thenExtraTurn: true })] } }],
    ['extraTurn of several players', { cast: { id: 't', controller: 'A', effects: [{ extraTurn: { players: ['B', 'A'] } }] } }],
    ['addStep for a player', { cast: { id: 'o', controller: 'A', effects: [{ addStep: { step: 'upkeep', player: 'B' } }, { addPhases: { phases: ['combat'], player: 'A' } }] } }],
    ['the new VIEW keys', { expect: { rulesEdition: '2026-04-17', ruleNumbers: { endingTurnsAndPhases: '724' }, controlledBy: {}, decides: { A: 'A' }, pendingControl: {}, decider: 'A', turnOf: 'A' } }],
  ])('%s', (_name, entry) => {
    expect(entryErrors(entry)).toEqual([]);
    expect(accepts(scenario([entry]))).toBe(true);
  });
  it('options.rulesEdition: any real date from 2019-10-04 on', () => {
    for (const date of ['2019-10-04', '2023-11-17', '2024-02-29', '2031-12-31']) expect(errorsOf(scenario([], { options: { rulesEdition: date } }))).toEqual([]);
  });
});

describe('invalid, with the JSON path', () => {
  it.each([
    ['send without by', { send: { action: { pass: 'B' } } }, /^script\[0\]\.send\.by: missing/],
    ['send by an unknown player', { send: { by: 'Z', action: { pass: 'B' } } }, /^script\[0\]\.send\.by: /],
    ['send wrapping passAll', { send: { by: 'A', action: { passAll: true } } }, /^script\[0\]\.send\.action: .*"passAll" cannot be sent/],
    ['send wrapping send', { send: { by: 'A', action: { send: { by: 'A', action: { pass: 'A' } } } } }, /^script\[0\]\.send\.action: .*"send" cannot be sent/],
    ['send wrapping a report', { send: { by: 'A', action: { addMana: { player: 'A', amount: 1 } } } }, /^script\[0\]\.send\.action: .*"addMana" cannot be sent/],
    ['send wrapping expect', { send: { by: 'A', action: { expect: {} } } }, /^script\[0\]\.send\.action: .*"expect" cannot be sent/],
    ['send with an unknown key', { send: { by: 'A', action: { pass: 'B' }, also: 1 } }, /^script\[0\]\.send: unknown key "also"/],
    ['a bad action inside send', { send: { by: 'A', action: { pass: 'Z' } } }, /^script\[0\]\.send\.action\.pass: /],
    ['by inside a plain entry', { declareAttackers: { player: 'A', attackers: [], by: 'B' } }, /^script\[0\]\.declareAttackers: unknown key "by"/],
  ])('%s', (_name, entry, message) => {
    expect(entryErrors(entry)).toEqual([expect.stringMatching(message)]);
  });

  it.each([
    ['controlNextTurn without controller', [mindslaver({ player: 'B' })], /effects\[0\]\.controlNextTurn\.controller: missing/],
    ['controlNextTurn with an unknown player', [mindslaver({ player: 'Z', controller: 'A' })], /effects\[0\]\.controlNextTurn\.player: /],
    ['controlNextTurn with an unknown key', [mindslaver({ player: 'B', controller: 'A', turns: 2 })], /effects\[0\]\.controlNextTurn: unknown key "turns"/],
    ['thenExtraTurn not a boolean', [mindslaver({ player: 'B', controller: 'A', thenExtraTurn: 'yes' })], /effects\[0\]\.controlNextTurn\.thenExtraTurn: /],
    ['extraTurn with player and players', [{ extraTurn: { player: 'A', players: ['B'] } }], /effects\[0\]\.extraTurn: give "player" or "players", not both/],
    ['extraTurn with an empty players', [{ extraTurn: { players: [] } }], /effects\[0\]\.extraTurn\.players: /],
    ['extraTurn with a repeated player', [{ extraTurn: { players: ['A', 'A'] } }], /effects\[0\]\.extraTurn\.players\[1\]: "A" is listed twice/],
    ['thatTurn after an extraTurn of several players', [{ extraTurn: { players: ['A', 'B'] } }, { at: { id: 'l', controller: 'A', when: 'end', thatTurn: true } }], /effects\[1\]\.at\.thatTurn: .*several players/],
    ['addStep for an unknown player', [{ addStep: { step: 'upkeep', player: 'Z' } }], /effects\[0\]\.addStep\.player: /],
  ])('%s', (_name, effects, message) => {
    expect(effectErrors(...effects)).toEqual([expect.stringMatching(message)]);
  });

  it.each([['not a date', 'soon'], ['not a real date', '2023-02-30'], ['before 2019-10-04', '2019-10-03'], ['another format', '17/11/2023']])('options.rulesEdition %s', (_name, date) => {
    expect(errorsOf(scenario([], { options: { rulesEdition: date } }))).toEqual([expect.stringMatching(/^options\.rulesEdition: /)]);
  });
});
