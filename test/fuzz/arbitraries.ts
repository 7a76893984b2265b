// Random games for the property-based tests: a setup (2–4 players, options) and a short
// sequence of intents. The game's options, the spells and abilities, their effects and every
// host report are drawn from the vocabulary's own schemas (schemaArbitrary.ts): a new word of
// the vocabulary is fuzzed without a line here. What is written here is steering: an intent
// becomes a concrete event only when it is sent, from the state the game is in then (who holds
// priority, who must declare, whose order of triggers the game waits for, which creatures are
// in combat), so sequences make progress through turns while still mixing in illegal and
// malformed actions.
import fc from 'fast-check';
import {
  PLAYER_EVENT_TYPES, TURN_EVENT_TYPES, view, waitingFor,
  type AttackerSpec, type EventOfType, type GameInput, type TurnEvent, type TurnEventType, type TurnSnapshot,
} from '../../src/index.js';
import {
  DEFAULT_LIMITS, EVENT_SCHEMAS, atTrigger, gameOptionsSchema, parse, triggeredAbility,
  type Env, type Path, type ResolutionEffect, type Schema,
} from '../../src/vocabulary/index.js';
import { arbitraryOf, type ArbitraryEnv } from './schemaArbitrary.js';

/** Players are chosen by index when the intent is turned into an event (modulo the number of players). */
type Who = number;

/** A wrong order of triggered abilities, or a good one (603.3b). */
type OrderHow = 'good' | 'wrongPlayer' | 'missing' | 'extra' | 'twice';
/** The host reports the fuzz draws whole from the vocabulary (all but the one it steers, `combatant.set`). */
type ReportEvent = Exclude<TurnEvent, { type: (typeof PLAYER_EVENT_TYPES)[number] | 'combatant.set' }>;

export type Intent =
  | { kind: 'progress'; attackers: AttackerSpec[]; order: number }
  | { kind: 'passOutOfTurn'; who: Who }
  | { kind: 'cast'; byHolder: boolean; event: EventOfType<'spell.cast'> }
  | { kind: 'activate'; byHolder: boolean; event: EventOfType<'ability.activate'> }
  | { kind: 'declare'; proper: boolean; who: Who; creatures: AttackerSpec[] }
  | { kind: 'order'; how: OrderHow; seed: number; who: Who }
  | { kind: 'combatant'; pick: number | null; event: EventOfType<'combatant.set'> }
  | { kind: 'report'; event: ReportEvent }
  | { kind: 'malformed'; variant: number };

export interface FuzzCase {
  input: GameInput;
  intents: Intent[];
  /** Before which intent the game is persisted and restored for the differential check. */
  persistAt: number;
}

/** Ids objects name (targets, creatures, blocked attackers): a small pool, so that they meet. Objects get fresh ids when sent. */
const IDS = ['t1', 't2', 'bear', 'knight', 'wall', 'elf'];
const CONDITIONS = ['c1', 'c2'];
const PLAYERS = ['A', 'B', 'C', 'D'];

const eventOf = <K extends TurnEventType>(type: K, env: ArbitraryEnv, depth = 3) =>
  arbitraryOf(EVENT_SCHEMAS[type] as Schema<EventOfType<K>>, env, depth);
const withoutKey = <T extends object>(value: T, key: string): T => Object.fromEntries(Object.entries(value).filter(([k]) => k !== key)) as T;
const byHolder = fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 });
const who = fc.nat({ max: 3 });

