// The events a host sends: what players do, and what the host game reports. Each event's
// fields are declared once, in a map from its type; the union type and the schema that
// validates an incoming event both come from that map.
import type { PlayerId, TeamId } from './ids.js';
import {
  activatedAbility, atTrigger, attacker, blocker, conditionName, continuousEffect, id, manaAmount, player, playerOrTeam, spell, triggeredAbility,
  type AtTriggerSpec, type AttackerSpec, type BlockerSpec, type ContinuousEffectSpec, type StackObjectSpec,
} from './objects.js';
import { boolean, extend, list, literal, object, optional, ref, type AnySchema, type Refine, type Report, type Schema, type Shape } from './schema.js';
import { shortcutFields, type ShortcutSpec } from './shortcuts.js';

/** What `combat.setCombatant` changes: at least one of the two (an omitted one keeps its value). */
export interface CombatantChange {
  id: string;
  firstStrike?: boolean;
  doubleStrike?: boolean;
}

/**
 * Who acts: a player (`player`), or with teams the team (`team`, or a player of it: 805.5a).
 * Exactly one of the two.
 */
export interface Actor {
  player?: PlayerId;
  team?: TeamId;
}

/** What players do. */
export interface PlayerEventMap {
  /** 117.3d: pass priority (`player`: a player, or with teams a team's id: the team passes, 805.5b). */
  'priority.pass': { player: PlayerId | TeamId };
  /** 601: cast a spell (the controller must hold priority, or be of the team that does). */
  'spell.cast': { object: StackObjectSpec };
  /** 602: activate an ability. */
  'ability.activate': { object: StackObjectSpec };
  /** 508.1, 805.10b: the active player's (team's) declaration of attackers (`[]`: none). */
  'combat.declareAttackers': Actor & { attackers: AttackerSpec[] };
  /** 509.1, 805.10d: a defending player's (team's) declaration of blockers. */
  'combat.declareBlockers': Actor & { blockers: BlockerSpec[] };
  /** 603.3b, 805.7: the order of the player's (team's) own simultaneous triggered abilities (ids, the first lowest on the stack). */
  'triggers.order': Actor & { order: string[] };
  /** 104.3a: the player concedes: at any time, they leave the game at once (800.4) and lose. */
  'player.concede': { player: PlayerId };
  /** 732.2 (730.2 in 2025): a standing pass — `player` (with teams, a team) passes until `until`, unless… (replaces their earlier one). */
  'shortcut.passUntil': { player: PlayerId | TeamId } & ShortcutSpec;
  /** 732.2: `player`'s (team's) standing pass ends. */
  'shortcut.cancel': { player: PlayerId | TeamId };
}

/** What the host game reports: things the turn machine does not decide itself. */
export interface GameReportEventMap {
  /** An ability triggered (603.2); it waits for the next time a player would receive priority. */
  'trigger.report': { ability: StackObjectSpec };
  /** An "at the beginning of" ability (500.6, 603.7). */
  'trigger.register': { trigger: AtTriggerSpec };
  /** The next state-based-action check performs an action (704.3) that makes `ability` trigger (none: it makes nothing trigger). */
  'stateBasedActions.schedule': { ability?: StackObjectSpec };
  /** The next time `player` discards (514.1), `ability` triggers (madness). */
  'discard.schedule': { player: PlayerId; ability: StackObjectSpec };
  /** 510.4, 702.4, 702.7: an attacking or blocking creature gains or loses first strike / double strike. */
  'combatant.set': CombatantChange;
  /** A continuous effect with a duration starts now (611.2). */
  'effect.create': { effect: ContinuousEffectSpec };
  /** Mana enters a pool (106.4). */
  'mana.add': { player: PlayerId; amount: number };
  /** An object becomes an illegal target for everything that targets it (608.2b). */
  'target.invalidate': { id: string };
  /** A named game condition an intervening "if" tests (603.4). */
  'condition.set': { name: string; value: boolean };
}

/**
 * Who sends a player's action (FORMAT.md "Who sends an action"): every player event may carry
 * `by`, the player (or team) sending it; omitted, the player or team the event names sends it.
 * Only who makes that decision now may send it (722.5: a controlled player's controller).
 */
export interface Sent {
  by?: PlayerId | TeamId;
}

type EventsOf<M> = { [K in keyof M]: { type: K } & M[K] }[keyof M];
/** What a player sends: one of `PlayerEventMap`, with who sends it (`Sent`). */
export type PlayerEvent = EventsOf<{ [K in keyof PlayerEventMap]: PlayerEventMap[K] & Sent }>;
/** What the host game reports: one of `GameReportEventMap`. */
export type GameReportEvent = EventsOf<GameReportEventMap>;
/** Every event a host may send. */
export type TurnEvent = PlayerEvent | GameReportEvent;
/** An event's type. */
export type TurnEventType = TurnEvent['type'];
/** The event of a type. */
export type EventOfType<K extends TurnEventType> = Extract<TurnEvent, { type: K }>;

