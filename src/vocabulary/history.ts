// The history records of FORMAT.md: what happened, in order, each with where it happened
// (turn, phase, step). Declared once as a map from record type to its fields; the record
// union, the scenario format's record patterns and the words below all come from it.
import { ZONES, type PhaseId, type PlayerId, type StepId, type TeamId, type Zone } from './ids.js';
import { DEFAULT_RULES_EDITION, inEdition } from './editions.js';
import { integer, list, picklist, ref, string, type Schema } from './schema.js';
import { SHORTCUT_END_REASONS, shortcutUntil, type ShortcutEndReason, type ShortcutUntil } from './shortcuts.js';

/** Each history record type's fields. */
export interface HistoryFieldsMap {
  /** With teams, `player` is the team's primary player. */
  turnBegan: { player: PlayerId; team?: TeamId };
  turnEnded: Record<never, never>;
  phaseBegan: { phase: PhaseId };
  phaseEnded: { phase: PhaseId };
  stepBegan: { step: StepId };
  stepEnded: { step: StepId };
  /** A player receives priority; with teams, a team does (805.5), and the record names the team. */
  priority: { player?: PlayerId; team?: TeamId };
  /** With teams, `player` is the player named in the pass, or the primary player when the team was named. */
  passed: { player: PlayerId; team?: TeamId };
  triggered: { id: string };
  /** `rule`: 723.1a or 723.2a in the edition's numbers (800.4d when its controller left the game). */
  triggerRemoved: { id: string; rule: string };
  /** `rule`: 601.2a for a cast spell, 602.2a for an activated ability; a triggered ability's has none (117.5). */
  putOnStack: { id: string; rule?: string };
  resolved: { id: string };
  didNotResolve: { id: string };
  /** `rule`: where it depends on what moved it (723.1b / 723.2b: the stack exiled; 800.4a: a departed player's spell or permanent they do not own). */
  moved: { id: string; to: Zone; rule?: string };
  merged: { id: string; into: string };
  /** `rule` 800.4a: an ability whose controller left the game. */
  ceasedToExist: { id: string; rule?: string };
  stateBasedActions: Record<never, never>;
  effectCreated: { id: string };
  effectEnded: { id: string };
  /** `rule`: 723.1d / 723.2d when a 723 procedure ends the combat phase (else 511.3); 800.4a: a creature of a player who left the game. */
  removedFromCombat: { id: string; rule?: string };
  manaEmptied: { player: PlayerId };
  discarded: { player: PlayerId; count: number };
  turnEndedByEffect: { source: string; rule: string };
  combatEndedByEffect: { source: string; rule: string };
  endCombatIgnored: { source: string; rule: string };
  /** A resolving effect would have passed a limit (`GameInput.limits`): it was not performed. */
  limitReached: { limit: string; id: string };
  /** Teams only (805.10b): the active team's combined attack, and who declared it. */
  attackersDeclared: { team: TeamId; player: PlayerId; attackers: string[] };
  /** Teams only (805.10d): a defending team's combined block, and who declared it. */
  blockersDeclared: { team: TeamId; player: PlayerId; blockers: string[] };
  /** 722.1: `controller` controls `player` during this turn (one per player of a controlled team, 805.8). */
  controlBegan: { player: PlayerId; controller: PlayerId; rule: string };
  /** 722.1: the control ends as the next turn begins (800.4a: at once, when the controller leaves). */
  controlEnded: { player: PlayerId; controller: PlayerId; rule: string };
  /** 722.5: the decision that follows is made for `player` by the player controlling them. */
  controlledAction: { player: PlayerId; by: PlayerId; action: ControlledActionName };
  /** 500.10a: "`player` gets an additional step or phase" outside that player's turn adds nothing. */
  addIgnored: { source: string; player: PlayerId; rule: string };
  /** 104.3a (conceded), 104.3e (lost); 810.8a–b: a Two-Headed Giant teammate leaves with them (`team`). */
  playerLeft: { player: PlayerId; reason: LeavingReason; rule: string };
  /** 800.4a: an object owned by a player who left the game leaves it too. */
  leftGame: { id: string; rule?: string };
  /** 800.4k: a departed player's turn does not begin (recorded with the number of the turn that just ended). */
  turnDidNotBegin: { player: PlayerId; team?: TeamId; rule: string };
  /** 104.2a, 104.2c: one player (one team) is left: they win and the game ends. */
  gameEnded: { winners: PlayerId[]; rule: string };
  /** 732.2: a standing pass is set (`player`: as named, or a team's primary player; `by`: who sent it). */
  shortcutSet: { player: PlayerId; team?: TeamId; until: ShortcutUntil; by: PlayerId };
  /** 732.2: a standing pass ends, and why. */
  shortcutEnded: { player: PlayerId; team?: TeamId; reason: ShortcutEndReason };
}

/** The decisions a controller makes for the player they control (`controlledAction.action`). */
export const CONTROLLED_ACTIONS = ['pass', 'cast', 'activate', 'declareAttackers', 'declareBlockers', 'orderTriggers'] as const;
/** A decision a controller makes for the player they control (722.5), as `controlledAction` names it. */
export type ControlledActionName = (typeof CONTROLLED_ACTIONS)[number];

