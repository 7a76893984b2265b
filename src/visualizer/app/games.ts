import type { GameInput } from '../../index.js';

/** A game the page can start: what the new-game picker offers. */
export interface GameChoice {
  key: string;
  label: string;
  input: GameInput;
}

export const GAME_CHOICES: readonly GameChoice[] = [
  { key: '2p', label: '2 players', input: { players: ['A', 'B'] } },
  { key: '3p', label: '3 players', input: { players: ['A', 'B', 'C'] } },
  { key: '4p', label: '4 players', input: { players: ['A', 'B', 'C', 'D'] } },
  {
    key: '2p-choose',
    label: '2 players, each orders their triggers (603.3b)',
    input: { players: ['A', 'B'], options: { triggerOrder: 'choose' } },
  },
  {
    key: '2hg',
    label: 'Two-Headed Giant: A+B vs C+D (810)',
    input: { players: ['A', 'B', 'C', 'D'], teams: [['A', 'B'], ['C', 'D']], options: { variant: 'twoHeadedGiant' } },
  },
  {
    key: '2hg-choose',
    label: 'Two-Headed Giant, each team orders its triggers (805.7)',
    input: { players: ['A', 'B', 'C', 'D'], teams: [['A', 'B'], ['C', 'D']], options: { variant: 'twoHeadedGiant', triggerOrder: 'choose' } },
  },
  {
    key: '3teams',
    label: 'Shared team turns: A+B, C+D, E (805)',
    input: { players: ['A', 'B', 'C', 'D', 'E'], teams: [['A', 'B'], ['C', 'D'], ['E']], options: { sharedTeamTurns: true } },
  },
];

export const DEFAULT_GAME = GAME_CHOICES[0];

/** The choice of that key (the first, two players, if none has it). */
export function gameChoice(key: string | undefined): GameChoice {
  return GAME_CHOICES.find((choice) => choice.key === key) ?? DEFAULT_GAME;
}
