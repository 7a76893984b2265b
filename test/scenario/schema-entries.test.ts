import { describe, expect, it } from 'vitest';
import { castErrors, effectErrors, entryErrors, errorsOf, scenario, spell } from './schema-helpers.js';

const ability = { id: 'a', controller: 'A', effects: [] };
const at = { id: 'w', controller: 'A', when: 'end', once: true, effects: [] };

describe('script entries', () => {
  it.each([
    [{ pass: 'A', cast: spell() }, 'script[0]: an entry must have exactly one key, got 2 ("pass", "cast")'],
    [{}, 'script[0]: an entry must have exactly one key, got 0'],
    [{ foo: 1 }, 'script[0]: unknown entry "foo"'],
    [{ passall: true }, 'script[0]: unknown entry "passall" (did you mean "passAll"?)'],
    ['pass', 'script[0]: expected an entry such as {"pass": "A"}, got "pass"'],
    [{ passAll: false }, 'script[0].passAll: expected true, got false'],
    [{ pass: 1 }, 'script[0].pass: expected a player id, got 1'],
    [{ invalidateTarget: '' }, 'script[0].invalidateTarget: must not be empty'],
    [{ setCondition: { name: 'x' } }, 'script[0].setCondition.value: missing (expected true or false)'],
    [{ addMana: { player: 'A', amount: -2 } }, 'script[0].addMana.amount: expected a whole number (0 or more), got -2'],
    [{ reject: { expect: {} } }, 'script[0].reject: reject holds exactly one action entry, and "expect" is not an action'],
    [{ reject: { reject: { pass: 'A' } } }, 'script[0].reject: reject holds exactly one action entry, and "reject" is not an action'],
    [{ reject: { pass: 'A', passAll: true } }, 'script[0].reject: an entry must have exactly one key, got 2 ("pass", "passAll")'],
    [{ reject: { cast: spell({ type: 'sorcry' }) } }, 'script[0].reject.cast.type: unknown type "sorcry" (expected instant, sorcery, creature, artifact, enchantment, planeswalker, battle or aura)'],
  ])('%j', (entry, error) => {
    expect(entryErrors(entry)).toEqual([error]);
  });

  it('reports the path of the entry in the script', () => {
    expect(errorsOf(scenario([{ passAll: true }, { pass: 'A' }, { pass: 'B' }, { pass: 'A', cast: {} }]))).toEqual([
      'script[3]: an entry must have exactly one key, got 2 ("pass", "cast")',
    ]);
  });

  it('accepts every action', () => {
    const actions = [
      { pass: 'A' },
      { passAll: true },
      { advanceTo: { turn: 2, step: 'upkeep' } },
      { advanceTo: { phase: 'precombatMain' } },
      { cast: spell() },
      { activate: ability },
      { activate: { ...ability, type: 'activated', timing: 'sorcery' } },
      { trigger: { ...ability, if: 'cond' } },
      { trigger: { ...ability, type: 'triggered' } },
      { at },
      { at: { ...at, when: 'combat', whoseTurn: 'B', if: 'cond' } },
      { onStateBasedActions: ability },
      { declareAttackers: { player: 'A', attackers: [{ id: 'k', firstStrike: true, doubleStrike: false }] } },
      { declareBlockers: { player: 'B', blockers: [{ id: 'w', blocking: 'k' }] } },
      { createEffect: { id: 'e', until: 'endOfTurn' } },
      { createEffect: { id: 'e', until: { beginningOf: 'end' } } },
      { addMana: { player: 'A', amount: 2 } },
      { invalidateTarget: 'x' },
      { setCondition: { name: 'x', value: false } },
    ];
    expect(errorsOf(scenario([...actions, ...actions.map((action) => ({ reject: action })), { expect: {} }]))).toEqual([]);
  });
});

