// The generators reach what issue 11 added: without this, a change to the arbitraries could
// quietly stop fuzzing a family (the fuzz tests would still pass, having nothing to find).
// Games are played from the same fuzz cases (no rules monitor: only what they reach is counted).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGame, waitingFor, type AtTriggerSpec } from '../../src/index.js';
import { fuzzCase, Realizer } from './arbitraries.js';

const RUNS = 200;

/** The `at` effects bound to an extra turn (`thatTurn`) anywhere in an event. */
function boundAts(value: unknown, found: AtTriggerSpec[] = []): AtTriggerSpec[] {
  if (Array.isArray(value)) for (const item of value) boundAts(item, found);
  else if (typeof value === 'object' && value !== null) {
    const at = (value as { at?: AtTriggerSpec }).at;
    if (at?.thatTurn) found.push(at);
    for (const inner of Object.values(value)) boundAts(inner, found);
  }
  return found;
}

describe('fuzz coverage of issue 11', () => {
  it(`${RUNS} fuzz cases reach orders of triggers, thatTurn delayed triggers, discard triggers, setCombatant, sba without an ability and afterFirst`, () => {
    const count = {
      chooseGames: 0, ordersAccepted: 0, badOrdersRefused: 0, thatTurnTriggered: 0, discardTriggered: 0,
      combatantSet: 0, sbaWithoutAbility: 0, afterFirstResolved: 0,
    };
    for (const c of fc.sample(fuzzCase(60), { numRuns: RUNS, seed: 11 })) {
      const game = createGame(c.input);
      const realizer = new Realizer(c.input.players);
      const bound = new Set<string>();
      const discardAbilities = new Set<string>();
      const afterFirst = new Set<string>();
      if (c.input.options?.triggerOrder === 'choose') count.chooseGames += 1;
      for (const intent of c.intents) {
        const waiting = waitingFor(game.snapshot());
        const event = realizer.event(intent, game.snapshot());
        const refusal = game.send(event);
        if (event.type === 'triggers.order') {
          if (refusal === null) count.ordersAccepted += 1;
          else if (waiting === 'orderTriggers' && refusal.rule === '603.3b') count.badOrdersRefused += 1;
        }
        if (refusal !== null) continue;
        for (const at of boundAts(event)) bound.add(at.id);
        if (event.type === 'discard.schedule') discardAbilities.add(event.ability.id);
        if (event.type === 'combatant.set') count.combatantSet += 1;
        if (event.type === 'stateBasedActions.schedule' && event.ability === undefined) count.sbaWithoutAbility += 1;
        if ((event.type === 'spell.cast' || event.type === 'ability.activate') && JSON.stringify(event.object).includes('"afterFirst"')) afterFirst.add(event.object.id);
      }
      for (const r of game.history) {
        if (r.type === 'triggered' && bound.has(r.id.split('@')[0])) count.thatTurnTriggered += 1;
        if (r.type === 'triggered' && discardAbilities.has(r.id)) count.discardTriggered += 1;
        if (r.type === 'resolved' && afterFirst.has(r.id)) count.afterFirstResolved += 1;
      }
      game.stop();
    }
    console.log(`fuzz coverage (${RUNS} cases): ${JSON.stringify(count)}`);
    for (const [what, n] of Object.entries(count)) expect(n, what).toBeGreaterThan(0);
  });
});
