// Worker bootstrap: register tsx in this thread (loader hooks are per thread), then load the
// TypeScript worker: bench/worker.ts (a contender), or the module named in workerData (bench/isolated.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData?.module ?? './worker.ts');