/** The intents of a game of `players`. */
export function intent(players: readonly string[]): fc.Arbitrary<Intent> {
  const env: ArbitraryEnv = { players, ids: IDS, conditions: CONDITIONS };
  // Mostly instants (no type), so that casts outside main phases are not mostly refused (307.1).
  const spell = fc.tuple(eventOf('spell.cast', env, 4), fc.nat({ max: 9 }))
    .map(([e, r]) => (r < 6 ? { ...e, object: withoutKey(e.object, 'type') } : e));
  // 603.7: Final Fortune — an extra turn and, after it in the same list, an AT of the vocabulary bound to that turn.
  const fortune = fc.tuple(spell, fc.constantFrom(...players), arbitraryOf(atTrigger, env, 2), fc.boolean()).map(([e, player, at, first]) => {
    const bound: ResolutionEffect[] = [{ extraTurn: { player } }, { at: { ...withoutKey(at, 'whoseTurn'), thatTurn: true } }];
    const own = e.object.effects ?? [];
    return { ...e, object: { ...e.object, effects: first ? [...bound, ...own] : [...own, ...bound] } };
  });
  // 603.3b: an ability whose resolution makes two or three abilities of the vocabulary trigger at once, mostly one player's.
  const simultaneous = fc.tuple(eventOf('ability.activate', env, 4), fc.array(arbitraryOf(triggeredAbility, env, 2), { minLength: 2, maxLength: 3 }),
    fc.option(fc.constantFrom(...players), { nil: null, freq: 3 })).map(([e, abilities, controller]) => ({
    ...e,
    object: { ...e.object, effects: [...(e.object.effects ?? []), ...abilities.map((a): ResolutionEffect => ({ trigger: controller ? { ...a, controller } : a }))] },
  }));
  const creatures = eventOf('combat.declareAttackers', env).map((e) => e.attackers);
  const reportTypes = TURN_EVENT_TYPES.filter((type) => !(PLAYER_EVENT_TYPES as readonly string[]).includes(type) && type !== 'combatant.set');
  const reports = fc.oneof(...reportTypes.map((type) => eventOf(type, env) as fc.Arbitrary<ReportEvent>));
  return fc.oneof(
    // Mostly the expected player does the expected thing (pass, declare, order), so games move through turns.
    { arbitrary: fc.record({ attackers: creatures, order: fc.nat() }).map((x): Intent => ({ kind: 'progress', ...x })), weight: 75 },
    { arbitrary: who.map((w): Intent => ({ kind: 'passOutOfTurn', who: w })), weight: 1 },
    { arbitrary: fc.record({ byHolder, event: spell }).map((x): Intent => ({ kind: 'cast', ...x })), weight: 7 },
    { arbitrary: fc.record({ byHolder, event: fortune }).map((x): Intent => ({ kind: 'cast', ...x })), weight: 1 },
    { arbitrary: fc.record({ byHolder, event: eventOf('ability.activate', env, 4) }).map((x): Intent => ({ kind: 'activate', ...x })), weight: 3 },
    { arbitrary: fc.record({ byHolder, event: simultaneous }).map((x): Intent => ({ kind: 'activate', ...x })), weight: 3 },
    { arbitrary: fc.record({ proper: fc.boolean(), who, creatures }).map((x): Intent => ({ kind: 'declare', ...x, proper: x.proper || x.who !== 0 })), weight: 3 },
    {
      arbitrary: fc.record({
        how: fc.oneof({ arbitrary: fc.constant<OrderHow>('good'), weight: 4 }, fc.constantFrom<OrderHow>('wrongPlayer', 'missing', 'extra', 'twice')),
        seed: fc.nat(),
        who,
      }).map((x): Intent => ({ kind: 'order', ...x })),
      weight: 2,
    },
    { arbitrary: fc.record({ pick: fc.option(fc.nat(), { nil: null, freq: 4 }), event: eventOf('combatant.set', env) }).map((x): Intent => ({ kind: 'combatant', ...x })), weight: 2 },
    { arbitrary: reports.map((event): Intent => ({ kind: 'report', event })), weight: 10 },
    { arbitrary: fc.nat({ max: 15 }).map((variant): Intent => ({ kind: 'malformed', variant })), weight: 1 },
  );
}

export function fuzzCase(maxEvents = 60): fc.Arbitrary<FuzzCase> {
  // One arbitrary per number of players, built once (building them walks the vocabulary's schemas).
  const games = new Map([2, 3, 4].map((n) => {
    const players = PLAYERS.slice(0, n);
    return [n, fc.record({
      options: arbitraryOf(gameOptionsSchema, { players, ids: IDS }),
      intents: fc.array(intent(players), { minLength: 1, maxLength: maxEvents, size: 'max' }),
      persistAt: fc.nat({ max: maxEvents }),
    }).map(({ options: { sharedTeamTurns: _shared, variant: _variant, ...options }, intents, persistAt }): FuzzCase => ({
      // Team options need teams: games without them here (team games: TODO below).
      input: { players, options }, intents, persistAt: Math.min(persistAt, intents.length),
    }))];
  }));
  return fc.integer({ min: 2, max: 4 }).chain((n) => games.get(n)!);
}

