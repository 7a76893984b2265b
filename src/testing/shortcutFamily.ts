// 732.2 (730.2 in 2025): standing passes — each kind of end point × each way a pass ends, under the
// rules monitor (which checks, on every path, that a pass ends right where it must, that its side
// passes at once each time it receives priority while it holds, and that nothing else passes for
// it), plus the declarations a pass makes (none, when it says so) and the refusal of a cancel.
import type { GameInput, ShortcutEndReason, ShortcutStop, ShortcutUntil, TurnEvent, TurnSnapshot } from '../index.js';
import type { Exploration, Family, Menu } from './explore.js';
import { activate, all, cast, declarations, expectRule, holder, noAttack, pass, seen, when } from './menus.js';

const AB: GameInput = { players: ['A', 'B'] };
const ABC: GameInput = { players: ['A', 'B', 'C'] };

type Kind = 'step' | 'step of a turn' | 'phase' | 'end of turn' | 'next turn' | 'stop';
type Way = 'until' | 'opponentCasts' | 'opponentActivates' | 'ownTrigger' | 'replaced' | 'cancelled' | 'loopGuard';

const KINDS: Kind[] = ['step', 'step of a turn', 'phase', 'end of turn', 'next turn', 'stop'];
const WAYS: Way[] = ['until', 'opponentCasts', 'opponentActivates', 'ownTrigger', 'replaced', 'cancelled', 'loopGuard'];
/** A pass that never reaches its end (no first-strike step ever comes) loops until the bound; the other kinds always end. */
const LOOPS: Kind[] = ['step', 'step of a turn', 'stop'];

/** B's pass of each kind (and, for the bound, one whose end never comes). */
function passOf(kind: Kind, loop: boolean): { until: ShortcutUntil; stops?: ShortcutStop[] } {
  switch (kind) {
    case 'step': return { until: { step: loop ? 'firstStrikeDamage' : 'end' } };
    case 'step of a turn': return { until: loop ? { step: 'firstStrikeDamage', turnOf: 'A' } : { step: 'upkeep', turnOf: 'B' } };
    case 'phase': return { until: { phase: 'postcombatMain' } };
    case 'end of turn': return { until: { endOfTurn: true } };
    case 'next turn': return { until: { nextTurnOf: 'B' } };
    case 'stop': return loop
      ? { until: { step: 'firstStrikeDamage' }, stops: [{ step: 'firstStrikeDamage', whose: 'own' }] }
      : { until: { nextTurnOf: 'B' }, stops: [{ step: 'end', whose: 'others' }] };
  }
}

const passes = (s: TurnSnapshot) => s.context.shortcuts.passes;
const endedOf = (s: TurnSnapshot, side: string) => s.context.shortcuts.ended[side]?.reason;
const untouched = (s: TurnSnapshot) => Object.keys(passes(s)).length === 0 && Object.keys(s.context.shortcuts.ended).length === 0 && s.context.turn === 1;
const inForce = (s: TurnSnapshot, side: string) => passes(s)[side] !== undefined;
const passUntil = (player: string, spec: { until: ShortcutUntil; stops?: ShortcutStop[] }, extra: object = {}): TurnEvent =>
  ({ type: 'shortcut.passUntil', player, ...spec, ...extra });

const reasonOf = (kind: Kind, way: Way): ShortcutEndReason => (way === 'until' ? (kind === 'stop' ? 'stop' : 'until') : way);
const labelOf = (kind: Kind, way: Way) => `${kind} × ${way}`;

