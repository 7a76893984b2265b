// Typed event creators, and the event for a legal action: what a UI sends without spelling
// the event objects by hand. They only build values; the machine still checks every event it
// is sent (a wrong one is refused with its reason, changing nothing).
import type {
  AtTriggerSpec, AttackerSpec, BlockerSpec, ContinuousEffectSpec, EventOfType, PlayerId, StackObjectSpec, TeamId,
} from '../vocabulary/index.js';
import type { LegalAction } from './legal.js';

/** 117.3d: `player` passes priority (with teams, a player or the team's id passes for the team: 805.5b). */
export const pass = (player: PlayerId | TeamId): EventOfType<'priority.pass'> => ({ type: 'priority.pass', player });
/** 601: cast a spell (its controller must hold priority). */
export const cast = (object: StackObjectSpec): EventOfType<'spell.cast'> => ({ type: 'spell.cast', object });
/** 602: activate an ability. */
export const activate = (object: StackObjectSpec): EventOfType<'ability.activate'> => ({ type: 'ability.activate', object });
/** 508.1: the active player's attackers (none by default); with teams, a player declares for the team (805.10b). */
export const declareAttackers = (player: PlayerId, attackers: AttackerSpec[] = []): EventOfType<'combat.declareAttackers'> =>
  ({ type: 'combat.declareAttackers', player, attackers });
/** 509.1: a defending player's blockers (none by default). */
export const declareBlockers = (player: PlayerId, blockers: BlockerSpec[] = []): EventOfType<'combat.declareBlockers'> =>
  ({ type: 'combat.declareBlockers', player, blockers });
/** 603.3b: the order of the player's own simultaneous triggered abilities (ids, the first lowest on the stack). */
export const orderTriggers = (player: PlayerId, order: string[]): EventOfType<'triggers.order'> => ({ type: 'triggers.order', player, order });
/** 104.3a: `player` concedes (at any time; they leave the game, 800.4). */
export const concede = (player: PlayerId): EventOfType<'player.concede'> => ({ type: 'player.concede', player });

// What the host game reports.
/** 603.2: an ability triggered. */
export const reportTrigger = (ability: StackObjectSpec): EventOfType<'trigger.report'> => ({ type: 'trigger.report', ability });
/** 500.6, 603.7: an "at the beginning of" (or delayed) triggered ability. */
export const registerTrigger = (trigger: AtTriggerSpec): EventOfType<'trigger.register'> => ({ type: 'trigger.register', trigger });
/** 704.3: the next state-based-action check performs an action (that makes `ability` trigger, if given). */
export const scheduleStateBasedActions = (ability?: StackObjectSpec): EventOfType<'stateBasedActions.schedule'> =>
  (ability ? { type: 'stateBasedActions.schedule', ability } : { type: 'stateBasedActions.schedule' });
/** 514.1: the next time `player` discards, `ability` triggers. */
export const scheduleDiscard = (player: PlayerId, ability: StackObjectSpec): EventOfType<'discard.schedule'> =>
  ({ type: 'discard.schedule', player, ability });
/** 510.4, 702.4, 702.7: a creature in combat gains or loses first strike or double strike. */
export const setCombatant = (id: string, change: { firstStrike?: boolean; doubleStrike?: boolean }): EventOfType<'combatant.set'> =>
  ({ type: 'combatant.set', id, ...change });
/** 611.2: a continuous effect with a duration starts. */
export const createEffect = (effect: ContinuousEffectSpec): EventOfType<'effect.create'> => ({ type: 'effect.create', effect });
/** 106.4: mana enters a player's pool. */
export const addMana = (player: PlayerId, amount: number): EventOfType<'mana.add'> => ({ type: 'mana.add', player, amount });
/** 608.2b: an object becomes an illegal target. */
export const invalidateTarget = (id: string): EventOfType<'target.invalidate'> => ({ type: 'target.invalidate', id });
/** 603.4: a named condition an intervening "if" tests. */
export const setCondition = (name: string, value: boolean): EventOfType<'condition.set'> => ({ type: 'condition.set', name, value });

/** A spell or ability's fields other than its controller (the acting player) and, unless given, its type and timing. */
export type ObjectDetails = Omit<StackObjectSpec, 'controller'>;

/** What `toEvent` needs beside a legal action: who acts, and what the action is about. */
export interface ToEventDetails {
  'priority.pass': { player: PlayerId | TeamId };
  'spell.cast': { player: PlayerId; object: ObjectDetails };
  'ability.activate': { player: PlayerId; object: ObjectDetails };
  'combat.declareAttackers': { player: PlayerId; attackers?: AttackerSpec[] };
  'combat.declareBlockers': { player: PlayerId; blockers?: BlockerSpec[] };
  /** The order to give (the abilities the action names, in that order, by default). */
  'triggers.order': { player: PlayerId; order?: string[] };
  'player.concede': { player: PlayerId };
}

/** The spell's type and timing that make it of a legal action's timing (as `legalActions` probes them). */
const SPELL_FIELDS = { instant: { type: 'instant' }, sorcery: { type: 'sorcery' }, yourTurn: { type: 'instant', timing: 'yourTurn' }, combat: { type: 'instant', timing: 'combat' } } as const;
const ABILITY_FIELDS = { instant: {}, sorcery: { timing: 'sorcery' }, yourTurn: { timing: 'yourTurn' }, combat: { timing: 'combat' } } as const;

/**
 * The event that takes `action` (one of `legalActions`'s answers) as `details.player`. A spell or
 * ability gets the type and timing of the action's timing unless `details.object` gives its own.
 * Nothing is checked here: send the event and the machine accepts it or says why not.
 */
export function toEvent<A extends LegalAction>(action: A, details: ToEventDetails[A['type']]): EventOfType<A['type']> {
  const d = details as ToEventDetails[LegalAction['type']] & Record<string, unknown>;
  const a = action as LegalAction;
  let event: EventOfType<LegalAction['type']>;
  switch (a.type) {
    case 'priority.pass':
      event = pass(d.player);
      break;
    case 'spell.cast':
      event = cast({ ...SPELL_FIELDS[a.timing], ...(d.object as ObjectDetails), controller: d.player });
      break;
    case 'ability.activate':
      event = activate({ ...ABILITY_FIELDS[a.timing], ...(d.object as ObjectDetails), controller: d.player });
      break;
    case 'combat.declareAttackers':
      event = declareAttackers(d.player, (d.attackers as AttackerSpec[] | undefined) ?? []);
      break;
    case 'combat.declareBlockers':
      event = declareBlockers(d.player, (d.blockers as BlockerSpec[] | undefined) ?? []);
      break;
    case 'triggers.order':
      event = orderTriggers(d.player, (d.order as string[] | undefined) ?? [...a.triggers]);
      break;
    case 'player.concede':
      event = concede(d.player);
      break;
    default:
      // Not a legal action: the event of its type, for the machine to refuse with its reason.
      event = { ...d, type: (a as { type: string }).type } as never;
  }
  return event as EventOfType<A['type']>;
}
