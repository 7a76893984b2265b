// What a UI, a runner or a test sees of a game: FORMAT.md's VIEW, read from a snapshot.
// Nothing outside the machine reads a snapshot's context: what they need is here.
import type { TurnSnapshot } from './machine.js';
import { WAITING_TAGS } from '../machine/tags.js';
import type { GameContext } from '../rules/types.js';
import { abilitiesToOrder, sideToOrder } from '../rules/triggerOrder.js';
import { durationInWords, triggerInWords } from './words.js';
import { isGameOver, isInGame, isSideInGame, playersInGame } from '../rules/inGame.js';
import { playersOf, primaryOf } from '../rules/sides.js';
import { deciderOf, deciderOfSide } from '../rules/control.js';
import { upcomingTurns } from '../rules/turnPlan.js';
import { shortcutsView, whyStopped } from '../rules/shortcuts.js';
import { ruleNumbersOf, type PhaseId, type PlayerId, type RuleNumbers, type ShortcutView, type StepId, type WaitingFor } from '../vocabulary/index.js';

/** Who the game waits for, and for what. */
export interface Awaiting {
  kind: Exclude<WaitingFor, null>;
  /** The side it waits for: a player, or with teams a team's id. */
  side: string;
  /** The players who may act on it now (with teams, any one of them for the team: 805.5a). */
  players: PlayerId[];
  /** Why the game stopped here, in words (a standing pass ended, or does not declare; or none is in force: 732.2, 117.3…). */
  reason: string;
  /** The rule of `reason`. */
  rule: string;
}

/** A side (whoever takes turns, holds priority, declares): a player, or with teams (805) a team's id ("A+B"). */
export type Side = string;

/** What a UI reads: the turn, who is active, the phase and step, priority, the stack, zones, effects, combat, and what comes next. */
export interface View {
  /** In turn order. */
  players: PlayerId[];
  turn: number;
  /** 500.7: the current turn is an extra turn. */
  extraTurn: boolean;
  /** The active player; with teams, the active team's primary player (805.2); null once they left the game (800.4j). */
  activePlayer: PlayerId | null;
  /** The players of the active team still in the game, listed order (805.9); without teams, `[activePlayer]`. */
  activePlayers: PlayerId[];
  /** 805.4a: the active team's id; null without teams, or once the whole team left the game. */
  activeTeam: string | null;
  /** 800.4j: whose turn it is, also when they have left the game (a player, or with teams a team). */
  turnOf: Side;
  /** 800.4: the players still in the game, in turn order. */
  inGame: PlayerId[];
  /** 104.2a, 104.2c: the game is over. */
  gameOver: boolean;
  /** Who won ([] while the game goes on). */
  winners: PlayerId[];
  /** 805: the teams, each its players (the first is its primary player); null without teams. */
  teams: Record<string, PlayerId[]> | null;
  phase: PhaseId | null;
  step: StepId | null;
  /** Who holds priority: a player, or with teams a team (805.5); null when nobody does. */
  priority: Side | null;
  waitingFor: WaitingFor;
  awaiting: Awaiting | null;
  /** The players who may cast, activate or pass now (805.5a: each player of the team that holds priority). */
  mayAct: PlayerId[];
  /** Who the game waits for to declare attackers or blockers (a player, or a team), or null. */
  declaring: Side | null;
  /** 603.3b, 805.7: while the game waits for an order of triggered abilities, who gives it and their ids (in the order they triggered). */
  orderTriggers: ({ player: PlayerId } | { team: string }) & { triggers: string[] } | null;
  stack: string[];
  /** The stack's objects, bottom to top, with their controllers. */
  stackObjects: { id: string; controller: PlayerId; kind: 'spell' | 'ability' }[];
  pendingTriggers: string[];
  /**
   * The objects in each zone, as far back as the game's `history` option keeps (FORMAT.md VIEW
   * `zones` with `'all'`; this turn's with `'turn'`; none with `false`). The game's own lists,
   * frozen, not copies: a view costs the same however many objects the zones hold.
   */
  zones: { exile: readonly string[]; graveyard: readonly string[]; battlefield: readonly string[]; ceasedToExist: readonly string[]; leftGame: readonly string[] };
  effects: string[];
  /** The continuous effects in force, each with its duration in words ("until A's next turn"). */
  continuousEffects: { id: string; until: string }[];
  /** The "beginning of" and delayed triggered abilities waiting for their step or phase, each with when, in words. */
  delayedTriggers: { id: string; controller: PlayerId; when: string }[];
  attackers: string[];
  blockers: string[];
  manaPool: Record<PlayerId, number>;
  handSize: Record<PlayerId, number>;
  stepsThisTurn: string[];
  /** Whose the upcoming turns are (players, or with teams teams), extra and skipped turns accounted for. */
  nextTurns: Side[];
  /** The rest of this turn: remaining steps of this phase, then the phases to come. */
  plan: { phase: PhaseId; steps: StepId[] }[];
  /** The Comprehensive Rules edition (its date) whose rule numbers records and refusals cite. */
  rulesEdition: string;
  /** That edition's numbers of the two chapters that moved (FORMAT.md "Rule numbers by edition"). */
  ruleNumbers: RuleNumbers;
  /** 722.1: every player controlled now, and by whom (`{}` when nobody is). */
  controlledBy: Record<PlayerId, PlayerId>;
  /** 722.5: for each player, who makes their decisions now. */
  decides: Record<PlayerId, PlayerId>;
  /** 722.1a: for each side with control effects waiting for its next turn, the controller of the one that will apply. */
  pendingControl: Record<Side, PlayerId>;
  /** Who makes the decision the game waits for now (with teams, a team's id when it is not controlled); null when it waits for nothing. */
  decider: Side | null;
  /** 732.2: each side's standing pass in force (null: none); with teams, each player's too (their team's). */
  shortcuts: Record<string, ShortcutView | null>;
}

