// One table: the rule every history record cites (`ruleOfRecord`), by record type and by what
// made it, checked against records the machine really makes, in three editions of the rules
// (FORMAT.md "Rule numbers by edition": 723 → 724 / 720; 722 → 723 / 719). The numbers are the
// Comprehensive Rules': 601.2a for a cast spell, 723.2b / 723.2d in the combat procedure, 500.10a…
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HISTORY_RECORD_TYPES, inEdition, ruleOfRecord, type HistoryRecord, type HistoryRecordType } from '../../src/index.js';
import { createGame } from '../../src/index.js';
import { passAll } from '../../src/scenario/driver.js';
import { runScenario } from '../../src/scenario/runner.js';

interface Row {
  /** What made the record. */
  what: string;
  match: Partial<Record<string, unknown>> & { type: HistoryRecordType };
  /** The rule, in the September 2025 numbers (RULES.md). */
  rule: string;
}

const TABLE: Row[] = [
  { what: 'a turn begins', match: { type: 'turnBegan' }, rule: '500.1' },
  { what: 'a turn ends', match: { type: 'turnEnded' }, rule: '500.1' },
  { what: 'a phase begins', match: { type: 'phaseBegan' }, rule: '500.1' },
  { what: 'a phase ends', match: { type: 'phaseEnded' }, rule: '500.5' },
  { what: 'a step begins', match: { type: 'stepBegan' }, rule: '500.1' },
  { what: 'a step ends', match: { type: 'stepEnded' }, rule: '500.5' },
  { what: 'a player receives priority', match: { type: 'priority' }, rule: '117.3' },
  { what: 'a player passes', match: { type: 'passed' }, rule: '117.3d' },
  { what: 'an ability triggers', match: { type: 'triggered' }, rule: '603.2' },
  { what: 'Time Stop: a waiting trigger is removed', match: { type: 'triggerRemoved', id: 'early2' }, rule: '723.1a' },
  { what: 'Mandate of Peace: a waiting trigger is removed', match: { type: 'triggerRemoved', id: 'early' }, rule: '723.2a' },
  { what: 'a spell is cast', match: { type: 'putOnStack', id: 'mandate' }, rule: '601.2a' },
  { what: 'an ability is activated', match: { type: 'putOnStack', id: 'mindslaver' }, rule: '602.2a' },
  { what: 'a triggered ability goes on the stack', match: { type: 'putOnStack', id: 'early0' }, rule: '117.5' },
  { what: 'an object resolves', match: { type: 'resolved' }, rule: '608.2' },
  { what: 'an object does not resolve', match: { type: 'didNotResolve' }, rule: '608.2b' },
  { what: 'Time Stop exiles the stack', match: { type: 'moved', to: 'exile', id: 'timeStop' }, rule: '723.1b' },
  { what: 'Mandate of Peace exiles the stack', match: { type: 'moved', to: 'exile', id: 'mandate' }, rule: '723.2b' },
  { what: 'a resolved spell goes to the graveyard', match: { type: 'moved', to: 'graveyard' }, rule: '608.2n' },
  { what: 'a permanent spell enters', match: { type: 'moved', to: 'battlefield' }, rule: '608.3a' },
  { what: 'a mutating spell merges', match: { type: 'merged' }, rule: '608.3d' },
  { what: 'an ability ceases to exist', match: { type: 'ceasedToExist' }, rule: '704.5e' },
  { what: 'state-based actions are checked', match: { type: 'stateBasedActions' }, rule: '704.3' },
  { what: 'an effect begins', match: { type: 'effectCreated' }, rule: '611.2' },
  { what: 'an effect ends', match: { type: 'effectEnded' }, rule: '500.5' },
  { what: 'the end of combat step ends', match: { type: 'removedFromCombat', id: 'bear' }, rule: '511.3' },
  { what: 'Mandate of Peace ends the combat phase', match: { type: 'removedFromCombat', id: 'knight' }, rule: '723.2d' },
  { what: 'Time Stop ends the combat phase', match: { type: 'removedFromCombat', id: 'wolf' }, rule: '723.1d' },
  { what: 'mana empties', match: { type: 'manaEmptied' }, rule: '500.5' },
  { what: 'cleanup discard', match: { type: 'discarded' }, rule: '514.1' },
  { what: 'Time Stop', match: { type: 'turnEndedByEffect' }, rule: '723.1' },
  { what: 'Mandate of Peace', match: { type: 'combatEndedByEffect' }, rule: '723.2' },
  { what: 'Mandate of Peace outside combat', match: { type: 'endCombatIgnored' }, rule: '723.2g' },
  { what: 'a limit', match: { type: 'limitReached' }, rule: 'limit' },
  { what: 'a team attacks', match: { type: 'attackersDeclared' }, rule: '805.10b' },
  { what: 'a team blocks', match: { type: 'blockersDeclared' }, rule: '805.10d' },
  { what: 'Mindslaver\'s turn begins', match: { type: 'controlBegan' }, rule: '722.1' },
  { what: 'Mindslaver\'s turn is over', match: { type: 'controlEnded' }, rule: '722.1' },
  { what: 'the controller passes for the controlled player', match: { type: 'controlledAction' }, rule: '722.5' },
  { what: '"you get an additional step" in another player\'s turn', match: { type: 'addIgnored' }, rule: '500.10a' },
  { what: 'a player concedes', match: { type: 'playerLeft', reason: 'conceded' }, rule: '104.3a' },
  { what: 'a player loses by an effect', match: { type: 'playerLeft', reason: 'lost' }, rule: '104.3e' },
  { what: 'a Two-Headed Giant teammate leaves with the team', match: { type: 'playerLeft', reason: 'team' }, rule: '810.8b' },
  { what: 'an object leaves the game with its owner', match: { type: 'leftGame' }, rule: '800.4a' },
  { what: 'a departed player\'s turn does not begin', match: { type: 'turnDidNotBegin' }, rule: '800.4k' },
  { what: 'one player is left', match: { type: 'gameEnded', turn: 2 }, rule: '104.2a' },
  { what: 'one team is left', match: { type: 'gameEnded', turn: 1 }, rule: '104.2c' },
  { what: 'a standing pass is set', match: { type: 'shortcutSet' }, rule: '730.2' },
  { what: 'a standing pass ends', match: { type: 'shortcutEnded' }, rule: '730.2' },
];

