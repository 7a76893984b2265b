import { describeRecord, ruleOfRecord, type HistoryRecord, type View } from '../../index.js';
import { h, replace } from './dom.js';

function list(items: readonly string[], empty = '—'): HTMLElement {
  if (items.length === 0) return h('span', { class: 'muted' }, empty);
  return h('ul', { class: 'chips' }, ...items.map((item) => h('li', {}, item)));
}

function section(id: string, title: string, ...content: (HTMLElement | string)[]): HTMLElement {
  return h('section', { class: 'panel', 'data-testid': `panel-${id}` }, h('h3', {}, title), ...content);
}

function keyed(record: Record<string, number>): HTMLElement {
  return h('dl', { class: 'keyed' }, ...Object.entries(record).flatMap(([key, value]) => [h('dt', {}, key), h('dd', {}, value)]));
}

/** The history log, newest last, each record with its rule and where it happened. */
export function historyLog(history: readonly HistoryRecord[]): HTMLElement {
  const rows = history.map((record) =>
    h(
      'li',
      { class: `record ${record.type}` },
      h('span', { class: 'where' }, `T${record.turn} ${record.step ?? record.phase ?? ''}`),
      h('span', { class: 'what' }, describeRecord(record)),
      h('span', { class: 'rule' }, ruleOfRecord(record)),
    ),
  );
  return h('ol', { class: 'history', 'data-testid': 'history' }, ...rows);
}

/** Everything a VIEW shows, as panels. */
export function renderPanels(container: HTMLElement, view: View): void {
  const waiting = view.waitingFor === 'priority' ? `priority: ${view.priority}` : view.waitingFor ?? 'nothing (the machine moves on)';
  const zones = Object.entries(view.zones).map(([zone, ids]) =>
    h('div', { class: 'zone', 'data-testid': `zone-${zone}` }, h('strong', {}, zone), list(ids as string[])),
  );
  replace(
    container,
    section(
      'turn',
      'Turn',
      h(
        'dl',
        { class: 'keyed' },
        h('dt', {}, 'turn'),
        h('dd', { 'data-testid': 'turn-number' }, view.turn),
        h('dt', {}, 'active player'),
        h('dd', { 'data-testid': 'active-player' }, view.activePlayer),
        h('dt', {}, 'phase / step'),
        h('dd', { 'data-testid': 'phase-step' }, `${view.phase ?? '—'} / ${view.step ?? '—'}`),
        h('dt', {}, 'priority'),
        h('dd', { 'data-testid': 'priority-holder' }, view.priority ?? '—'),
        h('dt', {}, 'waiting for'),
        h('dd', { 'data-testid': 'waiting-for' }, waiting),
      ),
    ),
    section('stack', 'Stack (top first)', list([...view.stack].reverse(), 'empty')),
    section('triggers', 'Pending triggers', list(view.pendingTriggers, 'none')),
    section('zones', 'Zones', ...zones),
    section('effects', 'Continuous effects', list(view.effects, 'none')),
    section('combat', 'Combatants', h('div', {}, 'attacking: ', list(view.attackers)), h('div', {}, 'blocking: ', list(view.blockers))),
    section('mana', 'Mana pools / hands', h('div', {}, 'mana'), keyed(view.manaPool), h('div', {}, 'cards in hand'), keyed(view.handSize)),
    section(
      'plan',
      'Rest of this turn',
      list(view.plan.map(({ phase, steps }) => (steps.length ? `${phase}: ${steps.join(', ')}` : phase)), 'nothing: the turn ends'),
      h('div', { class: 'muted' }, 'so far: ', view.stepsThisTurn.join(' → ')),
    ),
    section('next-turns', 'Upcoming turns', list(view.nextTurns)),
  );
}
