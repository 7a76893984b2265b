import { describeRecord, ruleOfRecord, type HistoryRecord, type View } from '../../index.js';
import { capitalised, phaseOrStepName, shortName } from '../chart/names.js';
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

/** 722 (723 from April 2026): who controls whom now, the control waiting for a turn, who decides now; the edition cited. */
function controlPanel(view: View): HTMLElement {
  const pairs = (record: Record<string, string>) => Object.entries(record).map(([who, by]) => `${who} ← ${by}`);
  const { endingTurnsAndPhases, controllingAnotherPlayer } = view.ruleNumbers;
  return section(
    'control',
    `Control (${controllingAnotherPlayer})`,
    h('div', {}, 'controlled now: ', h('span', { 'data-testid': 'controlled-by' }, list(pairs(view.controlledBy), 'nobody'))),
    h('div', {}, 'waiting for a turn: ', h('span', { 'data-testid': 'pending-control' }, list(pairs(view.pendingControl), 'none'))),
    h('div', {}, 'decides now: ', h('span', { 'data-testid': 'decider' }, view.decider ?? '—')),
    h('div', { class: 'muted', 'data-testid': 'rules-edition' }, `rule numbers of the ${view.rulesEdition} edition: ending turns ${endingTurnsAndPhases}, control ${controllingAnotherPlayer}`),
  );
}

/** The history log, newest last, each record with its rule and where it happened. */
export function historyLog(history: readonly HistoryRecord[], edition?: string): HTMLElement {
  const rows = history.map((record) =>
    h(
      'li',
      { class: `record ${record.type}` },
      h('span', { class: 'where', title: record.step ?? record.phase ?? '' }, `T${record.turn} ${shortName(record.step ?? record.phase ?? '')}`),
      h('span', { class: 'what' }, describeRecord(record)),
      h('span', { class: 'rule' }, ruleOfRecord(record, edition)),
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

/** What the game waits for, in words (`data-waiting` keeps the view's own value). */
function waitingWords(view: View): string {
  switch (view.waitingFor) {
    case 'priority':
      return `priority: ${view.priority}`;
    case 'declareAttackers':
      return 'attackers to be declared (508.1)';
    case 'declareBlockers':
      return 'blockers to be declared (509.1)';
    case 'orderTriggers':
      return 'an order of triggered abilities (603.3b)';
    default:
      return view.waitingFor ?? 'nothing (the machine moves on)';
  }
}

/** The turn, where it is (step and phase in words), who holds priority and may act: always in view (the status row). */
function turnPanel(view: View): HTMLElement {
  return section(
    'turn',
    'Turn',
    h(
      'p',
      { class: 'where' },
      h('span', { 'data-testid': 'step', 'data-step': view.step ?? '' }, view.step ? capitalised(phaseOrStepName(view.step)) : capitalised(phaseOrStepName(view.phase ?? '—'))),
      ' ',
      h('span', { class: 'phase', 'data-testid': 'phase', 'data-phase': view.phase ?? '' }, view.phase ? (view.step ? `(${phaseOrStepName(view.phase)})` : '(no steps)') : ''),
    ),
    h(
      'dl',
      { class: 'keyed' },
      h('dt', {}, 'turn'),
      h('dd', { 'data-testid': 'turn-number' }, view.turn),
      h('dt', {}, view.activeTeam ? 'primary' : 'active'),
      h('dd', { 'data-testid': 'active-player' }, view.activePlayer ?? `none (${view.turnOf}'s turn: they left the game, 800.4j)`),
      h('dt', {}, 'priority'),
      h('dd', { 'data-testid': 'priority-holder' }, view.priority ?? '—'),
      view.activeTeam ? h('dt', {}, 'team') : null,
      view.activeTeam ? h('dd', { 'data-testid': 'active-team' }, view.activeTeam) : null,
    ),
    h(
      'dl',
      { class: 'keyed wide-keys' },
      h('dt', {}, 'waiting for'),
      h('dd', { 'data-testid': 'waiting-for', 'data-waiting': view.waitingFor ?? '' }, waitingWords(view)),
      h('dt', {}, 'may act'),
      h('dd', { 'data-testid': 'may-act' }, mayActInWords(view)),
      // 732.2: why the game stopped here, in words with its rule, and the standing passes in force
      h('dt', {}, 'stopped because'),
      h('dd', { 'data-testid': 'stop-reason' }, view.awaiting ? `${view.awaiting.reason} (${view.awaiting.rule})` : '—'),
      h('dt', {}, 'standing passes'),
      h('dd', { 'data-testid': 'standing-passes' }, shortcutsInWords(view)),
    ),
  );
}

/**
 * Everything a VIEW shows, as panels. The turn and the stack go to `status` when given (the row
 * kept in view above the controls), else first in `container`.
 */
export function renderPanels(container: HTMLElement, view: View, status?: HTMLElement): void {
  const zones = Object.entries(view.zones).map(([zone, ids]) =>
    h('div', { class: 'zone', 'data-testid': `zone-${zone}` }, h('strong', {}, zone), list(ids as string[])),
  );
  const turn = turnPanel(view);
  const stack = section('stack', 'Stack (top first)', list([...view.stackObjects].reverse().map(({ id, controller }) => `${id} (${controller})`), 'empty'));
  if (status) replace(status, turn, stack);
  replace(
    container,
    status ? null : turn,
    status ? null : stack,
    teamsPanel(view),
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
      list(view.plan.map(({ phase, steps }) => (steps.length ? `${shortName(phase)}: ${steps.map(shortName).join(', ')}` : shortName(phase))), 'nothing: the turn ends'),
      h('div', { class: 'muted' }, 'so far: ', view.stepsThisTurn.map(shortName).join(' → ')),
    ),
    section('next-turns', 'Upcoming turns', list(view.nextTurns)),
    controlPanel(view),
  );
}