function exploration(kind: Kind, way: Way): Exploration {
  const loop = way === 'loopGuard';
  const spec = passOf(kind, loop);
  // The bound: both players' passes hold, say nothing of casts, and declare no attackers.
  const start: Menu = (s) => {
    if (!untouched(s)) return [];
    return loop ? [passUntil('B', spec, { unless: [], declareNoAttackers: true })] : [passUntil('B', spec)];
  };
  const second: Menu = when((s) => loop && inForce(s, 'B') && !inForce(s, 'A') && endedOf(s, 'B') === undefined && endedOf(s, 'A') === undefined,
    () => [passUntil('A', spec, { unless: [], declareNoAttackers: true })]);
  const whileInForce = (menu: Menu): Menu => when((s) => inForce(s, 'B') && endedOf(s, 'B') === undefined, menu);
  const byWay: Menu = {
    until: () => [],
    opponentCasts: whileInForce((s) => (holder(s) === 'A' && !seen(s, 'bolt') ? [cast(s, { id: 'bolt', effects: [] })] : [])),
    opponentActivates: whileInForce((s) => (holder(s) === 'A' && !seen(s, 'pinger') ? [activate(s, { id: 'pinger', effects: [] })] : [])),
    ownTrigger: whileInForce((s) => (!seen(s, 'bTrigger') ? [{ type: 'trigger.report', ability: { id: 'bTrigger', controller: 'B', effects: [] } }] : [])),
    replaced: whileInForce(() => [passUntil('B', kind === 'end of turn' ? { until: { nextTurnOf: 'B' } } : { until: { endOfTurn: true } })]),
    cancelled: whileInForce(() => [{ type: 'shortcut.cancel', player: 'B' }]),
    loopGuard: () => [],
  }[way];
  // Once B's pass has ended (the target, or another way), nothing more is explored.
  // The bound: the two passes alone carry the game to it (nothing by hand in between).
  const open: Menu = (s) => (endedOf(s, 'B') !== undefined ? [] : loop ? all(start, second)(s) : all(start, byWay, pass, noAttack)(s));
  return {
    input: AB,
    menu: open,
    stopAtTurn: loop ? 200 : 3,
    label: (states) => (endedOf(states[states.length - 1], 'B') === reasonOf(kind, way) ? labelOf(kind, way) : null),
  };
}

const COMBOS = KINDS.flatMap((kind) => WAYS.filter((way) => way !== 'loopGuard' || LOOPS.includes(kind)).map((way) => [kind, way] as const));

const DECLARED = '3 players: the defending players\' passes declare no blockers, one after the other (509.1)';
const DECLARED_WHILE_WAITING = 'a pass set while the game waits for the declaration makes it at once (508.1)';
const BLOCKS_WHILE_WAITING = 'a pass set while the game waits for blockers declares them at once (509.1)';
const THROUGH_A_SPELL = 'a pass without conditions passes with a spell on the stack: it resolves (117.4)';
const CANCEL_REFUSED = 'a cancel without a standing pass is refused (732.2)';
const SET_REFUSED = 'a standing pass sent by a player who does not make that decision is refused (722.5)';

const bear = { id: 'bear' };

