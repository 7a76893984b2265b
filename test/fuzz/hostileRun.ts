// `npm run test:fuzz -- --hostile --runs N [--seed S]`: N hostile-input games and N mutated
// persisted games; prints each kind of problem found (with the first example), the counts and
// the time, the slowest case (a hang would show there), and exits 1 on any problem.
import fc from 'fast-check';
import { hostileEventCase, hostileSnapshotCase, runHostileEvents, runHostileSnapshot, type HostileProblem } from './hostile.js';
import { engineCase, runEngineCase, type EngineCase } from './hostileEngines.js';

export function runHostile(runs: number, seed: number): number {
  const problems = new Map<string, { count: number; first: string }>();
  const note = (found: HostileProblem[]) => {
    for (const p of found) {
      const known = problems.get(p.kind);
      if (known) known.count += 1;
      else problems.set(p.kind, { count: 1, first: p.message });
    }
  };
  let slowest = 0;
  let slowestCase = '';
  const timed = <T>(run: () => T, what?: () => string): T => {
    const start = performance.now();
    const result = run();
    const ms = performance.now() - start;
    if (ms > slowest) { slowest = ms; slowestCase = what?.() ?? ''; }
    return result;
  };
  // Nothing may escape to the process (a listener or hook rethrown from a timer).
  let uncaught = 0;
  const onUncaught = () => { uncaught += 1; };
  process.on('uncaughtException', onUncaught);
  const started = performance.now();
  let done = 0;
  const progress = () => {
    done += 1;
    if (done % 10_000 === 0) console.error(`… ${done} of ${3 * runs} cases, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  };
  fc.check(fc.property(hostileEventCase, (c) => { note(timed(() => runHostileEvents(c))); progress(); return true; }), { numRuns: runs, seed });
  fc.check(fc.property(hostileSnapshotCase, (c) => { note(timed(() => runHostileSnapshot(c))); progress(); return true; }), { numRuns: runs, seed });
  const describeCase = (c: EngineCase) => `limits ${JSON.stringify(c.input.limits)}, hooks ${c.hooks}/${c.every}, ${c.bySeats ? 'seats' : 'host'}, listeners ${c.listeners}, ${c.steps.length} steps`;
  fc.check(fc.property(engineCase, (c) => { note(timed(() => runEngineCase(c), () => describeCase(c))); progress(); return true; }), { numRuns: runs, seed });
  process.off('uncaughtException', onUncaught);
  if (uncaught > 0) note([{ kind: 'crash', message: `${uncaught} uncaught exceptions reached the process` }]);
  const seconds = (performance.now() - started) / 1000;
  console.log(`hostile fuzz: ${runs} games fed hostile events, ${runs} mutated persisted games and ${runs} games of combined limits and hostile engines (seed ${seed}) in ${seconds.toFixed(1)} s`);
  console.log(`slowest case: ${slowest.toFixed(1)} ms${slowestCase ? ` (${slowestCase})` : ''}`);
  for (const kind of ['crash', 'actor error', 'refused but changed', 'round trip', 'restore']) {
    const found = problems.get(kind);
    console.log(`  ${kind}: ${found?.count ?? 0}${found ? `  (first: ${found.first})` : ''}`);
  }
  return problems.size === 0 ? 0 : 1;
}
