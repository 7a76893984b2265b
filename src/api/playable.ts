// Limits that would make the rules unplayable are refused as the game is created, with the
// reason (LIMIT_FLOORS covers each limit alone; these are the combinations): every event a
// player may have to send — a pass, the smallest declaration of attackers and of blockers, an
// order of every ability that can wait at once (603.3b, with triggerOrder "choose") — must fit
// the game's limits of nesting, values and id length; else the game would wait for an event
// its own boundary refuses.
import { acceptEvent } from '../machine/boundary.js';
import { initialContext } from '../rules/setup.js';
import { limitsOf, teamId, type GameInput, type TurnEvent } from '../vocabulary/index.js';

/** The problems of an input's limits, as `GameInputError` issues (empty: playable). */
export function playabilityIssues(input: GameInput): string[] {
  if (input.limits === undefined) return []; // the defaults are playable (and tested)
  const limits = limitsOf(input);
  const ctx = initialContext(input);
  const sides = input.teams ? input.teams.map(teamId) : input.players;
  const longestOf = (ids: readonly string[]) => ids.reduce((a, b) => (b.length > a.length ? b : a));
  const longest = longestOf(input.players);
  const id = (n: number) => `x${n}`.padEnd(Math.min(limits.maxIdLength, 16), 'x');
  const required: [string, TurnEvent][] = [
    ['a pass', { type: 'priority.pass', player: longestOf(sides) }],
    ['a declaration of no attackers', { type: 'combat.declareAttackers', player: longest, attackers: [] } as TurnEvent],
    ['a declaration of one attacker', { type: 'combat.declareAttackers', player: longest, attackers: [{ id: id(0) }] } as TurnEvent],
    ['a declaration of one blocker', { type: 'combat.declareBlockers', player: longest, blockers: [{ id: id(1), blocking: id(0) }] } as TurnEvent],
  ];
  if (input.options?.triggerOrder === 'choose') {
    const order = Array.from({ length: limits.maxPendingTriggers }, (_, i) => `${'t'.repeat(Math.max(1, limits.maxIdLength - 20))}${i}`.slice(-limits.maxIdLength));
    required.push([`an order of ${limits.maxPendingTriggers} abilities (limits.maxPendingTriggers can wait at once, 603.3b)`, { type: 'triggers.order', player: longest, order } as TurnEvent]);
  }
  const issues: string[] = [];
  for (const [what, event] of required) {
    const accepted = acceptEvent(ctx, event);
    if (!accepted.ok) issues.push(`limits: ${what} would be refused by these limits (${accepted.refusal.reason}): the game could wait for an event it cannot take`);
  }
  return issues;
}
