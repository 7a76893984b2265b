/**
 * The project's own list of its machines, for `mtg-turn-machine export` and the build (which
 * writes each as dist/machines/NAME.json and NAME.machine.ts). Stately's tools do not read this
 * file: its editor's "Import from code" and the VS Code extension find `createMachine` calls in
 * source. `file` is the literal `setup({...}).createMachine({...})` source, `export` the name it
 * is exported under.
 */
export interface StatelyMachineEntry {
  name: string;
  file: string;
  export: string;
  /** Imports `file` (so that a bundle of the CLI carries the machine); without it, `file` is imported beside the compiled config. */
  load?: () => Promise<Record<string, unknown>>;
}

export const statelyMachines: StatelyMachineEntry[] = [
  { name: 'turn', file: 'machines/turn.ts', export: 'turnStatechart', load: () => import('./machines/turn.js') },
];

export default statelyMachines;
