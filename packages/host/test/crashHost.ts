// The host as the crash suite runs it: a real host process on PGlite or PostgreSQL that SIGKILLs
// itself at the fault point named by MTG_CRASH_FAULT (or is killed by the suite from outside):
//   commit:N        inside the Nth write's transaction, its statements sent, before COMMIT
//   ack:N           after the Nth write committed, before the sender is told
//   record:RULE:N   at the Nth history record of a rule starting so (723.1: inside a 723.1 procedure's
//                   resolution): mid-event, nothing written
//   cleanup:N       at the Nth record of an event that repeats the cleanup step (514.3a)
//   none            no fault of its own
// Usage: node crashHost.js pglite DIR | postgres URL
import { DEFAULT_RULES_EDITION, inEdition, ruleOfRecord, type HistoryRecord } from 'mtg-turn-machine';
import { startHost } from '../src/server.js';

/** 514.3a: the event ended a cleanup step and began another. */
const repeatsCleanup = (records: readonly HistoryRecord[]) => records.some((r, i) => r.type === 'stepEnded' && r.step === 'cleanup'
  && records.slice(i + 1).some((n) => n.type === 'stepBegan' && n.step === 'cleanup' && n.turn === r.turn));

const [kind, where] = process.argv.slice(2);
const [point, a, b] = (process.env.MTG_CRASH_FAULT ?? 'none').split(':');
const die = (): never => {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
};
let seen = 0;
const countTo = (n: number) => {
  seen += 1;
  if (seen === n) die();
};
const faults = {
  beforeCommit: point === 'commit' ? () => countTo(Number(a)) : undefined,
};
const t0 = performance.now();
// Only the adapter asked for is loaded: each of the suite's hundreds of starts stays short.
const storage = kind === 'pglite'
  ? await (await import('../src/pglite.js')).pgliteStorage(where, { faults })
  : await (await import('../src/postgres.js')).postgresStorage(where, { faults, max: 4 });
const t1 = performance.now();
const host = await startHost({
  storage,
  port: 0,
  limits: { messagesPerSecond: 1e6, messageBurst: 1e6, maxConnectionsPerGame: 64 },
  faults: {
    afterWrite: point === 'ack' ? () => countTo(Number(a)) : undefined,
    // RULE is written in the September 2025 numbers; the host's games cite the default edition's
    onRecord: point === 'record' ? (record: HistoryRecord) => { if (ruleOfRecord(record).startsWith(inEdition(a, DEFAULT_RULES_EDITION))) countTo(Number(b)); }
      : point === 'cleanup' ? (record: HistoryRecord, records: readonly HistoryRecord[]) => { if (repeatsCleanup(records)) countTo(Number(a)); }
        : undefined,
  },
  log: (line) => process.stderr.write(`${line}\n`),
});
process.stdout.write(`host listening on ${host.url}\n`);
if (process.env.MTG_CRASH_TIMING) process.stderr.write(`loaded ${t0.toFixed(0)} ms, storage ${(t1 - t0).toFixed(0)} ms, listening ${(performance.now() - t1).toFixed(0)} ms\n`);
