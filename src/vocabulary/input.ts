// What a game is created from: its players, options and limits (validated like any input).
import { MAX_PLAYERS, MIN_PLAYERS, TRIGGER_ORDERS, type PlayerId, type TriggerOrder } from './ids.js';
import { DEFAULT_LIMITS, type Limits } from './limits.js';
import { parse, quote, type ParseResult } from './parse.js';
import { boolean, integer, list, object, optional, picklist, record, ref, string, type Env, type Report, type Schema } from './schema.js';

export interface GameOptions {
  /** 103.8: the first player skips the draw step of turn 1. Default: true with two players. */
  skipFirstDraw?: boolean;
  /** 514.1. Default 7. */
  maxHandSize?: number;
  /** Cards in hand at the start (only sizes are modelled). Default 7 each. */
  hands?: Record<PlayerId, number>;
  /** 603.3b: `triggered` (default): each player's abilities go on the stack in the order they triggered; `choose`: each player orders them. */
  triggerOrder?: TriggerOrder;
}

export interface GameInput {
  /** In turn order; the first takes turn 1. 2 to 8. */
  players: PlayerId[];
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

export const playerList = list(string('a player id'), { max: 20, noun: `a list of ${MIN_PLAYERS} to ${MAX_PLAYERS} players`, refine: checkPlayers });

/** Limits a host may set: each within what the machine itself can bear (deep nesting costs stack). */
const LIMIT_CEILINGS: Readonly<Record<keyof Limits, number>> = {
  ...Object.fromEntries(Object.keys(DEFAULT_LIMITS).map((key) => [key, 10_000_000])) as Record<keyof Limits, number>,
  maxNesting: 64,
  maxIdLength: 10_000,
};

const limitsSchema = object<Partial<Limits>>(
  Object.fromEntries(Object.keys(DEFAULT_LIMITS).map((key) => [key, optional(integer(1, LIMIT_CEILINGS[key as keyof Limits]))])) as never,
  { noun: 'limits' },
);

export const gameOptionsSchema = object<GameOptions>({
  skipFirstDraw: optional(boolean),
  maxHandSize: optional(integer(0, 'maxAmount')),
  hands: optional(record(ref('player'), integer(0, 'maxAmount'), MAX_PLAYERS)),
  triggerOrder: optional(picklist(TRIGGER_ORDERS, 'trigger order')),
}, { noun: 'options' });

export const gameInputSchema: Schema<GameInput> = object<GameInput>({
  players: playerList,
  options: optional(gameOptionsSchema),
  limits: optional(limitsSchema),
}, { noun: 'a game input ({ players: [...] })' });

/** The environment references in an input are checked against: its own players. */
function inputEnv(input: unknown): Env {
  let players: string[] = [];
  try {
    const given: unknown = typeof input === 'object' && input !== null ? (input as { players?: unknown }).players : undefined;
    if (Array.isArray(given) && given.length <= MAX_PLAYERS * 2) players = given.filter((p): p is string => typeof p === 'string');
  } catch {
    // an unreadable input: parse reports it
  }
  return { players: new Set(players), teams: null, limits: DEFAULT_LIMITS };
}

/** Validates a game input: a fresh copy, or issues with JSON paths. */
export function parseGameInput(input: unknown): ParseResult<GameInput> {
  return parse(gameInputSchema, input, inputEnv(input), { all: true });
}

export function limitsOf(input: GameInput): Limits {
  return { ...DEFAULT_LIMITS, ...input.limits };
}
