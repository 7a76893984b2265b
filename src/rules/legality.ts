// Whether an event is legal now, and if not, why (rule cited). One function serves the
// machine's guards, its `rejected` events and the UI's questions, so they always agree.
import type { MachineEvent } from '../events.js';
import { PERMANENT_TYPES, SPELL_TYPES, STEPS, PHASES, type GameContext, type StackObjectSpec } from './types.js';

export type WaitingFor = 'priority' | 'declareAttackers' | 'declareBlockers' | null;

export interface Refusal {
  reason: string;
  rule: string;
}

const refuse = (reason: string, rule: string): Refusal => ({ reason, rule });
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isString = (x: unknown): x is string => typeof x === 'string' && x.length > 0;

function malformedPlayer(ctx: GameContext, player: unknown, field: string): Refusal | null {
  if (!isString(player)) return refuse(`malformed event: ${field} must be a player id`, 'event');
  if (!ctx.players.includes(player)) return refuse(`unknown player "${player}" in ${field}`, 'event');
  return null;
}

function malformedObject(ctx: GameContext, object: unknown, field: string): Refusal | null {
  if (!isObject(object)) return refuse(`malformed event: ${field} must be an object`, 'event');
  if (!isString(object.id)) return refuse(`malformed event: ${field}.id must be a non-empty string`, 'event');
  if (object.effects !== undefined && !Array.isArray(object.effects)) return refuse(`malformed event: ${field}.effects must be a list`, 'event');
  if (object.targets !== undefined && !(Array.isArray(object.targets) && object.targets.every(isString))) {
    return refuse(`malformed event: ${field}.targets must be a list of ids`, 'event');
  }
  return malformedPlayer(ctx, object.controller, `${field}.controller`);
}

function malformedCreatures(list: unknown, field: string): Refusal | null {
  if (!Array.isArray(list) || !list.every((c) => isObject(c) && isString(c.id))) {
    return refuse(`malformed event: ${field} must be a list of creatures with ids`, 'event');
  }
  return null;
}

/** The sorcery-timing test (307.1, 301.1): active player, main phase, empty stack. */
function sorceryTimingRefusal(ctx: GameContext, what: string, rule: string): Refusal | null {
  if (ctx.priority.holder !== ctx.activePlayer) return refuse(`${what} only during its controller's own turn`, rule);
  if (ctx.phase !== 'precombatMain' && ctx.phase !== 'postcombatMain') return refuse(`${what} only in a main phase`, rule);
  if (ctx.stack.length > 0) return refuse(`${what} only while the stack is empty`, rule);
  return null;
}

function holderRefusal(ctx: GameContext, waitingFor: WaitingFor, player: string, action: string): Refusal | null {
  if (waitingFor !== 'priority' || ctx.priority.holder === null) {
    return refuse(`${player} cannot ${action}: no player holds priority now`, '117.1');
  }
  if (ctx.priority.holder !== player) {
    return refuse(`${player} cannot ${action}: ${ctx.priority.holder} holds priority`, '117.1');
  }
  return null;
}

function castRefusal(ctx: GameContext, waitingFor: WaitingFor, spell: StackObjectSpec): Refusal | null {
  const type = spell.type ?? 'instant';
  if (!(SPELL_TYPES as readonly string[]).includes(type)) return refuse(`malformed event: unknown spell type "${type}"`, 'event');
  const notHolder = holderRefusal(ctx, waitingFor, spell.controller, `cast ${spell.id}`);
  if (notHolder) return notHolder;
  const sorcerySpeed = type === 'sorcery' || (PERMANENT_TYPES as readonly string[]).includes(type);
  if (sorcerySpeed && spell.timing !== 'instant') {
    return sorceryTimingRefusal(ctx, `a ${type} spell (${spell.id}) can be cast`, type === 'sorcery' ? '307.1' : '301.1');
  }
  return null;
}