/** Why a player left the game: they conceded (104.3a), lost (104.3e), or their team did (810.8a–b). */
export const LEAVING_REASONS = ['conceded', 'lost', 'team'] as const;
/** Why a player left: `conceded` (104.3a), `lost` (104.3e), or `team` (810.8a–b: with their Two-Headed Giant team). */
export type LeavingReason = (typeof LEAVING_REASONS)[number];

/** A history record's type. */
export type HistoryRecordType = keyof HistoryFieldsMap;
/** A record as rules code writes it, before it is stamped with where it happened. */
export type HistoryEvent = { [K in HistoryRecordType]: { type: K } & HistoryFieldsMap[K] }[HistoryRecordType];

/** Where a record happened: the turn, phase and step as they were then. */
export interface Where {
  turn: number;
  phase: PhaseId | null;
  step: StepId | null;
}

/** One record of what happened, with its turn, phase and step (`Where`). */
export type HistoryRecord = { [K in HistoryRecordType]: { type: K } & HistoryFieldsMap[K] & Where }[HistoryRecordType];

/** The rule each record comes from. */
const RULE_OF: Record<HistoryRecordType, string> = {
  turnBegan: '500.1', turnEnded: '500.1', phaseBegan: '500.1', phaseEnded: '500.5', stepBegan: '500.1', stepEnded: '500.5',
  priority: '117.3', passed: '117.3d', triggered: '603.2', triggerRemoved: '723.1a', putOnStack: '117.5',
  resolved: '608.2', didNotResolve: '608.2b', moved: '608.2n', merged: '608.3d', ceasedToExist: '704.5e',
  stateBasedActions: '704.3', effectCreated: '611.2', effectEnded: '500.5', removedFromCombat: '511.3',
  manaEmptied: '500.5', discarded: '514.1', turnEndedByEffect: '723.1', combatEndedByEffect: '723.2',
  endCombatIgnored: '723.2g', limitReached: 'limit', attackersDeclared: '805.10b', blockersDeclared: '805.10d',
  controlBegan: '722.1', controlEnded: '722.1', controlledAction: '722.5', addIgnored: '500.10a',
  playerLeft: '104.3a', leftGame: '800.4a', turnDidNotBegin: '800.4k', gameEnded: '104.2a',
  shortcutSet: '730.2', shortcutEnded: '730.2',
};

/** Every record type, in the order of the map (a new type needs its rule above: a compile error otherwise). */
export const HISTORY_RECORD_TYPES = Object.keys(RULE_OF) as HistoryRecordType[];

type FieldsOf<K extends HistoryRecordType> = HistoryFieldsMap[K];
/** A field some record has, besides `type`, `turn`, `phase` and `step`. */
export type HistoryFieldName = Exclude<{ [K in HistoryRecordType]: keyof FieldsOf<K> }[HistoryRecordType], keyof Where>;
type FieldValue<F extends HistoryFieldName> = Exclude<{ [K in HistoryRecordType]: F extends keyof FieldsOf<K> ? FieldsOf<K>[F] : never }[HistoryRecordType], undefined>;

/** The schema of each record field (what a scenario's record pattern may say): one per field, or a compile error. */
export const HISTORY_FIELD_SCHEMAS: { readonly [F in HistoryFieldName]: Schema<FieldValue<F>> } = {
  player: ref('player'),
  id: string('an id'),
  to: picklist(ZONES, 'zone'),
  into: string('an id'),
  source: string('an id'),
  count: integer(0, 'maxAmount'),
  limit: string('a limit name'),
  team: ref('team'),
  attackers: list(string('an id'), { max: 'maxCreatures' }),
  blockers: list(string('an id'), { max: 'maxCreatures' }),
  rule: string('a rule number', { max: 100 }),
  controller: ref('player'),
  by: ref('player'),
  action: picklist(CONTROLLED_ACTIONS, 'controlled action'),
  // playerLeft's reasons (800.4) and shortcutEnded's (732.2)
  reason: picklist([...LEAVING_REASONS, ...SHORTCUT_END_REASONS], 'reason'),
  winners: list(ref('player'), { max: 8 }),
  until: shortcutUntil,
};

const RULE_OF_MOVE: Record<Zone, string> = { exile: '723.1b', graveyard: '608.2n', battlefield: '608.3a', hand: '400.3' };

/**
 * The rule a record comes from: its own `rule` when it carries one (those cite the edition the
 * game was played under; 800.4, 104.2, 104.3, 810.8 did not move), else the rule of its type, in `edition`'s numbers (default the newest).
 */
export function ruleOfRecord(record: HistoryRecord, edition: string = DEFAULT_RULES_EDITION): string {
  if ('rule' in record && typeof record.rule === 'string') return record.rule;
  return inEdition(record.type === 'moved' ? RULE_OF_MOVE[record.to] : RULE_OF[record.type], edition);
}

