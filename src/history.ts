// History records in words, with the rule each one comes from (CLI traces, visualizer log).
import type { HistoryRecord } from './rules/draft.js';

const RULE_OF: Record<HistoryRecord['type'], string> = {
  turnBegan: '500.1', turnEnded: '500.1', phaseBegan: '500.1', phaseEnded: '500.5', stepBegan: '500.1', stepEnded: '500.5',
  priority: '117.3', passed: '117.3d', triggered: '603.2', triggerRemoved: '723.1a', putOnStack: '117.5',
  resolved: '608.2', didNotResolve: '608.2b', moved: '608.2n', merged: '608.3d', ceasedToExist: '704.5e',
  stateBasedActions: '704.3', effectCreated: '611.2', effectEnded: '500.5', removedFromCombat: '511.3',
  manaEmptied: '500.5', discarded: '514.1', turnEndedByEffect: '723.1', combatEndedByEffect: '723.2',
  endCombatIgnored: '723.2g',
};

const RULE_OF_MOVE = { exile: '723.1b', graveyard: '608.2n', battlefield: '608.3a', hand: '400.3' } as const;

export function ruleOfRecord(record: HistoryRecord): string {
  return record.type === 'moved' ? RULE_OF_MOVE[record.to] : RULE_OF[record.type];
}

export function describeRecord(r: HistoryRecord): string {
  switch (r.type) {
    case 'turnBegan': return `turn ${r.turn} begins (${r.player})`;
    case 'turnEnded': return `turn ${r.turn} ends`;
    case 'phaseBegan': return `${r.phase} phase begins`;
    case 'phaseEnded': return `${r.phase} phase ends`;
    case 'stepBegan': return `${r.step} step begins`;
    case 'stepEnded': return `${r.step} step ends`;
    case 'priority': return `${r.player} receives priority`;
    case 'passed': return `${r.player} passes`;
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
  }
}

/** One line: where, what, and the rule. */
export function formatRecord(r: HistoryRecord): string {
  const at = `T${r.turn} ${r.phase ?? '-'}${r.step ? `/${r.step}` : ''}`;
  return `${at.padEnd(34)} ${describeRecord(r).padEnd(52)} ${ruleOfRecord(r)}`;
}
