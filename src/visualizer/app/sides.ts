import type { PlayerId, View } from '../../index.js';

/** What a side (a team, or a player without teams) is doing now. */
export type SideRole = 'active' | 'priority' | 'declareAttackers' | 'declareBlockers' | 'orderTriggers';

export const ROLE_WORDS: Record<SideRole, string> = {
  active: 'its turn',
  priority: 'holds priority',
  declareAttackers: 'declares attackers',
  declareBlockers: 'declares blockers',
  orderTriggers: 'orders its triggers',
};

export interface SideRow {
  /** A team's id ("A+B"), or a player's without teams. */
  id: string;
  /** In listed order: the first is the team's primary player (805.2). */
  players: PlayerId[];
  roles: SideRole[];
}

/** The side ordering triggers now, if the game waits for an order. */
export function orderingSide(view: View): string | null {
  const order = view.orderTriggers;
  if (!order) return null;
  return 'team' in order ? order.team : order.player;
}

/** The sides in turn order (the teams, or each player alone), each with what it is doing now. */
export function sidesOf(view: View): SideRow[] {
  const teams = view.teams ?? Object.fromEntries(view.players.map((player) => [player, [player]]));
  const active = view.activeTeam ?? view.activePlayer;
  const awaited = view.awaiting?.kind !== 'priority' ? view.awaiting : null;
  return Object.entries(teams).map(([id, players]) => ({
    id,
    players,
    roles: [
      id === active ? 'active' : null,
      id === view.priority ? 'priority' : null,
      awaited && id === awaited.side ? awaited.kind : null,
    ].filter((role): role is SideRole => role !== null),
  }));
}

/** Who may act on what the game waits for, in words: "B (for A+B)", "A or B (for team A+B)". */
export function mayActInWords(view: View): string {
  const awaiting = view.awaiting;
  if (!awaiting) return 'nobody';
  const players = awaiting.players.length > 1 ? `${awaiting.players.slice(0, -1).join(', ')} or ${awaiting.players.at(-1)}` : awaiting.players.join('');
  return view.teams ? `${players} (for team ${awaiting.side})` : players;
}

/**
 * The player the page acts as: the one asked for if they may act on what the game waits
 * for (805.5a: any player of the team), else the first who may; null when nobody may.
 */
export function actingPlayer(view: View, wanted: PlayerId | undefined): PlayerId | null {
  const players = view.awaiting?.players ?? [];
  return wanted !== undefined && players.includes(wanted) ? wanted : players[0] ?? null;
}