export const shortcuts: Family = {
  name: '732.2 standing passes',
  rules: ['732.2a', '732.2b', '732.2c', '117.3d', '117.4', '508.1', '509.1'],
  explorations: [
    ...COMBOS.map(([kind, way]) => exploration(kind, way)),
    {
      // B and C pass until B's next turn declaring no blockers; A attacks by hand.
      input: ABC,
      menu: all(
        when((s) => untouched(s), () => [passUntil('B', { until: { nextTurnOf: 'B' } }, { declareNoBlockers: true })]),
        when((s) => inForce(s, 'B') && !inForce(s, 'C') && s.context.turn === 1, () => [passUntil('C', { until: { nextTurnOf: 'B' } }, { declareNoBlockers: true })]),
        when((s) => inForce(s, 'C'), pass),
        declarations(() => [[bear]]),
      ),
      stopAtTurn: 2,
      label: (states) => (states[states.length - 1].context.step === 'combatDamage' ? DECLARED : null),
    },
    {
      // A sets a pass that declares no attackers while the game waits for A's declaration; B sets one that declares no blockers while it waits for B's.
      input: AB,
      menu: all(
        when((s) => s.context.step === 'declareAttackers' && s.context.priority.holder === null && !inForce(s, 'A'),
          () => [passUntil('A', { until: { step: 'end' } }, { declareNoAttackers: true }), { type: 'combat.declareAttackers', player: 'A', attackers: [bear] }]),
        when((s) => s.context.step === 'declareBlockers' && s.context.defendersToDeclare.length > 0 && !inForce(s, 'B'),
          () => [passUntil('B', { until: { step: 'end' } }, { declareNoBlockers: true })]),
        when((s) => s.context.step !== 'declareAttackers' || s.context.priority.holder !== null, pass),
      ),
      stopAtTurn: 2,
      label: (states) => {
        const s = states[states.length - 1];
        if (s.context.step !== 'end') return null;
        if (endedOf(s, 'B') === 'until' && s.context.stepsThisTurn.includes('declareBlockers')) return BLOCKS_WHILE_WAITING;
        return endedOf(s, 'A') === 'until' ? DECLARED_WHILE_WAITING : null;
      },
    },
    {
      input: AB,
      menu: all(
        when((s) => untouched(s), () => [passUntil('B', { until: { step: 'end' } }, { unless: [] })]),
        when((s) => inForce(s, 'B') && holder(s) === 'A' && !seen(s, 'shock'), (s) => [cast(s, { id: 'shock', effects: [] })]),
        when((s) => seen(s, 'shock'), pass),
      ),
      stopAtTurn: 2,
      label: (states) => (states[states.length - 1].context.zones.graveyard.includes('shock') ? THROUGH_A_SPELL : null),
    },
    {
      input: AB,
      menu: (s) => (untouched(s) ? [{ type: 'shortcut.cancel', player: 'A' }] : []),
      stopAtTurn: 2,
      label: (_states, events) => (events.length === 1 && events[0].type === 'shortcut.cancel' ? CANCEL_REFUSED : null),
    },
    {
      input: AB,
      menu: (s) => (untouched(s) ? [{ type: 'shortcut.passUntil', player: 'B', by: 'A', until: { endOfTurn: true } }] : []),
      stopAtTurn: 2,
      label: (_states, events) => (events.length === 1 && events[0].type === 'shortcut.passUntil' ? SET_REFUSED : null),
    },
  ],
  expected: [...COMBOS.map(([kind, way]) => labelOf(kind, way)), DECLARED, DECLARED_WHILE_WAITING, BLOCKS_WHILE_WAITING, THROUGH_A_SPELL, CANCEL_REFUSED, SET_REFUSED],
  check: (p) => {
    const ends = p.history.filter((r) => r.type === 'shortcutEnded');
    if (p.label === SET_REFUSED) {
      // 722.5 (723.5 in the default edition): only who makes B's decisions may announce B's passes
      expectRule(p.refusals[0]?.rule === '723.5' && p.history.every((r) => r.type !== 'shortcutSet'), '722.5', `A's pass for B was ${p.refusals[0] ? `refused by ${p.refusals[0].rule}` : 'accepted'}`);
      return;
    }
    if (p.label === CANCEL_REFUSED) {
      expectRule(p.refusals[0]?.rule === '732.2', '732.2', `the cancel was ${p.refusals[0] ? `refused by ${p.refusals[0].rule}` : 'accepted'}`);
      return;
    }
    const combo = COMBOS.find(([kind, way]) => labelOf(kind, way) === p.label);
    if (combo) {
      const [kind, way] = combo;
      const reason = reasonOf(kind, way);
      const at = p.history.findIndex((r) => r.type === 'shortcutEnded' && r.player === 'B' && r.reason === reason);
      expectRule(at >= 0, '732.2', `no shortcutEnded {B, ${reason}} in ${ends.map((r) => JSON.stringify(r)).join(', ')}`);
      // What ended it is the record just before (the shortcut records of that moment aside).
      let cause = at - 1;
      while (cause >= 0 && p.history[cause].type === 'shortcutEnded') cause -= 1;
      const before = p.history[cause];
      const expected: Record<Way, (r: typeof before) => boolean> = {
        until: (r) => (kind === 'end of turn' ? true : kind === 'next turn' ? r.type === 'turnBegan' && r.player === 'B' : r.type === 'stepBegan' || r.type === 'phaseBegan'),
        opponentCasts: (r) => r.type === 'putOnStack' && r.id === 'bolt',
        opponentActivates: (r) => r.type === 'putOnStack' && r.id === 'pinger',
        ownTrigger: (r) => r.type === 'putOnStack' && r.id === 'bTrigger',
        replaced: () => p.history[at + 1]?.type === 'shortcutSet',
        cancelled: () => true,
        loopGuard: (r) => r.type === 'priority',
      };
      expectRule(expected[way](before), way === 'until' ? '732.2a' : '732.2b', `B's pass ended (${reason}) after ${JSON.stringify(before)}`);
      if (kind === 'end of turn' && way === 'until') expectRule(p.history[at + 1]?.type === 'turnEnded', '732.2a', 'a pass until end of turn ends just before turnEnded');
      if (way === 'loopGuard') {
        const automatic = p.history.slice(0, at).filter((r) => r.type === 'passed').length;
        expectRule(automatic >= 1000, '732.2', `the loop guard after ${automatic} passes`);
      }
      return;
    }
    if (p.label === THROUGH_A_SPELL) {
      const resolved = p.history.findIndex((r) => r.type === 'resolved' && r.id === 'shock');
      const lastPass = p.history.slice(0, resolved).filter((r) => r.type === 'passed').pop();
      expectRule(lastPass?.player === 'B', '117.4/732.2', `shock resolved after ${JSON.stringify(lastPass)}: B's standing pass should have made the last pass`);
      return;
    }
    expectRule(ends.length > 0 || p.label === DECLARED, '732.2', 'no standing pass ended');
  },
};
