// Every conformance scenario passes: the project's own, and ../shared/scenarios (with next/) when
// present (CI has it), found from this file, not from the working directory.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../src/scenario/runner.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const folders = [here('scenarios'), here('../../shared/scenarios'), here('../../shared/scenarios/next')].filter((dir) => existsSync(dir));

for (const dir of folders) {
  describe(`scenarios in ${dir}`, () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
    it('has scenarios', () => expect(files.length).toBeGreaterThan(0));
    it.each(files)('%s', (file) => {
      const result = runScenario(readFileSync(join(dir, file), 'utf8'));
      expect(result.failures).toEqual([]);
      expect(result.ok).toBe(true);
    });
  });
}

// The upcoming scenarios (../shared/scenarios/upcoming) of the issues main has done, by name: issue 18
// (rule numbers by edition, controlling a player, leaving the game, extra turns for several players,
// 500.10a) and issue 20 (standing passes, 732.2).
const upcoming = here('../../shared/scenarios/upcoming');
const UPCOMING: Record<string, string[]> = {
  'issue 18': [
    '23-mindslaver-controls-the-next-turn.json',
    '24-control-waits-past-a-skipped-turn.json',
    '25-emrakul-control-then-extra-turn.json',
    '26-2hg-controlling-a-player-controls-the-team.json',
    '27-concede-while-holding-priority.json',
    '28-active-player-concedes-the-turn-goes-on.json',
    '29-two-player-concession-ends-the-game.json',
    '30-final-fortune-loss-in-the-extra-turn.json',
    '31-each-player-takes-an-extra-turn.json',
    '32-each-player-extra-turn-in-another-players-turn.json',
    '33-you-get-an-additional-step-only-in-your-turn.json',
    '34-rule-numbers-default-edition.json',
    '35-rule-numbers-november-2023.json',
    '36-rule-numbers-september-2025.json',
  ],
  'issue 20 (standing passes)': [
    '37-pass-until-my-next-turn.json',
    '38-standing-passes-to-the-end-step.json',
    '39-the-same-passes-by-hand.json',
    '40-a-standing-pass-stops-at-declarations.json',
  ],
};
for (const [issue, files] of Object.entries(UPCOMING)) {
  describe.runIf(existsSync(upcoming))(`upcoming scenarios of ${issue}`, () => {
    it.each(files)('%s', (file) => {
      const result = runScenario(readFileSync(join(upcoming, file), 'utf8'));
      expect(result.failures).toEqual([]);
      expect(result.ok).toBe(true);
    });
  });
}

describe('the runner fails when the game differs from an expectation', () => {
  it('reports the entry index, the key, expected and actual', () => {
    const result = runScenario({
      name: 'wrong on purpose', players: ['A', 'B'],
      script: [{ passAll: true }, { expect: { phase: 'precombatMain', priority: 'B', stack: [] } }],
    });
    expect(result.ok).toBe(false);
    expect(result.failures).toEqual([expect.objectContaining({
      index: 1, mismatches: [{ key: 'priority', expected: 'B', actual: 'A' }],
    })]);
  });

  it('history: includes, excludes and sequence are each checked', () => {
    const script = (history: object) => ({ name: 'h', players: ['A', 'B'], script: [{ passAll: true }, { expect: { history } }] });
    expect(runScenario(script({ includes: [{ type: 'stepBegan', step: 'upkeep' }] })).ok).toBe(true);
    expect(runScenario(script({ includes: [{ type: 'stepBegan', step: 'draw' }] })).ok).toBe(false);
    expect(runScenario(script({ excludes: [{ type: 'passed', player: 'B' }] })).ok).toBe(false);
    expect(runScenario(script({ sequence: [{ type: 'passed', player: 'A' }, { type: 'passed', player: 'B' }] })).ok).toBe(true);
    expect(runScenario(script({ sequence: [{ type: 'passed', player: 'B' }, { type: 'passed', player: 'A' }] })).ok).toBe(false);
  });

  it('a reject entry fails when the action is accepted', () => {
    const result = runScenario({ name: 'r', players: ['A', 'B'], script: [{ reject: { pass: 'A' } }] });
    expect(result.failures[0]).toMatchObject({ index: 0, message: 'pass was accepted; it should have been refused' });
  });

  it('a rejected passAll: refused while the game waits for a declaration, a failure while someone holds priority', () => {
    const script = (entries: object[]) => ({ name: 'p', players: ['A', 'B'], script: entries });
    expect(runScenario(script([{ advanceTo: { turn: 1, step: 'declareAttackers' } }, { reject: { passAll: true } }])).ok).toBe(true);
    expect(runScenario(script([{ reject: { passAll: true } }])).failures[0].message).toBe('passAll was accepted; it should have been refused');
  });

  it('advanceTo gives up after 1000 passes and says where the game is', () => {
    const result = runScenario({
      name: 'stuck', players: ['A', 'B'],
      script: [
        { at: { id: 'again', controller: 'A', when: 'cleanup', effects: [] } },
        { advanceTo: { turn: 2, step: 'upkeep' } },
      ],
    });
    expect(result.failures[0].message).toMatch(/^gave up after 1000 passes without reaching it; stuck at turn 1 \(A\), ending\/cleanup/);
  });
});
