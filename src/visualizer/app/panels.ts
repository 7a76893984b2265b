import { describeRecord, ruleOfRecord, type HistoryRecord, type View } from '../../index.js';
import { untilInWords } from '../../vocabulary/index.js';
import { h, replace } from './dom.js';
import { ROLE_WORDS, mayActInWords, sidesOf } from './sides.js';

function list(items: readonly string[], empty = '—'): HTMLElement {
  if (items.length === 0) return h('span', { class: 'muted' }, empty);
  return h('ul', { class: 'chips' }, ...items.map((item) => h('li', {}, item)));
}

/** Panels whose lines need the whole width. */
const WIDE = new Set(['teams', 'effects']);

function section(id: string, title: string, ...content: (HTMLElement | string | null)[]): HTMLElement {
  return h('section', { class: `panel${WIDE.has(id) ? ' wide' : ''}`, 'data-testid': `panel-${id}` }, h('h3', {}, title), ...content);
}

/** Lines of `what — words`, one per item (an effect and its duration, a trigger and when it triggers). */
function lines(testId: string, items: readonly { what: string; words: string }[], empty: string): HTMLElement {
  if (items.length === 0) return h('div', { class: 'muted', 'data-testid': testId }, empty);
  return h('ul', { class: 'lines', 'data-testid': testId }, ...items.map(({ what, words }) => h('li', {}, h('code', {}, what), ` — ${words}`)));
}

/** 805: who is on which team, whose turn it is, who holds priority or must declare or order. */
function teamsPanel(view: View): HTMLElement | null {
  if (!view.teams) return null;
  const rows = sidesOf(view).map(({ id, players, roles }) =>
    h(
      'li',
      { class: `side${roles.length ? ' busy' : ''}`, 'data-testid': `team-${id}`, 'data-roles': roles.join(' ') },
      h('strong', {}, id),
      ': ',
      players.map((player, index) => (index === 0 ? `${player} (primary)` : player)).join(', '),
      ...roles.map((role) => h('span', { class: `role ${role}` }, ROLE_WORDS[role])),
    ),
  );
  return section('teams', 'Teams (805)', h('ul', { class: 'sides' }, ...rows));
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

/** 732.2: each side's standing pass in force, in words ("B: until B's next turn"), or none. */
function shortcutsInWords(view: View): string {
  const sides = view.teams ? Object.keys(view.teams) : view.players;
  const inForce = sides.flatMap((side) => {
    const pass = view.shortcuts[side];
    return pass ? [`${side}: ${untilInWords(pass.until)}${pass.stops ? ` (${pass.stops.length} stops)` : ''}`] : [];
  });
  return inForce.length ? inForce.join('; ') : 'none';
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
        view.activeTeam ? h('dt', {}, 'active team') : null,
        view.activeTeam ? h('dd', { 'data-testid': 'active-team' }, view.activeTeam) : null,
        h('dt', {}, view.activeTeam ? 'primary player' : 'active player'),
        h('dd', { 'data-testid': 'active-player' }, view.activePlayer),
        h('dt', {}, 'phase / step'),
        h('dd', { 'data-testid': 'phase-step' }, `${view.phase ?? '—'} / ${view.step ?? '—'}`),
        h('dt', {}, 'priority'),
        h('dd', { 'data-testid': 'priority-holder' }, view.priority ?? '—'),
        h('dt', {}, 'waiting for'),
        h('dd', { 'data-testid': 'waiting-for' }, waiting),
        h('dt', {}, 'may act'),
        h('dd', { 'data-testid': 'may-act' }, mayActInWords(view)),
        // 732.2: why the game stopped here, in words with its rule, and the standing passes in force
        h('dt', {}, 'stopped because'),
        h('dd', { 'data-testid': 'stop-reason' }, view.awaiting ? `${view.awaiting.reason} (${view.awaiting.rule})` : '—'),
        h('dt', {}, 'standing passes'),
        h('dd', { 'data-testid': 'standing-passes' }, shortcutsInWords(view)),
      ),
    ),
    teamsPanel(view),
    section('stack', 'Stack (top first)', list([...view.stackObjects].reverse().map(({ id, controller }) => `${id} (${controller})`), 'empty')),
    section(
      'triggers',
      'Pending triggers',
      list(view.pendingTriggers, 'none'),
      view.orderTriggers
        ? h('div', { 'data-testid': 'order-asked' }, `${'team' in view.orderTriggers ? `team ${view.orderTriggers.team}` : view.orderTriggers.player} orders: `, list(view.orderTriggers.triggers))
        : null,
    ),
    section('zones', 'Zones', ...zones),
    section(
      'effects',
      'Effects and waiting triggers',
      h('div', { class: 'muted' }, 'continuous effects (611.2)'),
      lines('continuous-effects', view.continuousEffects.map(({ id, until }) => ({ what: id, words: until })), 'none'),
      h('div', { class: 'muted' }, '“at the beginning of…” and delayed triggers (603.7)'),
      lines('delayed-triggers', view.delayedTriggers.map(({ id, controller, when }) => ({ what: `${id} (${controller})`, words: when })), 'none'),
    ),
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
