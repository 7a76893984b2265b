// Random games for the property-based tests: a setup (2–4 players, options) and a short
// sequence of intents. An intent becomes a concrete event only when it is sent, from the
// state the game is in then (whose priority it is, who must declare), so sequences make
// progress through turns while still mixing in illegal and malformed actions.
import fc from 'fast-check';
import {
  waitingFor,
  type AtTriggerSpec, type ContinuousEffectSpec, type CreatureSpec, type Duration, type GameInput, type PhaseId,
  type ResolutionEffect, type StackObjectSpec, type StepId, type TurnEvent, type TurnSnapshot,
} from '../../src/index.js';

/** Players are chosen by index when the intent is turned into an event (modulo the number of players). */
type Who = number;

export type Plan =
  | { kind: 'endTurn' } | { kind: 'endCombat' }
  | { kind: 'extraTurn'; who: Who }
  | { kind: 'addPhases'; phases: PhaseId[] }
  | { kind: 'addStep'; step: StepId; afterPhase: boolean; count: number }
  | { kind: 'skip'; who: Who; what: { step: StepId } | { phase: PhaseId } | { turn: true }; each: boolean }
  | { kind: 'trigger'; object: ObjectPlan }
  | { kind: 'at'; at: AtPlan }
  | { kind: 'cast'; object: ObjectPlan }
  | { kind: 'createEffect'; until: Duration }
  | { kind: 'addMana'; who: Who; amount: number };

export interface ObjectPlan {
  type: StackObjectSpec['type'];
  timing?: StackObjectSpec['timing'];
  copy: boolean;
  targets: string[];
  condition: string | null;
  effects: Plan[];
  bestow: boolean;
  mutate: boolean;
  cannotEnter: boolean;
}
export interface AtPlan { when: StepId | PhaseId; whose: Who | null; once: boolean; condition: string | null; effects: Plan[] }

export type Intent =
  | { kind: 'progress'; attackers: CreatureSpec[] }
  | { kind: 'passOutOfTurn'; who: Who }
  | { kind: 'cast'; byHolder: boolean; who: Who; object: ObjectPlan }
  | { kind: 'activate'; byHolder: boolean; who: Who; timing: 'instant' | 'sorcery' | 'yourTurn'; effects: Plan[] }
  | { kind: 'declare'; proper: boolean; who: Who; creatures: CreatureSpec[] }
  | { kind: 'report'; object: ObjectPlan; who: Who }
  | { kind: 'register'; at: AtPlan; who: Who }
  | { kind: 'scheduleSba'; object: ObjectPlan; who: Who }
  | { kind: 'effect'; until: Duration }
  | { kind: 'mana'; who: Who; amount: number }
  | { kind: 'invalidate'; target: string }
  | { kind: 'condition'; name: string; value: boolean }
  | { kind: 'malformed'; variant: number };

export interface FuzzCase {
  input: GameInput;
  intents: Intent[];
  /** Before which intent the game is persisted and restored for the differential check. */
  persistAt: number;
}

const STEP_IDS: StepId[] = ['untap', 'upkeep', 'draw', 'beginningOfCombat', 'declareAttackers', 'declareBlockers', 'combatDamage', 'endOfCombat', 'end', 'cleanup'];
const PHASE_IDS: PhaseId[] = ['beginning', 'precombatMain', 'combat', 'postcombatMain', 'ending'];
// Skips of the declaration and damage steps (no card does that), of the ending phase or cleanup step are not generated.
const SKIPPABLE_STEPS: StepId[] = ['untap', 'upkeep', 'draw', 'beginningOfCombat', 'endOfCombat', 'end'];
const SKIPPABLE_PHASES: PhaseId[] = ['beginning', 'precombatMain', 'combat', 'postcombatMain'];
const TARGETS = ['t1', 't2', 'bear'];
const CONDITIONS = ['c1', 'c2'];