const spell = (id: string, effects: object[] = [], extra: object = {}) => ({ id, controller: 'A', type: 'instant', effects, ...extra });

/** Games that make every kind of record of the table. */
const SCRIPTS = [
  {
    name: 'two players', players: ['A', 'B'], options: { maxHandSize: 6 },
    limits: undefined,
    script: [
      { advanceTo: { turn: 1, phase: 'precombatMain' } },
      { cast: spell('bear0', [], { type: 'creature' }) }, { passAll: true },
      { cast: spell('mutant', [], { type: 'creature', mutate: true, targets: ['bear0'] }) }, { passAll: true },
      { cast: spell('fizzle', [], { targets: ['gone'] }) }, { invalidateTarget: 'gone' }, { passAll: true },
      { addMana: { player: 'A', amount: 1 } }, { createEffect: { id: 'e', until: 'endOfStep' } },
      { trigger: { id: 'early0', controller: 'B' } }, { pass: 'A' },
      { passAll: true },
      { advanceTo: { turn: 1, step: 'declareAttackers' } }, { declareAttackers: { player: 'A', attackers: [{ id: 'bear' }] } },
      { advanceTo: { turn: 1, step: 'endOfCombat' } }, { passAll: true },
      { cast: spell('mandate2', [{ endCombat: {} }]) }, { passAll: true },
      { activate: { id: 'mindslaver', controller: 'A', effects: [{ controlNextTurn: { player: 'B', controller: 'A' } }] } }, { passAll: true },
      { activate: { id: 'obeka', controller: 'A', effects: [{ addStep: { step: 'upkeep', player: 'B' } }] } }, { passAll: true },
      { advanceTo: { turn: 2, step: 'upkeep' } },
      { send: { by: 'A', action: { pass: 'B' } } },
      { advanceTo: { turn: 2, step: 'declareAttackers' } }, { send: { by: 'A', action: { declareAttackers: { player: 'B', attackers: [{ id: 'knight' }] } } } },
      { passAll: true }, { declareBlockers: { player: 'A', blockers: [] } },
      { send: { by: 'A', action: { cast: { id: 'mandate', controller: 'B', type: 'instant', effects: [{ trigger: { id: 'early', controller: 'A' } }, { endCombat: {} }] } } } },
      { passAll: true },
      { advanceTo: { turn: 3, step: 'declareAttackers' } }, { declareAttackers: { player: 'A', attackers: [{ id: 'wolf' }] } },
      { cast: spell('timeStop', [{ trigger: { id: 'early2', controller: 'B' } }, { endTurn: {} }]) }, { passAll: true },
      { advanceTo: { turn: 4, step: 'upkeep' } },
    ],
  },
  {
    name: 'teams and limits', players: ['A', 'B', 'C', 'D'], teams: [['A', 'B'], ['C', 'D']], options: { variant: 'twoHeadedGiant' },
    script: [
      { advanceTo: { turn: 1, step: 'declareAttackers' } },
      { declareAttackers: { team: 'A+B', attackers: [{ id: 'ab' }] } }, { passAll: true },
      { declareBlockers: { team: 'C+D', blockers: [] } },
      { concede: 'A' },
    ],
  },
  {
    name: 'standing passes', players: ['A', 'B'],
    script: [{ passUntil: { player: 'B', until: { step: 'end' } } }, { cancelPassUntil: 'B' }],
  },
  {
    name: 'leaving the game', players: ['A', 'B', 'C', 'D'],
    script: [
      { pass: 'A' }, { cast: { id: 'bSpell', controller: 'B', type: 'instant' } }, { concede: 'B' },
      { advanceTo: { turn: 2, step: 'upkeep' } },
      { cast: { id: 'lose', controller: 'C', type: 'instant', effects: [{ loseGame: { player: 'D' } }] } }, { passAll: true },
      { concede: 'A' },
    ],
  },
];

