import type { ActionEntry, ScriptEntry } from '../../scenario/index.js';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
/** `endOfCombatOnNextTurnOf` → `end of combat on next turn of`. */
const spaced = (key: string) => key.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
const ids = (list: unknown) => (Array.isArray(list) && list.length ? list.map((item) => (isObj(item) ? str(item.id) : str(item))).join(', ') : 'none');

/** Who acts: `{player}` or, with teams, `{team}`. */
function who(value: Obj): string {
  return value.team !== undefined ? `team ${str(value.team)}` : str(value.player);
}

/** An OBJ: `timeStop (A, instant): endTurn, at`. */
function obj(value: unknown): string {
  if (!isObj(value)) return str(value);
  const traits = [value.controller, value.type, value.timing && `timing ${str(value.timing)}`].filter(Boolean).map(str);
  const effects = Array.isArray(value.effects) ? value.effects.map((e) => (isObj(e) ? Object.keys(e).join('+') : str(e))) : [];
  return `${str(value.id)} (${traits.join(', ')})${effects.length ? `: ${effects.join(', ')}` : ''}${value.if ? ` if ${str(value.if)}` : ''}`;
}

/** A creature in combat: `knight (first strike, B's) blocking bear`. */
function creature(value: unknown): string {
  if (!isObj(value)) return str(value);
  const traits = [
    value.firstStrike && 'first strike',
    value.doubleStrike && 'double strike',
    value.controller !== undefined && `${str(value.controller)}'s`,
    value.cantAttackDuringExtraTurns && "can't attack in extra turns",
  ].filter(Boolean);
  return `${str(value.id)}${traits.length ? ` (${traits.join(', ')})` : ''}${value.blocking !== undefined ? ` blocking ${str(value.blocking)}` : ''}`;
}

/** A duration: `end of turn`, `next turn of A`, `beginning of upkeep, whose turn A`. */
function until(value: unknown): string {
  if (typeof value === 'string') return spaced(value);
  if (!isObj(value)) return str(value);
  return Object.entries(value).map(([key, v]) => `${spaced(key)} ${str(v)}`).join(', ');
}

/** An AT: `w1 (A): at the beginning of end, whose turn A, once`. */
function at(value: unknown): string {
  if (!isObj(value)) return str(value);
  const extras = Object.entries(value)
    .filter(([key]) => !['id', 'controller', 'when', 'effects'].includes(key))
    .map(([key, v]) => (v === true ? spaced(key) : `${spaced(key)} ${str(v)}`));
  return `${str(value.id)} (${str(value.controller)}): at the beginning of ${str(value.when)}${extras.map((e) => `, ${e}`).join('')}`;
}

function declares(key: 'attackers' | 'blockers', value: Obj): string {
  const list = Array.isArray(value[key]) ? value[key] : [];
  return `${who(value)} declares ${list.length ? `${key}: ${list.map(creature).join(', ')}` : `no ${key}`}`;
}

function action(entry: ActionEntry): string {
  const [key, value] = Object.entries(entry)[0] as [string, unknown];
  const v = isObj(value) ? value : {};
  switch (key) {
    case 'pass':
      return `${str(value)} passes`;
    case 'passAll':
      return 'everybody passes once';
    case 'advanceTo':
      return `advance to ${[v.turn !== undefined && `turn ${str(v.turn)}`, v.phase, v.step].filter(Boolean).map(str).join(', ')}`;
    case 'cast':
      return `cast ${obj(value)}`;
    case 'activate':
      return `activate ${obj(value)}`;
    case 'trigger':
      return `triggers: ${obj(value)}`;
    case 'at':
      return `register ${at(value)}`;
    case 'onStateBasedActions':
      return value === true
        ? 'the next state-based-action check performs an action that triggers nothing'
        : `the next state-based-action check makes ${obj(value)} trigger`;
    case 'onDiscard':
      return `the next time ${str(v.player)} discards, ${obj(v.trigger)} triggers`;
    case 'declareAttackers':
      return declares('attackers', v);
    case 'declareBlockers':
      return declares('blockers', v);
    case 'orderTriggers':
      return `${who(v)} orders triggers ${ids(v.order)} (the first lowest on the stack)`;
    case 'setCombatant': {
      const changes = (['firstStrike', 'doubleStrike'] as const)
        .filter((k) => v[k] !== undefined)
        .map((k) => `${v[k] ? 'gains' : 'loses'} ${spaced(k)}`);
      return `${str(v.id)} ${changes.join(' and ')}`;
    }
    case 'createEffect':
      return `effect ${str(v.id)} starts, until ${until(v.until)}`;
    case 'addMana':
      return `${str(v.amount)} mana enters ${str(v.player)}'s pool`;
    case 'invalidateTarget':
      return `${str(value)} becomes an illegal target`;
    case 'setCondition':
      return `condition ${str(v.name)} becomes ${str(v.value)}`;
    case 'concede':
      return `${str(value)} concedes and leaves the game (104.3a)`;
    case 'send':
      // 722.5: a player's action sent by whoever makes that decision (a controller, for the player it controls)
      return `${str(v.by)} sends: ${isObj(v.action) ? action(v.action as ActionEntry) : str(v.action)}`;
    default:
      return JSON.stringify(entry);
  }
}

const MAX = 220;

/** A script entry of the scenario format in one readable line ("A orders triggers t2, t1 (the first lowest on the stack)"). */
export function describeEntry(entry: ScriptEntry): string {
  let text: string;
  if ('reject' in entry) text = `refused: ${action(entry.reject)}`;
  else if ('expect' in entry) text = `expect ${Object.entries(entry.expect).map(([key, value]) => `${key} ${JSON.stringify(value)}`).join('; ')}`;
  else text = action(entry);
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text;
}
