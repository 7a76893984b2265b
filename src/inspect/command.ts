import { startVisualizer, type RunningVisualizer, type VisualizerOptions } from '../visualizer/server.js';

/**
 * `mtg-turn-machine inspect`: the visualizer in live mode. Programs that create
 * their actor with `createWebSocketInspector({ url })` pointed at the printed
 * WebSocket URL show up in the page as they run.
 */
export async function runInspectCommand(options: VisualizerOptions = {}): Promise<RunningVisualizer> {
  const running = await startVisualizer(options);
  console.log(`Inspector relay: ${running.inspectUrl}`);
  console.log(`  in your program: createActor(machine, { inspect: createWebSocketInspector({ url: '${running.inspectUrl}' }).inspect })`);
  console.log(`Live view: ${running.url}#inspect`);
  return running;
}
