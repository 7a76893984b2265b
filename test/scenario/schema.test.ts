import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenario, validateScenario } from '../../src/scenario/index.js';
import { nextScenarios, SHARED_SCENARIOS, sharedScenarios } from './corpus.js';
import { entryErrors, errorsOf, scenario, spell } from './schema-helpers.js';

// ../shared/scenarios beside the repository (CI lays it there), found from this file: not from /work.
describe.skipIf(!existsSync(SHARED_SCENARIOS))('the shared scenarios', () => {
  const files = sharedScenarios();
  // next/: features in progress; those validateScenario accepts today are held to the same standard.
  const next = nextScenarios();
  const accepted = next.filter((file) => file.errors.length === 0);

  it('are all there', () => {
    expect(files.length).toBeGreaterThanOrEqual(11);
    expect(next.length).toBeGreaterThan(0);
  });

  it.each([...files, ...accepted].map((file) => [file.name, file] as const))('%s is valid and comes back unchanged', (_name, file) => {
    const result = parseScenario(file.text);
    expect(result).toEqual({ ok: true, scenario: file.value });
  });

  it.each(next.filter((file) => file.errors.length > 0).map((file) => [file.name, file] as const))(
    '%s (in progress) is refused with reasons, not an exception',
    (_name, file) => {
      const result = parseScenario(file.text);
      expect(result.ok).toBe(false);
      expect(result.ok ? [] : result.errors).toEqual(file.errors);
      expect(file.errors.every((line) => /^\S+: \S/.test(line))).toBe(true);
    },
  );
});

describe('parseScenario: text that is not JSON', () => {
  it('names the problem with its line and column', () => {
    expect(parseScenario('{"name": "x",\n  "players": ["A" "B"]}')).toEqual({
      ok: false,
      errors: [`not valid JSON: unexpected '"' (expected ',') at line 2, column 19`],
    });
  });

  it.each([
    ['', 'not valid JSON: unexpected end of input (expected a value) at line 1, column 1'],
    ['{"a":}', `not valid JSON: unexpected '}' (expected a value) at line 1, column 6`],
    ['{"a": 1,}', `not valid JSON: unexpected '}' (expected a double-quoted property name) at line 1, column 9`],
    ['{"a": 1}\n}', `not valid JSON: unexpected '}' after the JSON value at line 2, column 1`],
    ["{'a': 1}", `not valid JSON: unexpected ''' at line 1, column 2`],
    ['{"a": "x\ny"}', 'not valid JSON: control character U+000A inside a string (write it as an escape such as \\n) at line 1, column 9'],
    ['{"a": [1, 2', `not valid JSON: unexpected end of input (expected ',' or ']' after an array element) at line 1, column 12`],
  ])('%j', (text, error) => {
    expect(parseScenario(text)).toEqual({ ok: false, errors: [error] });
  });

  it('accepts a leading byte-order mark', () => {
    expect(parseScenario('\uFEFF{"name": "x", "players": ["A", "B"], "script": []}').ok).toBe(true);
  });

  it('does not throw on a non-string argument', () => {
    expect(parseScenario(undefined as unknown as string)).toEqual({
      ok: false,
      errors: ['not valid JSON: expected text, got undefined'],
    });
  });
});

describe('validateScenario: the file', () => {
  it('returns the very value it was given, with no defaults filled in', () => {
    const value = scenario([{ activate: { id: 'sundial', controller: 'A' } }, { passAll: true }]);
    const result = validateScenario(value);
    expect(result.ok && result.scenario).toBe(value);
    expect(value).toEqual(scenario([{ activate: { id: 'sundial', controller: 'A' } }, { passAll: true }]));
  });

  it.each([
    [[1, 2], '(root): expected a scenario object, got a list'],
    [null, '(root): expected a scenario object, got null'],
    [scenario([], { author: 'me' }), '(root): unknown key "author" (allowed: $schema, name, rules, players, teams, options, script)'],
    [{ players: ['A', 'B'], script: [] }, 'name: missing (expected a name)'],
    [{ name: 'x', players: ['A', 'B'] }, 'script: missing (expected a list)'],
    [scenario([], { rules: ['723.1', 7231] }), 'rules[1]: expected a rule number, got 7231'],
    [scenario([], { options: { skipFirstDraw: 'yes' } }), 'options.skipFirstDraw: expected true or false, got "yes"'],
    [scenario([], { options: { maxHandSize: -1 } }), 'options.maxHandSize: expected a whole number (0 or more), got -1'],
    [scenario([], { options: { hands: { A: 2.5 } } }), 'options.hands.A: expected a whole number (0 or more), got 2.5'],
    [scenario([], { options: { maxHandsize: 7 } }), 'options: unknown key "maxHandsize" (did you mean "maxHandSize"?)'],
  ])('%j', (value, error) => {
    expect(errorsOf(value)).toEqual([error]);
  });

  it('reports every problem, one line each, in document order', () => {
    expect(errorsOf({ name: '', players: ['A'], script: [{ pass: 'C' }, { passAll: false }] })).toEqual([
      'name: must not be empty',
      'players: 2 to 8 players, got 1',
      'script[0].pass: player "C" is not in players',
      'script[1].passAll: expected true, got false',
    ]);
  });

  it('never throws on any JSON value or text, and every error is one PATH: message line', () => {
    const wellFormed = (result: ReturnType<typeof validateScenario>) =>
      result.ok || (result.errors.length > 0 && result.errors.every((line) => /^(not valid JSON|\(root\)|[A-Za-z_$][^\n]*?): \S[^\n]*$/.test(line)));
    fc.assert(fc.property(fc.jsonValue(), (value) => wellFormed(validateScenario(value))), { numRuns: 500 });
    fc.assert(fc.property(fc.string(), (text) => wellFormed(parseScenario(text))), { numRuns: 500 });
    const entry = fc.dictionary(
      fc.constantFrom('pass', 'cast', 'activate', 'trigger', 'at', 'expect', 'reject', 'advanceTo', 'skip', 'x'),
      fc.oneof(fc.jsonValue(), fc.constant(spell()), fc.dictionary(fc.constantFrom('id', 'controller', 'type', 'effects', 'when', 'step'), fc.jsonValue())),
      { maxKeys: 2 },
    );
    fc.assert(fc.property(fc.array(entry, { maxLength: 4 }), (script) => wellFormed(validateScenario(scenario(script)))), { numRuns: 500 });
  });

  it('never throws on pathological values', () => {
    const deep: Record<string, unknown> = { id: 'x', controller: 'A', type: 'instant' };
    let cursor = deep;
    for (let i = 0; i < 5000; i++) {
      const inner: Record<string, unknown> = { id: `x${i}`, controller: 'A', type: 'instant' };
      cursor.effects = [{ cast: inner }];
      cursor = inner;
    }
    for (const value of [undefined, 0, 'x', Symbol('s'), () => 1, scenario([{ cast: deep }])]) {
      const result = validateScenario(value);
      expect(result.ok === true || result.errors.every((line) => /^\S+: \S/.test(line))).toBe(true);
    }
    const [error, ...more] = errorsOf(scenario([{ cast: deep }]));
    expect(more).toEqual([]);
    expect(error).toMatch(/^script\[0\]\.cast(\.effects\[0\]\.cast)+\.effects: nested too deeply \(more than \d+ levels, limits\.maxNesting\)$/);
  });
});

