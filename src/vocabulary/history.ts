// The history records of FORMAT.md: what happened, in order, each with where it happened
// (turn, phase, step). Declared once as a map from record type to its fields; the record
// union, the scenario format's record patterns and the words below all come from it.
import { ZONES, type PhaseId, type PlayerId, type StepId, type TeamId, type Zone } from './ids.js';
import { integer, list, picklist, ref, string, type Schema } from './schema.js';
import { SHORTCUT_END_REASONS, shortcutUntil, type ShortcutEndReason, type ShortcutUntil } from './shortcuts.js';

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
  triggerRemoved: { id: string };
  putOnStack: { id: string };
  resolved: { id: string };
  didNotResolve: { id: string };
  moved: { id: string; to: Zone };
  merged: { id: string; into: string };
  ceasedToExist: { id: string };
  stateBasedActions: Record<never, never>;
  effectCreated: { id: string };
  effectEnded: { id: string };
  removedFromCombat: { id: string };
  manaEmptied: { player: PlayerId };
  discarded: { player: PlayerId; count: number };
  turnEndedByEffect: { source: string };
  combatEndedByEffect: { source: string };
  endCombatIgnored: { source: string };
  /** A resolving effect would have passed a limit (`GameInput.limits`): it was not performed. */
  limitReached: { limit: string; id: string };
  /** Teams only (805.10b): the active team's combined attack, and who declared it. */
  attackersDeclared: { team: TeamId; player: PlayerId; attackers: string[] };
  /** Teams only (805.10d): a defending team's combined block, and who declared it. */
  blockersDeclared: { team: TeamId; player: PlayerId; blockers: string[] };
  /** 732.2: a standing pass is set (`player`: as named, or a team's primary player; `by`: who sent it). */
  shortcutSet: { player: PlayerId; team?: TeamId; until: ShortcutUntil; by: PlayerId };
  /** 732.2: a standing pass ends, and why. */
  shortcutEnded: { player: PlayerId; team?: TeamId; reason: ShortcutEndReason };
}

export type HistoryRecordType = keyof HistoryFieldsMap;
/** A record as rules code writes it, before it is stamped with where it happened. */
export type HistoryEvent = { [K in HistoryRecordType]: { type: K } & HistoryFieldsMap[K] }[HistoryRecordType];

/** Where a record happened: the turn, phase and step as they were then. */
export interface Where {
  turn: number;
  phase: PhaseId | null;
  step: StepId | null;
}

export type HistoryRecord = { [K in HistoryRecordType]: { type: K } & HistoryFieldsMap[K] & Where }[HistoryRecordType];

/** The rule each record comes from. */
const RULE_OF: Record<HistoryRecordType, string> = {
  turnBegan: '500.1', turnEnded: '500.1', phaseBegan: '500.1', phaseEnded: '500.5', stepBegan: '500.1', stepEnded: '500.5',
  priority: '117.3', passed: '117.3d', triggered: '603.2', triggerRemoved: '723.1a', putOnStack: '117.5',
  resolved: '608.2', didNotResolve: '608.2b', moved: '608.2n', merged: '608.3d', ceasedToExist: '704.5e',
  stateBasedActions: '704.3', effectCreated: '611.2', effectEnded: '500.5', removedFromCombat: '511.3',
  manaEmptied: '500.5', discarded: '514.1', turnEndedByEffect: '723.1', combatEndedByEffect: '723.2',
  endCombatIgnored: '723.2g', limitReached: 'limit', attackersDeclared: '805.10b', blockersDeclared: '805.10d',
  shortcutSet: '732.2', shortcutEnded: '732.2',
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
  until: shortcutUntil,
  by: ref('player'),
  reason: picklist(SHORTCUT_END_REASONS, 'reason'),
};

const RULE_OF_MOVE: Record<Zone, string> = { exile: '723.1b', graveyard: '608.2n', battlefield: '608.3a', hand: '400.3' };

export function ruleOfRecord(record: HistoryRecord): string {
  return record.type === 'moved' ? RULE_OF_MOVE[record.to] : RULE_OF[record.type];
}

/** A record in words. */
export function describeRecord(r: HistoryRecord): string {
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

/** One line: where, what, and the rule. */
export function formatRecord(r: HistoryRecord): string {
  const at = `T${r.turn} ${r.phase ?? '-'}${r.step ? `/${r.step}` : ''}`;
  return `${at.padEnd(34)} ${describeRecord(r).padEnd(52)} ${ruleOfRecord(r)}`;
}
