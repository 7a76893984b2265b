import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario, startScenario, type ScriptEntry } from '../../src/scenario/index.js';
import { describeEntry } from '../../src/visualizer/app/entries.js';
import { createLiveActors } from '../../src/visualizer/app/liveActors.js';
import { MAX_SCENARIO_BYTES, readScenarioFile, scenarioList } from '../../src/visualizer/app/scenarioMode.js';

const SCENARIOS = new URL('../scenarios/', import.meta.url).pathname;
const described = (entry: unknown) => describeEntry(entry as ScriptEntry);

describe('script entries in words', () => {
  it('reads the entries of issues 11, 14 and 15', () => {
    expect(described({ orderTriggers: { player: 'A', order: ['t2', 't1'] } })).toBe('A orders triggers t2, t1 (the first lowest on the stack)');
    expect(described({ orderTriggers: { team: 'A+B', order: ['b1', 'a1'] } })).toBe('team A+B orders triggers b1, a1 (the first lowest on the stack)');
    expect(described({ setCombatant: { id: 'knight', firstStrike: true, doubleStrike: false } })).toBe('knight gains first strike and loses double strike');
    expect(described({ onDiscard: { player: 'B', trigger: { id: 'madness', controller: 'B' } } })).toBe('the next time B discards, madness (B) triggers');
    expect(described({ onStateBasedActions: true })).toBe('the next state-based-action check performs an action that triggers nothing');
    expect(described({ onStateBasedActions: { id: 'dies', controller: 'A' } })).toBe('the next state-based-action check makes dies (A) trigger');
    expect(described({ declareAttackers: { team: 'A+B', attackers: [{ id: 'bearA' }, { id: 'bearB', controller: 'B', firstStrike: true }] } }))
      .toBe("team A+B declares attackers: bearA, bearB (first strike, B's)");
    expect(described({ declareBlockers: { player: 'D', blockers: [] } })).toBe('D declares no blockers');
    expect(described({ reject: { pass: 'A' } })).toBe('refused: A passes');
    expect(described({ createEffect: { id: 'fog', until: { nextTurnOf: 'A' } } })).toBe('effect fog starts, until next turn of A');
    expect(described({ at: { id: 'ff', controller: 'A', when: 'end', thatTurn: true, once: true } })).toBe('register ff (A): at the beginning of end, that turn, once');
    expect(described({ cast: { id: 'timeStop', controller: 'A', type: 'instant', effects: [{ endTurn: {} }] } })).toBe('cast timeStop (A, instant): endTurn');
    expect(described({ expect: { priority: 'C+D', mayAct: ['C', 'D'] } })).toBe('expect priority "C+D"; mayAct ["C","D"]');
    expect(described({ send: { by: 'A', action: { pass: 'B' } } })).toBe('A sends: B passes');
    expect(described({ reject: { send: { by: 'B', action: { pass: 'B' } } } })).toBe('refused: B sends: B passes');
  });

  it('has words for every entry of the bundled scenarios, and the team ones start and run green', () => {
    for (const file of readdirSync(SCENARIOS).filter((name) => name.endsWith('.json'))) {
      const parsed = parseScenario(readFileSync(join(SCENARIOS, file), 'utf8'));
      if (!parsed.ok) throw new Error(`${file}: ${parsed.errors.join('; ')}`);
      for (const entry of parsed.scenario.script) expect(describeEntry(entry), file).not.toMatch(/^\{/);
      if (!file.startsWith('teams-')) continue;
      const run = startScenario(parsed.scenario);
      while (!run.done) expect(run.step().failure, `${file} entry ${run.next}`).toBeNull();
      run.game.stop();
    }
  });
});

describe('what the scenario page reads is accepted whole or refused saying why', () => {
  it('refuses a file too large, or not UTF-8', async () => {
    expect(await readScenarioFile(new File(['{"name": "é"}'], 'ok.json'))).toEqual({ text: '{"name": "é"}' });
    expect(await readScenarioFile(new File([new Uint8Array([0x7b, 0xff, 0x7d])], 'latin.json'))).toEqual({ error: 'latin.json: the file is not UTF-8 text' });
    const big = { size: MAX_SCENARIO_BYTES + 1, name: 'big.json', arrayBuffer: () => Promise.reject(new Error('must not be read')) } as unknown as File;
    expect(await readScenarioFile(big)).toEqual({ error: `big.json: the file is ${MAX_SCENARIO_BYTES + 1} bytes, over the 8 MiB limit for a scenario` });
  });

  it('refuses a list of bundled scenarios of another shape', () => {
    expect(scenarioList('[{"file": "a.json", "name": "A"}]')).toEqual([{ file: 'a.json', name: 'A' }]);
    expect(scenarioList('<html>')).toEqual({ error: 'the list of bundled scenarios is not JSON' });
    expect(scenarioList('[{"file": 1}]')).toEqual({ error: 'the list of bundled scenarios is not a list of {file, name}' });
  });

  it('refuses an inspector message of another shape, changing nothing', () => {
    const live = createLiveActors();
    const bad: unknown[] = [null, { type: '@xstate.snapshot', sessionId: 'x:0', event: null }, { type: '@xstate.event' }, { type: 'hello', sessionId: 'x:0' }];
    for (const message of bad) expect(() => live.receive(message as never)).toThrow(/./);
    expect(live.actors.size).toBe(0);
  });
});
