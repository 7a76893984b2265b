// The fuzz runner: `npx tsx test/fuzz/run.ts --runs N [--seed S] [--max-events 60] [--no-differential]`.
// Runs N random sequences (2–4 players, or team games, at most --max-events events each) and reports how many
// sequences violated which rule, with the shortest example found for each. Exit status 1 if any.
// `--hostile`: instead, N hostile-input games and N mutated persisted games (test/fuzz/hostile.ts).
// `--playout [--legal-every K]`: instead, N sequences through createGame and createPlayout side by side (test/playout).
// `--shortcuts`: instead, N games driven by random standing passes against the same passes by hand (test/shortcuts).
import fc from 'fast-check';
import { describeViolations, type Violation } from '../../src/testing/invariants.js';
import { fuzzCase, type FuzzCase } from './arbitraries.js';
import { knownBugOf } from './knownBugs.js';
import { runSequence } from './sequence.js';

function option(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(args[i + 1]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} needs a whole number`);
  return value;
}

const runs = option('runs', 1000);
const seed = option('seed', Date.now() % 2 ** 31);
if (process.argv.includes('--hostile')) {
  const { runHostile } = await import('./hostileRun.js');
  process.exitCode = runHostile(runs, seed);
  process.exit();
}
const maxEvents = option('max-events', 60);
if (process.argv.includes('--playout')) {
  const { runPlayoutFuzz } = await import('../playout/fuzzRun.js');
  process.exitCode = runPlayoutFuzz(runs, seed, maxEvents, option('legal-every', 1));
  process.exit();
}
if (process.argv.includes('--shortcuts')) {
  const { runShortcutFuzz } = await import('../shortcuts/fuzzRun.js');
  process.exitCode = runShortcutFuzz(runs, seed, maxEvents);
  process.exit();
}
const differential = !process.argv.includes('--no-differential');

interface Example { violation: Violation; input: FuzzCase['input']; events: unknown[] }
const byRule = new Map<string, { sequences: number; example: Example }>();
let sequences = 0;
let events = 0;
let failing = 0;
let teamGames = 0;
let unexplained = 0;
const started = performance.now();

fc.check(fc.property(fuzzCase(maxEvents), (c) => {
  const result = runSequence(c, { differential });
  sequences += 1;
  if (c.input.teams) teamGames += 1;
  events += result.events.length;
  if (result.violations.length > 0) failing += 1;
  if (result.violations.some((v) => !knownBugOf(v))) unexplained += 1;
  const counted = new Set<string>();
  for (const violation of result.violations) {
    const key = knownBugOf(violation) ? `known bug: ${knownBugOf(violation)!.name}` : violation.rule;
    if (counted.has(key)) continue;
    counted.add(key);
    const entry = byRule.get(key);
    const example = { violation, input: c.input, events: result.events.slice(0, violation.at + 1) };
    if (!entry) byRule.set(key, { sequences: 1, example });
    else {
      entry.sequences += 1;
      if (example.events.length < entry.example.events.length) entry.example = example;
    }
  }
  if (sequences % 10_000 === 0) {
    console.error(`… ${sequences} sequences, ${failing} with violations, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  return true;
}), { numRuns: runs, seed });

const seconds = (performance.now() - started) / 1000;
console.log(`fuzz: ${sequences} sequences (seed ${seed}), ${events} events, free-for-all games of 2–4 players and ${teamGames} team games (2HG, Three-Headed Giant, two and three teams, teams of one), ≤ ${maxEvents} events each${differential ? ', persisted-snapshot differential on' : ''}`);
console.log(`violations: ${failing} sequences with violations (${failing - unexplained} only from known bugs, see test/fuzz/knownBugs.ts; ${unexplained} unexplained)`);
for (const [rule, { sequences: n, example }] of [...byRule].sort((a, b) => b[1].sequences - a[1].sequences)) {
  console.log(`  [${rule}] in ${n} sequences; shortest example (${example.events.length} events, ${JSON.stringify(example.input)}):`);
  console.log(describeViolations([example.violation]).replace(/^/gm, '  '));
  for (const e of example.events) console.log(`      ${JSON.stringify(e)}`);
}
console.log(`time: ${seconds.toFixed(1)} s (${Math.round(events / seconds)} events/s)`);
process.exitCode = unexplained === 0 ? 0 : 1;
