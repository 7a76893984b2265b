// Throughput: every contender plays the same script, in one run, each in its own worker
// thread (own V8 isolate: contenders sharing xstate or immer in one isolate pollute each
// other's JIT feedback and halve each other's speed). Only one worker runs at a time.
// Each round runs every contender once, in an order that rotates; a sample is as many
// whole games as fill ~sampleMs. Warm-up rounds are discarded; medians and means are reported
// (the mean: all measured events over all their time, so a slow sample counts in full).
// No forced gc() between samples: it shrinks the young generation, and the allocating
// contenders (xstate snapshots, immer drafts) then pay for regrowing it inside the sample.
import { Worker } from 'node:worker_threads';
import { median } from './isolated.js';
import type { Move } from './script.js';
import type { Workload } from './random.js';
import type { WorkerReply, WorkerRequest } from './worker.js';

export interface Throughput {
  id: string;
  label: string;
  group: number;
  /** Events per second (wall clock), median and range over the measured rounds. */
  median: number;
  min: number;
  max: number;
  /** Events per CPU-second of the process (GC threads included): less sensitive to a busy machine. */
  cpuMedian: number;
  /** The mean rates: all the measured samples' events over all their time (wall clock, CPU). */
  mean: number;
  cpuMean: number;
  /** CPU time per event, ns: the mean (all samples' CPU time over their events) and the median sample's. */
  cpuMeanNs: number;
  cpuMedianNs: number;
  gamesPerSample: number;
  samples: number;
}

export interface MeasureOptions {
  rounds: number;
  warmup: number;
  sampleMs: number;
  log?: (line: string) => void;
}

/** A short idle gap, so the previous sample's concurrent GC work (sweeping, marking) does not run inside the next one. */
const settle = () => new Promise((done) => setTimeout(done, 40));


/** A contender's worker, asked one thing at a time. */
export class ContenderWorker {
  readonly id: string;
  label = '';
  group = 0;
  private readonly worker: Worker;
  private pending: ((reply: WorkerReply) => void) | null = null;
  private readonly ready: Promise<void>;

  /** `tree`, `label`: our actor over another copy of the repository (bench --compare DIR, --cow). */
  constructor(id: string, moves: Move[], players: string[], tree?: string, label?: string, workload?: Workload) {
    this.id = id;
    this.worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
      workerData: { id, moves, players, tree, label, workload },
    });
    this.ready = new Promise((resolve, reject) => {
      this.pending = (reply) => {
        if (reply.cmd !== 'ready') { reject(new Error(`worker ${id}: ${JSON.stringify(reply)}`)); return; }
        this.label = reply.label;
        this.group = reply.group;
        resolve();
      };
      this.worker.once('error', reject);
    });
    this.worker.on('message', (reply: WorkerReply) => { const p = this.pending; this.pending = null; p?.(reply); });
  }

  async ask<C extends WorkerRequest['cmd']>(request: Extract<WorkerRequest, { cmd: C }>): Promise<Extract<WorkerReply, { cmd: C }>> {
    await this.ready;
    return new Promise((resolve, reject) => {
      this.pending = (reply) => {
        if (reply.cmd === 'error') reject(new Error(`worker ${this.id}: ${reply.message}`));
        else resolve(reply as Extract<WorkerReply, { cmd: C }>);
      };
      this.worker.postMessage(request);
    });
  }

  async start(): Promise<this> { await this.ready; return this; }
  stop(): Promise<number> { return this.worker.terminate(); }
}

export async function measure(workers: ContenderWorker[], events: number, options: MeasureOptions): Promise<Throughput[]> {
  const { rounds, warmup, sampleMs, log = () => {} } = options;
  const games = new Map<string, number>();
  for (const w of workers) games.set(w.id, (await w.ask({ cmd: 'calibrate', sampleMs })).games);
  const wall = new Map<string, number[]>(workers.map((w) => [w.id, []]));
  const cpu = new Map<string, number[]>(workers.map((w) => [w.id, []]));
  const totals = new Map<string, { events: number; ms: number; cpuMs: number }>(workers.map((w) => [w.id, { events: 0, ms: 0, cpuMs: 0 }]));
  for (let round = 0; round < warmup + rounds; round += 1) {
    const order = workers.map((_, i) => workers[(i + round) % workers.length]);
    for (const w of order) {
      const n = games.get(w.id)!;
      await settle();
      const { ms, cpuMs } = await w.ask({ cmd: 'sample', games: n });
      if (round < warmup) continue;
      const total = totals.get(w.id)!;
      total.events += n * events;
      total.ms += ms;
      total.cpuMs += Math.max(cpuMs, 0.001);
      wall.get(w.id)!.push((n * events) / (ms / 1000));
      cpu.get(w.id)!.push((n * events) / (Math.max(cpuMs, 0.001) / 1000));
    }
    log(`  round ${round + 1}/${warmup + rounds}${round < warmup ? ' (warm-up)' : ''}`);
  }
  return workers.map((w) => {
    const rates = wall.get(w.id)!;
    const total = totals.get(w.id)!;
    const cpuMedian = median(cpu.get(w.id)!);
    const cpuMean = total.events / (total.cpuMs / 1000);
    return {
      id: w.id, label: w.label, group: w.group,
      median: median(rates), min: Math.min(...rates), max: Math.max(...rates),
      cpuMedian, mean: total.events / (total.ms / 1000), cpuMean, cpuMeanNs: 1e9 / cpuMean, cpuMedianNs: 1e9 / cpuMedian,
      gamesPerSample: games.get(w.id)!, samples: rates.length,
    };
  });
}
