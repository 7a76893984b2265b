// Persisted games: a snapshot carries the version of the machine it came from, and is
// restored only if the machine can resume it — the same version, a state the machine can be
// at rest in, and a game state that is whole and consistent. Anything else is refused with
// the JSON path of the problem (`SnapshotError`), never turned into an actor that crashes later.
import type { AnyActor, AnyStateNode, Snapshot, StateValue } from 'xstate';
import { turnMachine, type TurnSnapshot } from './machine.js';
import { contextSchema } from '../rules/contextSchema.js';
import { initialContext } from '../rules/setup.js';
import { sideToOrder } from '../rules/triggerOrder.js';
import { declaresNoAttackersByStandingPass, declaresNoBlockersByStandingPass, holdsStandingPass } from '../rules/shortcuts.js';
import type { GameContext } from '../rules/types.js';
import { DEFAULT_LIMITS, declaredEnv, limitsOf, limitsSchema, teamId, type GameInput, type Limits, formatPath, parse, quote, type Env, type Issue } from '../vocabulary/index.js';

/** FNV-1a over the machine's serialised config: any change to states, transitions, guards or actions changes it. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** Changes whenever the machine's config or the shape of its context changes. */
export const MACHINE_VERSION = `mtgTurn@${fingerprint(
  JSON.stringify(turnMachine.config) + Object.keys(initialContext({ players: ['A', 'B'] })).join(),
)}`;

/** A game saved as JSON-safe data: the machine's version and its snapshot. */
export interface PersistedGame {
  version: string;
  snapshot: Snapshot<unknown>;
}

/** A persisted game that cannot be resumed; `path` is the JSON path of the problem. */
export class SnapshotError extends Error {
  constructor(readonly path: string, readonly reason: string) {
    super(`cannot restore the game: ${path}: ${reason}`);
    this.name = 'SnapshotError';
  }
}

export class SnapshotVersionError extends SnapshotError {
  constructor(found: unknown) {
    super('version', `a snapshot of ${typeof found === 'string' ? quote(found) : 'an unknown version'}, and this is ${MACHINE_VERSION}: `
      + 'persisted games resume only on the machine version that saved them');
    this.name = 'SnapshotVersionError';
  }
}

