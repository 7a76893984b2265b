/**
 * The machines Stately's tools read from source, and `mtg-turn-machine export`
 * writes out: `file` is the literal `setup({...}).createMachine({...})` source,
 * `export` the name it is exported under.
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
