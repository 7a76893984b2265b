import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createActor, createMachine, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { turnMachine } from '../../src/index.js';
import { turnActions } from '../../src/machine/actions.js';
import { turnGuards } from '../../src/machine/guards.js';
import { runExportCommand } from '../../src/export/command.js';
import { findInlineImplementations, machineConfigJson, statelySource } from '../../src/export/stately.js';
import { statelyMachines } from '../../stately.config.js';
import { loadMachineExtractor } from '../stately/extractor.js';

/** The `createMachine({...})` argument of a generated source file. */
function configOfSource(source: string): unknown {
  const start = source.indexOf('createMachine(') + 'createMachine('.length;
  return JSON.parse(source.slice(start, source.lastIndexOf(');')));
}

describe('Stately export', () => {
  it('refuses a machine whose inline guards or actions JSON would drop, naming where they are', () => {
    const inline = setup({}).createMachine({
      id: 'inline',
      initial: 'a',
      states: { a: { entry: [() => {}], on: { go: { target: 'b', guard: () => true } } }, b: {} },
    });
    expect(findInlineImplementations(inline.config)).toEqual([
      { path: 'states.a.entry[0]', kind: 'action' },
      { path: 'states.a.on.go.guard', kind: 'guard' },
    ]);
    expect(() => machineConfigJson(inline)).toThrow(/states\.a\.on\.go\.guard/);
  });

  it('writes the turn machine as JSON and as createMachine source that rebuilds the same machine', async () => {
    const out = mkdtempSync(join(tmpdir(), 'stately-export-'));
    const exported = await runExportCommand({ out });
    expect(exported.map((machine) => machine.name)).toEqual(statelyMachines.map((entry) => entry.name));
    const json = JSON.parse(readFileSync(join(out, 'turn.json'), 'utf8'));
    expect(json).toEqual(JSON.parse(JSON.stringify(turnMachine.config)));
    const source = readFileSync(join(out, 'turn.machine.ts'), 'utf8');
    expect(source).toContain("import { createMachine } from 'xstate';");
    expect(source).toBe(statelySource('turn', turnMachine));
    expect(configOfSource(source)).toEqual(json);

    // The context factory is a function: JSON keeps only the chart, so the rebuild gets it back beside guards and actions.
    const rebuilt = createMachine({ ...json, context: turnMachine.config.context }).provide({ guards: turnGuards as never, actions: turnActions as never });
    const original = createActor(turnMachine, { input: { players: ['A', 'B'] } }).start();
    const copy = createActor(rebuilt, { input: { players: ['A', 'B'] } } as never).start();
    for (let i = 0; i < 40; i++) {
      const holder = original.getSnapshot().context.priority.holder ?? 'A';
      const event = { type: 'priority.pass', player: holder } as const;
      original.send(event);
      copy.send(event);
      expect(copy.getSnapshot().value).toEqual(original.getSnapshot().value);
    }
  });

  it('writes source that Stately\'s parser extracts as the same chart', () => {
    const source = statelySource('turn', turnMachine);
    const extracted = loadMachineExtractor().extractMachinesFromFile(source);
    expect(extracted?.machines).toHaveLength(1);
    const config = extracted!.machines[0]!.toConfig() as { id: string; states: Record<string, unknown> };
    expect(config.id).toBe(turnMachine.id);
    const stateKeys = (node: { states?: Record<string, unknown> }): unknown =>
      Object.fromEntries(Object.entries(node.states ?? {}).map(([key, child]) => [key, stateKeys(child as { states?: Record<string, unknown> })]));
    expect(stateKeys(config)).toEqual(stateKeys(turnMachine.config as never));
  });
});
