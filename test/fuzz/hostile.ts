// The hostile-input property suite (issue 10): arbitrary JavaScript values, events drawn from
// the vocabulary's own schemas, and those events mutated, are sent to games in random states;
// persisted snapshots, mutated, are restored. Every event must be refused with nothing
// changed, or accepted and then survive persist → JSON → restore exactly; a snapshot must be
// refused with a SnapshotError or resume a game that plays on. Never an exception, an actor
// error, or a hang.
import fc from 'fast-check';
import {
  createGame, restoreSnapshot, SnapshotError, type Game, type GameInput, type Refusal,
} from '../../src/index.js';
import { EVENT_SCHEMAS, teamId, type Schema } from '../../src/vocabulary/index.js';
import { arbitraryOf } from './schemaArbitrary.js';

export interface HostileProblem { kind: 'crash' | 'actor error' | 'refused but changed' | 'round trip' | 'restore'; message: string }

const PLAYERS = ['A', 'B', 'C', 'D'];

// ---- values ------------------------------------------------------------------------------

function cyclic(): unknown {
  const object: Record<string, unknown> = { type: 'spell.cast', object: { id: 'c', controller: 'A' } };
  (object.object as Record<string, unknown>).effects = [{ cast: object.object }];
  return object;
}

function deep(levels: number): unknown {
  let value: unknown = { id: 'leaf', controller: 'A' };
  for (let i = 0; i < levels; i += 1) value = { id: `n${i}`, controller: 'A', effects: [{ cast: value }] };
  return { type: 'spell.cast', object: value };
}

const throwingProxy = () => new Proxy({}, { get() { throw new Error('a getter that throws'); }, ownKeys() { throw new Error('ownKeys throws'); } });
function revokedProxy(): unknown {
  const { proxy, revoke } = Proxy.revocable({ type: 'priority.pass', player: 'A' }, {});
  revoke();
  return proxy;
}
const hugeList = () => ({ type: 'combat.declareAttackers', player: 'A', attackers: new Proxy([], { get: (t, k) => (k === 'length' ? 2 ** 31 : Reflect.get(t, k)) }) });
const getterEvent = () => {
  let reads = 0;
  return { type: 'priority.pass', get player() { reads += 1; return reads === 1 ? 'A' : 'Z'; } };
};

/** Values no JSON document holds: what a careless or hostile host may pass to `send`. */
const oddities = fc.constantFrom<() => unknown>(
  () => null, () => undefined, () => 0, () => -0, () => Number.NaN, () => 'priority.pass', () => [], () => [{ type: 'priority.pass' }],
  () => Symbol('event'), () => 10n, () => () => undefined, () => new Date(0), () => new Map(), () => Object.create(null),
  () => Object.assign(Object.create(null), { type: 'priority.pass', player: 'A' }),
  () => ({ type: 'xstate.stop' }), () => ({ type: 'xstate.init' }), () => ({ type: 'xstate.error.actor.x', error: 1 }),
  () => ({ type: 'step.finished' }), () => ({ type: 'priority.open' }), () => ({ type: 'cleanup.check' }),
  () => ({ type: 'priority.pass', player: 'A', __proto__: { player: 'B' } }),
  () => JSON.parse('{"type": "priority.pass", "player": "A", "__proto__": {"x": 1}}'),
  () => ({ type: 'priority.pass', player: 'A'.repeat(100_000) }),
  cyclic, () => deep(40), () => deep(3000), throwingProxy, revokedProxy, hugeList, getterEvent,
);

/** An event of the vocabulary, of any type, for the game's players and teams (valid or breaking a rule between keys). */
function vocabularyEvent(input: GameInput): fc.Arbitrary<unknown> {
  const env = { players: input.players, teams: input.teams?.map(teamId), ids: ['x', 'y', 'bear', 'wall'], conditions: ['c1', 'c2'] };
  return fc.oneof(...Object.values(EVENT_SCHEMAS).map((schema) => arbitraryOf(schema as Schema<unknown>, env)));
}

type Mutation = { op: 'replace' | 'delete' | 'add' | 'wrap' | 'stringify'; at: number; value: unknown; key: string };

const mutation: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom('replace', 'delete', 'add', 'wrap', 'stringify'),
  at: fc.nat(),
  value: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(-1, 1.5, 1e308, '', 'Z', 'x'.repeat(300), true, null)),
  key: fc.constantFrom('type', 'id', 'player', 'controller', 'effects', 'extra', '__proto__', 'constructor'),
});