describe('players', () => {
  it.each([
    [['A'], 'players: 2 to 8 players, got 1'],
    [[], 'players: 2 to 8 players, got 0'],
    [['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'], 'players: 2 to 8 players, got 9'],
    [['A', 'B', 'A'], 'players[2]: duplicate player "A"'],
    [['A', ''], 'players[1]: must not be empty'],
    [['A', 2], 'players[1]: expected a player id, got 2'],
    ['AB', 'players: expected a list of 2 to 8 players, got "AB"'],
  ])('%j', (players, error) => {
    expect(errorsOf(scenario([], { players }))).toEqual([error]);
  });

  it('accepts 8 players', () => {
    expect(errorsOf(scenario([], { players: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] }))).toEqual([]);
  });

  it('every player reference must be one of players, reported at its own path', () => {
    const obj = { id: 'o', controller: 'C', effects: [] };
    expect(
      errorsOf(
        scenario(
          [
            { pass: 'C' },
            { cast: { ...obj, type: 'instant' } },
            { activate: obj },
            { trigger: obj },
            { onStateBasedActions: obj },
            { at: { id: 'w', controller: 'A', when: 'end', whoseTurn: 'C' } },
            { addMana: { player: 'C', amount: 1 } },
            { declareAttackers: { player: 'C', attackers: [] } },
            { declareBlockers: { player: 'C', blockers: [] } },
            { reject: { pass: 'C' } },
            {
              cast: spell({
                effects: [{ extraTurn: { player: 'C' } }, { skip: { player: 'C', turn: true } }, { addMana: { player: 'C', amount: 1 } }],
              }),
            },
            {
              expect: {
                activePlayer: 'C',
                priority: 'C',
                manaPool: { A: 0, C: 0 },
                handSize: { C: 7 },
                nextTurns: ['A', 'C'],
              },
            },
          ],
          { options: { hands: { C: 9 } } },
        ),
      ),
    ).toEqual([
      'options.hands.C: player "C" is not in players',
      'script[0].pass: player "C" is not in players',
      'script[1].cast.controller: player "C" is not in players',
      'script[2].activate.controller: player "C" is not in players',
      'script[3].trigger.controller: player "C" is not in players',
      'script[4].onStateBasedActions.controller: player "C" is not in players',
      'script[5].at.whoseTurn: player "C" is not in players',
      'script[6].addMana.player: player "C" is not in players',
      'script[7].declareAttackers.player: player "C" is not in players',
      'script[8].declareBlockers.player: player "C" is not in players',
      'script[9].reject.pass: player "C" is not in players',
      'script[10].cast.effects[0].extraTurn.player: player "C" is not in players',
      'script[10].cast.effects[1].skip.player: player "C" is not in players',
      'script[10].cast.effects[2].addMana.player: player "C" is not in players',
      'script[11].expect.activePlayer: player "C" is not in players',
      'script[11].expect.priority: player "C" is not in players',
      'script[11].expect.manaPool.C: player "C" is not in players',
      'script[11].expect.handSize.C: player "C" is not in players',
      'script[11].expect.nextTurns[1]: player "C" is not in players',
    ]);
  });

  it('quotes a player key that is not an identifier in the path', () => {
    expect(errorsOf(scenario([], { options: { hands: { 'Player 1': 9 } } }))).toEqual([
      'options.hands["Player 1"]: player "Player 1" is not in players',
    ]);
  });

  it('accepts priority: null', () => {
    expect(entryErrors({ expect: { priority: null, step: null, waitingFor: null } })).toEqual([]);
  });
});
