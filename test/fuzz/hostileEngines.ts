// The hostile fuzz, grown for issue 21: games of combined limits (each limit anywhere from its
// floor up, or its default) built by seats only or by host reports, engines whose hooks throw
// or lie on some calls, listeners that throw or send again from inside the history, snapshots
// whose limits were raised, and registered abilities whose ids sit at the limit. Every event
// must be refused with nothing changed, or accepted; nothing may escape; every state must save
// and resume under the host's limits; and whenever the game waits for a player, some seat must
// have a legal action that the game then takes (the property test over limits).
import fc from 'fast-check';
import {
  createGame, DEFAULT_LIMITS, GameInputError, LIMIT_FLOORS, restoreSnapshot, turnMachine,
  type Game, type GameInput, type LegalAction, type Limits, type Refusal, type ResolutionEffect, type TurnEvent,
} from '../../src/index.js';
import { DERIVED_ID_SUFFIX } from '../../src/vocabulary/index.js';
import type { HostileProblem } from './hostile.js';

const PLAYERS = ['A', 'B', 'C'];
type HookMode = 'plain' | 'throws' | 'lies' | 'proxy' | 'reenters' | 'writes';

export interface EngineCase {
  input: GameInput;
  hooks: HookMode;
  /** The hook fails on calls whose number is a multiple of this. */
  every: number;
  bySeats: boolean;
  listeners: 'none' | 'throwing' | 'reentrant';
  raiseLimits: boolean;
  steps: Step[];
}

type Step =
  | { kind: 'act'; choice: number }
  | { kind: 'cast'; effects: EffectKind[]; count: number }
  | { kind: 'report'; what: 'register' | 'trigger' | 'effect' | 'mark' | 'mana'; n: number }
  | { kind: 'progress'; count: number };
type EffectKind = 'at' | 'addStep' | 'extraTurn' | 'skip' | 'createEffect' | 'trigger' | 'endTurn' | 'addPhases' | 'endCombat';

/** A limit anywhere from its floor (or 1) to a little above; or left at its default. */
const limitsArb: fc.Arbitrary<Partial<Limits>> = fc.record(
  Object.fromEntries((Object.keys(DEFAULT_LIMITS) as (keyof Limits)[]).map((key) => {
    const floor = key === 'maxAmount' ? 7 : LIMIT_FLOORS[key]?.[0] ?? 1; // 7: the default hands (a smaller maxAmount is refused: tested apart)
    return [key, fc.oneof({ weight: 2, arbitrary: fc.integer({ min: floor, max: floor + 6 }) }, { weight: 1, arbitrary: fc.integer({ min: floor, max: Math.max(floor, DEFAULT_LIMITS[key]) }) })];
  })) as Record<keyof Limits, fc.Arbitrary<number>>,
  { requiredKeys: [] },
);

const effectKind = fc.constantFrom<EffectKind>('at', 'addStep', 'extraTurn', 'skip', 'createEffect', 'trigger', 'endTurn', 'addPhases', 'endCombat');
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.nat(20).map((choice) => ({ kind: 'act' as const, choice })) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cast' as const), effects: fc.array(effectKind, { minLength: 1, maxLength: 4 }), count: fc.integer({ min: 1, max: 24 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('report' as const), what: fc.constantFrom('register', 'trigger', 'effect', 'mark', 'mana'), n: fc.integer({ min: 1, max: 6 }) }) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 12 }).map((count) => ({ kind: 'progress' as const, count })) },
);

export const engineCase: fc.Arbitrary<EngineCase> = fc.record({
  count: fc.integer({ min: 2, max: 3 }),
  limits: limitsArb,
  choose: fc.boolean(),
  hooks: fc.constantFrom<HookMode>('plain', 'plain', 'throws', 'lies', 'proxy', 'reenters', 'writes'),
  every: fc.integer({ min: 2, max: 9 }),
  bySeats: fc.boolean(),
  listeners: fc.constantFrom('none', 'throwing', 'reentrant'),
  raiseLimits: fc.boolean(),
  steps: fc.array(step, { minLength: 1, maxLength: 8 }),
}).map(({ count, limits, choose, ...rest }) => ({
  input: { players: PLAYERS.slice(0, count), ...(choose && { options: { triggerOrder: 'choose' as const } }), limits },
  ...rest,
}));

const trap = () => new Proxy({}, { get() { throw new Error('a lying engine'); } });

/** The case an engine machine is playing (one machine per mode, built once: `.provide` costs a config walk). */
let playing: { c: EngineCase; game: () => Game | null; calls: number } | null = null;
const machines = new Map<HookMode, ReturnType<typeof turnMachine.provide>>();