describe('advanceTo and step / phase ids', () => {
  it.each([
    [{ advanceTo: { step: 'drawStep' } }, 'script[0].advanceTo.step: unknown step "drawStep" (expected untap, upkeep, draw, beginningOfCombat, declareAttackers, declareBlockers, firstStrikeDamage, combatDamage, endOfCombat, end or cleanup)'],
    [{ advanceTo: { phase: 'main' } }, 'script[0].advanceTo.phase: unknown phase "main" (expected beginning, precombatMain, combat, postcombatMain or ending)'],
    [{ advanceTo: { step: 'precombatMain' } }, 'script[0].advanceTo.step: unknown step "precombatMain" (expected untap, upkeep, draw, beginningOfCombat, declareAttackers, declareBlockers, firstStrikeDamage, combatDamage, endOfCombat, end or cleanup)'],
    [{ advanceTo: { turn: 2 } }, 'script[0].advanceTo: needs "step" or "phase"'],
    [{ advanceTo: { step: 'end', phase: 'combat' } }, 'script[0].advanceTo.step: step "end" is not in phase "combat" (it belongs to "ending")'],
    [{ advanceTo: { turn: 0, step: 'end' } }, 'script[0].advanceTo.turn: expected a positive whole number, got 0'],
    [{ advanceTo: { turn: 1.5, step: 'end' } }, 'script[0].advanceTo.turn: expected a positive whole number, got 1.5'],
    [{ at: { ...at, when: 'upkep' } }, 'script[0].at.when: unknown step or phase "upkep" (did you mean "upkeep"?)'],
    [{ at: { ...at, when: 'endOfTurn' } }, 'script[0].at.when: unknown step or phase "endOfTurn"'],
    [{ expect: { step: 'drew' } }, 'script[0].expect.step: unknown step "drew" (expected untap, upkeep, draw, beginningOfCombat, declareAttackers, declareBlockers, firstStrikeDamage, combatDamage, endOfCombat, end, cleanup or null)'],
    [{ expect: { phase: null } }, 'script[0].expect.phase: expected "beginning", "precombatMain", "combat", "postcombatMain" or "ending", got null'],
    [{ expect: { stepsThisTurn: ['untap', 'main'] } }, 'script[0].expect.stepsThisTurn[1]: unknown step "main"'],
  ])('%j', (entry, error) => {
    expect(entryErrors(entry)).toEqual([error]);
  });

  it('accepts a step with the phase it belongs to, and a spell without a type (an instant)', () => {
    expect(entryErrors({ advanceTo: { turn: 1, phase: 'combat', step: 'declareAttackers' } })).toEqual([]);
    expect(entryErrors({ cast: { id: 's', controller: 'A' } })).toEqual([]);
  });

  it('accepts endOfCombat and phase ids as AT times', () => {
    expect(errorsOf(scenario(['endOfCombat', 'combat', 'postcombatMain', 'cleanup'].map((when) => ({ at: { ...at, when } }))))).toEqual([]);
  });
});

describe('OBJ: spell and ability types, timing', () => {
  it.each([
    [{ cast: spell({ type: 'instnt' }) }, 'script[0].cast.type: unknown type "instnt" (expected instant, sorcery, creature, artifact, enchantment, planeswalker, battle or aura)'],
    [{ cast: spell({ type: 'triggered' }) }, 'script[0].cast.type: "triggered" is an ability type; a spell takes instant, sorcery, creature, artifact, enchantment, planeswalker, battle or aura'],
    [{ activate: { ...ability, type: 'instant' } }, 'script[0].activate.type: an activated ability has type "activated" (or no type), got "instant"'],
    [{ activate: { ...ability, type: 'triggered' } }, 'script[0].activate.type: an activated ability has type "activated" (or no type), got "triggered"'],
    [{ trigger: { ...ability, type: 'activated' } }, 'script[0].trigger.type: a triggered ability has type "triggered" (or no type), got "activated"'],
    [{ onStateBasedActions: { ...ability, type: 'dies' } }, 'script[0].onStateBasedActions.type: unknown type "dies" (expected triggered)'],
    [{ cast: spell({ timing: 'sorcery' }) }, 'script[0].cast.timing: timing "sorcery" is not for a spell, which accepts "instant", "combat" or "yourTurn"'],
    [{ activate: { ...ability, timing: 'instant' } }, 'script[0].activate.timing: timing "instant" is not for an activated ability, which accepts "sorcery", "yourTurn" or "combat"'],
    [{ activate: { ...ability, timing: 'flash' } }, 'script[0].activate.timing: unknown timing "flash" (expected sorcery, yourTurn or combat)'],
    [{ cast: spell({ colour: 'red' }) }, 'script[0].cast: unknown key "colour"'],
    [{ cast: spell({ target: ['x'] }) }, 'script[0].cast: unknown key "target" (did you mean "targets"?)'],
    [{ cast: spell({ id: '' }) }, 'script[0].cast.id: must not be empty'],
    [{ cast: spell({ copy: 'yes' }) }, 'script[0].cast.copy: expected true or false, got "yes"'],
  ])('%j', (entry, error) => {
    expect(entryErrors(entry)).toEqual([error]);
  });
});

