// The rules actions are built as XState builds its own actions where this XState does so
// (faster; not a documented API) and through `enqueueActions` + `assign` otherwise
// (src/machine/actions.ts). Both must be the same machine: every scenario passes on the public
// path, the rules monitor finds nothing on it, and the same events give the same history,
// refusals and persisted game on both.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { turnStatechart } from '../../machines/turn.js';
import { buildTurnActions, HOOK_NAMES, XSTATE_RESOLVES_BUILT_INS } from '../../src/machine/actions.js';
import { guardMachine } from '../../src/machine/boundary.js';
import { createGame, type TurnMachine } from '../../src/index.js';
import { runScenario } from '../../src/scenario/index.js';
import { fuzzCase } from '../fuzz/arbitraries.js';
import { runSequence } from '../fuzz/sequence.js';

const publicPath = guardMachine(turnStatechart.provide({ actions: buildTurnActions('public') }), HOOK_NAMES) as unknown as TurnMachine;
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const folders = [here('../scenarios'), here('../../../shared/scenarios'), here('../../../shared/scenarios/next')].filter((dir) => existsSync(dir));

describe('the rules actions, built either way', () => {
  it('this XState builds its own actions as the fast path expects, so the machine uses it', () => {
    expect(XSTATE_RESOLVES_BUILT_INS).toBe(true);
  });

  it.each(folders.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => join(dir, f))))('public path: %s', (file) => {
    expect(runScenario(readFileSync(file, 'utf8'), { machine: publicPath }).failures).toEqual([]);
  });

  it('public path: 150 fuzz sequences keep every rule invariant; the same events give the same history, refusals and persisted game on the fast path', () => {
    fc.assert(fc.property(fuzzCase(40), (c) => {
      const { violations, events } = runSequence(c, { machine: publicPath });
      expect(violations.map((v) => `[${v.rule}] ${v.message}`)).toEqual([]);
      const slow = createGame(c.input, { machine: publicPath });
      const fast = createGame(c.input);
      for (const event of events) expect(fast.send(event)).toEqual(slow.send(event));
      expect(fast.history).toEqual(slow.history);
      expect(JSON.stringify(fast.persist())).toBe(JSON.stringify(slow.persist()));
    }), { numRuns: 150, seed: 723 });
  });
});
