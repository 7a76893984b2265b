// What a game is created from: its players, options and limits (validated like any input).
import { MAX_PLAYERS, MIN_PLAYERS, TRIGGER_ORDERS, type PlayerId, type TeamId, type TriggerOrder } from './ids.js';
import { DEFAULT_LIMITS, LIMIT_CEILINGS, LIMIT_FLOORS, type Limits } from './limits.js';
import { DEFAULT_RULES_EDITION, FIRST_RULES_EDITION, rulesEditionProblem } from './editions.js';
import { parse, quote, type ParseResult } from './parse.js';
import { boolean, integer, list, object, optional, picklist, record, ref, string, union, type Env, type Report, type Schema } from './schema.js';

/**
 * What a game keeps of its past (`GameOptions.history`): `'all'` every record and the zones of
 * the whole game; `'turn'` (the default) the current turn's records and what went to each zone
 * this turn; `false` nothing (no record is even built).
 */
export type HistoryKept = 'all' | 'turn' | false;

/** The kinds of past a game may keep, as `GameOptions.history` names them. */
export const HISTORY_KEPT = ['all', 'turn'] as const;

/** The default of `GameOptions.history`: bounded, so that a long game costs at turn 5,000 what it costs at turn 10. */
export const DEFAULT_HISTORY: HistoryKept = 'turn';

/** `GameOptions.history` as the game keeps it: `true` (the boolean of earlier versions) is `'all'`; omitted is the default. */
export const historyKept = (given: boolean | HistoryKept | undefined): HistoryKept =>
  (given === undefined ? DEFAULT_HISTORY : given === true ? 'all' : given);

/** A game's options: the first draw, hand sizes, the order of triggers, teams' turns, the variant, the history kept. */
export interface GameOptions {
  /** 103.8: the first player skips the draw step of turn 1. Default: true with two players. */
  skipFirstDraw?: boolean;
  /** 514.1. Default 7. */
  maxHandSize?: number;
  /** Cards in hand at the start (only sizes are modelled). Default 7 each. */
  hands?: Record<PlayerId, number>;
  /** 603.3b: `triggered` (default): each player's abilities go on the stack in the order they triggered; `choose`: each player orders them. */
  triggerOrder?: TriggerOrder;
  /** 805: the teams take turns, hold priority, attack and block as teams. Needs `teams`. */
  sharedTeamTurns?: boolean;
  /** 810: Two-Headed Giant (implies shared team turns): two teams of the same size, two players or more each. */
  variant?: 'twoHeadedGiant';
  /**
   * What the game keeps of its past. History records are built and emitted with `'all'` and
   * `'turn'`; the zones (exile, graveyard, battlefield, ceased to exist, left the game) are a
   * record of the past and are kept as long as the records:
   * - `'turn'` (default): the current turn's — `view().zones` lists what went to each zone this
   *   turn (and is still there), `createGame` keeps this turn's records. Bounded: an event, the
   *   view and the game state cost the same at turn 5,000 as at turn 10.
   * - `'all'` (`true`, the earlier default, means this): the whole game's (FORMAT.md's VIEW
   *   `zones`: every object of the game); grows with the game.
   * - `false`: nothing — no record is built or emitted and `view` shows the zones empty (servers,
   *   AI search).
   */
  history?: boolean | HistoryKept;
  /**
   * The date (YYYY-MM-DD) of the Comprehensive Rules edition whose rule numbers records and
   * refusals cite (FORMAT.md "Rule numbers by edition"). Default: the newest the project knows.
   */
  rulesEdition?: string;
}

/** What a game is created from: its players in turn order, and optionally options, teams and limits. */
export interface GameInput {
  /** In turn order; the first takes turn 1. 2 to 8. */
  players: PlayerId[];
  /**
   * 805.1: the teams, each its players in seating order (the first is its primary player, 805.2);
   * `players` lists them team by team. Turn order is the teams' order; a team's id is its
   * players joined with `+` ("A+B"; a team of one: that player's id).
   */
  teams?: PlayerId[][];
  options?: GameOptions;
  /** Resource limits; each omitted one keeps its default (`DEFAULT_LIMITS`). */
  limits?: Partial<Limits>;
}

/** Ids the game keeps as object keys: these would collide with JavaScript's own. */
const RESERVED_IDS = new Set(['__proto__', 'constructor', 'prototype']);

