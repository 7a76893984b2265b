// The generators reach what issues 11, 14 and 15 added: without this, a change to the arbitraries could
// quietly stop fuzzing a family (the fuzz tests would still pass, having nothing to find).
// Games are played from the same fuzz cases (no rules monitor: only what they reach is counted).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGame, waitingFor, type AtTriggerSpec, type TurnEvent } from '../../src/index.js';
import { fuzzCase, Realizer } from './arbitraries.js';

const RUNS = 300;

/** Every AT anywhere in an event (a host's registration, or an `at` effect at any depth). */
function allAts(value: unknown, found: AtTriggerSpec[] = []): AtTriggerSpec[] {
  if (Array.isArray(value)) for (const item of value) allAts(item, found);
  else if (typeof value === 'object' && value !== null) {
    const object = value as { type?: string; trigger?: AtTriggerSpec; at?: AtTriggerSpec };
    if (object.at) found.push(object.at);
    if (object.type === 'trigger.register' && object.trigger) found.push(object.trigger);
    for (const inner of Object.values(value)) allAts(inner, found);
  }
  return found;
}
/** The `at` effects bound to an extra turn (`thatTurn`) anywhere in an event. */
const boundAts = (value: unknown) => allAts(value).filter((at) => at.thatTurn);

describe('fuzz coverage', () => {
  it(`${RUNS} fuzz cases reach leaving the game (800.4): concessions and losses, in every kind of game, the turns and triggers of departed players, the game's end`, () => {
    const count = { conceded: 0, lost: 0, team: 0, ended: 0, turnDidNotBegin: 0, triggersRemoved: 0, leftGame: 0, refusedAfter: 0, gamesWithDeparture: 0 };
    for (const c of fc.sample(fuzzCase(60), { numRuns: RUNS, seed: 18 })) {
      // The whole game's records are counted, and the games played as before the default became 'turn' (ids reused per turn would change them).
      const game = createGame({ ...c.input, options: { ...c.input.options, history: 'all' } });
      const realizer = new Realizer(c.input.players, c.input.teams ?? null);
      for (const intent of c.intents) {
        const refusal = game.send(realizer.event(intent, game.snapshot()));
        if (refusal !== null && ['104.2a', '104.2c', '104.3a', '800.4a'].includes(refusal.rule)) count.refusedAfter += 1;
      }
      let departed = false;
      for (const r of game.history) {
        if (r.type === 'playerLeft') { count[r.reason] += 1; departed = true; }
        if (r.type === 'gameEnded') count.ended += 1;
        if (r.type === 'turnDidNotBegin') count.turnDidNotBegin += 1;
        if (r.type === 'triggerRemoved' && r.rule === '800.4d') count.triggersRemoved += 1;
        if (r.type === 'leftGame') count.leftGame += 1;
      }
      if (departed) count.gamesWithDeparture += 1;
      game.stop();
    }
    console.log(`fuzz coverage of leaving (${RUNS} cases): ${JSON.stringify(count)}`);
    for (const [key, n] of Object.entries(count)) expect(n, key).toBeGreaterThan(0);
  });


  it(`${RUNS} fuzz cases reach orders of triggers, thatTurn delayed triggers, discard triggers, setCombatant, sba without an ability and afterFirst`, () => {
    const count = {
      chooseGames: 0, ordersAccepted: 0, badOrdersRefused: 0, thatTurnTriggered: 0, discardTriggered: 0,
      combatantSet: 0, sbaWithoutAbility: 0, afterFirstResolved: 0,
      // issue 18: control (722), several players' extra turns (500.7), 500.10a
      controlBegan: 0, controlledActions: 0, severalExtraTurns: 0, addIgnored: 0,
    };
    for (const c of fc.sample(fuzzCase(60), { numRuns: RUNS, seed: 11 })) {
      // The whole game's records are counted, and the games played as before the default became 'turn' (ids reused per turn would change them).
      const game = createGame({ ...c.input, options: { ...c.input.options, history: 'all' } });
      const realizer = new Realizer(c.input.players, c.input.teams ?? null);
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
        if (r.type === 'controlBegan') count.controlBegan += 1;
        if (r.type === 'controlledAction') count.controlledActions += 1;
        if (r.type === 'addIgnored') count.addIgnored += 1;
      }
      for (const intent of c.intents) if ('event' in intent && JSON.stringify(intent.event).includes('"players":[') && JSON.stringify(intent.event).includes('extraTurn')) count.severalExtraTurns += 1;
      game.stop();
    }
    console.log(`fuzz coverage (${RUNS} cases): ${JSON.stringify(count)}`);
    for (const [what, n] of Object.entries(count)) expect(n, what).toBeGreaterThan(0);
  });

  it(`${RUNS} fuzz cases reach team games and what teams do (805, 810), and the bindings and durations of issue 15 (603.7, 611.2)`, () => {
    const count = {
      twoHeadedGiant: 0, twoTeams: 0, threeTeams: 0, teamOfOne: 0,
      passedByTeamId: 0, passedBySecondary: 0, castBySecondary: 0, declaredByTeamId: 0, declaredBySecondary: 0, teammatesCreature: 0,
      blocksDeclaredByTeam: 0, orderedByTeam: 0, teamDiscards: 0, perActivePlayerTriggered: 0, severalPlayersEffectResolved: 0,
      nextTurnOfTriggered: 0, thisTurnTriggered: 0, thatPhaseTriggered: 0, nextTurnDurationEnded: 0,
    };
    for (const c of fc.sample(fuzzCase(60), { numRuns: RUNS, seed: 15 })) { // seed 15: the options' history schema (a union now) changed the draws of seed 14
      // The whole game's records are counted, and the games played as before the default became 'turn' (ids reused per turn would change them).
      const game = createGame({ ...c.input, options: { ...c.input.options, history: 'all' } });
      const realizer = new Realizer(c.input.players, c.input.teams ?? null);
      const teams = c.input.teams ?? [];
      const teamIds = new Set(teams.map((t) => t.join('+')));
      const secondary = new Set(teams.flatMap((t) => t.slice(1)));
      if (c.input.options?.variant) count.twoHeadedGiant += 1;
      else if (teams.length === 2) count.twoTeams += 1;
      else if (teams.length === 3) count.threeTeams += 1;
      if (teams.some((t) => t.length === 1)) count.teamOfOne += 1;
      const bindings = new Map<string, string>();
      const perActive = new Set<string>();
      const severalPlayers = new Set<string>();
      const nextTurnDurations = new Set<string>();
      for (const intent of c.intents) {
        const event: TurnEvent = realizer.event(intent, game.snapshot());
        if (game.send(event) !== null) continue;
        for (const at of allAts(event)) {
          const binding = at.nextTurnOf !== undefined ? 'nextTurnOf' : at.thisTurn ? 'thisTurn' : at.thatPhase ? 'thatPhase' : null;
          if (binding) bindings.set(at.id, binding);
          // 805.4d: how many times it triggers, whatever it is bound to
          if (at.perActivePlayer) perActive.add(at.id);
        }
        const text = JSON.stringify(event);
        if ((event.type === 'spell.cast' || event.type === 'ability.activate') && text.includes('"players"')) severalPlayers.add(event.object.id);
        if (event.type === 'effect.create' && /nextTurnOf|endOfCombatOnNextTurnOf|whoseTurn/i.test(text)) nextTurnDurations.add(event.effect.id);
        if (teams.length === 0) continue;
        if (event.type === 'priority.pass' && teamIds.has(event.player)) count.passedByTeamId += 1;
        if (event.type === 'priority.pass' && secondary.has(event.player)) count.passedBySecondary += 1;
        if (event.type === 'spell.cast' && secondary.has(event.object.controller)) count.castBySecondary += 1;
        if (event.type === 'combat.declareAttackers' || event.type === 'combat.declareBlockers') {
          if (event.team !== undefined) count.declaredByTeamId += 1;
          if (event.player !== undefined && secondary.has(event.player)) count.declaredBySecondary += 1;
          const creatures: { controller?: string }[] = event.type === 'combat.declareAttackers' ? event.attackers : event.blockers;
          if (creatures.some((x) => x.controller !== undefined && x.controller !== (event.player ?? event.team!.split('+')[0]))) count.teammatesCreature += 1;
          if (event.type === 'combat.declareBlockers') count.blocksDeclaredByTeam += 1;
        }
        if (event.type === 'triggers.order') count.orderedByTeam += 1;
      }
      for (const r of game.history) {
        const binding = r.type === 'triggered' ? bindings.get(r.id.split('@')[0]) : undefined;
        if (binding) count[`${binding}Triggered` as 'nextTurnOfTriggered'] += 1;
        if (r.type === 'triggered' && perActive.has(r.id.split('@')[0])) count.perActivePlayerTriggered += 1;
        if (r.type === 'discarded' && teams.length > 0) count.teamDiscards += 1;
        if (r.type === 'resolved' && severalPlayers.has(r.id)) count.severalPlayersEffectResolved += 1;
        if (r.type === 'effectEnded' && nextTurnDurations.has(r.id)) count.nextTurnDurationEnded += 1;
      }
      game.stop();
    }
    console.log(`fuzz coverage of teams and bindings (${RUNS} cases): ${JSON.stringify(count)}`);
    for (const [what, n] of Object.entries(count)) expect(n, what).toBeGreaterThan(0);
  });
});