const who = fc.nat({ max: 3 });
const condition = fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: fc.constantFrom(...CONDITIONS), weight: 1 });
const duration: fc.Arbitrary<Duration> = fc.oneof(
  fc.constantFrom<Duration>('endOfTurn', 'endOfCombat', 'endOfStep', 'endOfPhase'),
  fc.constantFrom(...STEP_IDS, ...PHASE_IDS).map((x): Duration => ({ beginningOf: x })),
);

/** Resolution effects; `depth` bounds nesting (trigger/at/cast inside effects). */
function plans(depth: number): fc.Arbitrary<Plan[]> {
  const simple: fc.Arbitrary<Plan>[] = [
    fc.constant<Plan>({ kind: 'endTurn' }),
    fc.constant<Plan>({ kind: 'endCombat' }),
    who.map((w): Plan => ({ kind: 'extraTurn', who: w })),
    fc.subarray(['combat', 'postcombatMain', 'precombatMain'] as PhaseId[], { minLength: 1 }).map((phases): Plan => ({ kind: 'addPhases', phases })),
    fc.record({ step: fc.constantFrom<StepId>('upkeep', 'draw', 'end', 'beginningOfCombat'), afterPhase: fc.boolean(), count: fc.integer({ min: 1, max: 2 }) })
      .map((x): Plan => ({ kind: 'addStep', ...x })),
    fc.record({
      who,
      what: fc.oneof(
        fc.constantFrom(...SKIPPABLE_STEPS).map((step) => ({ step })),
        fc.constantFrom(...SKIPPABLE_PHASES).map((phase) => ({ phase })),
        fc.constant({ turn: true as const }),
      ),
      each: fc.boolean(),
    }).map((x): Plan => ({ kind: 'skip', ...x, each: 'turn' in x.what ? false : x.each })),
    duration.map((until): Plan => ({ kind: 'createEffect', until })),
    fc.record({ who, amount: fc.integer({ min: 0, max: 3 }) }).map((x): Plan => ({ kind: 'addMana', ...x })),
  ];
  const nested: fc.Arbitrary<Plan>[] = depth <= 0 ? [] : [
    objectPlan(depth - 1, 'triggered').map((object): Plan => ({ kind: 'trigger', object })),
    atPlan(depth - 1).map((at): Plan => ({ kind: 'at', at })),
    objectPlan(depth - 1, 'spell').map((object): Plan => ({ kind: 'cast', object })),
  ];
  return fc.array(fc.oneof(...simple, ...nested), { maxLength: 3 });
}

function objectPlan(depth: number, role: 'spell' | 'triggered' | 'activated'): fc.Arbitrary<ObjectPlan> {
  const type = role === 'spell'
    ? fc.oneof(
      { arbitrary: fc.constant<StackObjectSpec['type']>('instant'), weight: 6 },
      { arbitrary: fc.constantFrom<StackObjectSpec['type']>('sorcery', 'creature', 'artifact', 'enchantment', 'planeswalker', 'battle', 'aura'), weight: 3 },
    )
    : fc.constant<StackObjectSpec['type']>(role);
  return fc.record({
    type,
    timing: fc.option(fc.constantFrom<'instant' | 'sorcery' | 'yourTurn'>('instant', 'sorcery', 'yourTurn'), { nil: undefined }),
    copy: fc.oneof({ arbitrary: fc.constant(false), weight: 5 }, { arbitrary: fc.constant(true), weight: 1 }),
    targets: fc.subarray(TARGETS, { maxLength: 2 }),
    condition,
    effects: plans(depth),
    bestow: fc.boolean(),
    mutate: fc.boolean(),
    cannotEnter: fc.oneof({ arbitrary: fc.constant(false), weight: 4 }, { arbitrary: fc.constant(true), weight: 1 }),
  });
}

function atPlan(depth: number): fc.Arbitrary<AtPlan> {
  return fc.record({
    when: fc.constantFrom<StepId | PhaseId>(...STEP_IDS, ...PHASE_IDS),
    whose: fc.option(who, { nil: null }),
    once: fc.boolean(),
    condition,
    effects: plans(depth),
  });
}

