// One contender in its own worker thread (its own V8 isolate): no JIT feedback, hidden
// classes or heap shared with the other contenders, as in a real program that runs only
// one of them. Measured in the same process (in one run), one worker at a time.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { AnyStateMachine } from 'xstate';
import type { Contender } from './contenders/index.js';
import type { Move } from './script.js';
import type { Workload } from './random.js';

process.env.NODE_ENV ??= 'production';

export type WorkerRequest =
  /** Play this random workload from now on (the same worker, so each contender starts once). */
  | { cmd: 'workload'; workload: Workload }
  | { cmd: 'trace' }
  | { cmd: 'play' }
  | { cmd: 'calibrate'; sampleMs: number }
  | { cmd: 'sample'; games: number };

export type WorkerReply =
  | { cmd: 'ready'; label: string; group: number }
  | { cmd: 'workload'; label: string }
  | { cmd: 'trace'; trace: string[] | null }
  | { cmd: 'play'; result: number }
  | { cmd: 'calibrate'; games: number }
  | { cmd: 'sample'; ms: number; cpuMs: number }
  | { cmd: 'error'; message: string };

const { id, moves, players, tree, label, workload } = workerData as {
  id: string; moves: Move[]; players: string[]; tree?: string; label?: string;
  /** A random workload (bench/random.ts) to play instead of the script. */
  workload?: Workload;
};
const { contenders } = await import('./contenders/index.js');
const { whereKey } = await import('./script.js');

/** The contender, or with --compare DIR (or --cow) our raw actor over DIR's build of the machine (a patched copy). */
const { WORKLOAD_CONTENDER_IDS, WORKLOAD_LABELS, workloadContender } = await import('./contenders/workload.js');
/** The contender `id` on a random workload (undefined: not one that can follow it). */
function onWorkload(w: Workload): Contender | undefined {
  const known = WORKLOAD_CONTENDER_IDS.find((known) => known === id);
  return known && { id, label: WORKLOAD_LABELS[known], group: 1, ...workloadContender(known, w) };
}

async function build(): Promise<Contender | undefined> {
  if (workload) return onWorkload(workload);
  if (!tree) return contenders(moves, players, [id])[0];
  const { oursActorContender } = await import('./contenders/ours.js');
  const { turnMachine, view } = (await import(pathToFileURL(join(tree, 'src/index.ts')).href)) as
    { turnMachine: AnyStateMachine; view: Parameters<typeof oursActorContender>[3] };
  return { id, label: label ?? `ours from ${tree}: createActor + send`, group: 1, ...oursActorContender(moves, players, turnMachine, view) };
}
let contender = (await build())!;
if (!contender) throw new Error(`unknown contender ${id}`);

let sink = 0;
const port = parentPort!;
const reply = (message: WorkerReply) => port.postMessage(message);

port.on('message', (request: WorkerRequest) => {
  try {
    if (request.cmd === 'workload') {
      const next = onWorkload(request.workload);
      if (!next) throw new Error(`${id} cannot play a random workload`);
      contender = next;
      reply({ cmd: 'workload', label: contender.label });
    } else if (request.cmd === 'play') {
      reply({ cmd: 'play', result: contender.play() });
    } else if (request.cmd === 'trace') {
      reply({ cmd: 'trace', trace: contender.trace ? contender.trace().map((w) => (typeof w === 'string' ? w : whereKey(w))) : null });
    } else if (request.cmd === 'calibrate') {
      let games = 0;
      const start = performance.now();
      while (performance.now() - start < 150 || games < 3) { sink += contender.play(); games += 1; }
      const perGame = (performance.now() - start) / games;
      reply({ cmd: 'calibrate', games: Math.max(1, Math.round(request.sampleMs / perGame)) });
    } else {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < request.games; i += 1) sink += contender.play();
      const ms = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      if (sink === 0) throw new Error('no game played');
      reply({ cmd: 'sample', ms, cpuMs: (cpu.user + cpu.system) / 1000 });
    }
  } catch (error) {
    reply({ cmd: 'error', message: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) });
  }
});
reply({ cmd: 'ready', label: contender.label, group: contender.group });
