// 722 (723 in the default edition): controlling another player, as generated paths. Each
// configuration sets control effects up in turn 1, then every decision is sent by whoever makes
// it (VIEW `decider`); the controlled player's own pass is offered as a probe and must be refused.
// The monitor checks control on every path (722.1 records, 722.5 senders, the view).
import { view, waitingFor, type GameInput, type HistoryRecord, type TurnEvent, type TurnSnapshot } from '../index.js';
import type { Exploration, Family, Menu } from './explore.js';
import { expectRule, holder, ofTurn } from './menus.js';

interface ControlConfig {
  name: string;
  input: GameInput;
  /** Effects resolved in turn 1, in order (each an ability its holder activates). */
  setup: object[][];
  /** For each of turns 2–4: the side controlled in it and by whom (null: nobody controlled). */
  turns: ({ side: string; controller: string } | null)[];
  /** Optional: the effects of an ability the controller activates at the first priority of turn 2. */
  inTurn2?: object[];
}

const mindslaver = (player: string, controller: string, thenExtraTurn = false) => [{ controlNextTurn: { player, controller, ...(thenExtraTurn && { thenExtraTurn }) } }];

const CONFIGS: ControlConfig[] = [
  { name: 'one effect', input: { players: ['A', 'B'] }, setup: [mindslaver('B', 'A')], turns: [{ side: 'B', controller: 'A' }, null, null] },
  // 722.1a: of two effects waiting for B's turn, the most recently created applies
  { name: 'two effects', input: { players: ['A', 'B', 'C'] }, setup: [mindslaver('B', 'A'), mindslaver('B', 'C')], turns: [{ side: 'B', controller: 'C' }, null, null] },
  // 722.1b: B's skipped turn never begins; the control waits for the turn B takes
  { name: 'a skipped turn', input: { players: ['A', 'B'] }, setup: [[{ skip: { player: 'B', turn: true } }], mindslaver('B', 'A')], turns: [null, { side: 'B', controller: 'A' }, null] },
  // an extra turn of B is B's next turn
  { name: 'an extra turn', input: { players: ['A', 'B'] }, setup: [[{ extraTurn: { player: 'B' } }], mindslaver('B', 'A')], turns: [{ side: 'B', controller: 'A' }, null, null] },
  // Emrakul: after the controlled turn, B takes an extra turn (created as it ends: taken first), decided by B
  { name: 'Emrakul', input: { players: ['A', 'B'] }, setup: [mindslaver('B', 'A', true)], turns: [{ side: 'B', controller: 'A' }, null, null] },
  // 805.8: controlling a player of a team controls the team
  { name: 'teams', input: { players: ['A', 'B', 'C', 'D'], teams: [['A', 'B'], ['C', 'D']], options: { variant: 'twoHeadedGiant' } }, setup: [mindslaver('D', 'B')], turns: [{ side: 'C+D', controller: 'B' }, null, null] },
  // 722.1: an effect created during B's controlled turn waits for B's following turn; the control in force goes on
  { name: 'created in the controlled turn', input: { players: ['A', 'B'] }, setup: [mindslaver('B', 'A')], inTurn2: mindslaver('B', 'A'), turns: [{ side: 'B', controller: 'A' }, null, { side: 'B', controller: 'A' }] },
];

/** Whose turns 2–4 are, per configuration (500.7, 500.11, Emrakul). */
const TURNS: Record<string, string[]> = {
  'one effect': ['B', 'A', 'B'], 'two effects': ['B', 'C', 'A'], 'a skipped turn': ['A', 'B', 'A'], 'an extra turn': ['B', 'B', 'A'],
  Emrakul: ['B', 'B', 'A'], teams: ['C+D', 'A+B', 'C+D'], 'created in the controlled turn': ['B', 'A', 'B'],
};

/** Every decision, sent by whoever makes it (VIEW `decider`; 722.5). */
const decided: Menu = (s) => {
  const v = view(s);
  const w = waitingFor(s);
  const side = v.awaiting?.side;
  if (side === undefined || v.decider === null) return [];
  const by = v.decider !== side ? { by: v.decider } : {};
  const actor = s.context.teams ? { team: side } : { player: side };
  if (w === 'priority') return [{ type: 'priority.pass', player: side, ...by }];
  if (w === 'declareAttackers') return [{ type: 'combat.declareAttackers', ...actor, attackers: [], ...by }];
  if (w === 'declareBlockers') return [{ type: 'combat.declareBlockers', ...actor, blockers: [], ...by }];
  return [];
};

const label = (cfg: ControlConfig, what: string) => `${cfg.name}: ${what}`;
const PROBE = 'the controlled side\'s own pass is refused';

