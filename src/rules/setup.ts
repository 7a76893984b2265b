import type { GameContext, GameInput } from './types.js';

/** The context before turn 1 begins. 103.8: in a two-player game the first player skips their first draw by default. */
export function initialContext(input: GameInput): GameContext {
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