const creature: fc.Arbitrary<CreatureSpec> = fc.record({
  id: fc.constantFrom('bear', 'knight', 'champion', 'wall', 'elf'),
  firstStrike: fc.boolean(),
  doubleStrike: fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, { arbitrary: fc.constant(true), weight: 1 }),
});

export const intent: fc.Arbitrary<Intent> = fc.oneof(
  // Mostly the expected player does the expected thing (pass, or declare), so games move through turns.
  { arbitrary: fc.oneof(fc.constant<CreatureSpec[]>([]), fc.uniqueArray(creature, { minLength: 1, maxLength: 2, selector: (c) => c.id }))
    .map((attackers): Intent => ({ kind: 'progress', attackers })), weight: 75 },
  { arbitrary: who.map((w): Intent => ({ kind: 'passOutOfTurn', who: w })), weight: 1 },
  { arbitrary: fc.record({ byHolder: fc.boolean(), who, object: objectPlan(2, 'spell') }).map((x): Intent => ({ kind: 'cast', ...x, byHolder: x.byHolder || x.who % 2 === 0 })), weight: 8 },
  { arbitrary: fc.record({ byHolder: fc.boolean(), who, timing: fc.constantFrom<'instant' | 'sorcery' | 'yourTurn'>('instant', 'instant', 'sorcery', 'yourTurn'), effects: plans(1) })
    .map((x): Intent => ({ kind: 'activate', ...x })), weight: 3 },
  { arbitrary: fc.record({ proper: fc.boolean(), who, creatures: fc.uniqueArray(creature, { maxLength: 3, selector: (c) => c.id }) })
    .map((x): Intent => ({ kind: 'declare', ...x, proper: x.proper || x.who !== 0 })), weight: 3 },
  { arbitrary: fc.record({ object: objectPlan(1, 'triggered'), who }).map((x): Intent => ({ kind: 'report', ...x })), weight: 2 },
  { arbitrary: fc.record({ at: atPlan(1), who }).map((x): Intent => ({ kind: 'register', ...x })), weight: 2 },
  { arbitrary: fc.record({ object: objectPlan(1, 'triggered'), who }).map((x): Intent => ({ kind: 'scheduleSba', ...x })), weight: 1 },
  { arbitrary: duration.map((until): Intent => ({ kind: 'effect', until })), weight: 2 },
  { arbitrary: fc.record({ who, amount: fc.integer({ min: 1, max: 3 }) }).map((x): Intent => ({ kind: 'mana', ...x })), weight: 1 },
  { arbitrary: fc.constantFrom(...TARGETS).map((target): Intent => ({ kind: 'invalidate', target })), weight: 1 },
  { arbitrary: fc.record({ name: fc.constantFrom(...CONDITIONS), value: fc.boolean() }).map((x): Intent => ({ kind: 'condition', ...x })), weight: 1 },
  { arbitrary: fc.nat({ max: 15 }).map((variant): Intent => ({ kind: 'malformed', variant })), weight: 1 },
);

export function fuzzCase(maxEvents = 60): fc.Arbitrary<FuzzCase> {
  return fc.record({
    players: fc.integer({ min: 2, max: 4 }),
    skipFirstDraw: fc.option(fc.boolean(), { nil: undefined }),
    maxHandSize: fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }),
    hand: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
    intents: fc.array(intent, { minLength: 1, maxLength: maxEvents, size: 'max' }),
    persistAt: fc.nat({ max: maxEvents }),
  }).map(({ players, skipFirstDraw, maxHandSize, hand, intents, persistAt }) => {
    const ids = ['A', 'B', 'C', 'D'].slice(0, players);
    const options: NonNullable<GameInput['options']> = {};
    if (skipFirstDraw !== undefined) options.skipFirstDraw = skipFirstDraw;
    if (maxHandSize !== undefined) options.maxHandSize = maxHandSize;
    if (hand !== undefined) options.hands = { A: hand };
    return { input: { players: ids, options }, intents, persistAt: Math.min(persistAt, intents.length) };
  });
}

