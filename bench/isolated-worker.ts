// The worker side of bench/isolated.ts: runs one task and posts its result (or its error).
import { parentPort, workerData } from 'node:worker_threads';

process.env.NODE_ENV ??= 'production';
const { task, data } = workerData as { task: string; data: unknown };
try {
  const module = task === 'long' ? await import('./long.js') : await import('./limits.js');
  const run = task === 'limitsAtOnce' ? (await import('./limits.js')).allAtOnce : module.run;
  parentPort!.postMessage({ result: await run(data as never) });
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) });
}