/** Every place in a JSON value, as [container, key] pairs (the root is [holder, 'value']). */
function places(value: unknown): [Record<string | number, unknown>, string | number][] {
  const holder = { value };
  const out: [Record<string | number, unknown>, string | number][] = [[holder, 'value']];
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    for (const key of Object.keys(node)) {
      out.push([node as Record<string, unknown>, Array.isArray(node) ? Number(key) : key]);
      visit((node as Record<string, unknown>)[key]);
    }
  };
  visit(value);
  return out;
}

/** Applies mutations to a JSON copy of `value`. */
export function mutate<T>(value: T, mutations: readonly Mutation[]): unknown {
  const holder = { value: JSON.parse(JSON.stringify(value ?? null)) as unknown };
  for (const m of mutations) {
    const all = places(holder.value);
    const [container, key] = m.at % all.length === 0 ? [holder as Record<string, unknown>, 'value'] : all[m.at % all.length];
    const current = container[key];
    switch (m.op) {
      case 'replace': container[key] = m.value; break;
      case 'delete': if (Array.isArray(container)) container.splice(Number(key), 1); else delete container[key]; break;
      case 'add': if (typeof current === 'object' && current !== null && !Array.isArray(current)) Object.defineProperty(current, m.key, { value: m.value, enumerable: true, writable: true, configurable: true }); break;
      case 'wrap': container[key] = [current]; break;
      case 'stringify': container[key] = JSON.stringify(current ?? null); break;
    }
  }
  return holder.value;
}

export type HostileItem = { kind: 'odd'; make: () => unknown } | { kind: 'json'; value: unknown } | { kind: 'event'; value: unknown; mutations: Mutation[] } | { kind: 'progress'; count: number };

const item = (input: GameInput): fc.Arbitrary<HostileItem> => fc.oneof(
  { weight: 2, arbitrary: oddities.map((make) => ({ kind: 'odd' as const, make })) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'json' as const, value })) },
  { weight: 3, arbitrary: fc.record({ value: vocabularyEvent(input), mutations: fc.constant([] as Mutation[]) }).map((e) => ({ kind: 'event' as const, ...e })) },
  { weight: 4, arbitrary: fc.record({ value: vocabularyEvent(input), mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }) }).map((e) => ({ kind: 'event' as const, ...e })) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 12 }).map((count) => ({ kind: 'progress' as const, count })) },
);

export interface HostileEventCase { input: GameInput; items: HostileItem[] }
export interface HostileSnapshotCase { input: GameInput; items: HostileItem[]; mutations: Mutation[]; after: number }

/** A game of `count` players; with `teams`, a team game: Two-Headed Giant with four, shared team turns with a team of one otherwise. */
const inputOf = (count: number, tight: boolean, teams: boolean): GameInput => ({
  players: PLAYERS.slice(0, count),
  ...(teams && (count === 4
    ? { teams: [PLAYERS.slice(0, 2), PLAYERS.slice(2, 4)], options: { variant: 'twoHeadedGiant' as const } }
    : { teams: [PLAYERS.slice(0, 1), PLAYERS.slice(1, count)], options: { sharedTeamTurns: true } })),
  ...(tight && { limits: { maxStack: 3, maxPendingTriggers: 3, maxRegisteredTriggers: 3, maxEffectsInForce: 3, maxExtraTurns: 3, maxSkips: 3, maxPlannedPhases: 8, maxAmount: 10, maxMarks: 3 } }),
});

export const hostileEventCase: fc.Arbitrary<HostileEventCase> = fc.record({ count: fc.integer({ min: 2, max: 4 }), tight: fc.boolean(), teams: fc.boolean() })
  .map(({ count, tight, teams }) => inputOf(count, tight, teams))
  .chain((input) => fc.record({
    input: fc.constant(input),
    items: fc.array(item(input), { minLength: 1, maxLength: 14 }),
  }));

export const hostileSnapshotCase: fc.Arbitrary<HostileSnapshotCase> = hostileEventCase.chain((c) => fc.record({
  input: fc.constant(c.input),
  items: fc.constant(c.items),
  mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }),
  after: fc.integer({ min: 0, max: 20 }),
}));

// ---- running -------------------------------------------------------------------------------

