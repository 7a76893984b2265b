// A measurement that runs alone in its own worker thread (its own V8 isolate and heap), with
// `gc()` exposed there: memory figures then count only what the task itself keeps alive.
import { Worker } from 'node:worker_threads';
import v8 from 'node:v8';
import vm from 'node:vm';

export type IsolatedTask = 'long' | 'limits' | 'limitsAtOnce';

/**
 * Runs `task` (bench/long.ts or bench/limits.ts, its `run(data)`) in a fresh worker and returns
 * its result. `youngGenerationMb`: room in the young generation (so that one measured `send`
 * rarely triggers a scavenge and its heap growth is what it allocated); default: V8's own.
 */
export function runIsolated<T>(task: IsolatedTask, data: unknown, youngGenerationMb?: number): Promise<T> {
  const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
    workerData: { module: './isolated-worker.ts', task, data },
    ...(youngGenerationMb !== undefined && { resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb } }),
  });
  return new Promise<T>((resolve, reject) => {
    worker.once('message', (reply: { result?: T; error?: string }) => {
      void worker.terminate();
      if (reply.error !== undefined) reject(new Error(`${task}: ${reply.error}`));
      else resolve(reply.result as T);
    });
    worker.once('error', reject);
  });
}

/** V8's `gc()`, exposed at run time (a worker cannot be given `--expose-gc` on its command line). */
export function exposeGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** Bytes in use on this isolate's heap. */
export const heapUsed = () => v8.getHeapStatistics().used_heap_size;

export const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