// ---- from intents to events -------------------------------------------------------------

/** Turns plans into concrete objects with ids unique within one game. */
export class Realizer {
  private next = 0;
  constructor(private readonly players: readonly string[]) {}

  private id(prefix: string): string {
    this.next += 1;
    return `${prefix}${this.next}`;
  }

  private player(w: Who): string {
    return this.players[w % this.players.length];
  }

  effects(plans: readonly Plan[]): ResolutionEffect[] {
    const out: ResolutionEffect[] = [];
    let ended = false;
    for (const p of plans) {
      switch (p.kind) {
        case 'endTurn': out.push({ endTurn: {} }); ended = true; break;
        case 'endCombat': out.push({ endCombat: {} }); ended = true; break;
        case 'extraTurn': out.push({ extraTurn: { player: this.player(p.who) } }); break;
        case 'addPhases': out.push({ addPhases: { phases: p.phases } }); break;
        case 'addStep': out.push({ addStep: { step: p.step, afterPhase: p.afterPhase, count: p.count } }); break;
        case 'skip': out.push({ skip: { player: this.player(p.who), ...p.what, ...(p.each ? { each: true } : {}) } as never }); break;
        case 'trigger': out.push({ trigger: this.object(p.object, 'trig', this.player(0)) }); break;
        case 'at': out.push({ at: this.at(p.at, this.player(0)) }); break;
        // FORMAT.md: a cast is not allowed after endTurn/endCombat in the same list.
        case 'cast': if (!ended) out.push({ cast: this.object(p.object, 'cast', this.player(0)) }); break;
        case 'createEffect': out.push({ createEffect: this.effect(p.until) }); break;
        case 'addMana': out.push({ addMana: { player: this.player(p.who), amount: p.amount } }); break;
      }
    }
    return out;
  }

  object(plan: ObjectPlan, prefix: string, controller: string): StackObjectSpec {
    const type = plan.type ?? 'instant';
    const permanent = !['instant', 'sorcery', 'activated', 'triggered'].includes(type);
    const spec: StackObjectSpec = { id: this.id(prefix), controller, type, effects: this.effects(plan.effects) };
    if (type === 'aura' || (type === 'creature' && plan.mutate)) spec.targets = [plan.targets[0] ?? 't1'];
    else if (plan.targets.length > 0) spec.targets = [...plan.targets];
    if (type === 'aura' && plan.bestow) spec.bestow = true;
    if (type === 'creature' && plan.mutate) spec.mutate = true;
    if (permanent && plan.cannotEnter) spec.cannotEnter = true;
    if (plan.copy && type !== 'activated' && type !== 'triggered') spec.copy = true;
    if (type === 'triggered' && plan.condition) spec.if = plan.condition;
    if (plan.timing && type !== 'triggered' && (type === 'activated' || plan.timing === 'instant')) spec.timing = plan.timing;
    return spec;
  }

  at(plan: AtPlan, controller: string): AtTriggerSpec {
    const spec: AtTriggerSpec = { id: this.id('at'), controller, when: plan.when, effects: this.effects(plan.effects) };
    if (plan.whose !== null) spec.whoseTurn = this.player(plan.whose);
    if (plan.once) spec.once = true;
    if (plan.condition) spec.if = plan.condition;
    return spec;
  }

  effect(until: Duration): ContinuousEffectSpec {
    return { id: this.id('eff'), until };
  }