describe('OBJ: what goes with what (608.3)', () => {
  it.each([
    [{ type: 'aura' }, 'script[0].cast.targets: missing (an aura spell has exactly one target)'],
    [{ type: 'aura', targets: ['a', 'b'] }, 'script[0].cast.targets: an aura spell has exactly one target, got 2'],
    [{ type: 'creature', mutate: true, targets: [] }, 'script[0].cast.targets: a mutate spell has exactly one target, got 0'],
    [{ type: 'aura', targets: ['x'], mutate: true }, 'script[0].cast.mutate: "mutate" goes only with a creature spell, got type "aura"'],
    [{ type: 'creature', bestow: true }, 'script[0].cast.bestow: "bestow" goes only with an aura spell, got type "creature"'],
    [{ type: 'instant', cannotEnter: true }, 'script[0].cast.cannotEnter: "cannotEnter" goes only on permanent spells (creature, artifact, enchantment, planeswalker, battle or aura), got type "instant"'],
    [{ if: 'cond' }, 'script[0].cast.if: "if" is only allowed on triggered abilities and ATs, not on a spell'],
  ])('%j', (fields, error) => {
    expect(castErrors(fields)).toEqual([error]);
  });

  it.each([
    [{ activate: { ...ability, if: 'cond' } }, 'script[0].activate.if: "if" is only allowed on triggered abilities and ATs, not on an activated ability'],
    [{ trigger: { ...ability, bestow: true } }, 'script[0].trigger.bestow: "bestow" goes only with an aura spell, not a triggered ability'],
    [{ activate: { ...ability, cannotEnter: true } }, 'script[0].activate.cannotEnter: "cannotEnter" goes only on permanent spells (creature, artifact, enchantment, planeswalker, battle or aura), not an activated ability'],
  ])('%j', (entry, error) => {
    expect(entryErrors(entry)).toEqual([error]);
  });

  it('accepts the legal combinations', () => {
    const legal = [
      { type: 'aura', targets: ['bear'] },
      { type: 'aura', targets: ['bear'], bestow: true },
      { type: 'creature', mutate: true, targets: ['bear'], cannotEnter: true },
      { type: 'creature', bestow: false, mutate: false },
      { type: 'artifact', cannotEnter: true },
      { type: 'battle', cannotEnter: true, copy: true, timing: 'instant' },
    ];
    expect(errorsOf(scenario(legal.map((fields) => ({ cast: spell(fields) }))))).toEqual([]);
  });
});