function exploration(cfg: ControlConfig): Exploration {
  const probes = new WeakSet<object>();
  const setupIds = cfg.setup.map((_, i) => `control${i}`);
  const isSetUp = (s: TurnSnapshot, id: string) => s.context.stack.some((o) => o.id === id) || s.context.zones.ceasedToExist.includes(id);
  return {
    input: cfg.input,
    menu: (s) => {
      const side = holder(s);
      if (s.context.turn === 1 && side !== null) {
        const next = setupIds.findIndex((id) => !isSetUp(s, id));
        // one at a time, each resolved before the next is created (722.1a counts the order of creation)
        if (next >= 0 && s.context.stack.length === 0) return [{ type: 'ability.activate', object: { id: setupIds[next], controller: s.context.teams?.[side]?.[0] ?? side, effects: cfg.setup[next] as never } }];
      }
      const v = view(s);
      // the controller's own ability, in the turn it controls (722.8: A still makes A's own decisions)
      if (s.context.turn === 2 && cfg.inTurn2 && side === 'A' && s.context.stack.length === 0 && !isSetUp(s, 'again')) {
        return [{ type: 'ability.activate', object: { id: 'again', controller: 'A', effects: cfg.inTurn2 as never } }];
      }
      const progress = decided(s);
      if (side !== null && v.decider !== side && s.context.priority.passes === 0 && s.context.stack.length === 0) {
        const own: TurnEvent = { type: 'priority.pass', player: side };
        probes.add(own);
        return [...progress, own];
      }
      return progress;
    },
    stopAtTurn: 5,
    terminal: (event) => probes.has(event),
    label: (states, events) => {
      const last = events[events.length - 1];
      if (last && probes.has(last)) return label(cfg, PROBE);
      const s = states[states.length - 1];
      return s.context.turn === 4 && s.context.step === 'upkeep' && waitingFor(s) === 'priority' ? label(cfg, 'turn 4') : null;
    },
  };
}

const controlRecords = (history: readonly HistoryRecord[], turn: number) =>
  ofTurn(history, turn).filter((r): r is Extract<HistoryRecord, { type: 'controlBegan' | 'controlEnded' }> => r.type === 'controlBegan' || r.type === 'controlEnded');

export const control: Family = {
  name: '722 controlling another player',
  rules: ['722.1', '722.1a', '722.1b', '722.3', '722.5', '805.8', '500.7'],
  explorations: CONFIGS.map(exploration),
  expected: CONFIGS.flatMap((cfg) => [label(cfg, PROBE), label(cfg, 'turn 4')]),
  check: (p) => {
    const cfg = CONFIGS.find((c) => p.label.startsWith(`${c.name}: `))!;
    const playersOf = (side: string) => cfg.input.teams?.find((t) => t.join('+') === side) ?? [side];
    if (p.label.endsWith(PROBE)) {
      const refusal = p.refusals[p.refusals.length - 1];
      // the default edition (2026-04-17) cites 722.5 as 723.5
      expectRule(refusal !== null && refusal.rule === '723.5', '722.5', `the controlled side's own pass: ${refusal ? `${refusal.rule}: ${refusal.reason}` : 'accepted'}`);
      return;
    }
    const turns = [2, 3, 4].map((t) => p.history.find((r) => r.type === 'turnBegan' && r.turn === t));
    const sides = turns.map((r) => (r?.type === 'turnBegan' ? r.team ?? r.player : ''));
    expectRule(sides.join() === TURNS[cfg.name].join(), '500.7/500.11/722.1b', `turns 2–4 were ${sides.join(', ')}; expected ${TURNS[cfg.name].join(', ')}`);
    cfg.turns.forEach((expected, i) => {
      const turn = i + 2;
      const before = cfg.turns[i - 1] ?? null;
      const records = controlRecords(p.history, turn).map((r) => `${r.type} ${r.player} by ${r.controller} ${r.rule}`);
      const expectedRecords = [
        ...(before && before.controller !== '' ? playersOf(before.side).map((pl) => `controlEnded ${pl} by ${before.controller} 723.1`) : []),
        ...(expected ? playersOf(expected.side).map((pl) => `controlBegan ${pl} by ${expected.controller} 723.1`) : []),
      ];
      expectRule(records.join() === expectedRecords.join(), '722.1', `turn ${turn}: ${records.join('; ') || 'no control records'}; expected ${expectedRecords.join('; ') || 'none'}`);
      // 722.3: the controlled side is still the active one, and its passes were all made by the controller
      const passes = ofTurn(p.history, turn).filter((r) => r.type === 'passed' && expected !== null && (r.team ?? r.player) === expected.side);
      const noted = ofTurn(p.history, turn).filter((r) => r.type === 'controlledAction' && r.action === 'pass');
      if (expected && !playersOf(expected.side).includes(expected.controller)) expectRule(noted.length === passes.length && (passes.length > 0 || turn === 4), '722.5', `turn ${turn}: ${passes.length} passes of ${expected.side}, ${noted.length} recorded as made by ${expected.controller}`);
      else expectRule(noted.length === 0, '722.5', `turn ${turn}: controlledAction recorded in an uncontrolled turn`);
    });
    // Emrakul: the extra turn after the controlled turn is an extra turn, not controlled
    if (cfg.name === 'Emrakul' || cfg.name === 'an extra turn') {
      const extra = cfg.name === 'Emrakul' ? 3 : 2;
      expectRule(p.history.some((r) => r.type === 'turnBegan' && r.turn === extra && r.player === 'B'), '500.7', `turn ${extra} is not B's extra turn`);
    }
  },
};
