// Worker bootstrap: register the bench's TypeScript hooks in this thread (loader hooks are per
// thread; bench/ts-hooks.mjs: compiled as the package is built, no tsx `keepNames`), then load
// the TypeScript worker: bench/worker.ts (a contender), or the module named in workerData
// (bench/isolated.ts).
import { workerData } from 'node:worker_threads';
import './register.mjs';

await import(workerData?.module ?? './worker.ts');