/** JSON with keys sorted: two snapshots of one game compare equal whatever order their keys were written in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v)
    ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]])) : v));
}
const persisted = (game: Game) => canonical(game.persist());
const withoutHistory = (game: Game) => { const { history: _h, ...view } = game.view(); return JSON.stringify(view); };

/** The next thing "everybody passes / declares nothing" does (the driver's nudge, kept local). */
function nudge(game: Game): Refusal | null {
  const v = game.view();
  if (v.waitingFor === 'priority' && v.priority) return game.send({ type: 'priority.pass', player: v.priority });
  if (v.waitingFor === 'declareAttackers' && v.declaring) return game.send({ type: 'combat.declareAttackers', player: v.declaring, attackers: [] });
  if (v.waitingFor === 'declareBlockers' && v.declaring) return game.send({ type: 'combat.declareBlockers', player: v.declaring, blockers: [] });
  return null;
}

function valueOf(entry: HostileItem): unknown {
  switch (entry.kind) {
    case 'odd': return entry.make();
    case 'json': return entry.value;
    case 'event': return entry.mutations.length > 0 ? mutate(entry.value, entry.mutations) : entry.value;
    case 'progress': return undefined;
  }
}

function describeValue(value: unknown): string {
  try { return String(JSON.stringify(value)).slice(0, 300); } catch { return '(unprintable)'; }
}

/** Plays the items against one game, checking every hostile event; returns what went wrong. */
export function runHostileEvents(c: HostileEventCase): HostileProblem[] {
  const problems: HostileProblem[] = [];
  const game = createGame(c.input);
  try {
    for (const entry of c.items) {
      if (entry.kind === 'progress') {
        for (let i = 0; i < entry.count; i += 1) nudge(game);
        continue;
      }
      const value = valueOf(entry);
      const before = persisted(game);
      let refusal: Refusal | null;
      try {
        refusal = game.send(value);
      } catch (error) {
        problems.push({ kind: 'crash', message: `send threw ${String(error)} for ${describeValue(value)}` });
        return problems;
      }
      if (game.snapshot().status !== 'active') {
        problems.push({ kind: 'actor error', message: `the actor is ${game.snapshot().status} after ${describeValue(value)}` });
        return problems;
      }
      if (refusal !== null) {
        if (persisted(game) !== before) problems.push({ kind: 'refused but changed', message: `${refusal.rule}: ${refusal.reason} — ${describeValue(value)}` });
        continue;
      }
      const problem = roundTrip(game, c.input);
      if (problem) problems.push({ kind: 'round trip', message: `${problem} after ${describeValue(value)}` });
    }
  } finally {
    game.stop();
  }
  return problems;
}

/** persist → JSON → restore: the same view, and the same answer and state after the next nudge. */
function roundTrip(game: Game, input: GameInput): string | null {
  const twin = createGame(input, { snapshot: restoreSnapshot(JSON.parse(persisted(game))) });
  try {
    if (withoutHistory(twin) !== withoutHistory(game)) return 'the restored view differs';
    if (persisted(twin) !== persisted(game)) return 'the restored snapshot differs';
    const fork = createGame(input, { snapshot: restoreSnapshot(JSON.parse(persisted(game))) });
    const expected = JSON.stringify(nudge(fork));
    const got = JSON.stringify(nudge(twin));
    const same = got === expected && persisted(twin) === persisted(fork);
    fork.stop();
    return same ? null : 'the restored game goes on differently';
  } finally {
    twin.stop();
  }
}

/** A game played a little, persisted, its JSON mutated, restored: refused, or a game that plays on. */
export function runHostileSnapshot(c: HostileSnapshotCase): HostileProblem[] {
  const game = createGame(c.input);
  for (const entry of c.items) {
    if (entry.kind === 'progress') for (let i = 0; i < entry.count; i += 1) nudge(game);
    else game.send(valueOf(entry));
  }
  const json = mutate(game.persist(), c.mutations);
  game.stop();
  let restored: Game;
  try {
    restored = createGame(c.input, { snapshot: restoreSnapshot(json) });
  } catch (error) {
    return error instanceof SnapshotError ? [] : [{ kind: 'restore', message: `restore threw ${String(error)}, not a SnapshotError` }];
  }
  try {
    for (let i = 0; i < c.after + 5; i += 1) {
      nudge(restored);
      restored.view();
      if (restored.snapshot().status !== 'active') return [{ kind: 'actor error', message: `a restored game became ${restored.snapshot().status}` }];
    }
  } catch (error) {
    return [{ kind: 'crash', message: `a restored game threw ${String(error)}` }];
  } finally {
    restored.stop();
  }
  return [];
}
