// Random games for the property-based tests: a setup (2–4 players, or team games: Two-Headed
// Giant, two or three teams under shared team turns, teams of one; options) and a short
// sequence of intents. The game's options, the spells and abilities, their effects and every
// host report are drawn from the vocabulary's own schemas (schemaArbitrary.ts): a new word of
// the vocabulary is fuzzed without a line here. What is written here is steering: an intent
// becomes a concrete event only when it is sent, from the state the game is in then (who holds
// priority, who must declare, whose order of triggers the game waits for, which creatures are
// in combat; with teams, which teammate acts for the team or whether the team's id is named),
// so sequences make progress through turns while still mixing in illegal and malformed actions.
import fc from 'fast-check';
import {
  PLAYER_EVENT_TYPES, TURN_EVENT_TYPES, view, waitingFor,
  type AttackerSpec, type EventOfType, type GameInput, type TurnEvent, type TurnEventType, type TurnSnapshot,
} from '../../src/index.js';
import {
  DEFAULT_LIMITS, EVENT_SCHEMAS, PHASES, STEPS_AND_PHASES, atTrigger, gameOptionsSchema, parse, triggeredAbility,
  type AtTriggerSpec, type Env, type PhaseId, type Path, type ResolutionEffect, type Schema, type StepOrPhaseId,
} from '../../src/vocabulary/index.js';
import { arbitraryOf, type ArbitraryEnv } from './schemaArbitrary.js';

/** Players are chosen by index when the intent is turned into an event (modulo the number of players). */
type Who = number;

/** A wrong order of triggered abilities, or a good one (603.3b). */
type OrderHow = 'good' | 'wrongPlayer' | 'missing' | 'extra' | 'twice';
/** The host reports the fuzz draws whole from the vocabulary (all but the one it steers, `combatant.set`). */
type ReportEvent = Exclude<TurnEvent, { type: (typeof PLAYER_EVENT_TYPES)[number] | 'combatant.set' }>;

export type Intent =
  | { kind: 'progress'; attackers: AttackerSpec[]; order: number; actor: number }
  | { kind: 'passOutOfTurn'; who: Who }
  | { kind: 'cast'; byHolder: boolean; event: EventOfType<'spell.cast'> }
  | { kind: 'activate'; byHolder: boolean; event: EventOfType<'ability.activate'> }
  | { kind: 'declare'; proper: boolean; who: Who; creatures: AttackerSpec[] }
  | { kind: 'order'; how: OrderHow; seed: number; who: Who }
  | { kind: 'combatant'; pick: number | null; event: EventOfType<'combatant.set'> }
  | { kind: 'report'; event: ReportEvent }
  | { kind: 'malformed'; variant: number }
  /** 104.3a: a player concedes, at any moment (one who already left, or after the game ended: refused). */
  | { kind: 'concede'; who: Who };

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

/**
 * The team games of the mix (805, 810): Two-Headed Giant (and Three-Headed, 810.11), two and three
 * teams under shared team turns, teams of one (two one-player teams are a two-player game, 103.8a).
 */
const TEAM_GAMES: { teams: string[][]; variant: boolean }[] = [
  { teams: [['A', 'B'], ['C', 'D']], variant: true },
  { teams: [['A', 'B'], ['C', 'D']], variant: false },
  { teams: [['A', 'B'], ['C', 'D'], ['E', 'F']], variant: false },
  { teams: [['A'], ['B', 'C']], variant: false },
  { teams: [['A', 'B'], ['C'], ['D', 'E']], variant: false },
  { teams: [['A'], ['B']], variant: false },
  { teams: [['A', 'B', 'C'], ['D', 'E', 'F']], variant: true },
];
const teamIdOf = (team: readonly string[]) => team.join('+');

const eventOf = <K extends TurnEventType>(type: K, env: ArbitraryEnv, depth = 3) =>
  arbitraryOf(EVENT_SCHEMAS[type] as Schema<EventOfType<K>>, env, depth);