/** An engine whose hooks fail as the case says, on every `every`-th call. */
function engineMachine(c: EngineCase, game: () => Game | null) {
  playing = { c, game, calls: 0 };
  if (c.hooks === 'plain') return undefined;
  const mode = c.hooks;
  const built = machines.get(mode);
  if (built) return built;
  const failing = () => playing !== null && (playing.calls += 1) % playing.c.every === 0;
  const act = (): unknown => {
    if (!failing()) return undefined;
    switch (mode) {
      case 'throws': throw new Error('the engine cannot handle this');
      case 'reenters': return playing?.game()?.send({ type: 'mana.add', player: 'A', amount: 1 });
      default: return undefined;
    }
  };
  const machine = turnMachine.provide({
    actions: {
      untapPermanents: () => { act(); },
      drawCard: () => { act(); },
      discardCards: () => { act(); },
      resolveObject: (_: unknown, { object }: { object: { id: string } }) => {
        if (mode === 'writes') { try { object.id = 'rewritten'; } catch { /* a frozen copy */ } }
        act();
      },
      performStateBasedActions: () => {
        act();
        const calls = playing?.calls ?? 0;
        const every = playing?.c.every ?? 2;
        if (mode === 'lies' && calls % every === 1) return { performed: 'yes', triggered: [{ id: 7 }] } as never;
        if (mode === 'proxy' && calls % every === 1) return trap() as never;
        return false;
      },
    },
  });
  machines.set(mode, machine);
  return machine;
}

const canonical = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v)
  ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]])) : v));

/** The event that takes a legal action (the `choice`-th of those listed, for the side awaited). */
function actionEvent(game: Game, choice: number): { player: string; event: TurnEvent } | null {
  const v = game.view();
  const side = v.awaiting?.side;
  if (!side) return null;
  const player = v.awaiting!.players[choice % v.awaiting!.players.length];
  // (conceding, 104.3a, is always legal: the case goes on with the other actions)
  const actions: LegalAction[] = game.legalActions(player).filter((a) => a.type !== 'player.concede');
  if (actions.length === 0) return null;
  const action = actions[choice % actions.length];
  const actor = v.teams === null ? { player: side } : { player };
  switch (action.type) {
    case 'priority.pass': return { player, event: { type: 'priority.pass', player: v.teams === null ? side : side } as TurnEvent };
    case 'combat.declareAttackers': return { player, event: { type: 'combat.declareAttackers', ...actor, attackers: choice % 3 === 0 ? [{ id: `att${choice}` }] : [] } as TurnEvent };
    case 'combat.declareBlockers': return { player, event: { type: 'combat.declareBlockers', ...actor, blockers: [] } as TurnEvent };
    case 'triggers.order': return { player, event: { type: 'triggers.order', ...actor, order: choice % 2 ? [...action.triggers].reverse() : action.triggers } as TurnEvent };
    default: return { player, event: { type: 'priority.pass', player: side } as TurnEvent };
  }
}

/** Effects of a spell at the case's limits: ids of ATs at the longest their derived ids allow. */
function effectOf(kind: EffectKind, i: number, limits: Limits, players: readonly string[]): ResolutionEffect {
  const room = limits.maxIdLength - DERIVED_ID_SUFFIX;
  const atId = `${i}`.padStart(room, 'a');
  switch (kind) {
    case 'at': return { at: { id: atId, controller: players[i % players.length], when: (['untap', 'upkeep', 'draw', 'end', 'cleanup'] as const)[i % 5] } };
    case 'addStep': return { addStep: { step: i % 2 ? 'untap' : 'cleanup', count: Math.min(limits.maxStepCount, 1 + (i % 40)), ...(i % 3 === 0 && { afterPhase: true }) } };
    case 'extraTurn': return { extraTurn: { player: players[i % players.length] } };
    case 'skip': return { skip: { player: players[i % players.length], ...(i % 2 ? { step: 'upkeep' as const, each: true } : { phase: 'combat' as const }) } };
    case 'createEffect': return { createEffect: { id: `e${i}`, until: 'endOfTurn' } };
    case 'trigger': return { trigger: { id: `t${i}`, controller: players[i % players.length], effects: [] } };
    case 'endTurn': return { endTurn: {} };
    case 'endCombat': return { endCombat: {} };
    case 'addPhases': return { addPhases: { phases: ['beginning'] } };
  }
}

