import { startVisualizer, type RunningVisualizer, type VisualizerOptions } from './server.js';

/** What the server refused and why, on stderr: a program closed for going past a cap should know it. */
const warn = (line: string) => console.error(`mtg-turn-machine: ${line}`);

/**
 * `mtg-turn-machine inspect`: the visualizer in live mode. Programs that create
 * their actor with `createWebSocketInspector({ url })` pointed at the printed
 * WebSocket URL show up in the page as they run.
 */
export async function runInspectCommand(options: VisualizerOptions = {}): Promise<RunningVisualizer> {
  const running = await startVisualizer({ log: warn, ...options });
  console.log(`Inspector relay: ${running.inspectUrl}`);
  console.log(`  in your program: createActor(machine, { inspect: createWebSocketInspector({ url: '${running.inspectUrl}' }).inspect })`);
  console.log(`Live view: ${running.url}#inspect`);
  return running;
}

/** `mtg-turn-machine visualize` (what `npm start` runs): serves the page and prints its URL. */
export async function runVisualizeCommand(options: VisualizerOptions = {}): Promise<RunningVisualizer> {
  const running = await startVisualizer({ log: warn, ...options });
  console.log(`Visualizer: ${running.url}`);
  console.log(`Inspector relay (for createWebSocketInspector): ${running.inspectUrl}`);
  return running;
}