const withoutKeys = <T extends object>(value: T, keys: readonly string[]): T => Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k))) as T;
const withoutKey = <T extends object>(value: T, key: string): T => withoutKeys(value, [key]);
const byHolder = fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 });
const who = fc.nat({ max: 3 });

/** The intents of a game of `players` (and `teams`, a team game). */
export function intent(players: readonly string[], teams: readonly string[][] | null = null): fc.Arbitrary<Intent> {
  const env: ArbitraryEnv = { players, ids: IDS, conditions: CONDITIONS, ...(teams && { teams: teams.map(teamIdOf) }) };
  const sides = teams ? teams.map(teamIdOf) : [...players];
  // Mostly instants (no type), so that casts outside main phases are not mostly refused (307.1).
  const spell = fc.tuple(eventOf('spell.cast', env, 4), fc.nat({ max: 9 }))
    .map(([e, r]) => (r < 6 ? { ...e, object: withoutKey(e.object, 'type') } : e));
  // An AT of the vocabulary with none of the 603.7 bindings (at most one is allowed: the steering below adds one).
  const unbound = arbitraryOf(atTrigger, env, 2).map((at) => withoutKeys(at, ['thatTurn', 'nextTurnOf', 'thisTurn', 'thatPhase']));
  // 603.7: Final Fortune — an extra turn and, after it in the same list, an AT of the vocabulary bound to that turn.
  const fortune = fc.tuple(spell, fc.constantFrom(...players), unbound, fc.boolean()).map(([e, player, at, first]) => {
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
  // 603.7: an AT of the vocabulary bound to a player's (team's) next turn or to this turn, registered by the host or by
  // a resolution; "that combat": phases added by a resolution and an AT bound to them, at one of their steps or phases.
  const nextTurnOrThisTurn = fc.tuple(unbound, fc.option(fc.constantFrom(...players, ...sides), { nil: null, freq: 2 })).map(([at, who]): AtTriggerSpec =>
    (who === null ? { ...at, thisTurn: true } : { ...withoutKey(at, 'whoseTurn'), nextTurnOf: who }));
  const registerBound = nextTurnOrThisTurn.map((trigger): ReportEvent => ({ type: 'trigger.register', trigger }));
  // Mostly Relentless Assault's phases and an AT at one of that combat's steps (Moraug); now and then any phases and any AT.
  const addedPhases = fc.oneof(
    { arbitrary: fc.constant<PhaseId[]>(['combat', 'postcombatMain']), weight: 3 },
    { arbitrary: fc.constant<PhaseId[]>(['combat']), weight: 1 },
    { arbitrary: fc.array(fc.constantFrom<PhaseId>(...PHASES), { minLength: 1, maxLength: 3 }), weight: 1 },
  );
  const thatPhaseWhen = fc.oneof(
    { arbitrary: fc.constantFrom<StepOrPhaseId>('combat', 'beginningOfCombat', 'declareAttackers', 'endOfCombat', 'postcombatMain'), weight: 3 },
    { arbitrary: fc.constantFrom<StepOrPhaseId>(...STEPS_AND_PHASES), weight: 1 },
  );
  const thatPhase = fc.tuple(spell, addedPhases, fc.option(fc.constantFrom<PhaseId>(...PHASES), { nil: undefined, freq: 4 }), unbound, thatPhaseWhen, nextTurnOrThisTurn)
    .map(([e, phases, afterFirst, at, when, other]) => ({
      ...e,
      object: {
        ...e.object,
        effects: [
          { addPhases: { phases, ...(afterFirst && { afterFirst }) } },
          { at: { ...withoutKey(at, 'whoseTurn'), when, thatPhase: true as const } },
          { at: other },
        ] satisfies ResolutionEffect[],
      },
    }));
  // 805.8: one effect naming several players: a team's extra turn, skips of the teams among them.
  const teamEffects = teams === null ? null : fc.tuple(spell, fc.subarray([...players], { minLength: 1 }), fc.constantFrom(...teams),
    fc.constantFrom<'extraTurn' | 'turn' | 'step' | 'phase'>('extraTurn', 'turn', 'step', 'phase'),
    fc.constantFrom<StepOrPhaseId>('untap', 'upkeep', 'draw', 'end'), fc.constantFrom<PhaseId>('combat', 'beginning', 'ending'))
    .map(([e, named, team, what, step, phase]) => {
      const effect: ResolutionEffect = what === 'extraTurn' ? { extraTurn: { players: [...team] } }
        : what === 'turn' ? { skip: { players: named, turn: true } }
        : what === 'step' ? { skip: { players: named, step: step as never } } : { skip: { players: named, phase } };
      return { ...e, object: { ...e.object, effects: [effect, ...(e.object.effects ?? []).slice(0, 1)] } };
    });
  // 722.1: Mindslaver (and Emrakul's extra turn after it), on any player, given to any player: often enough to reach controlled turns.
  const mindslaver = fc.tuple(eventOf('ability.activate', env, 2), fc.constantFrom(...players), fc.constantFrom(...players), fc.boolean())
    .map(([e, player, controller, thenExtraTurn]) => ({
      ...e, object: { ...e.object, effects: [{ controlNextTurn: { player, controller, ...(thenExtraTurn && { thenExtraTurn }) } }] satisfies ResolutionEffect[] },
    }));
  const creatures = eventOf('combat.declareAttackers', env).map((e) => e.attackers);
  const reportTypes = TURN_EVENT_TYPES.filter((type) => !(PLAYER_EVENT_TYPES as readonly string[]).includes(type) && type !== 'combatant.set');
  const reports = fc.oneof(...reportTypes.map((type) => eventOf(type, env) as fc.Arbitrary<ReportEvent>));
  return fc.oneof(
    // Mostly the expected player does the expected thing (pass, declare, order), so games move through turns.
    { arbitrary: fc.record({ attackers: creatures, order: fc.nat(), actor: fc.nat() }).map((x): Intent => ({ kind: 'progress', ...x })), weight: 75 },
    { arbitrary: who.map((w): Intent => ({ kind: 'passOutOfTurn', who: w })), weight: 1 },
    { arbitrary: fc.record({ byHolder, event: spell }).map((x): Intent => ({ kind: 'cast', ...x })), weight: 7 },
    { arbitrary: fc.record({ byHolder, event: fortune }).map((x): Intent => ({ kind: 'cast', ...x })), weight: 2 },
    { arbitrary: fc.record({ byHolder, event: mindslaver }).map((x): Intent => ({ kind: 'activate', ...x })), weight: 2 },
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
    { arbitrary: registerBound.map((event): Intent => ({ kind: 'report', event })), weight: 2 },
    { arbitrary: fc.record({ byHolder, event: thatPhase }).map((x): Intent => ({ kind: 'cast', ...x })), weight: 2 },
    ...(teamEffects ? [{ arbitrary: fc.record({ byHolder, event: teamEffects }).map((x): Intent => ({ kind: 'cast', ...x })), weight: 1 }] : []),
    { arbitrary: fc.nat({ max: 15 }).map((variant): Intent => ({ kind: 'malformed', variant })), weight: 1 },
    { arbitrary: who.map((w): Intent => ({ kind: 'concede', who: w })), weight: 1 },
  );
}

/** One kind of game: its players (and teams), its options drawn from the vocabulary, its intents. */
function game(players: readonly string[], teams: readonly string[][] | null, variant: boolean, maxEvents: number): fc.Arbitrary<FuzzCase> {
  return fc.record({
    options: arbitraryOf(gameOptionsSchema, { players, ids: IDS }),
    intents: fc.array(intent(players, teams), { minLength: 1, maxLength: maxEvents, size: 'max' }),
    persistAt: fc.nat({ max: maxEvents }),
  }).map(({ options: { sharedTeamTurns: _shared, variant: _variant, history: _history, ...options }, intents, persistAt }): FuzzCase => ({
    // Team options go with teams (805.1, 810.2): the variant, or shared team turns. History stays
    // on: the monitor reads the records (test/rules/history-option.test.ts covers it off).
    input: teams === null ? { players: [...players], options }
      : { players: [...players], teams: teams.map((t) => [...t]), options: { ...options, ...(variant ? { variant: 'twoHeadedGiant' as const } : { sharedTeamTurns: true }) } },
    intents,
    persistAt: Math.min(persistAt, intents.length),
  }));
}

export function fuzzCase(maxEvents = 60): fc.Arbitrary<FuzzCase> {
  // One arbitrary per kind of game, built once (building them walks the vocabulary's schemas):
  // free-for-all games of 2–4 players, and team games (half of the games each).
  const freeForAll = [2, 3, 4].map((n) => game(PLAYERS.slice(0, n), null, false, maxEvents));
  const teamGames = TEAM_GAMES.map(({ teams, variant }) => game(teams.flat(), teams, variant, maxEvents));
  return fc.oneof(
    ...freeForAll.map((arbitrary) => ({ arbitrary, weight: 7 })),
    ...teamGames.map((arbitrary) => ({ arbitrary, weight: 3 })),
  );
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
  /** 805: team id → its players; null without teams. */
  private readonly teams: ReadonlyMap<string, readonly string[]> | null;
  constructor(private readonly players: readonly string[], teams: readonly (readonly string[])[] | null = null) {
    this.teams = teams ? new Map(teams.map((team) => [teamIdOf(team), [...team]])) : null;
    this.env = { players: new Set(players), teams: this.teams, limits: DEFAULT_LIMITS };
  }

  private player(w: Who): string {
    return this.players[w % this.players.length];
  }

  /**
   * Who acts for a side: without teams the player; with teams (805.5a) one of its players, or the
   * team's id (which names its primary player), by `w`.
   */
  private actor(side: string, w: Who): { player: string } | { team: string } {
    const players = this.teams?.get(side);
    if (!players) return { player: side };
    const pick = w % (players.length + 1);
    return pick === players.length ? { team: side } : { player: players[pick] };
  }

  /** A name for `actor` where only `player` is taken (a pass): the player, or the team's id. */
  private name(actor: { player: string } | { team: string }): string {
    return 'player' in actor ? actor.player : actor.team;
  }

  /** 805.10b/d: creatures of a team's combined declaration, each controlled by a player of that team (mostly), or with none named. */
  private controlled<C extends { id: string; controller?: string }>(creatures: readonly C[], side: string, w: Who): C[] {
    const players = this.teams?.get(side);
    return creatures.map((c, i) => {
      const { controller: _drawn, ...rest } = c;
      if (!players) return rest as C;
      const pick = (w + i) % (players.length + 1);
      return (pick === players.length ? rest : { ...rest, controller: players[pick] }) as C;
    });
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

  /** An order of triggered abilities (603.3b, 805.7): a good one of what the game waits for (by the side, or a player of it), or a wrong one. */
  private order(how: OrderHow, seed: number, w: Who, s: TurnSnapshot): TurnEvent {
    const v = view(s);
    const side = v.awaiting?.kind === 'orderTriggers' ? v.awaiting.side : this.player(w);
    const actor = this.actor(side, w);
    const ids = v.orderTriggers?.triggers ?? v.pendingTriggers;
    const turned = [...ids.slice(seed % Math.max(1, ids.length)), ...ids.slice(0, seed % Math.max(1, ids.length))];
    const good = seed % 2 === 0 ? turned : turned.reverse();
    const others = this.players.filter((p) => (this.teams?.get(side) ?? [side]).every((own) => own !== p));
    switch (how) {
      case 'good': return { type: 'triggers.order', ...actor, order: good };
      case 'wrongPlayer': return { type: 'triggers.order', player: others[w % others.length], order: good };
      case 'missing': return { type: 'triggers.order', ...actor, order: good.slice(1) };
      case 'extra': return { type: 'triggers.order', ...actor, order: [...good, v.stack[v.stack.length - 1] ?? 'x'] };
      case 'twice': return { type: 'triggers.order', ...actor, order: good.length > 0 ? [good[0], ...good.slice(0, -1)] : ['x', 'x'] };
    }
  }

  /** The event an intent stands for in this state. */
  event(intent: Intent, s: TurnSnapshot): TurnEvent {
    const c = s.context;
    const w = waitingFor(s);
    const v = view(s);
    const awaited = v.awaiting?.side ?? null;
    const holder = w === 'priority' ? v.priority : null;
    const notHolder = (x: Who) => {
      const holders = holder === null ? [] : this.teams?.get(holder) ?? [holder];
      const others = [...this.players.filter((p) => !holders.includes(p)), ...[...this.teams?.keys() ?? []].filter((t) => t !== holder)];
      return others[x % others.length];
    };
    // 722.5: a controlled side's decisions are sent by its controller (VIEW `decider`)
    const by = v.decider !== null && awaited !== null && v.decider !== awaited ? { by: v.decider } : {};
    switch (intent.kind) {
      case 'progress': {
        const side = awaited ?? v.activeTeam ?? v.activePlayer ?? v.turnOf;
        if (w === 'declareAttackers') {
          return { type: 'combat.declareAttackers', ...this.actor(side, intent.actor), attackers: this.controlled(uniqueIds(intent.attackers), side, intent.actor), ...by };
        }
        if (w === 'declareBlockers') return { type: 'combat.declareBlockers', ...this.actor(side, intent.actor), blockers: [], ...by };
        // mostly a good order; now and then a wrong one from the side asked (refused, 603.3b: asked again)
        if (w === 'orderTriggers') return { ...this.order(PROGRESS_ORDERS[intent.order % PROGRESS_ORDERS.length], Math.floor(intent.order / PROGRESS_ORDERS.length), intent.actor, s), ...by };
        return { type: 'priority.pass', player: this.name(this.actor(side, intent.actor)), ...by };
      }
      case 'passOutOfTurn':
        return { type: 'priority.pass', player: notHolder(intent.who) };
      case 'cast':
      case 'activate':
        return this.finish<EventOfType<'spell.cast' | 'ability.activate'>>(intent.event, (e) => {
          // 805.5a: any player of the team holding priority may cast
          if (intent.byHolder && holder) {
            e.object.controller = v.mayAct[intent.event.object.id.length % v.mayAct.length];
            if ('by' in by) (e as { by?: string }).by = by.by;
          }
        });
      case 'declare': {
        const attacking = w === 'declareBlockers' ? false : w === 'declareAttackers' ? true : intent.who % 2 === 0;
        const proper = intent.proper && w !== 'priority' && awaited !== null;
        const side = proper ? awaited : this.player(intent.who);
        const actor = proper ? this.actor(side, intent.who) : { player: side };
        // With teams, creatures are mostly controlled by players of the declaring team (others: refused, 805.10b/d).
        const creatures = this.teams && !proper ? uniqueIds(intent.creatures) : this.controlled(uniqueIds(intent.creatures), this.sideOf(side), intent.who);
        if (attacking) return { type: 'combat.declareAttackers', ...actor, attackers: creatures };
        // Blockers block attacking creatures; with none attacking (a combat phase of only an added declare blockers
        // step), none block: blocking what does not attack is refused for what it says (509.1a), which legalActions
        // (who may declare now) cannot tell.
        const attackers = c.attackers.map((a) => a.id);
        const blocking = attackers.length === 0 ? [] : creatures;
        const blockers = blocking.map((b, i) => ({ ...b, id: `${b.id}-${side}`, blocking: attackers[i % Math.max(1, attackers.length)] ?? 'bear' }));
        return { type: 'combat.declareBlockers', ...actor, blockers };
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
        return MALFORMED[intent.variant % MALFORMED.length](holder ? v.mayAct[0] : this.player(0));
      case 'concede':
        return { type: 'player.concede', player: this.players[intent.who % this.players.length] };
    }
  }

  /** The side a player names (their team's id with teams). */
  private sideOf(player: string): string {
    for (const [team, players] of this.teams ?? []) if (players.includes(player)) return team;
    return player;
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