/**
 * What `view` and `legalActions` read of a game: its context and the tags of its active states
 * (what it waits for). An XState snapshot is one; so is a playout's state (src/playout).
 */
export type GameState = Pick<TurnSnapshot, 'context' | 'hasTag'>;

/** What the machine waits for now — the tag its waiting state carries (machines/turn.ts): a player's priority, a combat declaration, or nothing. */
export function waitingFor(snapshot: GameState): WaitingFor {
  if (snapshot.context.winners !== null) return null; // 104.2a: a game that is over waits for nobody
  if (snapshot.hasTag(WAITING_TAGS.priority)) return 'priority';
  if (snapshot.hasTag(WAITING_TAGS.orderTriggers)) return 'orderTriggers';
  if (snapshot.hasTag(WAITING_TAGS.declareAttackers)) return 'declareAttackers';
  if (snapshot.hasTag(WAITING_TAGS.declareBlockers)) return 'declareBlockers';
  return null;
}

/** `view`'s options. */
export interface ViewOptions {
  /** How many upcoming turns `nextTurns` lists (default: the extra turns plus two rounds; at most `MAX_UPCOMING_TURNS`). */
  upcomingTurns?: number;
}

/** The most upcoming turns a view lists, whatever it is asked for (a view always answers at once). */
export const MAX_UPCOMING_TURNS = 100_000;

const upcomingCount = (asked: unknown, fallback: number) =>
  (typeof asked === 'number' && Number.isFinite(asked) ? Math.min(Math.max(Math.floor(asked), 0), MAX_UPCOMING_TURNS) : fallback);

/**
 * The zones' lists the last view handed out. A list once frozen stays frozen, so when the zones
 * hold the same lists as then, they are not asked again (`Object.isFrozen` is a call into the
 * engine, five per view); other lists, or another game's, are asked as before. (It holds the
 * last viewed game's lists until another game is viewed.)
 */
let lastZones: View['zones'] | null = null;

/**
 * The zones as the view hands them out: the game's own lists, frozen. The rules replace a zone's
 * list and never change one in place (`putInZone`), so freezing it takes nothing from them.
 */
function frozenZones(zones: GameContext['zones']): View['zones'] {
  const { exile, graveyard, battlefield, ceasedToExist, leftGame } = zones;
  const last = lastZones;
  if (last === null || last.exile !== exile || last.graveyard !== graveyard || last.battlefield !== battlefield
    || last.ceasedToExist !== ceasedToExist || last.leftGame !== leftGame) {
    for (const ids of [exile, graveyard, battlefield, ceasedToExist, leftGame]) if (!Object.isFrozen(ids)) Object.freeze(ids);
    lastZones = { exile, graveyard, battlefield, ceasedToExist, leftGame };
  }
  return { exile, graveyard, battlefield, ceasedToExist, leftGame };
}

/** The ids of `items`, and each item as `describe` makes it, in one pass. */
function idsAnd<I extends { id: string }, D>(items: readonly I[], describe: (item: I) => D): [string[], D[]] {
  const ids: string[] = new Array(items.length);
  const described: D[] = new Array(items.length);
  for (let i = 0; i < items.length; i += 1) {
    ids[i] = items[i].id;
    described[i] = describe(items[i]);
  }
  return [ids, described];
}

/** 722.1: every player controlled now, and by whom. */
function controlledBy(ctx: GameContext): Record<PlayerId, PlayerId> {
  const out: Record<PlayerId, PlayerId> = {};
  if (ctx.control === null) return out;
  for (const p of playersOf(ctx, ctx.control.side)) out[p] = ctx.control.controller;
  return out;
}

/** `decides` as last made, and the context fields it was made from. */
interface Decides {
  readonly of: Pick<GameContext, 'players' | 'sides' | 'teams' | 'left' | 'control'>;
  readonly decides: Readonly<Record<PlayerId, PlayerId>>;
}
let lastDecides: Decides | null = null;

/**
 * 722.5: for each player in the game, who makes their decisions now. It is made of fields the
 * rules only ever replace, never change in place (draft.ts `REPLACED`), so while each is the
 * same object as when it was last made, it is the same: copied from then (a view is the
 * caller's own), not made again.
 */