const event = <K extends TurnEventType>(type: K, fields: Omit<Shape<EventOfType<K>>, 'type' | 'by'>, refine?: Refine<EventOfType<K>>) =>
  object<EventOfType<K>>({ type: literal(type), ...fields } as unknown as Shape<EventOfType<K>>, { noun: `a ${type} event`, refine });

/** Who acts: `player`, or with teams `team` — exactly one (for an event, or anything that names who acts). */
export const actorFields = { player: optional(player), team: optional(ref('team')) };
/** Reports an event (or anything naming who acts) that gives neither `player` nor `team`, or both. */
export const checkOneActor = (e: Actor, report: Report) => {
  if (e.player === undefined && e.team === undefined) report([], 'needs "player" (or, with teams, "team")', 'missing');
  if (e.player !== undefined && e.team !== undefined) report([], 'give "player" or "team", not both');
};

/** The schema of each event type: a new event type without one is a compile error. */
export const EVENT_SCHEMAS: { readonly [K in TurnEventType]: Schema<EventOfType<K>> } = {
  'priority.pass': event('priority.pass', { player: playerOrTeam }),
  'spell.cast': event('spell.cast', { object: spell }),
  'ability.activate': event('ability.activate', { object: activatedAbility }),
  'combat.declareAttackers': event('combat.declareAttackers', { ...actorFields, attackers: list(attacker, { max: 'maxCreatures' }) }, checkOneActor),
  'combat.declareBlockers': event('combat.declareBlockers', { ...actorFields, blockers: list(blocker, { max: 'maxCreatures' }) }, checkOneActor),
  'triggers.order': event('triggers.order', { ...actorFields, order: list(id, { max: 'maxPendingTriggers' }) }, checkOneActor),
  'trigger.report': event('trigger.report', { ability: triggeredAbility }),
  'trigger.register': event('trigger.register', { trigger: atTrigger }),
  'stateBasedActions.schedule': event('stateBasedActions.schedule', { ability: optional(triggeredAbility) }),
  'discard.schedule': event('discard.schedule', { player, ability: triggeredAbility }),
  'combatant.set': event('combatant.set', {
    id, firstStrike: optional(boolean), doubleStrike: optional(boolean),
  }, (change, report) => {
    if (change.firstStrike === undefined && change.doubleStrike === undefined) report([], 'needs "firstStrike" or "doubleStrike"', 'missing');
  }),
  'effect.create': event('effect.create', { effect: continuousEffect }),
  'mana.add': event('mana.add', { player, amount: manaAmount }),
  'target.invalidate': event('target.invalidate', { id }),
  'condition.set': event('condition.set', { name: conditionName, value: boolean }),
  'player.concede': event('player.concede', { player }),
  'shortcut.passUntil': event('shortcut.passUntil', { player: playerOrTeam, ...shortcutFields }),
  'shortcut.cancel': event('shortcut.cancel', { player: playerOrTeam }),
};

/** The types of the events players send. */
export const PLAYER_EVENT_TYPES: readonly (keyof PlayerEventMap)[] = [
  'priority.pass', 'spell.cast', 'ability.activate', 'combat.declareAttackers', 'combat.declareBlockers', 'triggers.order', 'player.concede',
  'shortcut.passUntil', 'shortcut.cancel',
];
/** Every event type. */
export const TURN_EVENT_TYPES = Object.keys(EVENT_SCHEMAS) as TurnEventType[];

// Every player event, whichever are added later, takes `by` (Sent): one place, for all of them.
for (const type of PLAYER_EVENT_TYPES) {
  (EVENT_SCHEMAS as Record<string, AnySchema>)[type] = extend(EVENT_SCHEMAS[type] as Schema<object>, { by: optional(playerOrTeam) } as never) as AnySchema;
}

/** Whether a value is an event type. */
export const isTurnEventType = (type: unknown): type is TurnEventType =>
  typeof type === 'string' && Object.prototype.hasOwnProperty.call(EVENT_SCHEMAS, type);

/** Who sent a player's action: its `by`, or the player (team) it names; null for what the host reports. */
export function senderOf(event: TurnEvent): PlayerId | TeamId | null {
  const actor = actorOf(event);
  return actor === null ? null : (event as Sent).by ?? actor;
}

/** The player (or team) an event acts as (a player's action), or null for what the host reports. */
export function actorOf(event: TurnEvent): PlayerId | TeamId | null {
  switch (event.type) {
    case 'priority.pass':
      return event.player;
    case 'combat.declareAttackers':
    case 'combat.declareBlockers':
    case 'triggers.order':
      return event.player ?? event.team ?? null;
    case 'spell.cast':
    case 'ability.activate':
      return event.object.controller;
    case 'player.concede':
    case 'shortcut.passUntil':
    case 'shortcut.cancel':
      return event.player;
    default:
      return null;
  }
}