/** A JSON-ready persisted snapshot of a running turn actor. */
export function persistGame(actor: AnyActor): PersistedGame {
  return { version: MACHINE_VERSION, snapshot: actor.getPersistedSnapshot() };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
  && [Object.prototype, null].includes(Object.getPrototypeOf(value));

/** The state values the machine can be at rest in, per region: states with no unguarded eventless transition (732.2: holding and declaring have guarded ones). */
function restValues(): { phases: Map<string, { phase: string; step: string | null; declaring: boolean }>; priority: Set<string> } {
  const phases = new Map<string, { phase: string; step: string | null; declaring: boolean }>();
  const priority = new Set<string>();
  const turn = turnMachine.root.states.turn;
  const rests = (node: AnyStateNode): AnyStateNode[] =>
    node.type === 'atomic' ? (node.always?.some((t) => !t.guard) ? [] : [node]) : Object.values(node.states).flatMap(rests);
  for (const node of rests(turn.states.phases)) {
    const path = node.path.slice(2); // below turn.phases
    const [phase, step = null] = path;
    phases.set(JSON.stringify(valueOf(path)), { phase, step, declaring: path[2] === 'declaring' });
  }
  for (const node of rests(turn.states.priority)) priority.add(node.key);
  return { phases, priority };
}

/** A state path as XState writes its value: `['combat', 'declareAttackers', 'declaring']` → nested objects. */
function valueOf(path: readonly string[]): StateValue {
  return path.length === 1 ? path[0] : { [path[0]]: valueOf(path.slice(1)) };
}

let rest: ReturnType<typeof restValues> | undefined;

/** Why this state value and game state cannot be resumed together, or null. */
function stateProblem(value: unknown, ctx: GameContext): [path: string, reason: string] | null {
  rest ??= restValues();
  if (!isPlainObject(value) || !isPlainObject(value.turn) || Object.keys(value).length !== 1) {
    return ['snapshot.value', `not a state of this machine: ${JSON.stringify(value)?.slice(0, 120)}`];
  }
  const { phases, priority, ...extra } = value.turn;
  if (Object.keys(extra).length > 0) return ['snapshot.value.turn', `unknown region ${quote(Object.keys(extra)[0])}`];
  const where = rest.phases.get(JSON.stringify(phases));
  if (!where) return ['snapshot.value.turn.phases', `not a step or phase the game can be at rest in: ${JSON.stringify(phases)?.slice(0, 120)}`];
  if (typeof priority !== 'string' || !rest.priority.has(priority)) {
    return ['snapshot.value.turn.priority', `not a state of priority the game can be at rest in: ${JSON.stringify(priority)}`];
  }
  const mainPhase = where.phase === 'precombatMain' || where.phase === 'postcombatMain';
  if (ctx.phase !== where.phase || ctx.step !== (mainPhase ? null : where.step)) {
    return ['snapshot.context.step', `the state is ${where.phase}/${where.step ?? '-'}, the game state says ${ctx.phase}/${ctx.step}`];
  }
  const inactive = priority === 'inactive';
  // 104.2a: a game that is over rests where it ended, nobody holding priority, nothing awaited.
  if (ctx.winners !== null) return ctx.priority.holder === null && ctx.triggerPass === null && ctx.resolution === null && ctx.procedure === null ? null : ['snapshot.context.winners', 'a game that is over has a holder of priority, a pass of triggers, a resolution or a procedure in progress'];
  if (where.declaring !== inactive) return ['snapshot.value.turn.priority', `${priority} while ${where.declaring ? 'a declaration is awaited' : 'nobody is declaring'}`];
  if (inactive !== (ctx.priority.holder === null)) return ['snapshot.context.priority.holder', `${ctx.priority.holder} while priority is ${priority}`];
  if ((priority === 'orderingTriggers') !== (sideToOrder(ctx) !== null)) {
    return ['snapshot.context.triggerPass', priority === 'orderingTriggers' ? 'an order of triggered abilities is awaited from nobody' : 'a pass of triggered abilities waits for an order outside its state'];
  }
  if (priority === 'holding' && ctx.triggerPass !== null) return ['snapshot.context.triggerPass', 'a pass of triggered abilities in progress while a player holds priority'];
  if (priority === 'holding' && holdsStandingPass(ctx)) return ['snapshot.context.shortcuts', `${ctx.priority.holder} holds priority while their standing pass holds (732.2: they would have passed)`];
  if (ctx.shortcuts.raised) return ['snapshot.context.shortcuts.raised', 'a pass raised by a standing pass is not taken: a game at rest raises nothing'];
  if (where.declaring && (where.step === 'declareAttackers' ? declaresNoAttackersByStandingPass(ctx) : declaresNoBlockersByStandingPass(ctx))) {
    return ['snapshot.context.shortcuts', 'a declaration is awaited from a player whose standing pass declares none (732.2: it would have been made)'];
  }
  if (ctx.priority.passes >= ctx.sides.length) return ['snapshot.context.priority.passes', `${ctx.priority.passes} passes in a row with ${ctx.sides.length} ${ctx.teams ? 'teams' : 'players'}`];
  if (ctx.resolution !== null) return ['snapshot.context.resolution', 'a resolution in progress: a game at rest resolves nothing'];
  if (ctx.procedure !== null) return ['snapshot.context.procedure', `${ctx.procedure} in progress: a game at rest is in no 723 procedure`];
  if (where.step === 'declareBlockers' && where.declaring && ctx.defendersToDeclare.length === 0) {
    return ['snapshot.context.defendersToDeclare', 'blockers are awaited from nobody'];
  }
  if (ctx.defendersToDeclare.includes(ctx.activeSide)) return ['snapshot.context.defendersToDeclare', 'the active player (team) cannot defend'];
  if (ctx.turnId >= ctx.nextTurnId || ctx.extraTurns.some((t) => t.id >= ctx.nextTurnId)) return ['snapshot.context.nextTurnId', 'a turn has an identity not yet given'];
  if (ctx.phaseId >= ctx.nextPhaseId || ctx.phaseQueue.some((p) => p.id >= ctx.nextPhaseId)) return ['snapshot.context.nextPhaseId', 'a phase has an identity not yet given'];
  return null;
}

/** How much deeper than in its event an object sits in the game state (event.ability → context.onDiscard[i].ability). */
const CONTEXT_LEVELS = 2;

function throwIssue(prefix: string, issue: Issue): never {
  throw new SnapshotError(`${prefix}${issue.path.length ? `.${formatPath(issue.path)}` : ''}`.replace('.[', '['), issue.message);
}

/**
 * The game state of a snapshot, checked whole. Its own limits are read first (each within the
 * ceilings and floors an input has); the rest is checked against the host's limits when given —
 * a restored game plays by the host's limits, never by higher ones a snapshot names — or else
 * against the snapshot's own.
 */
function checkedContext(context: unknown, host?: Limits): GameContext {
  const limitsGiven = isPlainObject(context) ? context.limits : undefined;
  const env0: Env = { players: new Set(), teams: null, limits: DEFAULT_LIMITS };
  if (!isPlainObject(limitsGiven)) throw new SnapshotError('snapshot.context.limits', `expected the game's limits (an object), got ${limitsGiven === null ? 'null' : typeof limitsGiven}`);
  const limits = parse(limitsSchema, limitsGiven, env0);
  if (!limits.ok) throwIssue('snapshot.context.limits', limits.issues[0]);
  const bound: Limits = { ...(host ?? { ...DEFAULT_LIMITS, ...limits.value }) };
  const teams = isPlainObject(context) && isPlainObject(context.teams) ? Object.values(context.teams) : undefined;
  const declared = declaredEnv({ players: isPlainObject(context) ? context.players : undefined, teams });
  // A game state holds the objects events brought, two levels further down (context.onDiscard[i].ability):
  // the nesting an event may have, plus those levels; the values of every event together.
  const env: Env = { ...declared, limits: { ...bound, maxNesting: bound.maxNesting + CONTEXT_LEVELS, maxValuesPerEvent: Number.MAX_SAFE_INTEGER } };
  const parsed = parse(contextSchema, isPlainObject(context) ? { ...context, limits: bound } : context, env);
  if (!parsed.ok) throwIssue('snapshot.context', parsed.issues[0]);
  // A save of an earlier version keeps the whole game's past under `history: true`.
  if ((parsed.value.options.history as unknown) === true) return { ...parsed.value, options: { ...parsed.value.options, history: 'all' } };
  return parsed.value;
}

/** A snapshot the machine can resume, built afresh from the checked parts; throws `SnapshotError`. */
export function checkSnapshot(snapshot: unknown, hostLimits?: Limits): Snapshot<unknown> {
  if (!isPlainObject(snapshot)) throw new SnapshotError('snapshot', `expected a persisted snapshot object, got ${snapshot === null ? 'null' : typeof snapshot}`);
  const allowed = new Set(['status', 'output', 'error', 'value', 'historyValue', 'context', 'children']);
  const unknown = Object.keys(snapshot).find((key) => !allowed.has(key));
  if (unknown !== undefined) throw new SnapshotError(`snapshot.${unknown}`, 'not a field of a persisted snapshot');
  if (snapshot.status !== 'active') throw new SnapshotError('snapshot.status', `the game is ${JSON.stringify(snapshot.status)}: only an active game resumes`);
  if (snapshot.output !== undefined || snapshot.error !== undefined) throw new SnapshotError('snapshot.error', 'an active game has no output or error');
  for (const key of ['historyValue', 'children'] as const) {
    if (!isPlainObject(snapshot[key]) || Object.keys(snapshot[key] as object).length > 0) throw new SnapshotError(`snapshot.${key}`, 'must be {} (the machine has no history states and no children)');
  }
  const context = checkedContext(snapshot.context, hostLimits);
  const problem = stateProblem(snapshot.value, context);
  if (problem) throw new SnapshotError(...problem);
  return { status: 'active', output: undefined, error: undefined, value: JSON.parse(JSON.stringify(snapshot.value)), historyValue: {}, context, children: {} } as Snapshot<unknown>;
}

/** Checks a persisted game (`persistGame` → JSON → here) and returns the snapshot for `createTurnActor` or `createGame`. */
export function restoreSnapshot(persisted: unknown): Snapshot<unknown> {
  if (!isPlainObject(persisted)) throw new SnapshotError('(root)', `expected { version, snapshot }, got ${persisted === null ? 'null' : Array.isArray(persisted) ? 'a list' : typeof persisted}`);
  const unknown = Object.keys(persisted).find((key) => key !== 'version' && key !== 'snapshot');
  if (unknown !== undefined) throw new SnapshotError(unknown, 'not a field of a persisted game ({ version, snapshot })');
  if (persisted.version !== MACHINE_VERSION) throw new SnapshotVersionError(persisted.version);
  return checkSnapshot(persisted.snapshot);
}

/** Who plays a checked snapshot's game, in words: its players, and its teams (a restored game keeps its own). */
export function seatingOf(snapshot: Snapshot<unknown>): string {
  const { players, teams, sides } = (snapshot as unknown as { context: GameContext }).context;
  return teams === null ? players.join(', ') : `teams ${sides.join(', ')}`; // in turn order (an object's keys may not be)
}

/** The same, for a game input. */
export const seatingOfInput = (input: GameInput): string => (input.teams === undefined ? input.players.join(', ') : `teams ${input.teams.map(teamId).join(', ')}`);

/** `checkSnapshot` against the input's limits (the host's), and the snapshot must be a game of exactly the input's players (in this order) and teams. */
export function checkSnapshotFor(input: GameInput, snapshot: unknown): Snapshot<unknown> {
  const checked = checkSnapshot(snapshot, limitsOf(input));
  if (seatingOf(checked) !== seatingOfInput(input)) {
    throw new SnapshotError('snapshot.context.players', `the snapshot is a game of ${seatingOf(checked)}; the input names ${seatingOfInput(input)}`);
  }
  return checked;
}

/**
 * A snapshot of the turn machine as an inspector streams it (`{ value, context }`), for
 * `view`; null when it is not one this machine could be at rest in.
 */
export function snapshotFromInspection(inspected: unknown): TurnSnapshot | null {
  if (!isPlainObject(inspected)) return null;
  try {
    const checked = checkSnapshot({ status: 'active', value: inspected.value, context: inspected.context, historyValue: {}, children: {} }) as unknown as { value: StateValue; context: GameContext };
    return turnMachine.resolveState({ value: checked.value, context: checked.context }) as TurnSnapshot;
  } catch {
    return null;
  }
}
