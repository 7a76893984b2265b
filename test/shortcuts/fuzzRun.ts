// `npm run test:fuzz -- --shortcuts --runs N [--seed S] [--max-events 60]`: N random games driven by
// standing passes, each against the same passes sent by hand (equivalence.ts); prints the figures
// (games, automatic passes, loop guards, differences, passed-through stops) and the first problem.
import fc from 'fast-check';
import { equivalenceCase, runEquivalence } from './equivalence.js';

export function runShortcutFuzz(runs: number, seed: number, maxActions: number): number {
  let games = 0;
  let automatic = 0;
  let set = 0;
  let guards = 0;
  let records = 0;
  let failing = 0;
  let first = null as { problem: string; case: unknown } | null;
  const players = new Map<number, number>();
  let teamGames = 0;
  const started = performance.now();
  fc.check(fc.property(equivalenceCase(maxActions), (c) => {
    const result = runEquivalence(c);
    games += 1;
    automatic += result.automaticPasses;
    set += result.passesSet;
    guards += result.loopGuards;
    records += result.records;
    players.set(c.players.length, (players.get(c.players.length) ?? 0) + 1);
    if (c.teams) teamGames += 1;
    if (result.problems.length > 0) {
      failing += 1;
      first ??= { problem: result.problems[0], case: c };
    }
    if (games % 5000 === 0) console.error(`… ${games} games, ${failing} with problems, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return true;
  }), { numRuns: runs, seed });
  const seconds = (performance.now() - started) / 1000;
  const spread = [...players].sort((a, b) => a[0] - b[0]).map(([n, count]) => `${n}p ${count}`).join(', ');
  console.log(`shortcuts: ${games} games (seed ${seed}; ${spread}; ${teamGames} team games), ≤ ${maxActions} script actions each`);
  console.log(`  ${set} standing passes set, ${automatic} automatic passes, ${guards} loop guards (1000 automatic passes), ${records} history records`);
  console.log(`  differences from the same passes by hand, or passes past their end: ${failing} games`);
  if (first) console.log(`  first: ${first.problem}\n  in ${JSON.stringify(first.case)}`);
  console.log(`time: ${seconds.toFixed(1)} s`);
  return failing === 0 ? 0 : 1;
}
