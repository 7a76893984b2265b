import { startVisualizer, type RunningVisualizer, type VisualizerOptions } from './server.js';

/** What the server refused and why, on stderr: a program closed for going past a cap should know it. */
const warn = (line: string) => console.error(`mtg-turn-machine: ${line}`);

/**
 * Ctrl-C (SIGINT) or SIGTERM closes the server, its connections and the relay, then the process exits:
 * the port is free again when the command returns to the shell.
 */
function closeOnSignals(running: RunningVisualizer): RunningVisualizer {
  const stop = (signal: NodeJS.Signals) => {
    // Without a handler left, a second signal ends the process at once, and so does the re-raised one:
    // the process dies of the signal it was sent, as the caller (and npm) expect of a stopped command.
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    const die = () => process.kill(process.pid, signal);
    running.close().then(die, die);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return running;
}

/**
 * `mtg-turn-machine inspect`: the visualizer in live mode. Programs that create
 * their actor with `createWebSocketInspector({ url })` pointed at the printed
 * WebSocket URL show up in the page as they run.
 */
export async function runInspectCommand(options: VisualizerOptions = {}): Promise<RunningVisualizer> {
  const running = closeOnSignals(await startVisualizer({ log: warn, ...options }));
  console.log(`Inspector relay: ${running.inspectUrl}`);
  console.log(`  in your program: createActor(machine, { inspect: createWebSocketInspector({ url: '${running.inspectUrl}' }).inspect })`);
  console.log(`Live view: ${running.url}#inspect`);
  return running;
}

/** `mtg-turn-machine visualize` (what `npm start` runs): serves the page and prints its URL. */
export async function runVisualizeCommand(options: VisualizerOptions = {}): Promise<RunningVisualizer> {
  const running = closeOnSignals(await startVisualizer({ log: warn, ...options }));
  console.log(`Visualizer: ${running.url}`);
  console.log(`Inspector relay (for createWebSocketInspector): ${running.inspectUrl}`);
  return running;
}