// ---- making drawn values valid ------------------------------------------------------------

const isPrefix = (a: Path, b: Path) => a.length <= b.length && a.every((segment, i) => segment === b[i]);
function valueAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const segment of path) node = typeof node === 'object' && node !== null ? (node as Record<string | number, unknown>)[segment] : undefined;
  return node;
}

/**
 * One repair where the validator's first issue is: delete the key it names (unless that only moves
 * the issue to the key's place), or else drop the list item around it (an effect, a creature).
 */
function repairOnce(schema: Schema<unknown>, root: unknown, path: Path, env: Env): boolean {
  const key = path[path.length - 1];
  const parent = valueAt(root, path.slice(0, -1));
  if (typeof key === 'string' && typeof parent === 'object' && parent !== null && !Array.isArray(parent) && key in parent) {
    const record = parent as Record<string, unknown>;
    const saved = record[key];
    delete record[key];
    const again = parse(schema, root, env);
    if (again.ok || !isPrefix(again.issues[0].path, path)) return true;
    record[key] = saved;
  }
  for (let i = path.length - 1; i >= 0; i -= 1) {
    const index = path[i];
    const list = valueAt(root, path.slice(0, i));
    if (typeof index === 'number' && Array.isArray(list)) {
      list.splice(index, 1);
      return true;
    }
  }
  return false;
}

/**
 * A drawn value made valid where the vocabulary's own validator shows how (a key that breaks a rule
 * between keys, an effect out of place); one that cannot be stays invalid and is refused, which is fuzzed too.
 */
function repair<T>(schema: Schema<T>, value: T, env: Env): T {
  for (let tries = 0; tries < 20; tries += 1) {
    const parsed = parse(schema, value, env);
    if (parsed.ok || !repairOnce(schema as Schema<unknown>, value, parsed.issues[0].path, env)) break;
  }
  return value;
}

// ---- from intents to events -------------------------------------------------------------

/** Turns intents into concrete events, with object ids unique within one game. */
export class Realizer {
  private next = 0;
  private readonly env: Env;
  constructor(private readonly players: readonly string[]) {
    this.env = { players: new Set(players), teams: null, limits: DEFAULT_LIMITS };
  }

  private player(w: Who): string {
    return this.players[w % this.players.length];
  }

  /** Fresh ids for the spells, abilities, ATs and effects the event names (creatures and targets keep the pool's). */
  private freshIds(node: unknown): void {
    if (Array.isArray(node)) for (const item of node) this.freshIds(item);
    else if (typeof node === 'object' && node !== null) {
      const object = node as Record<string, unknown>;
      if (typeof object.id === 'string' && ('controller' in object || 'until' in object)) {
        this.next += 1;
        object.id = `${'when' in object ? 'at' : 'until' in object ? 'eff' : object.type === 'triggered' ? 'trig' : 'o'}${this.next}`;
      }
      for (const value of Object.values(object)) this.freshIds(value);
    }
  }

  /** A drawn event as sent: a copy (the drawn value is fast-check's), fresh ids, valid where it can be made so. */
  private finish<E extends TurnEvent>(event: E, change: (e: E) => void = () => {}): E {
    const copy = structuredClone(event);
    change(copy);
    this.freshIds(copy);
    return repair(EVENT_SCHEMAS[copy.type] as Schema<E>, copy, this.env);
  }

