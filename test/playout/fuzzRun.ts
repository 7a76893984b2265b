// `npm run test:fuzz -- --playout --runs N [--seed S] [--max-events 60] [--legal-every 1]`: N fuzz
// sequences through createGame and createPlayout side by side (differential.ts); reports
// the differences by kind, each with its shortest example. Exit status 1 if any.
import fc from 'fast-check';
import { fuzzCase, type FuzzCase } from '../fuzz/arbitraries.js';
import { runPlayoutSequence, type Difference } from './differential.js';

interface Example { difference: Difference; input: FuzzCase['input']; events: unknown[] }

export function runPlayoutFuzz(runs: number, seed: number, maxEvents: number, legalEvery: number): number {
  const byKind = new Map<string, { sequences: number; example: Example }>();
  let sequences = 0;
  let events = 0;
  let failing = 0;
  const started = performance.now();
  fc.check(fc.property(fuzzCase(maxEvents), (c) => {
    const result = runPlayoutSequence(c, { recording: sequences % 4 !== 3, legalEvery });
    sequences += 1;
    events += result.events.length;
    if (result.differences.length > 0) failing += 1;
    const counted = new Set<string>();
    for (const difference of result.differences) {
      const kind = difference.what.replace(/\(.*\)|of .*/, '').trim();
      if (counted.has(kind)) continue;
      counted.add(kind);
      const example = { difference, input: c.input, events: result.events.slice(0, difference.at + 1) };
      const entry = byKind.get(kind);
      if (!entry) byKind.set(kind, { sequences: 1, example });
      else {
        entry.sequences += 1;
        if (example.events.length < entry.example.events.length) entry.example = example;
      }
    }
    if (sequences % 10_000 === 0) console.error(`… ${sequences} sequences, ${failing} with differences, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return true;
  }), { numRuns: runs, seed });
  const seconds = (performance.now() - started) / 1000;
  console.log(`playout differential: ${sequences} sequences (seed ${seed}), ${events} events, 2–4 players, ≤ ${maxEvents} events each, `
    + `legalActions of every player after every ${legalEvery === 1 ? 'event' : `${legalEvery}th event (else the awaited players')`}, one sequence in four without history`);
  console.log(`differences: ${failing} sequences`);
  for (const [kind, { sequences: n, example }] of [...byKind].sort((a, b) => b[1].sequences - a[1].sequences)) {
    console.log(`  [${kind}] in ${n} sequences; shortest example (${example.events.length} events, ${JSON.stringify(example.input)}):`);
    console.log(`    after event ${example.difference.at}: ${example.difference.what}: ${example.difference.message}`);
    for (const e of example.events) console.log(`      ${JSON.stringify(e)}`);
  }
  console.log(`time: ${seconds.toFixed(1)} s (${Math.round(events / seconds)} events/s, both sides and the comparisons)`);
  return failing === 0 ? 0 : 1;
}
