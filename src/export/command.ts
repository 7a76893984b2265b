import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { statelyMachines, type StatelyMachineEntry } from '../../stately.config.js';
import { machineConfigJson, statelySource } from './stately.js';

export interface ExportOptions {
  /** Output folder. Default `dist/stately`. */
  out?: string;
  /** The machines to export. Default: those listed in `stately.config.ts`. */
  machines?: StatelyMachineEntry[];
}

export interface ExportedMachine {
  name: string;
  jsonFile: string;
  sourceFile: string;
}

/** Loads a listed machine: with its `load`, else from `file`, relative to the package root here and in a compiled copy under dist/. */
async function loadMachine(entry: StatelyMachineEntry): Promise<AnyStateMachine> {
  const module: Record<string, unknown> = entry.load
    ? await entry.load()
    : await import(new URL(`../../${entry.file.replace(/\.ts$/, '.js')}`, import.meta.url).href);
  const machine = module[entry.export];
  if (!machine || typeof machine !== 'object' || !('config' in machine)) {
    throw new Error(`${entry.file} does not export a machine named "${entry.export}"`);
  }
  return machine as AnyStateMachine;
}

/**
 * `mtg-turn-machine export [--out DIR]`: for each machine of `stately.config.ts`,
 * writes `NAME.json` (the config) and `NAME.machine.ts` (for Stately's editor). Prints nothing: the caller
 * (the CLI) prints the list it returns.
 */
export async function runExportCommand(options: ExportOptions = {}): Promise<ExportedMachine[]> {
  const out = resolve(options.out ?? join('dist', 'stately'));
  await mkdir(out, { recursive: true });
  const exported: ExportedMachine[] = [];
  for (const entry of options.machines ?? statelyMachines) {
    const machine = await loadMachine(entry);
    const jsonFile = join(out, `${entry.name}.json`);
    const sourceFile = join(out, `${entry.name}.machine.ts`);
    await writeFile(jsonFile, `${machineConfigJson(machine)}\n`);
    await writeFile(sourceFile, statelySource(entry.name, machine));
    exported.push({ name: entry.name, jsonFile, sourceFile });
  }
  return exported;
}