function activateRefusal(ctx: GameContext, waitingFor: WaitingFor, ability: StackObjectSpec): Refusal | null {
  const notHolder = holderRefusal(ctx, waitingFor, ability.controller, `activate ${ability.id}`);
  if (notHolder) return notHolder;
  if (ability.timing === 'sorcery') return sorceryTimingRefusal(ctx, `${ability.id} can be activated`, '602.5d');
  if (ability.timing === 'yourTurn' && ability.controller !== ctx.activePlayer) {
    return refuse(`${ability.id} can be activated only during its controller's turn`, '602.5b');
  }
  return null;
}

/** null when `event` is legal now; otherwise why not. `waitingFor` is what the machine waits for (see view). */
export function refusalOf(ctx: GameContext, event: MachineEvent, waitingFor: WaitingFor): Refusal | null {
  const e = event as Record<string, unknown>;
  switch (event.type) {
    case 'priority.pass':
      return malformedPlayer(ctx, e.player, 'player') ?? holderRefusal(ctx, waitingFor, event.player, 'pass');
    case 'spell.cast':
      return malformedObject(ctx, e.object, 'object') ?? castRefusal(ctx, waitingFor, event.object);
    case 'ability.activate':
      return malformedObject(ctx, e.object, 'object') ?? activateRefusal(ctx, waitingFor, event.object);
    case 'combat.declareAttackers': {
      const malformed = malformedPlayer(ctx, e.player, 'player') ?? malformedCreatures(e.attackers, 'attackers');
      if (malformed) return malformed;
      if (waitingFor !== 'declareAttackers') return refuse('attackers are declared only as the declare attackers step begins', '508.1');
      if (event.player !== ctx.activePlayer) return refuse(`${event.player} is not the active player; only ${ctx.activePlayer} declares attackers`, '508.1');
      return null;
    }
    case 'combat.declareBlockers': {
      const malformed = malformedPlayer(ctx, e.player, 'player') ?? malformedCreatures(e.blockers, 'blockers');
      if (malformed) return malformed;
      if (waitingFor !== 'declareBlockers') return refuse('blockers are declared only as the declare blockers step begins', '509.1');
      if (event.player !== ctx.defendersToDeclare[0]) {
        return refuse(`${event.player} cannot declare blockers now; waiting for ${ctx.defendersToDeclare[0]}`, '509.1');
      }
      const stray = event.blockers.find((b) => !ctx.attackers.some((a) => a.id === b.blocking));
      if (stray) return refuse(`${stray.id} cannot block "${stray.blocking ?? ''}": it is not an attacking creature`, '509.1a');
      return null;
    }
    case 'trigger.report':
    case 'stateBasedActions.schedule':
      return malformedObject(ctx, e.ability, 'ability');
    case 'trigger.register': {
      const malformed = malformedObject(ctx, e.trigger, 'trigger');
      if (malformed) return malformed;
      const when = event.trigger.when as string;
      if (!(STEPS as readonly string[]).includes(when) && !(PHASES as readonly string[]).includes(when)) {
        return refuse(`malformed event: unknown step or phase "${when}" in trigger.when`, 'event');
      }
      return null;
    }
    case 'effect.create':
      return isObject(e.effect) && isString(e.effect.id) && e.effect.until !== undefined
        ? null : refuse('malformed event: effect needs an id and a duration', 'event');
    case 'mana.add':
      return malformedPlayer(ctx, e.player, 'player')
        ?? (Number.isInteger(e.amount) && (e.amount as number) >= 0 ? null : refuse('malformed event: amount must be a whole number ≥ 0', 'event'));
    case 'target.invalidate':
      return isString(e.id) ? null : refuse('malformed event: id must be a non-empty string', 'event');
    case 'condition.set':
      return isString(e.name) && typeof e.value === 'boolean' ? null : refuse('malformed event: name (string) and value (boolean) are required', 'event');
    default:
      return refuse(`unknown event "${String(e.type)}"`, 'event');
  }
}
