import { DEFAULT_RULES_EDITION, historyKept, limitsOf, teamId, type GameInput } from '../vocabulary/index.js';
import { emptyZones } from './draft.js';
import type { GameContext } from './types.js';

/**
 * The context before turn 1 begins, from a validated input (`parseGameInput`).
 * 103.8: in a two-player game the first player skips their first draw by default.
 */
export function initialContext(input: GameInput): GameContext {
  const { players, options = {} } = input;
  const hands = options.hands ?? {};
  const teams = input.teams ? Object.fromEntries(input.teams.map((team) => [teamId(team), [...team]])) : null;
  const sides = input.teams ? input.teams.map(teamId) : [...players];
  return {
    players: [...players],
    sides,
    teams,
    activeSide: sides[0],
    options: {
      // 103.8: two players (103.8a); the starting team of Two-Headed Giant (103.8b, 810.6); else nobody (103.8c).
      skipFirstDraw: options.skipFirstDraw ?? (options.variant === 'twoHeadedGiant' || players.length === 2),
      maxHandSize: options.maxHandSize ?? 7,
      triggerOrder: options.triggerOrder ?? 'triggered',
      history: historyKept(options.history),
      rulesEdition: options.rulesEdition ?? DEFAULT_RULES_EDITION,
      ...(options.variant === 'twoHeadedGiant' && { twoHeadedGiant: true as const }),
    },
    limits: limitsOf(input),
    turn: 0,
    turnId: 0,
    extraTurn: false,
    nextTurnId: 1,
    phase: null,
    phaseId: 0,
    nextPhaseId: 1,
    step: null,
    stepQueue: [],
    phaseQueue: [],
    stepsThisTurn: [],
    phasesBegun: [],
    firstStrikeStepDone: false,
    extraTurns: [],
    nextRegularSide: 0,
    skips: [],
    priority: { holder: null, passes: 0 },
    stack: [],
    resolution: null,
    pendingTriggers: [],
    triggerPass: null,
    procedure: null,
    triggers: [],
    onStateBasedActions: [],
    stateBasedActionsScheduled: 0,
    onDiscard: [],
    sbaPerformed: false,
    ceaseAtNextCheck: [],
    zones: emptyZones(),
    effects: [],
    attackers: [],
    blockers: [],
    defendersToDeclare: [],
    manaPool: Object.fromEntries(players.map((p) => [p, 0])),
    handSize: Object.fromEntries(players.map((p) => [p, hands[p] ?? 7])),
    illegalTargets: [],
    falseConditions: [],
    combatEndedBy: null,
    control: null,
    pendingControl: [],
    controlExtraTurns: 0,
    left: [],
    winners: null,
    zoneOwners: [],
    shortcuts: { passes: {}, run: 0, ended: {}, raised: false },
  };
}