function checkPlayers(players: PlayerId[], report: Report): void {
  if (players.length < MIN_PLAYERS || players.length > MAX_PLAYERS) report([], `${MIN_PLAYERS} to ${MAX_PLAYERS} players, got ${players.length}`, 'size');
  players.forEach((player, index) => {
    if (players.indexOf(player) < index) report([index], `duplicate player ${quote(player)}`);
    if (RESERVED_IDS.has(player)) report([index], `${quote(player)} cannot be a player id`);
  });
}

/** The schema of the players of a game. */
export const playerList = list(string('a player id'), { max: 20, noun: `a list of ${MIN_PLAYERS} to ${MAX_PLAYERS} players`, refine: checkPlayers });

/** `rulesEdition`: a real date the edition table covers. */
function checkOptions(options: GameOptions, report: Report): void {
  const problem = options.rulesEdition === undefined ? null : rulesEditionProblem(options.rulesEdition);
  if (problem !== null) report(['rulesEdition'], problem);
}

/** Limits a host may set: each within what the machine itself can bear (`LIMIT_CEILINGS`) and what the rules need (`LIMIT_FLOORS`). */
export const limitsSchema = object<Partial<Limits>>(
  Object.fromEntries(Object.keys(DEFAULT_LIMITS).map((key) => [key, optional(integer(1, LIMIT_CEILINGS[key as keyof Limits]))])) as never,
  { noun: 'limits', refine: checkFloors },
);

function checkFloors(limits: Partial<Limits>, report: Report): void {
  for (const [key, [floor, why]] of Object.entries(LIMIT_FLOORS) as [keyof Limits, [number, string]][]) {
    const value = limits[key];
    if (value !== undefined && value < floor) report([key], `at least ${floor}: ${why}; got ${value}`, 'value');
  }
}

const historyNames = picklist(HISTORY_KEPT, 'history kept', { description: '"all": the whole game\'s records and zones; "turn" (default): the current turn\'s' });
/**
 * `GameOptions.history`: `"all"`, `"turn"`, or a boolean (`true`: `"all"`; `false`: nothing kept).
 * A persisted game state's `options.history` is this too (a save of an earlier version says `true`).
 */
export const historyOption = union<boolean | HistoryKept>(
  [boolean, historyNames],
  (value) => (typeof value === 'boolean' ? boolean : typeof value === 'string' ? historyNames : undefined),
  'true, false, "all" or "turn"',
);

/** The schema of `GameOptions`. */
export const gameOptionsSchema = object<GameOptions>({
  skipFirstDraw: optional(boolean),
  maxHandSize: optional(integer(0, 'maxAmount')),
  hands: optional(record(ref('player'), integer(0, 'maxAmount'), MAX_PLAYERS)),
  triggerOrder: optional(picklist(TRIGGER_ORDERS, 'trigger order')),
  sharedTeamTurns: optional(boolean),
  variant: optional(picklist(['twoHeadedGiant'] as const, 'variant')),
  history: optional(historyOption),
  rulesEdition: optional(string('an edition date (YYYY-MM-DD)', { max: 10, description: `the date (YYYY-MM-DD, ${FIRST_RULES_EDITION} or later) of the Comprehensive Rules edition whose rule numbers records cite; default ${DEFAULT_RULES_EDITION}` })),
}, { noun: 'options', refine: checkOptions });

/** A team's id: its players joined with `+`, in listed order. */
export const teamId = (players: readonly PlayerId[]): TeamId => players.join('+');

