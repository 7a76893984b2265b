// The events a host sends: what players do, and what the host game reports. Each event's
// fields are declared once, in a map from its type; the union type and the schema that
// validates an incoming event both come from that map.
import type { PlayerId } from './ids.js';
import {
  activatedAbility, atTrigger, attacker, blocker, conditionName, continuousEffect, id, manaAmount, player, spell, triggeredAbility,
  type AtTriggerSpec, type AttackerSpec, type BlockerSpec, type ContinuousEffectSpec, type StackObjectSpec,
} from './objects.js';
import { boolean, list, literal, object, type Schema, type Shape } from './schema.js';

/** What players do. */
export interface PlayerEventMap {
  /** 117.3d: pass priority. */
  'priority.pass': { player: PlayerId };
  /** 601: cast a spell (the controller must hold priority). */
  'spell.cast': { object: StackObjectSpec };
  /** 602: activate an ability. */
  'ability.activate': { object: StackObjectSpec };
  /** 508.1: the active player's declaration of attackers (`[]`: none). */
  'combat.declareAttackers': { player: PlayerId; attackers: AttackerSpec[] };
  /** 509.1: a defending player's declaration of blockers. */
  'combat.declareBlockers': { player: PlayerId; blockers: BlockerSpec[] };
}

/** What the host game reports: things the turn machine does not decide itself. */
export interface GameReportEventMap {
  /** An ability triggered (603.2); it waits for the next time a player would receive priority. */
  'trigger.report': { ability: StackObjectSpec };
  /** An "at the beginning of" ability (500.6, 603.7). */
  'trigger.register': { trigger: AtTriggerSpec };
  /** The next state-based-action check performs an action that makes `ability` trigger (704.3). */
  'stateBasedActions.schedule': { ability: StackObjectSpec };
  /** A continuous effect with a duration starts now (611.2). */
  'effect.create': { effect: ContinuousEffectSpec };
  /** Mana enters a pool (106.4). */
  'mana.add': { player: PlayerId; amount: number };
  /** An object becomes an illegal target for everything that targets it (608.2b). */
  'target.invalidate': { id: string };
  /** A named game condition an intervening "if" tests (603.4). */
  'condition.set': { name: string; value: boolean };
}

type EventsOf<M> = { [K in keyof M]: { type: K } & M[K] }[keyof M];
export type PlayerEvent = EventsOf<PlayerEventMap>;
export type GameReportEvent = EventsOf<GameReportEventMap>;
/** Every event a host may send. */
export type TurnEvent = PlayerEvent | GameReportEvent;
export type TurnEventType = TurnEvent['type'];
export type EventOfType<K extends TurnEventType> = Extract<TurnEvent, { type: K }>;

const event = <K extends TurnEventType>(type: K, fields: Omit<Shape<EventOfType<K>>, 'type'>) =>
  object<EventOfType<K>>({ type: literal(type), ...fields } as unknown as Shape<EventOfType<K>>, { noun: `a ${type} event` });

/** The schema of each event type: a new event type without one is a compile error. */
export const EVENT_SCHEMAS: { readonly [K in TurnEventType]: Schema<EventOfType<K>> } = {
  'priority.pass': event('priority.pass', { player }),
  'spell.cast': event('spell.cast', { object: spell }),
  'ability.activate': event('ability.activate', { object: activatedAbility }),
  'combat.declareAttackers': event('combat.declareAttackers', { player, attackers: list(attacker, { max: 'maxCreatures' }) }),
  'combat.declareBlockers': event('combat.declareBlockers', { player, blockers: list(blocker, { max: 'maxCreatures' }) }),
  'trigger.report': event('trigger.report', { ability: triggeredAbility }),
  'trigger.register': event('trigger.register', { trigger: atTrigger }),
  'stateBasedActions.schedule': event('stateBasedActions.schedule', { ability: triggeredAbility }),
  'effect.create': event('effect.create', { effect: continuousEffect }),
  'mana.add': event('mana.add', { player, amount: manaAmount }),
  'target.invalidate': event('target.invalidate', { id }),
  'condition.set': event('condition.set', { name: conditionName, value: boolean }),
};

export const PLAYER_EVENT_TYPES: readonly (keyof PlayerEventMap)[] = [
  'priority.pass', 'spell.cast', 'ability.activate', 'combat.declareAttackers', 'combat.declareBlockers',
];
export const TURN_EVENT_TYPES = Object.keys(EVENT_SCHEMAS) as TurnEventType[];

export const isTurnEventType = (type: unknown): type is TurnEventType =>
  typeof type === 'string' && Object.prototype.hasOwnProperty.call(EVENT_SCHEMAS, type);

/** The player an event acts as (a player's action), or null for what the host reports. */
export function actorOf(event: TurnEvent): PlayerId | null {
  switch (event.type) {
    case 'priority.pass':
    case 'combat.declareAttackers':
    case 'combat.declareBlockers':
      return event.player;
    case 'spell.cast':
    case 'ability.activate':
      return event.object.controller;
    default:
      return null;
  }
}
