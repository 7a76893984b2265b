/**
 * The machines Stately's tools read from source, and `mtg-turn-machine export`
 * writes out: `file` is the literal `setup({...}).createMachine({...})` source,
 * `export` the name it is exported under.
 */
export interface StatelyMachineEntry {
  name: string;
  file: string;
  export: string;
}

export const statelyMachines: StatelyMachineEntry[] = [{ name: 'turn', file: 'machines/turn.ts', export: 'turnStatechart' }];

export default statelyMachines;