/** A record of a known type with its fields, in words. */
function describeKnownRecord(r: HistoryRecord): string | undefined {
  switch (r.type) {
    case 'turnBegan': return `turn ${r.turn} begins (${r.team ?? r.player})`;
    case 'turnEnded': return `turn ${r.turn} ends`;
    case 'phaseBegan': return `${r.phase} phase begins`;
    case 'phaseEnded': return `${r.phase} phase ends`;
    case 'stepBegan': return `${r.step} step begins`;
    case 'stepEnded': return `${r.step} step ends`;
    case 'priority': return `${r.team ?? r.player} receives priority`;
    case 'passed': return r.team ? `${r.team} passes (${r.player})` : `${r.player} passes`;
    case 'triggered': return `${r.id} triggers`;
    case 'triggerRemoved': return `${r.id} (waiting trigger) ceases to exist`;
    case 'putOnStack': return `${r.id} is put on the stack`;
    case 'resolved': return `${r.id} resolves`;
    case 'didNotResolve': return `${r.id} does not resolve`;
    case 'moved': return `${r.id} → ${r.to}`;
    case 'merged': return `${r.id} merges into ${r.into}`;
    case 'ceasedToExist': return `${r.id} ceases to exist`;
    case 'stateBasedActions': return 'state-based actions checked';
    case 'effectCreated': return `effect ${r.id} begins`;
    case 'effectEnded': return `effect ${r.id} ends`;
    case 'removedFromCombat': return `${r.id} is removed from combat`;
    case 'manaEmptied': return `${r.player}'s mana pool empties`;
    case 'discarded': return `${r.player} discards ${r.count}`;
    case 'turnEndedByEffect': return `${r.source} ends the turn`;
    case 'combatEndedByEffect': return `${r.source} ends the combat phase`;
    case 'endCombatIgnored': return `${r.source} tries to end combat outside combat: nothing happens`;
    case 'limitReached': return `${r.id}: not performed, it would pass limits.${r.limit}`;
    case 'attackersDeclared': return `${r.team} attacks with ${r.attackers.join(', ') || 'nothing'} (${r.player} declares)`;
    case 'blockersDeclared': return `${r.team} blocks with ${r.blockers.join(', ') || 'nothing'} (${r.player} declares)`;
    case 'controlBegan': return `${r.controller} controls ${r.player} during this turn`;
    case 'controlEnded': return `${r.controller}'s control of ${r.player} ends`;
    case 'controlledAction': return `${r.by} makes ${r.player}'s decision (${r.action})`;
    case 'addIgnored': return `${r.source}: ${r.player} gets nothing added (not ${r.player}'s turn)`;
    case 'playerLeft': return `${r.player} leaves the game (${r.reason === 'team' ? 'with their team' : r.reason})`;
    case 'leftGame': return `${r.id} leaves the game with its owner`;
    case 'turnDidNotBegin': return `${r.team ?? r.player}'s turn does not begin: they left the game`;
    case 'gameEnded': return `the game ends: ${r.winners.join(', ')} win${r.winners.length === 1 ? 's' : ''}`;
    case 'shortcutSet': return `${r.team ?? r.player} passes ${untilInWords(r.until)}${r.by !== r.player ? ` (set by ${r.by})` : ''}`;
    case 'shortcutEnded': return `${r.team ?? r.player}'s standing pass ends (${r.reason})`;
  }
}


/** Where a standing pass ends, in words: "until the end step of A's turn", "until B's next turn". */
export function untilInWords(until: ShortcutUntil): string {
  if (until.endOfTurn) return 'until end of turn';
  if (until.nextTurnOf !== undefined) return `until ${until.nextTurnOf}'s next turn`;
  const what = until.step !== undefined ? `the ${until.step} step` : `the ${until.phase} phase`;
  return `until ${what}${until.turnOf !== undefined ? ` of ${until.turnOf}'s turn` : ''}`;
}

/** The type of what may be a record, in words (never throws). */
function typeOfOdd(r: unknown): string {
  try {
    const type = typeof r === 'object' && r !== null ? (r as { type?: unknown }).type : undefined;
    return typeof type === 'string' ? JSON.stringify(type.slice(0, 60)) : 'no type';
  } catch {
    return 'an unreadable type';
  }
}

/** A record in words; one of an unknown type, missing its fields, or not a record at all, said so (never throws). */
export function describeRecord(r: HistoryRecord): string {
  try {
    const known = describeKnownRecord(r);
    if (typeof known === 'string') return known;
  } catch {
    // a field it should have is missing, or cannot be read
    return `a record of type ${typeOfOdd(r)} missing its fields`;
  }
  return typeof r === 'object' && r !== null ? `a record of unknown type ${typeOfOdd(r)}` : `not a record (${r === null ? 'null' : typeof r})`;
}

/** One line: where, what, and the rule (never throws). */
export function formatRecord(r: HistoryRecord, edition?: string): string {
  let at = 'T? -';
  let rule = '';
  try {
    at = `T${r.turn} ${r.phase ?? '-'}${r.step ? `/${r.step}` : ''}`;
    rule = ruleOfRecord(r, edition) ?? '';
  } catch {
    // not a record: describeRecord says so
  }
  return `${at.padEnd(34)} ${describeRecord(r).padEnd(52)} ${rule}`;
}