function decides(ctx: GameContext): Record<PlayerId, PlayerId> {
  const last = lastDecides;
  if (last !== null && last.of.players === ctx.players && last.of.left === ctx.left && last.of.control === ctx.control
    && last.of.sides === ctx.sides && last.of.teams === ctx.teams) return { ...last.decides };
  const out: Record<PlayerId, PlayerId> = {};
  for (const p of ctx.players) if (isInGame(ctx, p)) out[p] = deciderOf(ctx, p);
  const { players, sides, teams, left, control } = ctx;
  lastDecides = { of: { players, sides, teams, left, control }, decides: out };
  return { ...out };
}

/** Who the game waits for, for what, and why it stopped there. */
function awaitingOf(ctx: GameContext, kind: Exclude<WaitingFor, null>, side: string): Awaiting {
  const { reason, rule } = whyStopped(ctx, kind, side);
  return { kind, side, players: playersInGame(ctx, side), reason, rule };
}

/** The rest of this turn: the remaining steps of this phase (if any), then the phases to come, copied. */
function planOf(ctx: GameContext): View['plan'] {
  const { phaseQueue } = ctx;
  const here = ctx.phase !== null && ctx.stepQueue.length > 0 ? 1 : 0;
  const plan: View['plan'] = new Array(here + phaseQueue.length);
  if (here === 1) plan[0] = { phase: ctx.phase!, steps: ctx.stepQueue.slice() };
  for (let i = 0; i < phaseQueue.length; i += 1) plan[here + i] = { phase: phaseQueue[i].phase, steps: phaseQueue[i].steps.slice() };
  return plan;
}

/** What a UI reads from a snapshot (never its context). Built in single passes: a UI asks it before every event. */
export function view(snapshot: GameState, options: ViewOptions = {}): View {
  const ctx = snapshot.context;
  const waiting = waitingFor(snapshot);
  const priority = waiting === 'priority' ? ctx.priority.holder : null;
  const declaring = waiting === 'declareAttackers' ? ctx.activeSide : waiting === 'declareBlockers' ? ctx.defendersToDeclare[0] ?? null : null;
  const orderer = waiting === 'orderTriggers' ? sideToOrder(ctx) : null;
  const awaited = priority ?? declaring ?? orderer;
  const mayAct = priority === null ? [] : playersInGame(ctx, priority);
  const activeInGame = isSideInGame(ctx, ctx.activeSide);
  const activePlayers = playersInGame(ctx, ctx.activeSide);
  const [stack, stackObjects] = idsAnd(ctx.stack, (o) => ({ id: o.id, controller: o.controller, kind: o.kind }));
  const [effects, continuousEffects] = idsAnd(ctx.effects, (e) => ({ id: e.id, until: durationInWords(e.until, e, ctx) }));
  const pendingControl: Record<Side, PlayerId> = {};
  for (const c of ctx.pendingControl) pendingControl[c.side] = c.controller;
  return {
    players: [...ctx.players],
    turn: ctx.turn,
    extraTurn: ctx.extraTurn,
    activePlayer: activeInGame ? activePlayers[0] ?? null : null,
    activePlayers,
    activeTeam: ctx.teams === null || !activeInGame ? null : ctx.activeSide,
    turnOf: ctx.teams === null ? primaryOf(ctx, ctx.activeSide) : ctx.activeSide,
    inGame: ctx.left.length === 0 ? [...ctx.players] : ctx.players.filter((player) => !ctx.left.includes(player)),
    gameOver: isGameOver(ctx),
    winners: ctx.winners === null ? [] : [...ctx.winners],
    teams: ctx.teams === null ? null : Object.fromEntries(Object.entries(ctx.teams).map(([team, players]) => [team, [...players]])),
    phase: ctx.phase,
    step: ctx.step,
    priority,
    waitingFor: waiting,
    awaiting: waiting === null || awaited === null ? null : awaitingOf(ctx, waiting, awaited),
    mayAct,
    declaring,
    orderTriggers: orderer === null ? null : { ...(ctx.teams === null ? { player: orderer } : { team: orderer }), triggers: abilitiesToOrder(ctx, orderer) },
    stack,
    stackObjects,
    pendingTriggers: ctx.pendingTriggers.map((o) => o.id),
    zones: frozenZones(ctx.zones),
    effects,
    continuousEffects,
    delayedTriggers: ctx.triggers.map((t) => ({ id: t.id, controller: t.controller, when: triggerInWords(t, ctx) })),
    attackers: ctx.attackers.map((c) => c.id),
    blockers: ctx.blockers.map((c) => c.id),
    manaPool: { ...ctx.manaPool },
    handSize: { ...ctx.handSize },
    stepsThisTurn: [...ctx.stepsThisTurn],
    nextTurns: upcomingTurns(ctx, upcomingCount(options.upcomingTurns, ctx.extraTurns.length + 2 * ctx.sides.length)),
    plan: planOf(ctx),
    rulesEdition: ctx.options.rulesEdition,
    ruleNumbers: ruleNumbersOf(ctx.options.rulesEdition), // the edition's row is memoised (editions.ts)
    controlledBy: controlledBy(ctx),
    decides: decides(ctx),
    pendingControl,
    decider: waiting === null || awaited === null ? null : deciderOfSide(ctx, awaited),
    shortcuts: shortcutsView(ctx),
  };
}