describe('EFFECTS (resolution effects)', () => {
  it.each([
    [[{ endTurn: {} }, { cast: spell() }], 'script[0].cast.effects[1]: "cast" is not allowed after "endTurn" (effects[0]) in the same effects list'],
    [[{ endCombat: {} }, { addMana: { player: 'A', amount: 1 } }, { cast: spell() }], 'script[0].cast.effects[2]: "cast" is not allowed after "endCombat" (effects[0]) in the same effects list'],
    [[{ endTurn: { now: true } }], 'script[0].cast.effects[0].endTurn: unknown key "now"'],
    [[{ endturn: {} }], 'script[0].cast.effects[0]: unknown effect "endturn" (did you mean "endTurn"?)'],
    [[{ endTurn: {}, endCombat: {} }], 'script[0].cast.effects[0]: an effect must have exactly one key, got 2 ("endTurn", "endCombat")'],
    [['endTurn'], 'script[0].cast.effects[0]: expected an effect such as {"endTurn": {}}, got "endTurn"'],
    [[{ extraTurn: {} }], 'script[0].cast.effects[0].extraTurn.player: missing (expected a player id)'],
    [[{ addPhases: { phases: [] } }], 'script[0].cast.effects[0].addPhases.phases: needs at least 1 item, got 0'],
    [[{ addPhases: { phases: ['combat', 'secondMain'] } }], 'script[0].cast.effects[0].addPhases.phases[1]: unknown phase "secondMain" (expected beginning, precombatMain, combat, postcombatMain or ending)'],
    [[{ addStep: { step: 'upkeep', count: 0 } }], 'script[0].cast.effects[0].addStep.count: expected a positive whole number, got 0'],
    [[{ skip: { player: 'B' } }], 'script[0].cast.effects[0].skip: needs "step", "phase" or "turn"'],
    [[{ skip: { player: 'B', step: 'draw', phase: 'combat' } }], 'script[0].cast.effects[0].skip: give only one of "step", "phase" or "turn", got "step" and "phase"'],
    [[{ skip: { player: 'B', turn: false } }], 'script[0].cast.effects[0].skip.turn: expected true, got false'],
    [[{ skip: { player: 'B', turn: true, each: true } }], 'script[0].cast.effects[0].skip.each: "each" goes with "step" or "phase", not "turn"'],
    [[{ trigger: { ...ability, type: 'activated' } }], 'script[0].cast.effects[0].trigger.type: a triggered ability has type "triggered" (or no type), got "activated"'],
    [[{ cast: { id: 'p', controller: 'B', type: 'sorcery', if: 'x' } }], 'script[0].cast.effects[0].cast.if: "if" is only allowed on triggered abilities and ATs, not on a spell'],
    [[{ at: { ...at, effects: [{ endCombat: {} }, { cast: spell() }] } }], 'script[0].cast.effects[0].at.effects[1]: "cast" is not allowed after "endCombat" (effects[0]) in the same effects list'],
  ])('%j', (effects, error) => {
    expect(effectErrors(...effects)).toEqual([error]);
  });

  it('accepts every effect', () => {
    expect(
      effectErrors(
        { cast: spell({ id: 'first' }) },
        { trigger: { ...ability, if: 'cond' } },
        { at },
        { createEffect: { id: 'e', until: 'endOfCombat' } },
        { addMana: { player: 'B', amount: 1 } },
        { extraTurn: { player: 'B' } },
        { addPhases: { phases: ['combat', 'postcombatMain'] } },
        { addStep: { step: 'upkeep' } },
        { addStep: { step: 'upkeep', afterPhase: true, count: 2 } },
        { skip: { player: 'B', step: 'draw' } },
        { skip: { player: 'B', phase: 'combat', each: true } },
        { skip: { player: 'B', turn: true } },
        { endCombat: {} },
        { endTurn: {} },
      ),
    ).toEqual([]);
  });
});

describe('EFFECT (continuous effects)', () => {
  const until = 'endOfTurn, endOfCombat, endOfStep, endOfPhase, {"beginningOf": STEP_OR_PHASE}, {"nextTurnOf": PLAYER} or {"endOfCombatOnNextTurnOf": PLAYER}';
  it.each([
    [{ id: 'e', until: 'endOfGame' }, `script[0].createEffect.until: unknown duration "endOfGame" (expected ${until})`],
    [{ id: 'e' }, `script[0].createEffect.until: missing (expected ${until})`],
    [{ id: 'e', until: 3 }, `script[0].createEffect.until: expected ${until}, got 3`],
    [{ id: 'e', until: { beginningOf: 'nextUpkeep' } }, 'script[0].createEffect.until.beginningOf: unknown step or phase "nextUpkeep"'],
  ])('%j', (effect, error) => {
    expect(entryErrors({ createEffect: effect })).toEqual([error]);
  });

  it('reports both problems of a wrong duration object', () => {
    expect(entryErrors({ createEffect: { id: 'e', until: { endOf: 'combat' } } })).toEqual([
      'script[0].createEffect.until.beginningOf: missing (expected a step or phase)',
      'script[0].createEffect.until: unknown key "endOf"',
    ]);
  });

  it('accepts a step or a phase for beginningOf', () => {
    expect(errorsOf(scenario(['upkeep', 'combat'].map((beginningOf) => ({ createEffect: { id: 'e', until: { beginningOf } } }))))).toEqual([]);
  });
});