  /** The event an intent stands for in this state. */
  event(intent: Intent, s: TurnSnapshot): TurnEvent {
    const c = s.context;
    const w = waitingFor(s);
    const holder = w === 'priority' ? c.priority.holder! : null;
    const notHolder = (x: Who) => {
      const others = this.players.filter((p) => p !== holder);
      return others[x % others.length];
    };
    switch (intent.kind) {
      case 'progress':
        if (w === 'declareAttackers') return { type: 'combat.declareAttackers', player: c.activePlayer, attackers: intent.attackers };
        if (w === 'declareBlockers') return { type: 'combat.declareBlockers', player: c.defendersToDeclare[0], blockers: [] };
        return { type: 'priority.pass', player: holder ?? this.player(0) };
      case 'passOutOfTurn':
        return { type: 'priority.pass', player: notHolder(intent.who) };
      case 'cast': {
        const controller = intent.byHolder && holder ? holder : this.player(intent.who);
        return { type: 'spell.cast', object: this.object(intent.object, 'spell', controller) };
      }
      case 'activate': {
        const controller = intent.byHolder && holder ? holder : this.player(intent.who);
        return { type: 'ability.activate', object: { id: this.id('ab'), controller, type: 'activated', timing: intent.timing, effects: this.effects(intent.effects) } };
      }
      case 'declare': {
        const attacking = w === 'declareBlockers' ? false : w === 'declareAttackers' ? true : intent.who % 2 === 0;
        const proper = intent.proper && w !== 'priority';
        const player = proper ? (attacking ? c.activePlayer : c.defendersToDeclare[0]) : this.player(intent.who);
        if (attacking) return { type: 'combat.declareAttackers', player, attackers: intent.creatures };
        const attackers = c.attackers.map((a) => a.id);
        const blockers = intent.creatures.map((b, i) => ({ ...b, id: `${b.id}-${player}`, blocking: attackers[i % Math.max(1, attackers.length)] ?? 'bear' }));
        return { type: 'combat.declareBlockers', player, blockers };
      }
      case 'report':
        return { type: 'trigger.report', ability: this.object(intent.object, 'trig', this.player(intent.who)) };
      case 'register':
        return { type: 'trigger.register', trigger: this.at(intent.at, this.player(intent.who)) };
      case 'scheduleSba':
        return { type: 'stateBasedActions.schedule', ability: this.object(intent.object, 'sba', this.player(intent.who)) };
      case 'effect':
        return { type: 'effect.create', effect: this.effect(intent.until) };
      case 'mana':
        return { type: 'mana.add', player: this.player(intent.who), amount: intent.amount };
      case 'invalidate':
        return { type: 'target.invalidate', id: intent.target };
      case 'condition':
        return { type: 'condition.set', name: intent.name, value: intent.value };
      case 'malformed':
        return MALFORMED[intent.variant % MALFORMED.length](holder ?? this.player(0));
    }
  }
}

const MALFORMED: ((p: string) => TurnEvent)[] = [
  () => ({ type: 'priority.pass', player: 'nobody' }),
  () => ({ type: 'priority.pass' }) as never,
  (p) => ({ type: 'spell.cast', object: { id: '', controller: p } }),
  (p) => ({ type: 'spell.cast', object: { id: 'x', controller: p, type: 'instnt' } }) as never,
  (p) => ({ type: 'spell.cast', object: { id: 'x', controller: p, effects: 'none' } }) as never,
  (p) => ({ type: 'ability.activate', object: { id: 'x', controller: p, targets: [3] } }) as never,
  () => ({ type: 'combat.declareAttackers', player: 'A', attackers: 'all' }) as never,
  () => ({ type: 'combat.declareBlockers', player: 'B', blockers: [{}] }) as never,
  () => ({ type: 'trigger.report', ability: null }) as never,
  (p) => ({ type: 'trigger.register', trigger: { id: 'x', controller: p, when: 'teatime' } }) as never,
  () => ({ type: 'stateBasedActions.schedule', ability: { id: 'x', controller: 'nobody' } }),
  () => ({ type: 'effect.create', effect: { id: 'x' } }) as never,
  (p) => ({ type: 'mana.add', player: p, amount: 1.5 }),
  () => ({ type: 'target.invalidate', id: 7 }) as never,
  () => ({ type: 'condition.set', name: 'c1', value: 'yes' }) as never,
  () => ({ type: 'turn.skip' }) as never,
];