  /** An order of triggered abilities (603.3b): a good one of what the game waits for, or a wrong one. */
  private order(how: OrderHow, seed: number, w: Who, s: TurnSnapshot): TurnEvent {
    const v = view(s);
    const player = v.awaiting?.kind === 'orderTriggers' ? v.awaiting.players[0] : this.player(w);
    const ids = v.orderTriggers?.triggers ?? v.pendingTriggers;
    const turned = [...ids.slice(seed % Math.max(1, ids.length)), ...ids.slice(0, seed % Math.max(1, ids.length))];
    const good = seed % 2 === 0 ? turned : turned.reverse();
    switch (how) {
      case 'good': return { type: 'triggers.order', player, order: good };
      case 'wrongPlayer': return { type: 'triggers.order', player: this.players.filter((p) => p !== player)[w % (this.players.length - 1)], order: good };
      case 'missing': return { type: 'triggers.order', player, order: good.slice(1) };
      case 'extra': return { type: 'triggers.order', player, order: [...good, v.stack[v.stack.length - 1] ?? 'x'] };
      case 'twice': return { type: 'triggers.order', player, order: good.length > 0 ? [good[0], ...good.slice(0, -1)] : ['x', 'x'] };
    }
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
        if (w === 'declareAttackers') return { type: 'combat.declareAttackers', player: c.activePlayer, attackers: uniqueIds(intent.attackers) };
        if (w === 'declareBlockers') return { type: 'combat.declareBlockers', player: c.defendersToDeclare[0], blockers: [] };
        // mostly a good order; now and then a wrong one from the player asked (refused, 603.3b: asked again)
        if (w === 'orderTriggers') return this.order(PROGRESS_ORDERS[intent.order % PROGRESS_ORDERS.length], Math.floor(intent.order / PROGRESS_ORDERS.length), 0, s);
        return { type: 'priority.pass', player: holder ?? this.player(0) };
      case 'passOutOfTurn':
        return { type: 'priority.pass', player: notHolder(intent.who) };
      case 'cast':
      case 'activate':
        return this.finish<EventOfType<'spell.cast' | 'ability.activate'>>(intent.event, (e) => {
          if (intent.byHolder && holder) e.object.controller = holder;
        });
      case 'declare': {
        const attacking = w === 'declareBlockers' ? false : w === 'declareAttackers' ? true : intent.who % 2 === 0;
        const proper = intent.proper && w !== 'priority';
        const player = proper ? (attacking ? c.activePlayer : c.defendersToDeclare[0]) : this.player(intent.who);
        const creatures = uniqueIds(intent.creatures);
        if (attacking) return { type: 'combat.declareAttackers', player, attackers: creatures };
        // Blockers block attacking creatures; with none attacking (a combat phase of only an added declare blockers
        // step), none block: blocking what does not attack is refused for what it says (509.1a), which legalActions
        // (who may declare now) cannot tell.
        const attackers = c.attackers.map((a) => a.id);
        const blocking = attackers.length === 0 ? [] : creatures;
        const blockers = blocking.map((b, i) => ({ ...b, id: `${b.id}-${player}`, blocking: attackers[i % Math.max(1, attackers.length)] ?? 'bear' }));
        return { type: 'combat.declareBlockers', player, blockers };
      }
      case 'order':
        return this.order(intent.how, intent.seed, intent.who, s);
      case 'combatant': {
        // Mostly a creature in combat (else one that is not: refused, 506.4), gaining or losing first or double strike.
        const inCombat = [...c.attackers, ...c.blockers];
        return this.finish(intent.event, (e) => {
          if (intent.pick !== null && inCombat.length > 0) e.id = inCombat[intent.pick % inCombat.length].id;
          if (e.firstStrike === undefined && e.doubleStrike === undefined) e.firstStrike = true;
        });
      }
      case 'report':
        return this.finish(intent.event);
      case 'malformed':
        return MALFORMED[intent.variant % MALFORMED.length](holder ?? this.player(0));
    }
  }
}

const PROGRESS_ORDERS: readonly OrderHow[] = ['good', 'good', 'good', 'good', 'good', 'missing', 'extra', 'twice'];

/** A declaration names each creature once. */
const uniqueIds = <C extends { id: string }>(creatures: readonly C[]): C[] => creatures.filter((x, i) => creatures.findIndex((y) => y.id === x.id) === i);

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