/** The teams of 805 and 810, checked together with the players and the options (FORMAT-TEAMS "Invalid files"). */
export function checkTeams(input: { players: PlayerId[]; teams?: PlayerId[][]; options?: GameOptions }, report: Report, env?: Env): void {
  const { players, teams, options = {} } = input;
  const shared = options.sharedTeamTurns === true || options.variant === 'twoHeadedGiant';
  if (teams === undefined) {
    if (options.sharedTeamTurns !== undefined) report(['options', 'sharedTeamTurns'], '"sharedTeamTurns" needs "teams"');
    if (options.variant !== undefined) report(['options', 'variant'], '"variant" needs "teams"');
    return;
  }
  if (!shared) report(['teams'], 'teams need "sharedTeamTurns": true or "variant": "twoHeadedGiant" (Team vs. Team, 808, is not modelled)');
  if (options.variant === 'twoHeadedGiant' && options.sharedTeamTurns === false) report(['options', 'sharedTeamTurns'], 'Two-Headed Giant always uses shared team turns (810.2)');
  if (teams.flat().join('\u0000') !== players.join('\u0000')) report(['players'], `must list the teams' players, team by team: ${teams.flat().join(', ')}`);
  teams.forEach((team, i) => team.forEach((player, j) => {
    if (player.includes('+')) report(['teams', i, j], `${quote(player)}: a player id in a game with teams cannot contain "+" (team ids join players with it)`);
  }));
  teams.forEach((team, i) => {
    const max = env?.limits.maxIdLength;
    if (max !== undefined && teamId(team).length > max) report(['teams', i], `the team's id ${quote(teamId(team).slice(0, 40))}… is ${teamId(team).length} characters: at most ${max} (limits.maxIdLength), for events name it`, 'limit');
  });
  if (options.variant === 'twoHeadedGiant') {
    if (teams.length !== 2) report(['teams'], `Two-Headed Giant is played by two teams (810.1), got ${teams.length}`);
    else if (teams[0].length !== teams[1].length || teams[0].length < 2) report(['teams'], `Two-Headed Giant's teams have the same size, two players or more each (810.1, 810.11), got ${teams.map((t) => t.length).join(' and ')}`);
  }
}

/** The schema of the teams of a game (805, 810). */
export const teamsSchema = list(list(ref('player'), { min: 1, max: MAX_PLAYERS, noun: 'a team (a list of player ids)' }), { min: 2, max: MAX_PLAYERS, noun: 'a list of two or more teams' });

/** The schema of `GameInput`. */
export const gameInputSchema: Schema<GameInput> = object<GameInput>({
  players: playerList,
  teams: optional(teamsSchema),
  options: optional(gameOptionsSchema),
  limits: optional(limitsSchema),
}, { noun: 'a game input ({ players: [...] })', refine: checkTeams });

/** The environment references in an input are checked against: its own players. */
/** The players and teams a document (a game input, a scenario file) declares: what its references are checked against. */
export function declaredEnv(input: unknown, limits: Limits = DEFAULT_LIMITS): Env {
  let players: string[] = [];
  let teams: Map<string, string[]> | null = null;
  try {
    const given = typeof input === 'object' && input !== null ? input as { players?: unknown; teams?: unknown } : {};
    if (Array.isArray(given.players) && given.players.length <= MAX_PLAYERS * 2) players = given.players.filter((p): p is string => typeof p === 'string');
    if (Array.isArray(given.teams) && given.teams.length <= MAX_PLAYERS) {
      const lists = given.teams.filter((t): t is string[] => Array.isArray(t) && t.length <= MAX_PLAYERS && t.every((p) => typeof p === 'string'));
      teams = new Map(lists.map((team) => [teamId(team), team]));
    }
  } catch {
    // an unreadable document: parse reports it
  }
  return { players: new Set(players), teams, limits };
}

/**
 * Validates a game input: a fresh copy, or issues with JSON paths. Its limits are read first,
 * and the rest (ids, hands, options) is checked against them — the input's own limits, not
 * the defaults — for the game will refuse every event past them.
 */
export function parseGameInput(input: unknown): ParseResult<GameInput> {
  let env = declaredEnv(input);
  let given: unknown;
  try {
    given = typeof input === 'object' && input !== null ? (input as { limits?: unknown }).limits : undefined;
  } catch {
    given = undefined; // an unreadable input: the parse below reports it
  }
  if (given !== undefined) {
    const limits = parse(limitsSchema, given, env);
    // The input's own structure is bounded as inputs are (its nesting and values are not an event's).
    if (limits.ok) env = { ...env, limits: { ...DEFAULT_LIMITS, ...limits.value, maxNesting: DEFAULT_LIMITS.maxNesting, maxValuesPerEvent: DEFAULT_LIMITS.maxValuesPerEvent } };
  }
  return parse(gameInputSchema, input, env, { all: true });
}

/** A game's limits: its input's, over the defaults. */
export function limitsOf(input: GameInput): Limits {
  return { ...DEFAULT_LIMITS, ...input.limits };
}