/** One case: returns what went wrong. */
export function runEngineCase(c: EngineCase): HostileProblem[] {
  const problems: HostileProblem[] = [];
  let game: Game | null = null;
  try {
    game = createGame(c.input, { machine: engineMachine(c, () => game) });
  } catch (error) {
    if (error instanceof GameInputError || (error instanceof Error && error.name === 'GameStartError')) return [];
    return [{ kind: 'crash', message: `createGame threw ${String(error)}` }];
  }
  const g = game;
  const limits = g.snapshot().context.limits;
  const players = g.snapshot().context.players;
  if (c.listeners === 'throwing') {
    g.actor.on('history', () => { throw new Error('a history listener that throws'); });
    g.actor.subscribe(() => { throw new Error('an observer that throws'); });
  }
  if (c.listeners === 'reentrant') {
    let depth = 0;
    g.actor.on('history', (e) => {
      if (depth > 0 || e.record.type !== 'priority') return;
      depth += 1;
      const outcome = g.send({ type: 'priority.pass', player: 'nobody' });
      if (outcome === null) problems.push({ kind: 'round trip', message: 'a re-entrant send of a non-player was accepted' });
      depth -= 1;
    });
  }
  const send = (event: TurnEvent, player?: string): Refusal | null => {
    const holder = player ?? g.view().priority ?? players[0];
    return c.bySeats && players.includes(holder) ? g.seat(holder).send(event) : g.send(event);
  };
  // A refusal changes nothing: the very same snapshot (the boundary hands XState back the one it had).
  const check = (what: string, run: () => Refusal | null) => {
    const before = g.snapshot();
    const refusal = run();
    if (g.snapshot().status !== 'active') { problems.push({ kind: 'actor error', message: `the actor is ${g.snapshot().status} after ${what}` }); return; }
    if (refusal !== null && g.snapshot() !== before && c.listeners !== 'reentrant') problems.push({ kind: 'refused but changed', message: `${refusal.rule}: ${refusal.reason} — ${what}` });
  };
  try {
    let n = 0;
    for (const s of c.steps) {
      n += 1;
      if (s.kind === 'act') {
        const action = actionEvent(g, s.choice);
        if (action) check(action.event.type, () => send(action.event, action.player));
      } else if (s.kind === 'progress') {
        for (let i = 0; i < s.count; i += 1) {
          const action = actionEvent(g, 0);
          if (!action) break;
          check(action.event.type, () => send(action.event, action.player));
        }
      } else if (s.kind === 'cast') {
        const holder = g.view().priority;
        if (!holder) continue;
        const effects = Array.from({ length: Math.min(s.count, limits.maxEffects) }, (_, i) => effectOf(s.effects[i % s.effects.length], n * 1000 + i, limits, players));
        check('spell.cast', () => send({ type: 'spell.cast', object: { id: `s${n}`, controller: holder, type: 'instant', effects } }, holder));
      } else {
        for (let i = 0; i < s.n; i += 1) {
          const id = `${n}.${i}`;
          const event: TurnEvent = s.what === 'register' ? { type: 'trigger.register', trigger: { id: id.padStart(limits.maxIdLength - DERIVED_ID_SUFFIX, 'r'), controller: players[i % players.length], when: 'untap' } }
            : s.what === 'trigger' ? { type: 'trigger.report', ability: { id: `r${id}`, controller: players[i % players.length], effects: [] } }
              : s.what === 'effect' ? { type: 'effect.create', effect: { id: `e${id}`, until: 'endOfTurn' } }
                : s.what === 'mark' ? { type: 'target.invalidate', id: `m${id}` }
                  : { type: 'mana.add', player: players[0], amount: 1 };
          check(event.type, () => g.send(event));
        }
      }
      // Every few steps and at the end: the game saves and resumes, and is never stuck.
      if (n % 4 === 0 || n === c.steps.length) {
        const problem = resumes(g, c);
        if (problem) { problems.push(problem); break; }
      }
    }
  } catch (error) {
    problems.push({ kind: 'crash', message: `threw ${String(error)}` });
  } finally {
    g.stop();
  }
  return problems;
}

/** Saves and resumes under the host's limits (raised in the JSON or not), plain engine; a waiting game has a legal action the game takes. */
function resumes(game: Game, c: EngineCase): HostileProblem | null {
  const json = JSON.parse(JSON.stringify(game.persist()));
  if (c.raiseLimits) for (const key of Object.keys(json.snapshot.context.limits)) json.snapshot.context.limits[key] = Math.min(json.snapshot.context.limits[key] * 10, key === 'maxNesting' ? 64 : key === 'maxIdLength' ? 10_000 : 10_000_000);
  let twin: Game;
  try {
    twin = createGame(c.input, { snapshot: restoreSnapshot(json) });
  } catch (error) {
    return { kind: 'restore', message: `the game's own snapshot did not resume: ${String(error)}` };
  }
  try {
    if (canonical(twin.snapshot().context.limits) !== canonical(game.snapshot().context.limits)) return { kind: 'restore', message: 'a restored game kept the limits its snapshot raised' };
    if (twin.view().waitingFor === null) return null;
    const action = actionEvent(twin, 0);
    if (!action) return { kind: 'restore', message: `the game waits for ${twin.view().waitingFor} and no seat has a legal action` };
    const refusal = twin.send(action.event);
    if (refusal) return { kind: 'restore', message: `the legal action ${action.event.type} was refused: ${refusal.reason}` };
    return null;
  } finally {
    twin.stop();
  }
}