function histories(rulesEdition?: string): HistoryRecord[] {
  const played = SCRIPTS.flatMap(({ limits: _limits, ...scenario }) => {
    const result = runScenario({ ...scenario, options: { ...scenario.options, ...(rulesEdition && { rulesEdition }) } });
    expect(result.failures, scenario.name).toEqual([]);
    return result.history;
  });
  // a limit (scenario files set none): two extra turns where one fits
  const game = createGame({ players: ['A', 'B'], options: { ...(rulesEdition && { rulesEdition }) }, limits: { maxExtraTurns: 1 } });
  game.send({ type: 'spell.cast', object: spell('twice', [{ extraTurn: { player: 'A' } }, { extraTurn: { player: 'A' } }]) as never });
  passAll(game);
  return [...played, ...game.history];
}

const matches = (r: HistoryRecord, match: Row['match']) => Object.entries(match).every(([k, v]) => (r as unknown as Record<string, unknown>)[k] === v);

describe('every record cites its rule (one table, three editions)', () => {
  it('the table has a row for every record type', () => {
    expect([...new Set(TABLE.map((row) => row.match.type))].sort()).toEqual([...HISTORY_RECORD_TYPES].sort());
  });

  it.each([['2026-04-17 (default)', undefined], ['2025-09-26', '2025-09-26'], ['2023-11-17', '2023-11-17']])('in the %s edition', (_name, edition) => {
    const history = histories(edition);
    for (const row of TABLE) {
      const made = history.filter((r) => matches(r, row.match));
      expect(made.length, `no record for "${row.what}"`).toBeGreaterThan(0);
      const expected = inEdition(row.rule, edition ?? '2026-04-17');
      for (const record of made) expect(ruleOfRecord(record, edition), `${row.what}: ${JSON.stringify(record)}`).toBe(expected);
    }
  });

  // ../shared holds the rules texts beside the repository (CI has it; a clone alone does not)
  const shared = new URL('../../../shared/', import.meta.url);
  it.runIf(existsSync(shared))('the numbers are the rules\': each one of the September 2025 numbers is quoted in the rules texts', () => {
    const texts = [
      readFileSync(new URL('RULES.md', shared), 'utf8'), readFileSync(new URL('RULES-TEAMS.md', shared), 'utf8'),
      readFileSync(new URL('scenarios/FORMAT.md', shared), 'utf8'),
      ...readdirSync(new URL('seeds/', shared)).map((f) => readFileSync(new URL(`seeds/${f}`, shared), 'utf8')),
    ].join('\n');
    // Not quoted in ../shared (the CR's own numbers): 603.2 (triggering), 602.2a (activating), and 722's
    // sub-rules, which RULES.md writes "x.1", "x.5" under "Controlling another player (… 722 in late 2025 …)".
    const unquoted = new Set(['limit', '603.2', '602.2a', '722.1', '722.5']);
    for (const row of TABLE) if (!unquoted.has(row.rule)) expect(texts.includes(row.rule), `${row.rule} (${row.what})`).toBe(true);
    expect(texts).toMatch(/\*\*x\.1\*\*/);
    expect(texts).toMatch(/\*\*x\.5\*\*/);
  });
});
