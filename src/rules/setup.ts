import type { GameContext, GameInput } from './types.js';

/** Throws a clear error for input the machine cannot play with. */
export function assertValidInput(input: GameInput): void {
  const players: unknown = input?.players;
  if (!Array.isArray(players) || players.some((p) => typeof p !== 'string' || p.length === 0)) {
    throw new TypeError('input.players must be a list of player ids (non-empty strings)');
  }
  if (players.length < 2 || players.length > 8) throw new RangeError(`input.players: 2 to 8 players, got ${players.length}`);
  if (new Set(players).size !== players.length) throw new TypeError(`input.players: player ids must be unique, got ${players.join(', ')}`);
  const maxHandSize = input.options?.maxHandSize;
  if (maxHandSize !== undefined && !(Number.isInteger(maxHandSize) && maxHandSize >= 0)) {
    throw new RangeError(`input.options.maxHandSize must be a whole number ≥ 0, got ${maxHandSize}`);
  }
  for (const [player, size] of Object.entries(input.options?.hands ?? {})) {
    if (!players.includes(player)) throw new TypeError(`input.options.hands: "${player}" is not a player`);
    if (!(Number.isInteger(size) && size >= 0)) throw new RangeError(`input.options.hands.${player} must be a whole number ≥ 0, got ${size}`);
  }
}

/** The context before turn 1 begins. 103.8: in a two-player game the first player skips their first draw by default. */
export function initialContext(input: GameInput): GameContext {
  assertValidInput(input);
  const { players, options = {} } = input;
  const hands = options.hands ?? {};
  return {
    players: [...players],
    options: {
      skipFirstDraw: options.skipFirstDraw ?? players.length === 2,
      maxHandSize: options.maxHandSize ?? 7,
    },
    turn: 0,
    activePlayer: players[0],
    phase: null,
    step: null,
    stepQueue: [],
    phaseQueue: [],
    stepsThisTurn: [],
    firstStrikeStepDone: false,
    extraTurns: [],
    nextRegularPlayer: 0,
    skips: [],
    priority: { holder: null, passes: 0 },
    stack: [],
    resolution: null,
    pendingTriggers: [],
    procedure: null,
    triggers: [],
    onStateBasedActions: [],
    sbaPerformed: false,
    ceaseAtNextCheck: [],
    zones: { exile: [], graveyard: [], battlefield: [], ceasedToExist: [] },
    merged: [],
    effects: [],
    attackers: [],
    blockers: [],
    defendersToDeclare: [],
    manaPool: Object.fromEntries(players.map((p) => [p, 0])),
    handSize: Object.fromEntries(players.map((p) => [p, hands[p] ?? 7])),
    illegalTargets: [],
    falseConditions: [],
  };
}