describe('CREATURE in declarations', () => {
  it.each([
    [{ declareAttackers: { player: 'A', attackers: [{ id: 'bear', blocking: 'x' }] } }, 'script[0].declareAttackers.attackers[0]: "blocking" is only for blockers (declareBlockers)'],
    [{ declareBlockers: { player: 'B', blockers: [{ id: 'wall' }] } }, 'script[0].declareBlockers.blockers[0].blocking: missing (expected the id of the attacker it blocks)'],
    [{ declareAttackers: { player: 'A', attackers: [{ id: 'bear', flying: true }] } }, 'script[0].declareAttackers.attackers[0]: unknown key "flying"'],
    [{ declareAttackers: { player: 'A' } }, 'script[0].declareAttackers.attackers: missing (expected a list)'],
  ])('%j', (entry, error) => {
    expect(entryErrors(entry)).toEqual([error]);
  });
});

describe('VIEW (expect)', () => {
  it.each([
    [{ turnNumber: 2 }, 'script[0].expect: unknown key "turnNumber"'],
    [{ stak: [] }, 'script[0].expect: unknown key "stak" (did you mean "stack"?)'],
    [{ turn: 0 }, 'script[0].expect.turn: expected a positive whole number, got 0'],
    [{ waitingFor: 'blockers' }, 'script[0].expect.waitingFor: unknown waitingFor value "blockers" (expected priority, declareAttackers, declareBlockers, orderTriggers or null)'],
    [{ stack: 'timeStop' }, 'script[0].expect.stack: expected a list, got "timeStop"'],
    [{ zones: { hand: [] } }, 'script[0].expect.zones: unknown key "hand"'],
    [{ handSize: { A: -1 } }, 'script[0].expect.handSize.A: expected a whole number (0 or more), got -1'],
    [{ history: { order: [] } }, 'script[0].expect.history: unknown key "order"'],
    [{ history: { excludes: [{ type: 'moved', too: 'exile' }] } }, 'script[0].expect.history.excludes[0]: unknown key "too" (did you mean "to"?)'],
    [{ history: { includes: [{ type: 'moved', to: 'library' }] } }, 'script[0].expect.history.includes[0].to: unknown zone "library" (expected exile, graveyard, battlefield or hand)'],
    [{ history: { sequence: [{ type: 'stepbegan' }] } }, 'script[0].expect.history.sequence[0].type: unknown record type "stepbegan" (did you mean "stepBegan"?)'],
    [{ history: { excludes: ['resolved'] } }, 'script[0].expect.history.excludes[0]: expected an object, got "resolved"'],
  ])('%j', (view, error) => {
    expect(entryErrors({ expect: view })).toEqual([error]);
  });

  it('accepts every key, and every field history records have in a record pattern', () => {
    const view = {
      turn: 1,
      activePlayer: 'A',
      phase: 'beginning',
      step: 'upkeep',
      priority: 'A',
      waitingFor: 'priority',
      stack: [],
      pendingTriggers: ['t'],
      zones: { exile: [], graveyard: ['g'], battlefield: [], ceasedToExist: [] },
      effects: [],
      attackers: [],
      blockers: [],
      manaPool: { A: 0 },
      handSize: { A: 7, B: 7 },
      stepsThisTurn: ['untap', 'upkeep', 'precombatMain'],
      nextTurns: ['B', 'A'],
      history: {
        includes: [{ type: 'moved', id: 'x', to: 'exile', turn: 1, phase: 'beginning', step: null }, { id: 'x' }],
        excludes: [{ type: 'stateBasedActions' }, { type: 'merged', into: 'y' }, { type: 'discarded', player: 'A', count: 2 }, { source: 's' }],
        sequence: [],
      },
    };
    expect(entryErrors({ expect: view })).toEqual([]);
  });
});
