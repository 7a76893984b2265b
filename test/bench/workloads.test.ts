// The bench's random workloads (bench/random.ts) are what they say, and every contender that
// plays them follows the machine on every event, refusals included (bench/contenders/workload.ts).
// Short versions of the bench's workloads: the same seeds and policy, fewer turns.
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/index.js';
import { buildWorkload, workloadSpecs, type Workload } from '../../bench/random.js';
import { divergence, WORKLOAD_CONTENDER_IDS, workloadContender } from '../../bench/contenders/workload.js';

const workloads: Workload[] = workloadSpecs(0.25).map(buildWorkload);
const all = (kind: string) => workloads.reduce((n, w) => n + Object.entries(w.kinds).filter(([k]) => k.endsWith(kind)).reduce((m, [, c]) => m + c, 0), 0);

describe('the random workloads', () => {
  it.each(workloads.map((w) => [w.name, w] as const))('%s: about 2 %% of its events are refused, each for a reason', (_, w) => {
    expect(w.refused).toBeGreaterThan(0);
    expect(w.refused / w.events.length).toBeGreaterThan(0.005);
    expect(w.refused / w.events.length).toBeLessThan(0.05);
    expect(w.refusals.filter((r) => r !== null).every((r) => r!.length > 0)).toBe(true);
  });

  it('cast spells that end the turn (723.1) and the combat (723.2), give extra turns, create effects with durations and delayed triggers', () => {
    for (const kind of ['timeStop', 'mandateOfPeace', 'extraTurn', 'duration', 'delayedTrigger']) expect(all(kind)).toBeGreaterThan(0);
  });

  it('end turns and combats by effect, take extra turns, create effects and trigger delayed abilities, as createGame replays them', () => {
    let extraTurns = 0;
    const records = workloads.flatMap((w) => {
      const game = createGame(w.input, { history: 'all' }); // every record of the game, not only the last turn's
      for (const event of w.events) { game.send(event); if (game.view().extraTurn) extraTurns += 1; }
      const history = [...game.history];
      game.stop();
      return history;
    });
    const types = records.map((r) => r.type);
    expect(types).toContain('turnEndedByEffect');
    expect(types).toContain('combatEndedByEffect');
    expect(types).toContain('effectCreated');
    expect(records.some((r) => r.type === 'triggered' && r.id.startsWith('delayed'))).toBe(true);
    expect(extraTurns).toBeGreaterThan(0);
  });

  it.each(workloads.flatMap((w) => WORKLOAD_CONTENDER_IDS.map((id) => [w.name, id, w] as const)))(
    '%s: %s follows every event with the same refusals, and its measured game ends in the same turn',
    (_, id, w) => {
      const contender = workloadContender(id, w);
      expect(divergence(w, contender.trace())).toBeNull();
      expect(contender.play()).toBe(w.turns);
    },
  );

  it('a trace that refuses one event for another reason, or stops early, diverges', () => {
    const w = workloads[0];
    const trace = workloadContender('playout', w).trace();
    const refused = w.refusals.findIndex((r) => r !== null);
    const altered = trace.map((step, i) => (i === refused ? step.replace(/refused: .*$/, 'refused: something else') : step));
    expect(divergence(w, altered)?.at).toBe(refused);
    expect(divergence(w, trace.slice(0, -1))?.at).toBe(trace.length - 1);
  });
});
