// The named families of generated paths. Each family is one or more explorations of the
// statechart (an event menu, a turn bound, and a label naming the target a path reaches),
// the targets that must all be reached, and the rule assertions run on every executed path.
import {
  explainRefusal, view, waitingFor,
  type BlockerSpec, type CreatureSpec, type GameInput, type HistoryRecord, type PhaseId, type ResolutionEffect, type SkipSpec, type StackObjectSpec, type StepId,
  type TurnEvent, type TurnSnapshot,
} from '../index.js';
import { control } from './controlFamily.js';
import type { Exploration, ExecutedPath, Family, Menu } from './explore.js';
import {
  activate, all, atStart, cast, declarations, expectRule, freshPriority, here, holder, indexOf, noAttack, ofTurn, pass,
  playersOfSide, registered, seen, seenPrefix, stepName, stepsOf, turnPlayer, when,
} from './menus.js';
import { shortcuts } from './shortcutFamily.js';

const AB: GameInput = { players: ['A', 'B'] };
const AB_DRAW: GameInput = { players: ['A', 'B'], options: { skipFirstDraw: false } };
const players = (n: number) => ['A', 'B', 'C', 'D'].slice(0, n);

const last = <T>(list: readonly T[]) => list[list.length - 1];
const previous = <T>(list: readonly T[]) => list[list.length - 2];
/** The first stable state of turn `t` (its first priority). */
const startOfTurn = (s: TurnSnapshot, t: number) => s.context.turn === t && freshPriority(s) && s.context.stepsThisTurn.length <= 2;
/** A label only on the state where `test` first became true. */
const firstTime = (states: readonly TurnSnapshot[], test: (s: TurnSnapshot) => boolean) =>
  test(last(states)) && (states.length < 2 || !test(previous(states)));
const ids = (s: TurnSnapshot) => [...s.context.zones.exile, ...s.context.zones.ceasedToExist, ...s.context.zones.graveyard];
const register = (id: string, when: StepId | PhaseId, controller = 'A', extra: object = {}): TurnEvent =>
  ({ type: 'trigger.register', trigger: { id, controller, when, ...extra } });
/** Only `first` at the game's start (a forced setup event), then `menu`. */
const setup = (needed: (s: TurnSnapshot) => TurnEvent | null, menu: Menu): Menu => (s) => {
  const first = atStart(s) ? needed(s) : null;
  return first ? [first] : menu(s);
};
const eventsOfType = <T extends TurnEvent['type']>(events: readonly TurnEvent[], type: T) =>
  events.filter((e): e is Extract<TurnEvent, { type: T }> => e.type === type);

/** A turn with no attack and nothing added or skipped (500.1 with 508.8), draw step included. */
const CANONICAL = ['untap', 'upkeep', 'draw', 'precombatMain', 'beginningOfCombat', 'declareAttackers', 'endOfCombat', 'postcombatMain', 'end', 'cleanup'];
const STEPS_OF: Record<string, string[]> = {
  beginning: ['untap', 'upkeep', 'draw'], combat: ['beginningOfCombat', 'declareAttackers', 'endOfCombat'],
  precombatMain: ['precombatMain'], postcombatMain: ['postcombatMain'], ending: ['end', 'cleanup'],
};

const bear: CreatureSpec = { id: 'bear' };
const knight: CreatureSpec = { id: 'knight', firstStrike: true };
const champion: CreatureSpec = { id: 'champion', doubleStrike: true };

// ---- 103.8 ----------------------------------------------------------------------------

const drawConfigs = [
  { name: '2 players (default)', input: AB, firstPlayerDraws: false },
  { name: '2 players, skipFirstDraw: false', input: AB_DRAW, firstPlayerDraws: true },
  { name: '3 players (default)', input: { players: players(3) }, firstPlayerDraws: true },
  { name: '4 players (default)', input: { players: players(4) }, firstPlayerDraws: true },
  { name: '3 players, skipFirstDraw: true', input: { players: players(3), options: { skipFirstDraw: true } }, firstPlayerDraws: false },
];

const firstDraw: Family = {
  name: '103.8 first draw',
  rules: ['103.8', '504.1'],
  explorations: drawConfigs.map((cfg): Exploration => ({
    input: cfg.input,
    menu: all(pass, noAttack),
    stopAtTurn: 3,
    label: (states) => {
      const s = last(states);
      return s.context.phase === 'precombatMain' && freshPriority(s) ? `${cfg.name}: turn ${s.context.turn}` : null;
    },
  })),
  expected: drawConfigs.flatMap((cfg) => [`${cfg.name}: turn 1`, `${cfg.name}: turn 2`]),
  check: (p) => {
    const cfg = drawConfigs.find((c) => p.label.startsWith(`${c.name}:`))!;
    const turn = p.final.context.turn;
    const shouldDraw = turn > 1 || cfg.firstPlayerDraws;
    const steps = stepsOf(ofTurn(p.history, turn));
    expectRule(steps.includes('draw') === shouldDraw, '103.8', `turn ${turn}: draw step ${shouldDraw ? 'missing' : 'taken'} (${steps.join(', ')})`);
    const active = view(p.final).activePlayer!;
    expectRule(p.final.context.handSize[active] === 7 + (shouldDraw ? 1 : 0), '504.1', `${active} has ${p.final.context.handSize[active]} cards`);
  },
};

// ---- 508.8 ----------------------------------------------------------------------------

const SKIP_WAITS = 'a skip of declare blockers waits through a combat without attackers';
const attacked = (events: readonly TurnEvent[]) => eventsOfType(events, 'combat.declareAttackers').some((e) => e.attackers.length > 0);

const noAttackers: Family = {
  name: '508.8 no attackers',
  rules: ['508.8', '509.1', '511.1'],
  explorations: [
    ...[2, 3, 4].map((n): Exploration => ({
      input: { players: players(n) },
      menu: all(pass, declarations(() => [[], [bear]])),
      stopAtTurn: 2,
      label: (states, events) => (last(states).context.phase === 'postcombatMain' && freshPriority(last(states))
        ? `${n} players: ${attacked(events) ? 'a creature attacks' : 'no attackers'}` : null),
    })),
    {
      input: AB,
      menu: all(
        when((s) => atStart(s) && !seen(s, 'skipBlocks'), (s) => [cast(s, { id: 'skipBlocks', effects: [{ skip: { player: 'A', step: 'declareBlockers' } }] })]),
        pass,
        declarations((s) => (s.context.turn === 3 ? [[bear]] : [[]])),
      ),
      stopAtTurn: 4,
      label: (states) => {
        const s = last(states);
        return s.context.turn === 3 && s.context.phase === 'postcombatMain' && freshPriority(s) && seen(s, 'skipBlocks') ? SKIP_WAITS : null;
      },
    },
  ],
  expected: [...[2, 3, 4].flatMap((n) => [`${n} players: no attackers`, `${n} players: a creature attacks`]), SKIP_WAITS],
  check: (p) => {
    const turn1 = stepsOf(ofTurn(p.history, 1));
    if (p.label === SKIP_WAITS) {
      expectRule(!turn1.includes('declareBlockers'), '508.8', `turn 1: ${turn1.join(', ')}`);
      const turn3 = stepsOf(ofTurn(p.history, 3));
      expectRule(turn3.includes('declareAttackers') && !turn3.includes('declareBlockers') && turn3.includes('combatDamage') && turn3.includes('endOfCombat'),
        '500.11/614.10a', `the skip should wait for the next declare blockers step; turn 3: ${turn3.join(', ')}`);
      return;
    }
    const combat = turn1.slice(turn1.indexOf('beginningOfCombat'), turn1.indexOf('postcombatMain'));
    if (p.label.endsWith('no attackers')) {
      expectRule(JSON.stringify(combat) === JSON.stringify(['beginningOfCombat', 'declareAttackers', 'endOfCombat']), '508.8', `combat steps: ${combat.join(', ')}`);
    } else {
      expectRule(JSON.stringify(combat) === JSON.stringify(['beginningOfCombat', 'declareAttackers', 'declareBlockers', 'combatDamage', 'endOfCombat']),
        '506.1', `combat steps: ${combat.join(', ')}`);
      const declarations = eventsOfType(p.events, 'combat.declareBlockers').length;
      expectRule(declarations === p.input.players.length - 1, '509.1', `${declarations} blocker declarations for ${p.input.players.length - 1} defending players`);
    }
  },
};

// ---- 510.4 ----------------------------------------------------------------------------

const blockOptions = (attacker: string): [string, BlockerSpec[]][] => [
  ['no block', []],
  ['blocked by a wall', [{ id: 'wall', blocking: attacker }]],
  ['blocked by a first striker', [{ id: 'fsWall', firstStrike: true, blocking: attacker }]],
];
const attackerOptions: [string, CreatureSpec][] = [['a plain creature', bear], ['a first striker', knight], ['a double striker', champion]];

const firstStrike: Family = {
  name: '510.4 first-strike damage step only with first or double strike',
  rules: ['510.4', '506.1'],
  explorations: [2, 3].map((n): Exploration => ({
    input: { players: players(n) },
    menu: all(pass, declarations(
      () => attackerOptions.map(([, c]) => [c]),
      (s) => (s.context.defendersToDeclare.length === n - 1 ? blockOptions(s.context.attackers[0].id).map(([, b]) => b) : [[]]),
    )),
    stopAtTurn: 2,
    label: (states) => {
      const s = last(states);
      if (s.context.step !== 'combatDamage' || !freshPriority(s)) return null;
      const attack = s.context.attackers[0];
      const block = s.context.blockers[0];
      const attackName = attackerOptions.find(([, c]) => c.id === attack.id)![0];
      const blockName = blockOptions(attack.id).find(([, b]) => (b[0]?.id ?? null) === (block?.id ?? null))![0];
      return `${n} players: ${attackName} attacks, ${blockName}`;
    },
  })),
  expected: [2, 3].flatMap((n) => attackerOptions.flatMap(([a]) => blockOptions('x').map(([b]) => `${n} players: ${a} attacks, ${b}`))),
  check: (p) => {
    const combatants = [
      ...eventsOfType(p.events, 'combat.declareAttackers').flatMap((e) => e.attackers),
      ...eventsOfType(p.events, 'combat.declareBlockers').flatMap((e) => e.blockers),
    ];
    const anyFirstStrike = combatants.some((c) => c.firstStrike || c.doubleStrike);
    const steps = stepsOf(ofTurn(p.history, 1));
    const fs = steps.indexOf('firstStrikeDamage');
    expectRule((fs >= 0) === anyFirstStrike, '510.4', `first-strike damage step ${fs >= 0 ? 'taken' : 'absent'} with combatants ${JSON.stringify(combatants)}`);
    if (fs >= 0) expectRule(steps[fs + 1] === 'combatDamage', '510.4', `after the first-strike step came ${steps[fs + 1]}`);
    expectRule(last(steps) === 'combatDamage' && steps.filter((x) => x === 'combatDamage').length === 1, '510.4', `steps: ${steps.join(', ')}`);
  },
};

// ---- 500.11 ---------------------------------------------------------------------------

type SkipWhat = { step: StepId } | { phase: PhaseId } | { turn: true };
interface SkipTarget { name: string; skip: SkipWhat; at: StepId | PhaseId; gone: string[] }
const skipTargets: SkipTarget[] = [
  ...(['untap', 'upkeep', 'draw', 'beginningOfCombat', 'endOfCombat', 'end'] as StepId[])
    .map((step) => ({ name: `${step} step`, skip: { step }, at: step, gone: [step] })),
  ...(['beginning', 'precombatMain', 'combat', 'postcombatMain'] as PhaseId[])
    .map((phase) => ({ name: `${phase} phase`, skip: { phase }, at: phase, gone: STEPS_OF[phase] })),
  { name: 'turn', skip: { turn: true }, at: 'upkeep' as const, gone: [] },
];
const skipSpell = (t: SkipTarget, copies = 1) => ({
  id: `skip ${t.name}${copies > 1 ? ` x${copies}` : ''}`,
  effects: [
    { at: { id: `at ${t.name}`, controller: 'B', when: t.at, whoseTurn: 'B', once: copies === 1 } },
    ...Array.from({ length: copies }, () => ({ skip: { player: 'B', ...t.skip } as SkipSpec })),
  ],
});
const TWICE = 'two skips of the upkeep skip two upkeeps';

const skipped: Family = {
  name: '500.11 skipped step, phase and turn',
  rules: ['500.11', '614.10'],
  explorations: [
    {
      input: AB,
      menu: all(when((s) => atStart(s) && !seenPrefix(s, 'skip '), (s) => skipTargets.map((t) => cast(s, skipSpell(t)))), pass, noAttack),
      stopAtTurn: 4,
      label: (states, events) => {
        if (!startOfTurn(last(states), 3)) return null;
        const spell = eventsOfType(events, 'spell.cast')[0]?.object.id;
        return skipTargets.find((t) => skipSpell(t).id === spell)?.name ?? null;
      },
    },
    {
      input: AB,
      menu: all(when((s) => atStart(s) && !seenPrefix(s, 'skip '), (s) => [cast(s, skipSpell(skipTargets[1], 2))]), pass, noAttack),
      stopAtTurn: 6,
      label: (states, events) => (startOfTurn(last(states), 5) && events.length > 0 ? TWICE : null),
    },
  ],
  expected: [...skipTargets.map((t) => t.name), TWICE],
  check: (p) => {
    if (p.label === TWICE) {
      for (const turn of [2, 4]) {
        const steps = stepsOf(ofTurn(p.history, turn));
        expectRule(turnPlayer(p.history, turn) === 'B' && !steps.includes('upkeep'), '500.11', `turn ${turn}: ${steps.join(', ')}`);
        expectRule(!ofTurn(p.history, turn).some((r) => r.type === 'triggered'), '500.11', `turn ${turn}: an upkeep ability triggered in a skipped upkeep`);
      }
      return;
    }
    const target = skipTargets.find((t) => t.name === p.label)!;
    const resolvedIn1 = ofTurn(p.history, 1).some((r) => r.type === 'resolved' && r.id === skipSpell(target).id);
    expectRule(resolvedIn1, '608', `the skip spell did not resolve in turn 1`);
    if (target.name === 'turn') {
      expectRule(turnPlayer(p.history, 2) === 'A' && turnPlayer(p.history, 3) === 'B', '500.11', `turns: ${[1, 2, 3].map((t) => turnPlayer(p.history, t)).join(', ')}`);
      expectRule(!ofTurn(p.history, 2).some((r) => r.type === 'triggered'), '500.11', 'an ability triggered for a skipped turn');
      return;
    }
    expectRule(turnPlayer(p.history, 2) === 'B', '101.4', 'turn 2 is B\'s');
    const steps = stepsOf(ofTurn(p.history, 2));
    const expected = CANONICAL.filter((s) => !target.gone.includes(s));
    expectRule(JSON.stringify(steps) === JSON.stringify(expected), '500.11', `B's turn: ${steps.join(', ')}; expected ${expected.join(', ')}`);
    const triggered = ofTurn(p.history, 2).filter((r) => r.type === 'triggered');
    expectRule(triggered.length === 0, '500.11', `"at the beginning of" ${target.at} triggered although it was skipped`);
  },
};

// ---- 614.10a --------------------------------------------------------------------------

interface MidSkip { name: string; castIn: string; skip: SkipWhat; gone: string[] }
const midSkips: MidSkip[] = [
  ...(['upkeep', 'draw', 'beginningOfCombat', 'end'] as StepId[]).map((step) => ({ name: `the ${step} step, in it`, castIn: step, skip: { step }, gone: [step] })),
  { name: 'the precombatMain phase, in it', castIn: 'precombatMain', skip: { phase: 'precombatMain' }, gone: ['precombatMain'] },
  { name: 'the combat phase, in its beginning of combat step', castIn: 'beginningOfCombat', skip: { phase: 'combat' }, gone: STEPS_OF.combat },
  { name: 'the beginning phase, in its upkeep', castIn: 'upkeep', skip: { phase: 'beginning' }, gone: STEPS_OF.beginning },
  { name: 'the turn, during it', castIn: 'upkeep', skip: { turn: true }, gone: [] },
];
const midSkipId = (m: MidSkip) => `skip ${m.name}`;

const midStep: Family = {
  name: '614.10a a skip made mid-step',
  rules: ['614.10a', '500.11'],
  explorations: [{
    input: AB_DRAW,
    menu: all(
      when((s) => s.context.turn === 1 && freshPriority(s) && !seenPrefix(s, 'skip '),
        (s) => midSkips.filter((m) => m.castIn === here(s)).map((m) => cast(s, { id: midSkipId(m), effects: [{ skip: { player: 'A', ...m.skip } as SkipSpec }] }))),
      pass, noAttack,
    ),
    stopAtTurn: 5,
    label: (states, events) => {
      if (!startOfTurn(last(states), 4)) return null;
      const spell = eventsOfType(events, 'spell.cast')[0]?.object.id;
      return midSkips.find((m) => midSkipId(m) === spell)?.name ?? null;
    },
  }],
  expected: midSkips.map((m) => m.name),
  check: (p) => {
    const m = midSkips.find((x) => x.name === p.label)!;
    const turn1 = ofTurn(p.history, 1);
    // The step (or phase) in which the skip was made goes on: priority again after the resolution, then it ends normally.
    const resolved = indexOf(turn1, (r) => r.type === 'resolved' && r.id === midSkipId(m));
    expectRule(resolved >= 0 && (turn1[resolved].step ?? turn1[resolved].phase) === m.castIn, '608', `the skip resolved in ${turn1[resolved]?.step}`);
    const nextPriority = indexOf(turn1, (r) => r.type === 'priority', resolved);
    const nextBegin = indexOf(turn1, (r) => stepName(r) !== null, resolved);
    expectRule(nextPriority >= 0 && (nextBegin < 0 || nextPriority < nextBegin), '614.10a/117.3b', `${m.castIn} did not go on after the skip resolved`);
    expectRule(JSON.stringify(stepsOf(turn1)) === JSON.stringify(CANONICAL), '614.10a', `the current turn changed: ${stepsOf(turn1).join(', ')}`);
    if (m.name.startsWith('the turn')) {
      const order = [1, 2, 3, 4].map((t) => turnPlayer(p.history, t));
      expectRule(JSON.stringify(order) === JSON.stringify(['A', 'B', 'B', 'A']), '500.11/614.10a', `turn order ${order.join(', ')}`);
      return;
    }
    expectRule(turnPlayer(p.history, 3) === 'A', '101.4', 'turn 3 is A\'s');
    const turn3 = stepsOf(ofTurn(p.history, 3));
    const expected = CANONICAL.filter((s) => !m.gone.includes(s));
    expectRule(JSON.stringify(turn3) === JSON.stringify(expected), '614.10a', `A's next turn: ${turn3.join(', ')}; expected ${expected.join(', ')}`);
  },
};

// ---- 723.1 ----------------------------------------------------------------------------

const PRIORITY_STEPS = ['upkeep', 'draw', 'precombatMain', 'beginningOfCombat', 'declareAttackers', 'declareBlockers',
  'firstStrikeDamage', 'combatDamage', 'endOfCombat', 'postcombatMain', 'end', 'cleanup'];
const COMBAT_STEPS = ['beginningOfCombat', 'declareAttackers', 'declareBlockers', 'firstStrikeDamage', 'combatDamage', 'endOfCombat'];
const endTurnSources = [
  { name: 'Time Stop', prefix: 'timeStop@', event: (s: TurnSnapshot) => cast(s, { id: `timeStop@${here(s)}`, effects: [{ endTurn: {} }] }) },
  { name: 'Sundial of the Infinite', prefix: 'sundial@', event: (s: TurnSnapshot) => activate(s, { id: `sundial@${here(s)}`, timing: 'yourTurn', effects: [{ endTurn: {} }] }) },
];
const activeHoldsFirst = (s: TurnSnapshot) => holder(s) === view(s).activePlayer && s.context.priority.passes === 0;
const cleanupWindow = (s: TurnSnapshot) => here(s) === 'cleanup' && waitingFor(s) === 'priority';

/** Records from `from` up to (not including) the first record matching `until`. */
function between(history: readonly HistoryRecord[], from: number, until: (r: HistoryRecord) => boolean): HistoryRecord[] {
  const end = indexOf(history, until, from + 1);
  return history.slice(from + 1, end < 0 ? history.length : end);
}

/** 723.1a–f checked on the records after `turnEndedByEffect {source}`. */
function checkTurnEnded(p: ExecutedPath, source: string, where: string): void {
  const start = indexOf(p.history, (r) => r.type === 'turnEndedByEffect' && r.source === source);
  expectRule(start >= 0, '723.1', `${source} did not end the turn`);
  const r0 = p.history[start];
  expectRule((r0.step ?? r0.phase) === where, '723.1', `${source} ended the turn in ${r0.step ?? r0.phase}`);
  const procedure = between(p.history, start, (r) => r.type === 'stepBegan' && r.step === 'cleanup');
  const cleanupAt = start + 1 + procedure.length;
  expectRule(cleanupAt < p.history.length, '723.1d', 'no cleanup step began after the turn was ended');
  expectRule(!procedure.some((r) => r.type === 'stepBegan' || (r.type === 'phaseBegan' && r.phase !== 'ending')), '723.1d/723.1e',
    `steps or phases began before cleanup: ${procedure.filter((r) => stepName(r) || r.type === 'phaseBegan').map((r) => stepName(r) ?? r.type).join(', ')}`);
  expectRule(!procedure.some((r) => r.type === 'priority' || r.type === 'putOnStack'), '723.1c/723.1f', 'a player received priority or a trigger went on the stack during the procedure');
  expectRule(procedure.some((r) => r.type === 'stateBasedActions'), '723.1c', 'no state-based-action check');
  expectRule(procedure.some((r) => r.type === 'moved' && r.id === source && r.to === 'exile'), '723.1b', `${source} itself was not exiled`);
  const attackersDeclared = p.history.slice(0, start).some((r) => r.type === 'stepBegan' && r.step === 'declareAttackers');
  if (COMBAT_STEPS.includes(where)) {
    if (attackersDeclared) expectRule(procedure.some((r) => r.type === 'removedFromCombat'), '723.1d', 'creatures were not removed from combat');
    expectRule(procedure.some((r) => r.type === 'phaseEnded' && r.phase === 'combat'), '723.1d', 'the combat phase did not end');
  }
  if (where === 'end' || where === 'cleanup') {
    expectRule(!procedure.some((r) => r.type === 'phaseEnded'), '723.1d', 'ending the turn in the ending phase ended the phase');
  }
  const rest = ofTurn(p.history.slice(cleanupAt), r0.turn);
  expectRule(!rest.some((r) => r.type === 'stepBegan' && r.step === 'end'), '723.1e', 'the end step began after the turn was ended');
  expectRule(!rest.some((r) => r.type === 'triggered' && r.id.startsWith('atEnd')), '723.1e', '"at the beginning of the end step" triggered');
  expectRule(rest.some((r) => r.type === 'turnEnded'), '723.1d', 'the turn did not end after cleanup');
}

const endTheTurn: Family = {
  name: '723.1d end the turn from every step with priority',
  rules: ['723.1a', '723.1b', '723.1c', '723.1d', '723.1e'],
  explorations: [{
    input: AB_DRAW,
    menu: setup(
      (s) => (!registered(s, 'atEnd') ? register('atEnd', 'end', 'B') : null),
      all(
        when((s) => atStart(s) && !registered(s, 'atCleanup'), () => [register('atCleanup', 'cleanup', 'A', { once: true })]),
        when((s) => s.context.turn === 1 && activeHoldsFirst(s) && !endTurnSources.some((src) => seenPrefix(s, src.prefix)),
          (s) => endTurnSources.map((src) => src.event(s))),
        pass,
        declarations(() => [[knight]]),
      ),
    ),
    stopAtTurn: 2,
    label: (states) => {
      for (const src of endTurnSources) {
        const used = (s: TurnSnapshot) => ids(s).some((id) => id.startsWith(src.prefix));
        if (firstTime(states, used)) return `${src.name} in ${ids(last(states)).find((id) => id.startsWith(src.prefix))!.slice(src.prefix.length)}`;
      }
      return null;
    },
  }],
  expected: endTurnSources.flatMap((src) => PRIORITY_STEPS.map((step) => `${src.name} in ${step}`)),
  check: (p) => {
    const src = endTurnSources.find((x) => p.label.startsWith(x.name))!;
    const where = p.label.slice(src.name.length + 4);
    checkTurnEnded(p, `${src.prefix}${where}`, where);
    if (where === 'cleanup') {
      const cleanups = ofTurn(p.history, 1).filter((r) => r.type === 'stepBegan' && r.step === 'cleanup').length;
      expectRule(cleanups === 2, '723.1d', `ending the turn during cleanup: ${cleanups} cleanup steps, expected a new one after the first`);
    }
  },
};

// ---- 723.2 ----------------------------------------------------------------------------

const endTheCombat: Family = {
  name: '723.2d end the combat phase from every combat step with priority',
  rules: ['723.2a', '723.2b', '723.2d', '723.2e', '723.2f'],
  explorations: [{
    input: AB,
    menu: setup(
      (s) => (s.context.effects.length === 0 ? { type: 'effect.create', effect: { id: 'untilEndOfCombat', until: 'endOfCombat' } }
        : !registered(s, 'atEndOfCombat') ? register('atEndOfCombat', 'endOfCombat', 'B') : null),
      all(
        when((s) => s.context.phase === 'combat' && activeHoldsFirst(s) && !seenPrefix(s, 'mandate@'),
          (s) => [cast(s, { id: `mandate@${here(s)}`, effects: [{ endCombat: {} }] })]),
        pass,
        declarations(() => [[knight]]),
      ),
    ),
    stopAtTurn: 2,
    label: (states) => {
      const used = (s: TurnSnapshot) => s.context.zones.exile.some((id) => id.startsWith('mandate@'));
      return firstTime(states, used) ? `Mandate of Peace in ${last(states).context.zones.exile.find((id) => id.startsWith('mandate@'))!.slice(8)}` : null;
    },
  }],
  expected: COMBAT_STEPS.map((step) => `Mandate of Peace in ${step}`),
  check: (p) => {
    const where = p.label.slice('Mandate of Peace in '.length);
    const source = `mandate@${where}`;
    const start = indexOf(p.history, (r) => r.type === 'combatEndedByEffect' && r.source === source);
    expectRule(start >= 0 && p.history[start].step === where, '723.2', `${source} did not end combat in ${where}`);
    const procedure = between(p.history, start, (r) => r.type === 'phaseBegan');
    const next = p.history[start + 1 + procedure.length];
    expectRule(next?.type === 'phaseBegan' && next.phase === 'postcombatMain', '723.2d', `the next phase to begin was ${next?.type === 'phaseBegan' ? next.phase : 'none'}`);
    expectRule(!procedure.some((r) => r.type === 'stepBegan'), '723.2d/723.2e', 'a step began before the next phase');
    expectRule(procedure.some((r) => r.type === 'phaseEnded' && r.phase === 'combat'), '723.2d', 'the combat phase did not end');
    if (where !== 'beginningOfCombat') expectRule(procedure.some((r) => r.type === 'removedFromCombat' && r.id === 'knight'), '723.2d', 'the attacker was not removed from combat');
    expectRule(procedure.some((r) => r.type === 'effectEnded' && r.id === 'untilEndOfCombat'), '723.2d', '"until end of combat" effect did not end');
    expectRule(!procedure.some((r) => r.type === 'priority' || r.type === 'putOnStack'), '723.2c/723.2f', 'priority or a trigger on the stack during the procedure');
    expectRule(procedure.some((r) => r.type === 'moved' && r.id === source && r.to === 'exile'), '723.2b', 'the resolving Mandate was not exiled');
    if (where !== 'endOfCombat') {
      expectRule(!p.history.some((r) => r.type === 'stepBegan' && r.step === 'endOfCombat'), '723.2e', 'the end of combat step began');
      expectRule(!p.history.some((r) => r.type === 'triggered' && r.id.startsWith('atEndOfCombat')), '723.2e', '"at end of combat" triggered');
    }
    const firstPriority = p.history.slice(start).find((r) => r.type === 'priority');
    expectRule(firstPriority?.phase === 'postcombatMain' && firstPriority.type === 'priority' && firstPriority.player === 'A', '723.2f/117.3a', 'the active player did not receive priority in the next phase');
  },
};

const NON_COMBAT = ['upkeep', 'draw', 'precombatMain', 'postcombatMain', 'end', 'cleanup'];
const topId = (s: TurnSnapshot) => last(s.context.stack)?.id ?? '';

const endCombatOutside: Family = {
  name: '723.2g ending combat outside combat does nothing',
  rules: ['723.2g'],
  explorations: [{
    input: AB_DRAW,
    menu: all(
      when((s) => atStart(s) && !registered(s, 'atCleanup') && !seenPrefix(s, 'bolt@'), () => [register('atCleanup', 'cleanup', 'A', { once: true })]),
      when((s) => s.context.turn === 1 && s.context.phase !== 'combat' && activeHoldsFirst(s) && !seenPrefix(s, 'bolt@'),
        (s) => [cast(s, { id: `bolt@${here(s)}` })]),
      when((s) => holder(s) === 'A' && topId(s).startsWith('bolt@') && !seenPrefix(s, 'mandate@'),
        (s) => [cast(s, { id: `mandate@${here(s)}`, effects: [{ endCombat: {} }] })]),
      when((s) => topId(s).startsWith('mandate@') && s.context.priority.passes === s.context.players.length - 1 && !seenPrefix(s, 'waiting@'),
        (s) => [{ type: 'trigger.report', ability: { id: `waiting@${here(s)}`, controller: 'B' } }]),
      pass, noAttack,
    ),
    stopAtTurn: 2,
    label: (states) => {
      const done = (s: TurnSnapshot) => s.context.zones.graveyard.some((id) => id.startsWith('mandate@')) && s.context.stack.some((o) => o.id.startsWith('waiting@'));
      return firstTime(states, done) ? `Mandate of Peace in ${topId(last(states)).slice('waiting@'.length)}` : null;
    },
  }],
  expected: NON_COMBAT.map((step) => `Mandate of Peace in ${step}`),
  check: (p) => {
    const where = p.label.slice('Mandate of Peace in '.length);
    const at = indexOf(p.history, (r) => r.type === 'endCombatIgnored' && r.source === `mandate@${where}`);
    expectRule(at >= 0 && (p.history[at].step ?? p.history[at].phase) === where, '723.2g', `ending combat in ${where} was not ignored`);
    expectRule(!p.history.some((r) => r.type === 'triggerRemoved' || (r.type === 'moved' && r.to === 'exile') || r.type === 'combatEndedByEffect'),
      '723.2g', 'ending combat outside combat removed triggers or exiled objects');
    const c = p.final.context;
    expectRule(here(p.final) === where && c.stack.map((o) => o.id).join().endsWith(`bolt@${where},waiting@${where}`), '723.2g',
      `after it: ${here(p.final)} with stack ${c.stack.map((o) => o.id).join(', ')}`);
    expectRule(holder(p.final) === 'A', '117.3b', 'the active player did not receive priority after the resolution');
  },
};

// ---- 514.3a ---------------------------------------------------------------------------

const REPEATS = {
  trigger: 'by a waiting trigger',
  sba: 'by a state-based action',
  sbaWithoutTrigger: 'by a state-based action whose ability does not trigger (603.4)',
  procedure: 'by triggers from the 723.1 procedure (723.1f)',
  endInCleanup: 'by ending the turn during cleanup',
  twice: 'twice in a row',
};
const cleanupRepeat = (label: string, menu: Menu, done: (s: TurnSnapshot, states: readonly TurnSnapshot[]) => boolean, input: GameInput = AB): Exploration => ({
  input, menu, stopAtTurn: 3,
  label: (states) => (startOfTurn(last(states), 2) && done(last(states), states) ? label : null),
});

/** The cleanup steps of turn 1, each as its records. */
function cleanupSteps(history: readonly HistoryRecord[]): HistoryRecord[][] {
  const turn1 = ofTurn(history, 1);
  const result: HistoryRecord[][] = [];
  turn1.forEach((r, i) => {
    if (r.type === 'stepBegan' && r.step === 'cleanup') {
      const end = indexOf(turn1, (x) => x.type === 'stepEnded', i);
      result.push(turn1.slice(i, end + 1));
    }
  });
  return result;
}

const cleanupRepeats: Family = {
  name: '514.3a cleanup repeats',
  rules: ['514.3', '514.3a', '723.1f'],
  explorations: [
    cleanupRepeat(REPEATS.trigger, setup((s) => (!registered(s, 'atCleanup') ? register('atCleanup', 'cleanup', 'A', { once: true }) : null), all(pass, noAttack)),
      (s) => seen(s, 'atCleanup')),
    cleanupRepeat(REPEATS.sba, all(pass, noAttack,
      when((s) => holder(s) !== null && !seenPrefix(s, 'sba@') && s.context.onStateBasedActions.length === 0,
        (s) => [{ type: 'stateBasedActions.schedule', ability: { id: `sba@${here(s)}.${s.context.priority.passes}`, controller: 'B' } }])),
    (_s, states) => states.some(cleanupWindow)),
    cleanupRepeat(REPEATS.sbaWithoutTrigger, setup((s) => (!s.context.falseConditions.includes('never') ? { type: 'condition.set', name: 'never', value: false } : null),
      // Offered only in the end step: the ability never triggers, so nothing else stops a new one in each cleanup.
      all(pass, noAttack, when((s) => holder(s) !== null && here(s) === 'end' && s.context.onStateBasedActions.length === 0,
      (s) => [{ type: 'stateBasedActions.schedule', ability: { id: `sba@${here(s)}.${s.context.priority.passes}`, controller: 'B', if: 'never' } }]),
      // An inert mark that the window happened, so the state after it is not merged with a turn without one.
      when((s) => cleanupWindow(s) && !s.context.falseConditions.includes('windowSeen'), () => [{ type: 'condition.set', name: 'windowSeen', value: false }]))),
    (s) => s.context.falseConditions.includes('windowSeen')),
    cleanupRepeat(REPEATS.procedure, all(pass, noAttack,
      when((s) => here(s) === 'precombatMain' && freshPriority(s) && !seen(s, 'timeStopAndTrigger'),
        (s) => [cast(s, { id: 'timeStopAndTrigger', effects: [{ endTurn: {} }, { trigger: { id: 'procedureTrigger', controller: 'B' } }] })])),
    (s) => seen(s, 'procedureTrigger')),
    cleanupRepeat(REPEATS.endInCleanup, setup((s) => (!registered(s, 'atCleanup') ? register('atCleanup', 'cleanup', 'A', { once: true }) : null), all(pass, noAttack,
      when((s) => cleanupWindow(s) && activeHoldsFirst(s) && !seen(s, 'timeStopInCleanup'),
        (s) => [cast(s, { id: 'timeStopInCleanup', effects: [{ endTurn: {} }] })]))),
    (s) => seen(s, 'timeStopInCleanup')),
    cleanupRepeat(REPEATS.twice, setup((s) => (!registered(s, 'atCleanupAgain') ? register('atCleanupAgain', 'cleanup', 'A',
      { once: true, effects: [{ at: { id: 'again', controller: 'A', when: 'cleanup', once: true } }] }) : null), all(pass, noAttack)),
    (s) => seen(s, 'again')),
  ],
  expected: Object.values(REPEATS),
  check: (p) => {
    const cleanups = cleanupSteps(p.history);
    const expectedCount = p.label === REPEATS.twice ? 3 : 2;
    expectRule(cleanups.length === expectedCount, '514.3a', `${cleanups.length} cleanup steps in turn 1, expected ${expectedCount}`);
    cleanups.forEach((records, i) => {
      const window = records.some((r) => r.type === 'priority');
      const lastOne = i === cleanups.length - 1;
      expectRule(window !== lastOne, '514.3/514.3a', `cleanup #${i + 1} ${window ? 'gave' : 'did not give'} priority`);
    });
    const turn1 = ofTurn(p.history, 1);
    const lastCleanupEnd = turn1.lastIndexOf(last(last(cleanups)));
    expectRule(turn1.slice(lastCleanupEnd).some((r) => r.type === 'turnEnded'), '514.3', 'the turn did not end after the last cleanup');
    const first = cleanups[0];
    const beforeWindow = first.slice(0, indexOf(first, (r) => r.type === 'priority'));
    if (p.label === REPEATS.sba) {
      expectRule(beforeWindow.some((r) => r.type === 'triggered' && r.id.startsWith('sba@')), '514.3a', 'no state-based action was performed in cleanup');
    }
    if (p.label === REPEATS.sbaWithoutTrigger) {
      expectRule(!p.history.some((r) => r.type === 'triggered'), '603.4', 'the ability triggered although its condition is false');
    }
    if (p.label === REPEATS.procedure) {
      const procedureStart = indexOf(turn1, (r) => r.type === 'turnEndedByEffect');
      const triggeredAt = indexOf(turn1, (r) => r.type === 'triggered' && r.id === 'procedureTrigger');
      expectRule(procedureStart >= 0 && triggeredAt > procedureStart, '723.1f', 'the ability did not trigger during the procedure');
      expectRule(first.some((r) => r.type === 'putOnStack' && r.id === 'procedureTrigger'), '723.1f', 'it did not go on the stack in cleanup');
    }
    if (p.label === REPEATS.endInCleanup) {
      const start = indexOf(turn1, (r) => r.type === 'turnEndedByEffect');
      expectRule(start >= 0 && turn1[start].step === 'cleanup', '723.1d', 'the turn was not ended during cleanup');
      expectRule(turn1.slice(start).some((r) => r.type === 'stepBegan' && r.step === 'cleanup'), '723.1d', 'no new cleanup step');
    }
    if (p.label === REPEATS.twice) {
      expectRule(cleanups[1].some((r) => r.type === 'triggered' && r.id === 'again'), '514.3a', 'the second cleanup was not caused by the new trigger');
    }
  },
};

// ---- refusals and reports --------------------------------------------------------------

interface Probe { name: string; event: TurnEvent; expect: string | 'accepted'; recorded?: HistoryRecord['type'] }
/** Events that bring the game into the situation, in order, each with how to tell it was applied. */
interface Setup { event: TurnEvent; done: (s: TurnSnapshot) => boolean }
interface Situation { name: string; input: GameInput; setup?: Setup[]; is: (s: TurnSnapshot) => boolean; probes: Probe[]; stopAtTurn?: number }

/** Limits of 1: one of each is accepted, the second refused under rule "limit". */
const TIGHT: GameInput = {
  players: ['A', 'B'],
  limits: { maxStack: 1, maxPendingTriggers: 1, maxRegisteredTriggers: 1, maxEffectsInForce: 1, maxAmount: 1, maxMarks: 1 },
};
const fill: Setup[] = [
  { event: { type: 'spell.cast', object: { id: 'shock', controller: 'A' } }, done: (s) => s.context.stack.length === 1 },
  { event: { type: 'trigger.report', ability: { id: 'soulWarden', controller: 'B' } }, done: (s) => s.context.pendingTriggers.length === 1 },
  { event: { type: 'trigger.register', trigger: { id: 'arena', controller: 'A', when: 'end' } }, done: (s) => s.context.triggers.length === 1 },
  { event: { type: 'stateBasedActions.schedule', ability: { id: 'artist', controller: 'A' } }, done: (s) => s.context.onStateBasedActions.length === 1 },
  { event: { type: 'effect.create', effect: { id: 'growth', until: 'endOfTurn' } }, done: (s) => s.context.effects.length === 1 },
  { event: { type: 'mana.add', player: 'A', amount: 1 }, done: (s) => s.context.manaPool.A === 1 },
  { event: { type: 'target.invalidate', id: 'bear' }, done: (s) => s.context.illegalTargets.length === 1 },
  { event: { type: 'condition.set', name: 'threshold', value: false }, done: (s) => s.context.falseConditions.length === 1 },
  { event: { type: 'discard.schedule', player: 'A', ability: { id: 'madness', controller: 'A' } }, done: (s) => s.context.onDiscard.length === 1 },
];

/** 603.3b: A's two abilities that trigger as turn 1's draw step begins, to be ordered. */
const ORDERING: GameInput = { players: ['A', 'B'], options: { triggerOrder: 'choose', skipFirstDraw: false } };
const twoDrawTriggers: Setup[] = ['arena', 'vortex'].map((id) => ({
  event: { type: 'trigger.register', trigger: { id, controller: 'A', when: 'draw', once: true } },
  done: (s) => s.context.triggers.some((t) => t.id === id) || s.context.turn > 1 || s.context.step === 'draw',
}));

const creature = (id: string) => ({ id, controller: 'A', type: 'creature' as const });
const situations: Situation[] = [
  {
    name: 'A holds priority in the upkeep',
    input: AB,
    is: atStart,
    probes: [
      { name: 'B passes out of turn', event: { type: 'priority.pass', player: 'B' }, expect: '117.1' },
      { name: 'B casts without priority', event: { type: 'spell.cast', object: { id: 'shock', controller: 'B' } }, expect: '117.1' },
      { name: 'A casts a sorcery', event: { type: 'spell.cast', object: { id: 'rite', controller: 'A', type: 'sorcery' } }, expect: '307.1' },
      { name: 'A casts a creature spell', event: { type: 'spell.cast', object: creature('bear') }, expect: '301.1' },
      { name: 'A activates a sorcery-speed ability', event: { type: 'ability.activate', object: { id: 'equip', controller: 'A', timing: 'sorcery' } }, expect: '602.5d' },
      { name: 'A declares attackers', event: { type: 'combat.declareAttackers', player: 'A', attackers: [bear] }, expect: '508.1' },
      { name: 'B declares blockers', event: { type: 'combat.declareBlockers', player: 'B', blockers: [] }, expect: '509.1' },
      { name: 'an unknown player passes', event: { type: 'priority.pass', player: 'Z' }, expect: 'input' },
      { name: 'a spell without an id', event: { type: 'spell.cast', object: { id: '', controller: 'A' } }, expect: 'input' },
      { name: 'a malformed trigger', event: { type: 'trigger.report', ability: { id: '', controller: 'A' } }, expect: 'input' },
      { name: 'a trigger at an unknown step', event: { type: 'trigger.register', trigger: { id: 'x', controller: 'A', when: 'lunch' as StepId } }, expect: 'input' },
      { name: 'a state-based action of an unknown player', event: { type: 'stateBasedActions.schedule', ability: { id: 'x', controller: 'Z' } }, expect: 'input' },
      { name: 'an effect without a duration', event: { type: 'effect.create', effect: { id: 'e' } as never }, expect: 'input' },
      { name: 'negative mana', event: { type: 'mana.add', player: 'A', amount: -1 }, expect: 'input' },
      { name: 'an empty target id', event: { type: 'target.invalidate', id: '' }, expect: 'input' },
      { name: 'a condition without a value', event: { type: 'condition.set', name: 'c' } as never, expect: 'input' },
      { name: 'an event of an unknown type', event: { type: 'turn.skip', player: 'A' } as never, expect: 'input' },
      { name: 'A activates an ability', event: { type: 'ability.activate', object: { id: 'prodigal', controller: 'A' } }, expect: 'accepted', recorded: 'putOnStack' },
      { name: 'a trigger is reported', event: { type: 'trigger.report', ability: { id: 'soulWarden', controller: 'B' } }, expect: 'accepted', recorded: 'triggered' },
      { name: 'a trigger is registered', event: { type: 'trigger.register', trigger: { id: 'phyrexianArena', controller: 'A', when: 'upkeep' } }, expect: 'accepted' },
      { name: 'a state-based action is scheduled', event: { type: 'stateBasedActions.schedule', ability: { id: 'bloodArtist', controller: 'A' } }, expect: 'accepted' },
      { name: 'an effect is created', event: { type: 'effect.create', effect: { id: 'giantGrowth', until: 'endOfTurn' } }, expect: 'accepted', recorded: 'effectCreated' },
      { name: 'mana is added', event: { type: 'mana.add', player: 'A', amount: 2 }, expect: 'accepted' },
      { name: 'a target becomes illegal', event: { type: 'target.invalidate', id: 'bear' }, expect: 'accepted' },
      { name: 'a condition is set', event: { type: 'condition.set', name: 'threshold', value: false }, expect: 'accepted' },
      { name: 'a discard trigger is scheduled', event: { type: 'discard.schedule', player: 'A', ability: { id: 'madness', controller: 'A' } }, expect: 'accepted' },
      { name: 'a creature not in combat gains first strike', event: { type: 'combatant.set', id: 'bear', firstStrike: true }, expect: '506.4' },
      { name: 'an order of triggers nobody asked for', event: { type: 'triggers.order', player: 'A', order: [] }, expect: '603.3b' },
    ],
  },
  {
    name: 'A holds priority in the upkeep, each limit of 1 reached',
    input: TIGHT,
    setup: fill,
    is: (s) => s.context.turn === 1 && here(s) === 'upkeep' && holder(s) === 'A' && fill.every((f) => f.done(s)),
    probes: [
      { name: 'a second spell', event: { type: 'spell.cast', object: { id: 'bolt', controller: 'A' } }, expect: 'limit' },
      { name: 'a second ability', event: { type: 'ability.activate', object: { id: 'pump', controller: 'A' } }, expect: 'limit' },
      { name: 'a second waiting trigger', event: { type: 'trigger.report', ability: { id: 'warden2', controller: 'B' } }, expect: 'limit' },
      { name: 'a second registered trigger', event: { type: 'trigger.register', trigger: { id: 'arena2', controller: 'A', when: 'end' } }, expect: 'limit' },
      { name: 'a second scheduled state-based action', event: { type: 'stateBasedActions.schedule', ability: { id: 'artist2', controller: 'A' } }, expect: 'limit' },
      { name: 'a second effect', event: { type: 'effect.create', effect: { id: 'growth2', until: 'endOfTurn' } }, expect: 'limit' },
      { name: 'more mana than a pool holds', event: { type: 'mana.add', player: 'A', amount: 1 }, expect: 'limit' },
      { name: 'a second illegal target', event: { type: 'target.invalidate', id: 'wall' }, expect: 'limit' },
      { name: 'a second false condition', event: { type: 'condition.set', name: 'hellbent', value: false }, expect: 'limit' },
      { name: 'a second discard trigger', event: { type: 'discard.schedule', player: 'A', ability: { id: 'madness2', controller: 'A' } }, expect: 'limit' },
    ],
  },
  {
    name: 'A orders two triggered abilities (triggerOrder "choose")',
    input: ORDERING,
    setup: twoDrawTriggers,
    is: (s) => waitingFor(s) === 'orderTriggers',
    probes: [
      { name: 'A gives the order', event: { type: 'triggers.order', player: 'A', order: ['vortex', 'arena'] }, expect: 'accepted', recorded: 'putOnStack' },
      { name: 'B gives an order', event: { type: 'triggers.order', player: 'B', order: ['vortex', 'arena'] }, expect: '603.3b' },
      { name: 'A leaves one out', event: { type: 'triggers.order', player: 'A', order: ['vortex'] }, expect: '603.3b' },
      { name: 'A names one twice', event: { type: 'triggers.order', player: 'A', order: ['vortex', 'vortex'] }, expect: '603.3b' },
      { name: 'A passes', event: { type: 'priority.pass', player: 'A' }, expect: '117.1' },
      { name: 'A casts', event: { type: 'spell.cast', object: { id: 'shock', controller: 'A' } }, expect: '117.1' },
      { name: 'A activates', event: { type: 'ability.activate', object: { id: 'pump', controller: 'A' } }, expect: '117.1' },
      { name: 'a trigger is reported while A orders', event: { type: 'trigger.report', ability: { id: 'late', controller: 'B' } }, expect: 'accepted', recorded: 'triggered' },
    ],
  },
  {
    name: 'B holds priority in A\'s upkeep',
    input: AB,
    is: (s) => s.context.turn === 1 && here(s) === 'upkeep' && holder(s) === 'B' && s.context.stack.length === 0,
    probes: [
      { name: 'B activates a "during your turn" ability', event: { type: 'ability.activate', object: { id: 'sundial', controller: 'B', timing: 'yourTurn' } }, expect: '602.5b' },
      { name: 'B casts a "cast only during your turn" spell', event: { type: 'spell.cast', object: { id: 'ownTurnOnly', controller: 'B', timing: 'yourTurn' } }, expect: '601.3' },
      { name: 'B casts a "cast only during combat" spell (Mandate of Peace)', event: { type: 'spell.cast', object: { id: 'mandate', controller: 'B', timing: 'combat' } }, expect: '601.3' },
      { name: 'B activates a "only during combat" ability', event: { type: 'ability.activate', object: { id: 'duringCombat', controller: 'B', timing: 'combat' } }, expect: '602.5' },
      { name: 'A passes without priority', event: { type: 'priority.pass', player: 'A' }, expect: '117.1' },
    ],
  },
  {
    name: 'A is declaring attackers',
    input: AB,
    is: (s) => waitingFor(s) === 'declareAttackers',
    probes: [
      { name: 'B declares attackers', event: { type: 'combat.declareAttackers', player: 'B', attackers: [] }, expect: '508.1' },
      { name: 'A passes', event: { type: 'priority.pass', player: 'A' }, expect: '117.1' },
      { name: 'A casts an instant', event: { type: 'spell.cast', object: { id: 'shock', controller: 'A' } }, expect: '117.1' },
      { name: 'A activates an ability', event: { type: 'ability.activate', object: { id: 'pump', controller: 'A' } }, expect: '117.1' },
      { name: 'B declares blockers first', event: { type: 'combat.declareBlockers', player: 'B', blockers: [] }, expect: '509.1' },
      { name: 'A orders triggers', event: { type: 'triggers.order', player: 'A', order: [] }, expect: '603.3b' },
    ],
  },
  {
    name: 'A holds priority after attacking with a bear',
    input: AB,
    is: (s) => here(s) === 'declareAttackers' && holder(s) === 'A' && s.context.attackers.length === 1,
    probes: [
      { name: 'the bear gains first strike', event: { type: 'combatant.set', id: 'bear', firstStrike: true }, expect: 'accepted' },
    ],
  },
  {
    name: 'B and C are declaring blockers (3 players)',
    input: { players: players(3) },
    is: (s) => waitingFor(s) === 'declareBlockers' && s.context.defendersToDeclare.length === 2,
    probes: [
      { name: 'C declares before B', event: { type: 'combat.declareBlockers', player: 'C', blockers: [] }, expect: '509.1' },
      { name: 'the attacking player declares blockers', event: { type: 'combat.declareBlockers', player: 'A', blockers: [] }, expect: '509.1' },
      { name: 'attackers are declared again', event: { type: 'combat.declareAttackers', player: 'A', attackers: [bear] }, expect: '508.1' },
    ],
  },
  {
    name: 'B holds priority in A\'s beginning of combat step',
    input: AB,
    is: (s) => s.context.turn === 1 && here(s) === 'beginningOfCombat' && holder(s) === 'B' && s.context.stack.length === 0,
    probes: [
      { name: 'B casts Mandate of Peace ("cast only during combat")', event: { type: 'spell.cast', object: { id: 'mandate', controller: 'B', timing: 'combat', effects: [{ endCombat: {} }] } }, expect: 'accepted', recorded: 'putOnStack' },
      { name: 'B casts a "cast only during your turn" spell', event: { type: 'spell.cast', object: { id: 'ownTurnOnly', controller: 'B', timing: 'yourTurn' } }, expect: '601.3' },
    ],
  },
  {
    name: 'A declares attackers in an extra turn (Time Walk)',
    input: AB,
    setup: [{ event: { type: 'spell.cast', object: { id: 'timeWalk', controller: 'A', effects: [{ extraTurn: { player: 'A' } }] } }, done: (s) => seen(s, 'timeWalk') }],
    is: (s) => waitingFor(s) === 'declareAttackers' && s.context.extraTurn,
    stopAtTurn: 3,
    probes: [
      { name: 'Medomai the Ageless attacks', event: { type: 'combat.declareAttackers', player: 'A', attackers: [{ id: 'medomai', cantAttackDuringExtraTurns: true }] }, expect: '508.1c' },
      { name: 'a bear attacks', event: { type: 'combat.declareAttackers', player: 'A', attackers: [bear] }, expect: 'accepted' },
    ],
  },
];
const probeLabel = (situation: Situation, probe: Probe) => `${situation.name}: ${probe.name}`;

const refusals: Family = {
  name: 'refusals and host reports',
  rules: ['117.1', '301.1', '307.1', '508.1', '508.1c', '509.1', '506.4', '601.3', '602.5', '602.5b', '602.5d', '603.3b', 'limit'],
  explorations: situations.map((situation): Exploration => {
    const probeOf = new WeakMap<object, Probe>();
    return {
      input: situation.input,
      menu: (s) => {
        const progress = all(pass, declarations(() => [[bear]]))(s);
        if (situation.setup) {
          const next = situation.setup.find((step) => !step.done(s));
          if (next) return atStart(s) || holder(s) === 'A' ? [structuredClone(next.event)] : [];
        } else if (s.context.stack.length > 0 || s.context.triggers.length > 0 || s.context.effects.length > 0) return progress;
        if (!situation.is(s)) return progress;
        const probes = situation.probes.map((probe) => {
          const event = structuredClone(probe.event);
          probeOf.set(event, probe);
          return event;
        });
        return [...progress, ...probes];
      },
      stopAtTurn: situation.stopAtTurn ?? 2,
      terminal: (event) => probeOf.has(event),
      label: (_states, events) => {
        const probe = events.length > 0 ? probeOf.get(last(events)) : undefined;
        return probe ? probeLabel(situation, probe) : null;
      },
    };
  }),
  expected: situations.flatMap((situation) => situation.probes.map((probe) => probeLabel(situation, probe))),
  check: (p) => {
    const situation = situations.find((x) => p.label.startsWith(`${x.name}: `))!;
    const probe = situation.probes.find((x) => probeLabel(situation, x) === p.label)!;
    const refusal = last(p.refusals);
    if (probe.expect === 'accepted') {
      expectRule(refusal === null, 'event', `refused: ${refusal?.reason}`);
      if (probe.recorded) expectRule(p.history.some((r) => r.type === probe.recorded), 'history', `no ${probe.recorded} record`);
    } else {
      expectRule(refusal !== null && refusal.rule === probe.expect && refusal.reason.length > 0, probe.expect,
        `expected a refusal under rule ${probe.expect}, got ${refusal ? `${refusal.rule}: ${refusal.reason}` : 'acceptance'}`);
    }
  },
};

// ---- 603.3b ---------------------------------------------------------------------------

type OrderWindow = 'upkeep' | 'cleanup' | 'timeStop' | 'mandate';
const ORDER_WINDOWS: Record<OrderWindow, string> = {
  upkeep: 'in the upkeep', cleanup: 'in a 514.3a cleanup', timeStop: 'in cleanup after 723.1f (Time Stop)', mandate: 'in the next phase after 723.2f (Mandate of Peace)',
};
interface OrderConfig {
  name: string;
  input: GameInput;
  /** How many abilities each player's trigger at once. */
  counts: Record<string, number>;
  window: OrderWindow;
  /** Abilities reported while the first player asked chooses (they go in the next pass). */
  late: boolean;
}
interface Ability { id: string; controller: string }

/** Turn order from `first` (APNAP, 101.4). */
const playersFrom = (all: readonly string[], first: string) => [...all.slice(all.indexOf(first)), ...all.slice(0, all.indexOf(first))];
/** The abilities of a configuration in the order they trigger: interleaved, the last player's first (not APNAP). */
const abilitiesOf = (cfg: OrderConfig): Ability[] => [1, 2, 3].flatMap((i) => [...cfg.input.players].reverse()
  .filter((p) => cfg.counts[p] >= i).map((p) => ({ id: `${p}${i}`, controller: p })));
/** The abilities that trigger while the first player asked (the active one) chooses: two of theirs and one of the player last in APNAP order. */
const lateAbilitiesOf = (cfg: OrderConfig, active: string): Ability[] => {
  const lastPlayer = playersFrom(cfg.input.players, active).at(-1)!;
  return [{ id: `${active}late1`, controller: active }, { id: `${active}late2`, controller: active }, { id: `${lastPlayer}late1`, controller: lastPlayer }];
};
const chooses = (cfg: OrderConfig) => cfg.input.options?.triggerOrder === 'choose';
const askedPlayers = (cfg: OrderConfig) => (chooses(cfg) ? cfg.input.players.filter((p) => cfg.counts[p] >= 2) : []);

/** The bounded orders offered for one ask (the full permutations explode): as triggered, reversed, and with three a rotation. */
function orderVariants(asTriggered: readonly string[]): [string, string[]][] {
  const variants: [string, string[]][] = [['as triggered', [...asTriggered]], ['reversed', [...asTriggered].reverse()]];
  if (asTriggered.length === 3) variants.push(['rotated', [asTriggered[1], asTriggered[2], asTriggered[0]]]);
  return variants;
}
/** Which variant a player's abilities took on the stack, for each asked player already done. */
function variantsOnStack(cfg: OrderConfig, s: TurnSnapshot): Map<string, string> {
  const stack = s.context.stack.map((o) => o.id);
  const result = new Map<string, string>();
  for (const player of askedPlayers(cfg)) {
    const own = abilitiesOf(cfg).filter((a) => a.controller === player).map((a) => a.id);
    const put = stack.filter((id) => own.includes(id));
    if (put.length === own.length) result.set(player, orderVariants(own).find(([, order]) => sameOrder(order, put))?.[0] ?? 'other');
  }
  return result;
}
const sameOrder = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The orders offered when the game waits for one: every variant while everyone before chose "as
 * triggered"; "as triggered" or "reversed" while everyone before reversed; otherwise "as triggered".
 * So each player is tried with each variant, and everybody with "reversed", in a number of paths linear in the asks.
 */
function orderMenu(cfg: OrderConfig, s: TurnSnapshot): TurnEvent[] {
  const ask = view(s).orderTriggers!;
  const variants = orderVariants(ask.triggers);
  const give = (order: string[]): TurnEvent => ({ type: 'triggers.order', ...('player' in ask ? { player: ask.player } : { team: ask.team }), order });
  if (cfg.late) return [give(ask.triggers.some((id) => id.includes('late')) ? variants[1][1] : variants[0][1])];
  const before = [...variantsOnStack(cfg, s).values()];
  const allowed = before.every((v) => v === 'as triggered') ? variants
    : before.every((v) => v === 'reversed') ? variants.slice(0, 2) : variants.slice(0, 1);
  return allowed.map(([, order]) => give(order));
}

/** Every ability of the configuration (and the late ones) is on the stack and a player holds priority. */
function orderDone(cfg: OrderConfig, s: TurnSnapshot): boolean {
  const stack = s.context.stack.map((o) => o.id);
  const lateCount = cfg.late ? 3 : 0;
  return holder(s) !== null && abilitiesOf(cfg).every((a) => stack.includes(a.id)) && stack.filter((id) => id.includes('late')).length === lateCount;
}

/** The pattern of orders the path took, or null for one not labelled. */
function orderPattern(cfg: OrderConfig, s: TurnSnapshot): string | null {
  if (cfg.late) return 'abilities triggered during the wait go in the next pass';
  const taken = [...variantsOnStack(cfg, s)];
  const changed = taken.filter(([, v]) => v !== 'as triggered');
  if (changed.length === 0) return 'as triggered';
  if (taken.length >= 2 && changed.length === taken.length && changed.every(([, v]) => v === 'reversed')) return 'everyone reversed';
  return changed.length === 1 ? `${changed[0][0]} ${changed[0][1]}` : null;
}
function expectedPatterns(cfg: OrderConfig): string[] {
  if (cfg.late) return ['abilities triggered during the wait go in the next pass'];
  const asked = askedPlayers(cfg);
  const k = Math.max(...Object.values(cfg.counts));
  return ['as triggered', ...asked.flatMap((p) => orderVariants(Array.from({ length: k }, (_, i) => `${i}`)).slice(1).map(([v]) => `${p} ${v}`)),
    ...(asked.length >= 2 ? ['everyone reversed'] : [])];
}

/** The event that makes the configuration's abilities trigger (forced, in order), or null. */
function triggerSetup(cfg: OrderConfig, s: TurnSnapshot): TurnEvent | null {
  const abilities = abilitiesOf(cfg);
  const effects = abilities.map((a): ResolutionEffect => ({ trigger: { id: a.id, controller: a.controller } }));
  switch (cfg.window) {
    case 'upkeep':
    case 'cleanup': {
      const next = atStart(s) ? abilities.find((a) => !registered(s, a.id)) : undefined;
      return next ? register(next.id, cfg.window, next.controller, { once: true }) : null;
    }
    case 'timeStop':
      return atStart(s) && !seen(s, 'timeStop') ? cast(s, { id: 'timeStop', effects: [{ endTurn: {} }, ...effects] }) : null;
    case 'mandate':
      return here(s) === 'beginningOfCombat' && freshPriority(s) && !seen(s, 'mandate') ? cast(s, { id: 'mandate', effects: [{ endCombat: {} }, ...effects] }) : null;
  }
}

function orderConfigs(): OrderConfig[] {
  const configs: OrderConfig[] = [];
  const countsText = (counts: Record<string, number>) => Object.entries(counts).map(([p, k]) => `${p} ${k}`).join(', ');
  const add = (n: number, counts: number[], window: OrderWindow, triggerOrder: 'choose' | 'triggered', late = false) => {
    const ps = players(n);
    const byPlayer = Object.fromEntries(ps.map((p, i) => [p, counts[i]]));
    const mode = triggerOrder === 'choose' ? '' : ', triggerOrder "triggered"';
    configs.push({
      name: `${n} players (${countsText(byPlayer)}) ${ORDER_WINDOWS[window]}${mode}${late ? ', more trigger while the first player orders' : ''}`,
      input: { players: ps, options: { triggerOrder } }, counts: byPlayer, window, late,
    });
  };
  for (const window of Object.keys(ORDER_WINDOWS) as OrderWindow[]) {
    for (const n of [2, 3, 4]) {
      for (const k of [2, 3]) {
        add(n, Array.from({ length: n }, () => k), window, 'choose');
        add(n, [1, k, 0, k].slice(0, n), window, 'choose'); // a player with one ability (and one with none) is never asked
      }
    }
    add(3, [2, 2, 2], window, 'choose', true);
    add(4, [3, 1, 2, 3], window, 'triggered');
  }
  return configs;
}
const ORDER_CONFIGS = orderConfigs();

const triggerOrder: Family = {
  name: '603.3b the order of a player\'s triggers',
  rules: ['603.3b', '101.4', '117.5', '514.3a', '723.1f', '723.2f'],
  explorations: ORDER_CONFIGS.map((cfg): Exploration => ({
    input: cfg.input,
    menu: (s) => {
      if (orderDone(cfg, s)) return [];
      const forced = triggerSetup(cfg, s);
      if (forced) return [forced];
      if (waitingFor(s) !== 'orderTriggers') return all(pass, noAttack)(s);
      const firstWait = !s.context.stack.some((o) => abilitiesOf(cfg).some((a) => a.id === o.id));
      const late = cfg.late && firstWait ? lateAbilitiesOf(cfg, view(s).activePlayer!).find((a) => !seen(s, a.id)) : undefined;
      return late ? [{ type: 'trigger.report', ability: late }] : orderMenu(cfg, s);
    },
    stopAtTurn: cfg.window === 'upkeep' ? 3 : 2,
    label: (states) => (orderDone(cfg, last(states)) ? (() => {
      const pattern = orderPattern(cfg, last(states));
      return pattern === null ? null : `${cfg.name}: ${pattern}`;
    })() : null),
  })),
  expected: ORDER_CONFIGS.flatMap((cfg) => expectedPatterns(cfg).map((pattern) => `${cfg.name}: ${pattern}`)),
  check: (p) => {
    const cfg = ORDER_CONFIGS.find((c) => p.label.startsWith(`${c.name}: `))!;
    const abilities = abilitiesOf(cfg);
    const controllerOf = new Map(abilities.map((a) => [a.id, a.controller]));
    const puts = p.history.filter((r): r is Extract<HistoryRecord, { type: 'putOnStack' }> => r.type === 'putOnStack' && controllerOf.has(r.id));
    expectRule(puts.length === abilities.length, '117.5', `${puts.length} of ${abilities.length} abilities went on the stack`);
    const first = puts[0];
    const where = {
      upkeep: first.turn === 2 && first.step === 'upkeep',
      cleanup: first.turn === 1 && first.step === 'cleanup',
      timeStop: first.turn === 1 && first.step === 'cleanup' && p.history.some((r) => r.type === 'turnEndedByEffect'),
      mandate: first.turn === 1 && first.phase === 'postcombatMain' && p.history.some((r) => r.type === 'combatEndedByEffect'),
    }[cfg.window];
    expectRule(where, cfg.window === 'timeStop' ? '723.1f' : cfg.window === 'mandate' ? '723.2f' : '117.5',
      `the abilities went on the stack in turn ${first.turn}, ${first.step ?? first.phase}`);
    // APNAP across players, each player's abilities together
    const active = turnPlayer(p.history, first.turn)!;
    const apnap = playersFrom(cfg.input.players, active).filter((player) => cfg.counts[player] > 0);
    const blocks = puts.map((r) => controllerOf.get(r.id)!).filter((player, i, list) => i === 0 || list[i - 1] !== player);
    expectRule(sameOrder(blocks, apnap), '603.3b/101.4', `the players put theirs on the stack in the order ${blocks.join(', ')}; APNAP is ${apnap.join(', ')}`);
    // each player's in the order they gave (asked: exactly those with two or more), or as they triggered
    const orders = eventsOfType(p.events, 'triggers.order').filter((e) => e.order.every((id) => controllerOf.has(id)));
    expectRule(sameOrder(orders.map((e) => e.player ?? e.team!), askedPlayers(cfg).filter((x) => apnap.includes(x)).sort((a, b) => apnap.indexOf(a) - apnap.indexOf(b))),
      '603.3b', `asked ${orders.map((e) => e.player ?? e.team).join(', ') || 'nobody'} for an order; players with two or more: ${askedPlayers(cfg).join(', ') || 'none asked'}`);
    for (const player of apnap) {
      const put = puts.filter((r) => controllerOf.get(r.id) === player).map((r) => r.id);
      const given = orders.find((e) => e.player === player)?.order ?? abilities.filter((a) => a.controller === player).map((a) => a.id);
      expectRule(sameOrder(put, given), '603.3b', `${player}'s abilities went on the stack as ${put.join(', ')}; expected ${given.join(', ')}`);
    }
    // nobody holds priority while the game waits: no priority from the check before the first to the last of them
    const from = p.history.lastIndexOf(first);
    const to = p.history.lastIndexOf(last(puts));
    const check = p.history.slice(0, from).map((r) => r.type).lastIndexOf('stateBasedActions');
    expectRule(!p.history.slice(check, to).some((r) => r.type === 'priority'), '603.3b/117', 'a player received priority while abilities of the pass waited to be ordered');
    if (cfg.late) {
      // 603.3b: what triggered during the wait goes in the next pass, after a new check; the asked player orders their two again
      const latePuts = p.history.map((r, i) => [r, i] as const).filter(([r]) => r.type === 'putOnStack' && r.id.includes('late'));
      expectRule(latePuts.length === 3 && latePuts[0][1] > to && p.history.slice(to, latePuts[0][1]).some((r) => r.type === 'stateBasedActions'), '603.3b',
        'the abilities that triggered during the wait did not go on the stack in the next pass');
      const lateOrders = eventsOfType(p.events, 'triggers.order').filter((e) => e.order.some((id) => id.includes('late')));
      expectRule(lateOrders.length === 1 && lateOrders[0].order.length === 2, '603.3b', `the late abilities were ordered by ${JSON.stringify(lateOrders)}`);
    }
  },
};

// ---- 603.7 ----------------------------------------------------------------------------

/** Final Fortune: "Take an extra turn after this one. At the beginning of that turn's end step, you lose the game." */
const finalFortune = (id: string, player = 'A', before: ResolutionEffect[] = [], after: ResolutionEffect[] = []): Omit<StackObjectSpec, 'controller'> => ({
  id,
  effects: [...before, { extraTurn: { player } }, { at: { id: `${id}Loss`, controller: player, when: 'end', once: true, thatTurn: true } }, ...after],
});
const timeWalk = { id: 'timeWalk', effects: [{ extraTurn: { player: 'A' } }] };
interface FortuneCast { turn: number; where: string; spell: Omit<StackObjectSpec, 'controller'> }
interface FortuneScenario {
  name: string;
  casts: FortuneCast[];
  /** The turn in whose end step each delayed trigger must trigger (null: never). */
  losses: Record<string, number | null>;
  /** The active players of turns 1–4. */
  turns: string[];
}
const fortunes: FortuneScenario[] = [
  { name: 'the extra turn taken normally', casts: [{ turn: 1, where: 'upkeep', spell: finalFortune('ff') }], losses: { ffLoss: 2 }, turns: ['A', 'A', 'B', 'A'] },
  {
    name: 'cast in the end step that adds another end step this turn',
    casts: [{ turn: 1, where: 'end', spell: finalFortune('ff', 'A', [], [{ addStep: { step: 'end' } }]) }],
    losses: { ffLoss: 2 }, turns: ['A', 'A', 'B', 'A'],
  },
  {
    name: 'the extra turn skipped (500.11)',
    casts: [{ turn: 1, where: 'upkeep', spell: finalFortune('ff') }, { turn: 1, where: 'upkeep', spell: { id: 'skipTurn', effects: [{ skip: { player: 'A', turn: true } }] } }],
    losses: { ffLoss: null }, turns: ['A', 'B', 'A', 'B'],
  },
  {
    name: 'the extra turn\'s end step skipped (500.11)',
    casts: [{ turn: 1, where: 'end', spell: finalFortune('ff') }, { turn: 1, where: 'end', spell: { id: 'skipEnd', effects: [{ skip: { player: 'A', step: 'end' } }] } }],
    losses: { ffLoss: null }, turns: ['A', 'A', 'B', 'A'],
  },
  {
    name: 'Time Stop in the extra turn before its end step (723.1e)',
    casts: [{ turn: 1, where: 'upkeep', spell: finalFortune('ff') }, { turn: 2, where: 'precombatMain', spell: { id: 'timeStop', effects: [{ endTurn: {} }] } }],
    losses: { ffLoss: null }, turns: ['A', 'A', 'B', 'A'],
  },
  {
    name: 'another player\'s extra turn created after it in the same list comes first',
    casts: [{ turn: 1, where: 'upkeep', spell: finalFortune('ff', 'A', [], [{ extraTurn: { player: 'B' } }]) }],
    losses: { ffLoss: 3 }, turns: ['A', 'B', 'A', 'B'],
  },
  {
    name: 'two extra turns in the list before it: the last one (taken first)',
    casts: [{ turn: 1, where: 'upkeep', spell: finalFortune('ff', 'A', [{ extraTurn: { player: 'A' } }]) }],
    losses: { ffLoss: 2 }, turns: ['A', 'A', 'A', 'B'],
  },
  {
    name: 'an earlier Time Walk: Final Fortune\'s turn is taken first',
    casts: [{ turn: 1, where: 'upkeep', spell: timeWalk }, { turn: 1, where: 'upkeep', spell: finalFortune('ff') }],
    losses: { ffLoss: 2 }, turns: ['A', 'A', 'A', 'B'],
  },
  {
    name: 'a later Time Walk: its turn is taken first, Final Fortune\'s after it',
    casts: [{ turn: 1, where: 'upkeep', spell: finalFortune('ff') }, { turn: 1, where: 'upkeep', spell: timeWalk }],
    losses: { ffLoss: 3 }, turns: ['A', 'A', 'A', 'B'],
  },
  {
    name: 'a second Final Fortune in the same turn',
    casts: [{ turn: 1, where: 'upkeep', spell: finalFortune('ff1') }, { turn: 1, where: 'upkeep', spell: finalFortune('ff2') }],
    losses: { ff1Loss: 3, ff2Loss: 2 }, turns: ['A', 'A', 'A', 'B'],
  },
  {
    name: 'a second Final Fortune during the extra turn',
    casts: [{ turn: 1, where: 'upkeep', spell: finalFortune('ff1') }, { turn: 2, where: 'upkeep', spell: finalFortune('ff2') }],
    losses: { ff1Loss: 2, ff2Loss: 3 }, turns: ['A', 'A', 'A', 'B'],
  },
  {
    name: 'B\'s Final Fortune in A\'s turn',
    casts: [{ turn: 1, where: 'upkeep', spell: { ...finalFortune('ff', 'B'), id: 'ff' } }],
    losses: { ffLoss: 2 }, turns: ['A', 'B', 'B', 'A'],
  },
];

const thatTurn: Family = {
  name: '603.7 delayed triggers bound to a turn (thatTurn)',
  rules: ['603.7', '500.7', '500.11', '723.1e'],
  explorations: fortunes.map((f): Exploration => ({
    input: AB,
    // Each cast in order, at the first priority of its step (stack empty), once the one before it resolved.
    menu: (s) => {
      const next = f.casts.find((c) => !seen(s, c.spell.id));
      if (next && s.context.turn === next.turn && here(s) === next.where && freshPriority(s)) return [cast(s, next.spell)];
      return all(pass, noAttack)(s);
    },
    stopAtTurn: 5,
    label: (states) => (last(states).context.turn === 5 ? f.name : null),
  })),
  expected: fortunes.map((f) => f.name),
  check: (p) => {
    const f = fortunes.find((x) => x.name === p.label)!;
    const turns = [1, 2, 3, 4].map((t) => turnPlayer(p.history, t));
    expectRule(sameOrder(turns as string[], f.turns), '500.7/500.11', `turns ${turns.join(', ')}; expected ${f.turns.join(', ')}`);
    for (const [id, turn] of Object.entries(f.losses)) {
      const triggered = p.history.filter((r) => r.type === 'triggered' && r.id === id).map((r) => `turn ${r.turn} ${r.step ?? r.phase}`);
      const expected = turn === null ? [] : [`turn ${turn} end`];
      expectRule(sameOrder(triggered, expected), '603.7', `${id} triggered in [${triggered.join('; ')}]; expected [${expected.join('; ')}]`);
    }
    // 603.7: gone when its turn is over (or never came)
    const left = p.final.context.triggers.filter((t) => t.id in f.losses).map((t) => t.id);
    expectRule(left.length === 0, '603.7', `${left.join(', ')} still registered after the turn it belongs to`);
  },
};

// ---- 500.4, 500.5, 611.2, 603.7: durations and delayed triggers bound to a turn or a phase ----------

/** What disturbs A's next turn: nothing, 723.1 or 723.2 in it, a skip of it, an extra turn before it. */
type Disruption = 'nothing' | 'Time Stop' | 'Mandate of Peace' | 'a skipped turn' | 'an extra turn';
const DISRUPTIONS: Disruption[] = ['nothing', 'Time Stop', 'Mandate of Peace', 'a skipped turn', 'an extra turn'];
/** Where an effect ends: as A's k-th turn begins, as a step of it begins, as its combat phase ends, as it ends. */
type EndsAt = { k: number; at: 'turnBegan' | 'end' | 'combatEnded' | 'turnEnded' };
interface Subject {
  name: string;
  rules: string[];
  /** The spell that creates the effect or registers the AT: in turn 1's end step, or (`inTurn`) in A's next turn. */
  creator: ResolutionEffect[];
  inTurn?: 'upkeep' | 'precombatMain';
  /** Final Fortune: the extra turn is the one the AT belongs to (what "A's next turn" is). */
  extraTurn?: boolean;
  effect?: string;
  at?: string;
  /** Per disruption: where the effect ends, or in which of A's turns after turn 1 (k) the AT triggers. */
  expect: Record<Disruption, EndsAt | number[]>;
}
const DURATION_SUBJECTS: Subject[] = [
  {
    name: 'until your next end step', rules: ['500.4'], effect: 'untilNextEnd',
    creator: [{ createEffect: { id: 'untilNextEnd', until: { beginningOf: 'end', whoseTurn: 'A' } } }],
    expect: { 'nothing': { k: 1, at: 'end' }, 'Time Stop': { k: 2, at: 'end' }, 'Mandate of Peace': { k: 1, at: 'end' }, 'a skipped turn': { k: 1, at: 'end' }, 'an extra turn': { k: 1, at: 'end' } },
  },
  {
    name: 'until your next turn', rules: ['611.2', '500.4'], effect: 'untilNextTurn',
    creator: [{ createEffect: { id: 'untilNextTurn', until: { nextTurnOf: 'A' } } }],
    expect: Object.fromEntries(DISRUPTIONS.map((d) => [d, { k: 1, at: 'turnBegan' }])) as Record<Disruption, EndsAt>,
  },
  {
    name: 'until end of combat on your next turn', rules: ['611.2', '500.5', '511.3'], effect: 'untilNextCombat',
    creator: [{ createEffect: { id: 'untilNextCombat', until: { endOfCombatOnNextTurnOf: 'A' } } }],
    expect: {
      'nothing': { k: 1, at: 'combatEnded' }, 'Time Stop': { k: 1, at: 'turnEnded' }, 'Mandate of Peace': { k: 1, at: 'combatEnded' },
      'a skipped turn': { k: 1, at: 'combatEnded' }, 'an extra turn': { k: 1, at: 'combatEnded' },
    },
  },
  {
    name: 'at the beginning of the end step on your next turn (nextTurnOf)', rules: ['603.7'], at: 'nextEnd',
    creator: [{ at: { id: 'nextEnd', controller: 'A', when: 'end', nextTurnOf: 'A' } }],
    expect: { 'nothing': [1], 'Time Stop': [], 'Mandate of Peace': [1], 'a skipped turn': [1], 'an extra turn': [1] },
  },
  {
    name: 'at end of combat on your next turn (nextTurnOf)', rules: ['603.7', '723.2e'], at: 'nextEndOfCombat',
    creator: [{ at: { id: 'nextEndOfCombat', controller: 'A', when: 'endOfCombat', nextTurnOf: 'A' } }],
    expect: { 'nothing': [1], 'Time Stop': [], 'Mandate of Peace': [], 'a skipped turn': [1], 'an extra turn': [1] },
  },
  {
    name: 'at end of each combat this turn (thisTurn)', rules: ['603.7', '723.2e'], at: 'thisTurnEndOfCombat', inTurn: 'upkeep',
    creator: [{ at: { id: 'thisTurnEndOfCombat', controller: 'A', when: 'endOfCombat', thisTurn: true } }],
    expect: { 'nothing': [1], 'Time Stop': [], 'Mandate of Peace': [], 'a skipped turn': [1], 'an extra turn': [1] },
  },
  {
    name: 'an additional combat, at end of that combat (thatPhase)', rules: ['603.7', '500.8', '723.2e'], at: 'thatCombat', inTurn: 'precombatMain',
    creator: [{ addPhases: { phases: ['combat', 'postcombatMain'] } }, { at: { id: 'thatCombat', controller: 'A', when: 'endOfCombat', thatPhase: true } }],
    expect: { 'nothing': [1], 'Time Stop': [], 'Mandate of Peace': [], 'a skipped turn': [1], 'an extra turn': [1] },
  },
  {
    name: 'an extra turn, at the beginning of that turn\'s end step (thatTurn)', rules: ['603.7', '500.7', '500.11'], at: 'fortuneLoss', extraTurn: true,
    creator: [{ extraTurn: { player: 'A' } }, { at: { id: 'fortuneLoss', controller: 'A', when: 'end', once: true, thatTurn: true } }],
    expect: { 'nothing': [1], 'Time Stop': [], 'Mandate of Peace': [1], 'a skipped turn': [], 'an extra turn': [2] },
  },
];

interface DurationCase { name: string; subject: Subject; disruption: Disruption; n: number; input: GameInput; aTurns: number[] }

/** A's turns after turn 1 (an oracle of its own: extra turns first, the most recent first; a skipped turn never happens). */
function turnsOfA(n: number, subject: Subject, disruption: Disruption): number[] {
  const order = players(n);
  const extras: string[] = [];
  if (subject.extraTurn) extras.push('A');
  if (disruption === 'an extra turn') extras.push('A');
  let skips = disruption === 'a skipped turn' ? 1 : 0;
  let regular = 1;
  const result: number[] = [];
  for (let turn = 2; result.length < 3; ) {
    const next = extras.pop() ?? order[regular++ % n];
    if (next === 'A' && skips > 0) { skips -= 1; continue; }
    if (next === 'A') result.push(turn);
    turn += 1;
  }
  return result;
}

const DURATION_CASES: DurationCase[] = DURATION_SUBJECTS.flatMap((subject, i) => DISRUPTIONS.map((disruption, j): DurationCase => {
  const n = 2 + ((i + j) % 3);
  return { name: `${subject.name} × ${disruption} (${n} players)`, subject, disruption, n, input: { players: players(n), options: { skipFirstDraw: false } }, aTurns: turnsOfA(n, subject, disruption) };
}));

/** The last of A's turns a case looks at (k): its path ends as the turn after it begins. */
const lastK = (c: DurationCase) => {
  const expected = c.subject.expect[c.disruption];
  return Math.max(1, ...(Array.isArray(expected) ? expected : [expected.k]));
};

function durationMenu(c: DurationCase): Menu {
  const creatorId = 'creator';
  const inTurnOne = (s: TurnSnapshot, where: string) => s.context.turn === 1 && here(s) === where && freshPriority(s);
  const inNextTurn = (s: TurnSnapshot, where: string) => s.context.turn === c.aTurns[0] && here(s) === where && freshPriority(s);
  return (s) => {
    // Turn 1's end step: the creator (unless it comes in A's next turn), then the skip or the extra turn.
    if (inTurnOne(s, 'end')) {
      if (!c.subject.inTurn && !seen(s, creatorId)) return [cast(s, { id: creatorId, effects: c.subject.creator })];
      if (c.disruption === 'a skipped turn' && !seen(s, 'skipNextTurn')) return [cast(s, { id: 'skipNextTurn', effects: [{ skip: { player: 'A', turn: true } }] })];
      if (c.disruption === 'an extra turn' && !seen(s, 'timeWalk')) return [cast(s, { id: 'timeWalk', effects: [{ extraTurn: { player: 'A' } }] })];
    }
    if (c.subject.inTurn && inNextTurn(s, c.subject.inTurn) && !seen(s, creatorId)) return [cast(s, { id: creatorId, effects: c.subject.creator })];
    const created = seen(s, creatorId) && s.context.stack.length === 0;
    if (created && c.disruption === 'Time Stop' && inNextTurn(s, 'precombatMain') && !seen(s, 'timeStop')) return [cast(s, { id: 'timeStop', effects: [{ endTurn: {} }] })];
    if (created && c.disruption === 'Mandate of Peace' && inNextTurn(s, 'beginningOfCombat') && !seen(s, 'mandate')) return [cast(s, { id: 'mandate', effects: [{ endCombat: {} }] })];
    return all(pass, noAttack)(s);
  };
}

const durations: Family = {
  name: 'durations and delayed triggers bound to a turn or a phase',
  rules: ['500.4', '500.5', '611.2', '603.7', '500.7', '500.11', '723.1', '723.2'],
  explorations: DURATION_CASES.map((c): Exploration => ({
    input: c.input,
    menu: durationMenu(c),
    stopAtTurn: c.aTurns[lastK(c) - 1] + 1,
    label: (states) => (startOfTurn(last(states), c.aTurns[lastK(c) - 1] + 1) ? c.name : null),
  })),
  expected: DURATION_CASES.map((c) => c.name),
  check: (p) => {
    const c = DURATION_CASES.find((x) => x.name === p.label)!;
    const expected = c.subject.expect[c.disruption];
    const aTurns = [1, 2, 3].map((k) => c.aTurns[k - 1]);
    expectRule(aTurns.slice(0, lastK(c)).every((t) => turnPlayer(p.history, t) === 'A'), '500.7/500.11', `A's turns should be ${aTurns.join(', ')}`);
    const procedure = { 'Time Stop': 'turnEndedByEffect', 'Mandate of Peace': 'combatEndedByEffect' }[c.disruption as string];
    if (procedure) expectRule(ofTurn(p.history, aTurns[0]).some((r) => r.type === procedure), '723', `${c.disruption} did not happen in turn ${aTurns[0]}`);
    if (c.subject.effect && !Array.isArray(expected)) {
      const ended = p.history.filter((r) => r.type === 'effectEnded' && r.id === c.subject.effect);
      const rule = c.subject.rules[0];
      expectRule(ended.length === 1, rule, `${c.subject.effect} ended ${ended.length} times`);
      const r = ended[0];
      const turn = aTurns[expected.k - 1];
      const where = { turnBegan: r.phase === null, end: r.step === 'end', combatEnded: r.phase === 'combat', turnEnded: r.step === 'cleanup' }[expected.at];
      expectRule(r.turn === turn && where, rule, `${c.subject.effect} ended in turn ${r.turn} (${r.phase}, ${r.step}); expected turn ${turn}, ${expected.at}`);
      if (expected.at === 'turnBegan') expectRule(p.history[p.history.indexOf(r) - 1].type === 'turnBegan', '611.2', 'it did not end right as the turn began, before its untap step');
    }
    if (c.subject.at && Array.isArray(expected)) {
      const id = c.subject.at;
      const triggered = p.history.filter((r) => r.type === 'triggered' && (r.id === id || r.id.startsWith(`${id}@`)));
      const where = c.subject.creator.flatMap((e) => ('at' in e ? [e.at.when] : []))[0];
      const turns = expected.map((k) => aTurns[k - 1]);
      expectRule(sameOrder(triggered.map((r) => `${r.turn} ${r.step ?? r.phase}`), turns.map((t) => `${t} ${where}`)), '603.7',
        `${id} triggered in [${triggered.map((r) => `turn ${r.turn} ${r.step ?? r.phase}`).join('; ')}]; expected [${turns.map((t) => `turn ${t} ${where}`).join('; ')}]`);
      expectRule(!p.final.context.triggers.some((t) => t.id === id), '603.7', `${id} is still registered after the turn it belongs to`);
    }
  },
};

// ---- 805, 810: team games ------------------------------------------------------------------

interface TeamConfig { name: string; teams: string[][]; variant: boolean }
const TEAM_CONFIGS: TeamConfig[] = [
  { name: 'Two-Headed Giant', teams: [['A', 'B'], ['C', 'D']], variant: true },
  { name: 'two teams', teams: [['A', 'B'], ['C', 'D']], variant: false },
  { name: 'three teams', teams: [['A', 'B'], ['C'], ['D', 'E']], variant: false },
  { name: 'a team of one', teams: [['A'], ['B', 'C']], variant: false },
];
/** Which player acts for a team: its primary player, its last player (the secondary one in a team of two), or the team's id. */
type TeamHand = 'primary' | 'secondary' | 'team';
const TEAM_HANDS: TeamHand[] = ['secondary', 'team', 'primary'];
type TeamTarget = 'priority' | 'declarations' | 'turns' | 'timeStop' | 'mandate' | 'cleanup' | 'order' | 'perActivePlayer' | 'bindings';
const TEAM_TARGETS: Record<TeamTarget, string> = {
  priority: 'a spell cast by a teammate resolves after one pass per team (805.5)',
  declarations: 'one combined attack and one combined block per defending team (805.10)',
  turns: 'a teammate\'s extra turn is the team\'s; one skip naming a whole team skips one turn (805.8)',
  timeStop: 'Time Stop in a team turn: both active players discard, triggers team by team (723.1, 805.7)',
  mandate: 'Mandate of Peace in team combat (723.2, 805.10)',
  cleanup: 'a 514.3a cleanup with both teammates\' triggers, in the order they triggered (805.7)',
  order: 'triggerOrder "choose": the team orders its players\' triggers together (805.7)',
  perActivePlayer: 'a draw step ability for each player of the active team triggers once per player (805.4d)',
  bindings: 'a secondary player\'s "until your next turn" and an opposing player\'s "on your next turn" are their teams\' (611.2, 603.7)',
};
interface TeamCase { name: string; config: TeamConfig; target: TeamTarget; hand: TeamHand; input: GameInput }
const teamIds = (config: TeamConfig) => config.teams.map((t) => t.join('+'));

const TEAM_CASES: TeamCase[] = TEAM_CONFIGS.flatMap((config, i) => (Object.keys(TEAM_TARGETS) as TeamTarget[]).map((target, j): TeamCase => {
  const active = config.teams[0];
  const hands = ['timeStop', 'cleanup', 'order'].includes(target) ? Object.fromEntries(active.map((p) => [p, 9])) : {};
  return {
    name: `${config.name}: ${TEAM_TARGETS[target]}`,
    config,
    target,
    hand: TEAM_HANDS[(i + j) % TEAM_HANDS.length],
    input: {
      players: config.teams.flat(),
      teams: config.teams,
      options: { ...(config.variant ? { variant: 'twoHeadedGiant' } : { sharedTeamTurns: true }), hands, ...(target === 'order' && { triggerOrder: 'choose' }) },
    },
  };
}));

/** Who acts for `side` (a team's id) the way the case says. */
const teamActor = (s: TurnSnapshot, side: string, hand: TeamHand): { player: string } | { team: string } => {
  const own = playersOfSide(s, side);
  return hand === 'team' ? { team: side } : { player: hand === 'primary' ? own[0] : last(own) };
};
/** The side holding priority passes, named the way the case says (805.5b). */
const teamPass = (hand: TeamHand): Menu => (s) => {
  const side = holder(s);
  if (side === null) return [];
  const actor = teamActor(s, side, hand);
  return [{ type: 'priority.pass', player: 'team' in actor ? actor.team : actor.player }];
};
/** One creature for each player of `side`, controlled by that player (805.10b/d). */
const creaturesOf = (s: TurnSnapshot, side: string, kind: string) => playersOfSide(s, side).map((p) => ({ id: `${kind}${p}`, controller: p }));
/** The active team attacks with a creature of each of its players; each defending team blocks with one of each of its players. */
const teamCombat = (hand: TeamHand, attack: boolean): Menu => (s) => {
  const w = waitingFor(s);
  const side = view(s).awaiting?.side;
  if (side === undefined) return [];
  if (w === 'declareAttackers') return [{ type: 'combat.declareAttackers', ...teamActor(s, side, hand), attackers: attack ? creaturesOf(s, side, 'bear') : [] }];
  if (w === 'declareBlockers') {
    const attackers = s.context.attackers.map((a) => a.id);
    return [{ type: 'combat.declareBlockers', ...teamActor(s, side, hand), blockers: creaturesOf(s, side, 'wall').map((b, i) => ({ ...b, blocking: attackers[i % attackers.length] })) }];
  }
  return [];
};
/** The team's `hand` player (a player of the side holding priority) casts. */
const teamCast = (s: TurnSnapshot, hand: TeamHand, object: Omit<StackObjectSpec, 'controller'>): TurnEvent => {
  const own = playersOfSide(s, holder(s)!);
  return { type: 'spell.cast', object: { controller: hand === 'primary' ? own[0] : last(own), type: 'instant', ...object } };
};

/** The sides of the turns after turn 1 when the active team takes an extra turn and the next team skips one (805.8). */
function teamTurnsAfterExtraAndSkip(config: TeamConfig, count: number): string[] {
  const sides = teamIds(config);
  const extras = [sides[0]];
  let skip: string | null = sides[1];
  let regular = 1;
  const result: string[] = [];
  while (result.length < count) {
    const next = extras.pop() ?? sides[regular++ % sides.length];
    if (next === skip) { skip = null; continue; }
    result.push(next);
  }
  return result;
}

function teamMenu(c: TeamCase): Menu {
  const progress = all(teamPass(c.hand), teamCombat(c.hand, c.target === 'declarations' || c.target === 'mandate'));
  const [active, next] = c.config.teams;
  const other = last(c.config.teams.slice(1));
  return (s) => {
    const fresh = (where: string, turn = 1) => s.context.turn === turn && here(s) === where && freshPriority(s);
    switch (c.target) {
      case 'priority':
        if (fresh('upkeep') && !seen(s, 'shock')) return [teamCast(s, c.hand, { id: 'shock' })];
        break;
      case 'turns':
        if (fresh('upkeep') && !seen(s, 'timeWalk')) return [teamCast(s, c.hand, { id: 'timeWalk', effects: [{ extraTurn: { player: last(active) } }] })];
        if (fresh('upkeep') && !seen(s, 'lethalVapors')) return [teamCast(s, c.hand, { id: 'lethalVapors', effects: [{ skip: { players: [...next], turn: true } }] })];
        break;
      case 'timeStop':
        if (fresh('precombatMain') && !seen(s, 'timeStop')) {
          return [teamCast(s, c.hand, { id: 'timeStop', effects: [
            { endTurn: {} }, { trigger: { id: 'otherTeams', controller: other[0] } }, { trigger: { id: 'teammate', controller: last(active) } }, { trigger: { id: 'primary', controller: active[0] } },
          ] })];
        }
        break;
      case 'mandate':
        if (s.context.turn === 1 && here(s) === 'declareBlockers' && freshPriority(s) && !seen(s, 'mandate')) return [teamCast(s, c.hand, { id: 'mandate', effects: [{ endCombat: {} }] })];
        break;
      case 'cleanup':
      case 'order':
        if (atStart(s) && !registered(s, 'atCleanup')) return [register('atCleanup', 'cleanup', last(active), { once: true })];
        if (atStart(s) && s.context.onDiscard.length < active.length) {
          const player = active[s.context.onDiscard.length];
          return [{ type: 'discard.schedule', player, ability: { id: `madness${player}`, controller: player } }];
        }
        if (waitingFor(s) === 'orderTriggers') {
          const ask = view(s).orderTriggers!;
          return [{ type: 'triggers.order', ...teamActor(s, 'team' in ask ? ask.team : ask.player, c.hand), order: [...ask.triggers].reverse() }];
        }
        break;
      case 'perActivePlayer':
        if (atStart(s) && !registered(s, 'howlingMine')) return [register('howlingMine', 'draw', other[0], { perActivePlayer: true })];
        break;
      case 'bindings':
        if (atStart(s) && s.context.effects.length === 0) return [{ type: 'effect.create', effect: { id: 'protection', until: { nextTurnOf: last(active) } } }];
        if (atStart(s) && !registered(s, 'towershell')) return [register('towershell', 'upkeep', active[0], { nextTurnOf: last(next), perActivePlayer: true })];
        break;
      default:
        break;
    }
    return progress(s);
  };
}

const teamStop: Record<TeamTarget, (c: TeamCase) => number> = {
  priority: () => 2, declarations: () => 2, turns: () => 5, timeStop: () => 2, mandate: () => 2, cleanup: () => 2, order: () => 2, perActivePlayer: (c) => c.config.teams.length + 2,
  bindings: (c) => c.config.teams.length + 2,
};
const teamLabel = (c: TeamCase, s: TurnSnapshot): boolean => {
  switch (c.target) {
    case 'priority': return s.context.zones.graveyard.includes('shock') && freshPriority(s) && s.context.turn === 1;
    case 'declarations': return s.context.turn === 1 && here(s) === 'combatDamage' && freshPriority(s);
    case 'mandate': return s.context.turn === 1 && here(s) === 'postcombatMain' && freshPriority(s);
    default: return startOfTurn(s, teamStop[c.target](c));
  }
};

const ofType = <T extends HistoryRecord['type']>(records: readonly HistoryRecord[], type: T) =>
  records.filter((r): r is Extract<HistoryRecord, { type: T }> => r.type === type);

const teams: Family = {
  name: 'team games: shared team turns and Two-Headed Giant',
  rules: ['805.4', '805.5', '805.6', '805.7', '805.8', '805.10', '810.6', '514.3a', '723.1', '723.2'],
  explorations: TEAM_CASES.map((c): Exploration => ({
    input: c.input,
    menu: teamMenu(c),
    stopAtTurn: teamStop[c.target](c),
    label: (states) => (firstTime(states, (s) => teamLabel(c, s)) ? c.name : null),
  })),
  expected: TEAM_CASES.map((c) => c.name),
  check: (p) => {
    const c = TEAM_CASES.find((x) => x.name === p.label)!;
    const sides = teamIds(c.config);
    const [active] = c.config.teams;
    const activeTeam = sides[0];
    const turn1 = ofTurn(p.history, 1);
    // 805.5, 117.6: teams hold priority
    expectRule(ofType(p.history, 'priority').every((r) => r.team !== undefined && r.player === undefined && sides.includes(r.team)), '805.5/117.6', 'a priority record does not name a team');
    // 805.4b, 810.6: each active player draws, except the 2HG starting team's first turn
    const drawIn1 = stepsOf(turn1).includes('draw');
    if (stepsOf(turn1).includes('precombatMain')) expectRule(drawIn1 === !c.config.variant, '810.6/103.8', `turn 1 ${drawIn1 ? 'had' : 'had no'} draw step`);
    switch (c.target) {
      case 'priority': {
        const put = indexOf(p.history, (r) => r.type === 'putOnStack' && r.id === 'shock');
        const resolved = indexOf(p.history, (r) => r.type === 'resolved' && r.id === 'shock');
        const between = p.history.slice(put, resolved);
        const passes = ofType(between, 'passed').map((r) => r.team ?? '');
        expectRule(sameOrder(passes, sides), '805.5b', `passes between the cast and the resolution: ${passes.join(', ')}; one per team in turn order is ${sides.join(', ')}`);
        expectRule(ofType(between, 'priority')[0]?.team === activeTeam, '117.3c/805.5', 'the caster\'s team did not keep priority');
        break;
      }
      case 'declarations': {
        const attacks = ofType(turn1, 'attackersDeclared');
        expectRule(attacks.length === 1 && attacks[0].team === activeTeam && sameOrder(attacks[0].attackers, active.map((pl) => `bear${pl}`)), '805.10b',
          `attackersDeclared: ${JSON.stringify(attacks)}`);
        const blocks = ofType(turn1, 'blockersDeclared');
        expectRule(sameOrder(blocks.map((r) => r.team), sides.slice(1)), '805.10d', `blocks declared by ${blocks.map((r) => r.team).join(', ')}; each defending team in turn order: ${sides.slice(1).join(', ')}`);
        const hand = c.hand === 'team' ? (team: string) => c.config.teams[sides.indexOf(team)][0] : c.hand === 'primary'
          ? (team: string) => c.config.teams[sides.indexOf(team)][0] : (team: string) => last(c.config.teams[sides.indexOf(team)]);
        expectRule([...attacks, ...blocks].every((r) => r.player === hand(r.team)), '805.10', `the declaring players recorded: ${[...attacks, ...blocks].map((r) => r.player).join(', ')}`);
        const inCombat = [...p.final.context.attackers, ...p.final.context.blockers].map((x) => `${x.id}@${x.controller}`);
        expectRule(inCombat.length === c.config.teams.flat().length, '805.10', `in combat: ${inCombat.join(', ')}`);
        break;
      }
      case 'turns': {
        const turns = [2, 3, 4].map((t) => ofType(p.history, 'turnBegan').find((r) => r.turn === t)?.team);
        const expected = teamTurnsAfterExtraAndSkip(c.config, 3);
        expectRule(sameOrder(turns as string[], expected), '805.8', `turns 2–4 were ${turns.join(', ')}; expected ${expected.join(', ')}`);
        break;
      }
      case 'timeStop': {
        expectRule(sameOrder(ofType(turn1, 'discarded').map((r) => r.player), active), '514.1/805.9', `discards: ${ofType(turn1, 'discarded').map((r) => r.player).join(', ')}`);
        const puts = ofType(turn1, 'putOnStack').map((r) => r.id).filter((id) => id !== 'timeStop');
        expectRule(sameOrder(puts, ['teammate', 'primary', 'otherTeams']), '805.7/723.1f', `after Time Stop: ${puts.join(', ')} went on the stack; the active team's first, in the order they triggered`);
        const cleanupPriority = ofType(turn1, 'priority').find((r) => r.step === 'cleanup');
        expectRule(cleanupPriority?.team === activeTeam, '723.1f/805.5b', `${cleanupPriority?.team} received priority in cleanup`);
        break;
      }
      case 'mandate': {
        const removed = ofType(turn1, 'removedFromCombat').map((r) => r.id);
        expectRule(removed.length === c.config.teams.flat().length, '723.2d/805.10', `removed from combat: ${removed.join(', ')}`);
        const first = ofType(p.history.slice(indexOf(p.history, (r) => r.type === 'combatEndedByEffect')), 'priority')[0];
        expectRule(first?.phase === 'postcombatMain' && first.team === activeTeam, '723.2f/805.5b', `first priority after Mandate: ${JSON.stringify(first)}`);
        break;
      }
      case 'cleanup':
      case 'order': {
        const cleanups = turn1.filter((r) => r.type === 'stepBegan' && r.step === 'cleanup').length;
        expectRule(cleanups === 2, '514.3a', `${cleanups} cleanup steps`);
        const mine = ['atCleanup', ...active.map((pl) => `madness${pl}`)];
        const triggered = ofType(turn1, 'triggered').map((r) => r.id).filter((id) => mine.includes(id));
        const puts = ofType(turn1, 'putOnStack').map((r) => r.id).filter((id) => mine.includes(id));
        const expected = c.target === 'order' ? [...triggered].reverse() : triggered;
        expectRule(triggered.length === mine.length && sameOrder(puts, expected), '805.7',
          `triggered ${triggered.join(', ')}; put on the stack ${puts.join(', ')}; expected ${expected.join(', ')}`);
        const orders = eventsOfType(p.events, 'triggers.order');
        expectRule(orders.length === (c.target === 'order' ? 1 : 0), '805.7', `${orders.length} orders given; the team is asked once for all its players' abilities`);
        break;
      }
      case 'bindings': {
        const ended = ofType(p.history, 'effectEnded').filter((r) => r.id === 'protection');
        const activeAgain = c.config.teams.length + 1;
        expectRule(ended.length === 1 && ended[0].turn === activeAgain && ended[0].phase === null, '611.2/805.4',
          `${last(active)}'s "until your next turn" ended in ${JSON.stringify(ended)}; expected as turn ${activeAgain} (${activeTeam}'s) began`);
        const triggered = ofType(p.history, 'triggered').filter((r) => r.id.startsWith('towershell@')).map((r) => `${r.id} ${r.step}`);
        const expected = c.config.teams[1].map((_, i) => `towershell@2${i === 0 ? '' : `.${i + 1}`} upkeep`);
        expectRule(sameOrder(triggered, expected), '603.7/805.4d', `triggered: ${triggered.join(', ')}; expected ${expected.join(', ')} (the next team's next turn)`);
        break;
      }
      case 'perActivePlayer': {
        const draws = ofType(p.history, 'stepBegan').filter((r) => r.step === 'draw');
        for (const draw of draws) {
          const players = c.config.teams[sides.indexOf(ofType(p.history, 'turnBegan').find((r) => r.turn === draw.turn)!.team!)];
          const times = ofType(ofTurn(p.history, draw.turn), 'triggered').filter((r) => r.id.startsWith('howlingMine@')).map((r) => r.id);
          const ids = players.map((_, i) => `howlingMine@${draw.turn}${i === 0 ? '' : `.${i + 1}`}`);
          expectRule(sameOrder(times, ids), '805.4d', `turn ${draw.turn}: ${times.join(', ')}; expected ${ids.join(', ')}`);
        }
        break;
      }
    }
  },
};

// ---- 800.4 leaving the game -----------------------------------------------------------

/** One way a player leaves: the game, the events sent in a state (null: pass, declare nothing), the target, the rule assertions. */
interface LeaveCase {
  name: string;
  input: GameInput;
  script: (s: TurnSnapshot) => TurnEvent[] | null;
  done: (s: TurnSnapshot) => boolean;
  stopAtTurn: number;
  check: (p: ExecutedPath) => void;
}

const LEAVE_P2: GameInput = { players: ['A', 'B'] };
const LEAVE_P3: GameInput = { players: ['A', 'B', 'C'] };
const LEAVE_P4: GameInput = { players: ['A', 'B', 'C', 'D'] };
const LEAVE_2HG: GameInput = { players: ['A', 'B', 'C', 'D'], teams: [['A', 'B'], ['C', 'D']], options: { variant: 'twoHeadedGiant' } };
const concedes = (player: string): TurnEvent => ({ type: 'player.concede', player });
const nobodyLeft = (s: TurnSnapshot) => s.context.left.length === 0;
const mainOfTurn1 = (s: TurnSnapshot) => s.context.turn === 1 && s.context.phase === 'precombatMain' && holder(s) !== null;
const onStack = (s: TurnSnapshot, id: string) => s.context.stack.some((o) => o.id === id);
const recordsOf = <T extends HistoryRecord['type']>(records: readonly HistoryRecord[], type: T) =>
  records.filter((r): r is Extract<HistoryRecord, { type: T }> => r.type === type);
const leftPlayers = (p: ExecutedPath) => recordsOf(p.history, 'playerLeft').map((r) => r.player);
/** The game over (104.2a) or going on: the view and the history agree, and who is left is who won. */
function checkEnd(p: ExecutedPath, over: boolean): void {
  const v = view(p.final);
  const ended = recordsOf(p.history, 'gameEnded');
  expectRule(v.gameOver === over && ended.length === (over ? 1 : 0), '104.2a', `gameOver ${v.gameOver}, ${ended.length} gameEnded records; expected ${over ? 'over' : 'going on'}`);
  if (over) {
    expectRule(JSON.stringify(ended[0].winners) === JSON.stringify(v.inGame) && v.priority === null && v.waitingFor === null, '104.2a',
      `winners ${ended[0].winners.join(', ')}, still in ${v.inGame.join(', ')}, priority ${v.priority}, waiting for ${v.waitingFor}`);
    expectRule(p.refusals.at(-1) === null || p.refusals.at(-1)!.rule.startsWith('104.2'), '104.2a', 'an event after the end was refused for another reason');
  }
}

/** 800.4a: the spell and the ability of the player who left while holding priority (108.3: the spell is theirs). */
const holdingCase = (name: string, input: GameInput, leaver: string, over: boolean): LeaveCase => ({
  name: `holding priority, ${name}`,
  input,
  stopAtTurn: 2,
  script: (s) => {
    if (!mainOfTurn1(s) || !nobodyLeft(s)) return null;
    if (s.context.stack.length === 0 && holder(s) === s.context.activeSide && !seen(s, 'bolt')) return [cast(s, { id: 'bolt' })];
    if (holder(s) !== s.context.activeSide && onStack(s, 'bolt') && !seen(s, 'shock')) return [{ type: 'spell.cast', object: { id: 'shock', controller: leaver, owner: leaver } }];
    if (onStack(s, 'shock') && !seen(s, 'ping')) return [{ type: 'ability.activate', object: { id: 'ping', controller: leaver } }];
    if (onStack(s, 'ping')) return [concedes(leaver)];
    return null;
  },
  done: (s) => !nobodyLeft(s),
  check: (p) => {
    const c = p.final.context;
    expectRule(c.zones.leftGame.includes('shock') && c.zones.ceasedToExist.includes('ping') && c.stack.map((o) => o.id).join() === (over ? 'bolt' : 'bolt'), '800.4a',
      `after ${leaver} left: leftGame ${c.zones.leftGame.join(', ')}, ceased ${c.zones.ceasedToExist.join(', ')}, stack ${c.stack.map((o) => o.id).join(', ')}`);
    checkEnd(p, over);
    if (!over) {
      const next = c.sides[(c.sides.indexOf(leaver) + 1) % c.sides.length];
      expectRule(holder(p.final) === next, '800.4a', `${holder(p.final)} holds priority; the next player in turn order still in the game is ${next}`);
    }
  },
});

/** `owner`'s two abilities trigger in turn 1's upkeep (ids b1, b2 for B, a1, a2 for A); `leaver` concedes while the game waits for an order. */
const twoTriggersThenConcession = (owner: string, leaver: string) => (s: TurnSnapshot): TurnEvent[] | null => {
  for (const id of [`${owner.toLowerCase()}1`, `${owner.toLowerCase()}2`]) {
    if (atStart(s) && !seen(s, id)) return [{ type: 'trigger.report', ability: { id, controller: owner } }];
  }
  return waitingFor(s) === 'orderTriggers' && nobodyLeft(s) ? [concedes(leaver)] : null;
};

const REFUSED_CONCESSION = 'a concession after the game ended is refused';

const LEAVE_CASES: LeaveCase[] = [
  holdingCase('two players', LEAVE_P2, 'B', true),
  holdingCase('three players', LEAVE_P3, 'B', false),
  holdingCase('Two-Headed Giant (810.8b: the team leaves)', LEAVE_2HG, 'C', true),
  {
    name: 'not holding priority, an ability of theirs waiting and one registered',
    input: LEAVE_P3,
    stopAtTurn: 3,
    script: (s) => {
      if (atStart(s) && !registered(s, 'bUpkeep')) return [register('bUpkeep', 'upkeep', 'B')];
      if (!mainOfTurn1(s) || !nobodyLeft(s)) return null;
      if (!seen(s, 'bWaits')) return [{ type: 'trigger.report', ability: { id: 'bWaits', controller: 'B' } }];
      return [concedes('B')];
    },
    done: (s) => s.context.turn === 2 && s.context.step === 'upkeep' && holder(s) !== null,
    check: (p) => {
      const removed = recordsOf(p.history, 'triggerRemoved').filter((r) => r.rule === '800.4d').map((r) => r.id);
      expectRule(removed.includes('bWaits') && removed.includes('bUpkeep@2'), '800.4d', `removed as B's: ${removed.join(', ')}`);
      const at = indexOf(p.history, (r) => r.type === 'playerLeft');
      const nextPass = indexOf(p.history, (r) => r.type === 'passed', at);
      expectRule(!p.history.slice(at, nextPass).some((r) => r.type === 'priority'), '800.4a', 'priority was given again although A, who held it, is still in the game');
      checkEnd(p, false);
    },
  },
  ...[LEAVE_P3, LEAVE_P4].map((input): LeaveCase => ({
    name: `the active player, ${input.players.length} players (800.4j, 800.4k)`,
    input,
    stopAtTurn: input.players.length + 2,
    script: (s) => {
      if (!mainOfTurn1(s) || !nobodyLeft(s)) return null;
      if (!s.context.effects.some((e) => e.id === 'shield')) return [{ type: 'effect.create', effect: { id: 'shield', until: { nextTurnOf: 'A' } } }];
      return [concedes('A')];
    },
    done: (s) => s.context.turn === input.players.length + 1 && s.context.step === 'upkeep' && holder(s) !== null,
    check: (p) => {
      const turn1 = ofTurn(p.history, 1);
      expectRule(stepsOf(turn1).join() === CANONICAL.join(), '800.4j/508.8', `turn 1's steps: ${stepsOf(turn1).join(', ')}`);
      const after = turn1.slice(indexOf(turn1, (r) => r.type === 'playerLeft'));
      expectRule(!after.some((r) => r.type === 'discarded' || (r.type === 'priority' && r.player === 'A') || (r.type === 'passed' && r.player === 'A')), '800.4j', 'A acted in turn 1 after leaving');
      const passedOver = recordsOf(p.history, 'turnDidNotBegin');
      const ended = recordsOf(p.history, 'effectEnded').find((r) => r.id === 'shield');
      expectRule(passedOver.length === 1 && passedOver[0].player === 'A' && passedOver[0].turn === input.players.length && ended?.turn === input.players.length && ended.phase === null,
        '800.4k/800.4m', `passed over: ${JSON.stringify(passedOver)}; shield ended ${JSON.stringify(ended)}`);
      checkEnd(p, false);
    },
  })),
  {
    name: 'the active player while declaring attackers',
    input: LEAVE_P3,
    stopAtTurn: 2,
    script: (s) => (waitingFor(s) === 'declareAttackers' && nobodyLeft(s) ? [concedes('A')] : null),
    done: (s) => !nobodyLeft(s),
    check: (p) => {
      const v = view(p.final);
      expectRule(v.step === 'declareAttackers' && v.priority === 'B' && v.attackers.length === 0 && !v.plan.some((ph) => ph.steps.includes('declareBlockers')), '800.4j/508.8',
        `after A left mid-declaration: ${v.step}, priority ${v.priority}, plan ${JSON.stringify(v.plan[0])}`);
      checkEnd(p, false);
    },
  },
  {
    name: 'a defending player while declaring blockers, three players',
    input: LEAVE_P3,
    stopAtTurn: 2,
    script: (s) => {
      if (waitingFor(s) === 'declareAttackers') return [{ type: 'combat.declareAttackers', player: 'A', attackers: [bear] }];
      if (waitingFor(s) === 'declareBlockers' && nobodyLeft(s)) return [concedes('B')];
      return null;
    },
    done: (s) => !nobodyLeft(s),
    check: (p) => {
      const v = view(p.final);
      expectRule(v.waitingFor === 'declareBlockers' && v.declaring === 'C', '800.4a/509.1', `after B left: waiting for ${v.waitingFor} by ${v.declaring}`);
    },
  },
  {
    name: 'the last defending player to declare, then a blocker\'s controller, four players',
    input: LEAVE_P4,
    stopAtTurn: 2,
    script: (s) => {
      const w = waitingFor(s);
      if (w === 'declareAttackers') return [{ type: 'combat.declareAttackers', player: 'A', attackers: [bear] }];
      if (w === 'declareBlockers' && s.context.defendersToDeclare[0] === 'B') return [{ type: 'combat.declareBlockers', player: 'B', blockers: [{ id: 'wall', blocking: 'bear' }] }];
      if (w === 'declareBlockers' && s.context.defendersToDeclare[0] === 'D') return [concedes('D')];
      if (s.context.step === 'declareBlockers' && holder(s) === 'B' && s.context.left.length === 1) return [concedes('B')];
      return null;
    },
    done: (s) => s.context.left.length === 2,
    check: (p) => {
      const removed = recordsOf(p.history, 'removedFromCombat').filter((r) => r.rule === '800.4a').map((r) => r.id);
      const v = view(p.final);
      expectRule(removed.join() === 'wall' && v.blockers.length === 0 && v.attackers.join() === 'bear' && v.priority === 'C', '800.4a/506.4',
        `removed from combat ${removed.join(', ')}; attackers ${v.attackers.join(', ')}, blockers ${v.blockers.join(', ')}, priority ${v.priority}`);
    },
  },
  ...[{ input: { players: ['A', 'B'], options: { triggerOrder: 'choose' } } as GameInput, over: true }, { input: { players: ['A', 'B', 'C'], options: { triggerOrder: 'choose' } } as GameInput, over: false }]
    .map(({ input, over }): LeaveCase => ({
      name: `while ordering their triggers, ${input.players.length} players`,
      input,
      stopAtTurn: 2,
      script: twoTriggersThenConcession('B', 'B'),
      done: (s) => !nobodyLeft(s),
      check: (p) => {
        const removed = recordsOf(p.history, 'triggerRemoved').filter((r) => r.rule === '800.4d').map((r) => r.id);
        expectRule(removed.join() === 'b1,b2', '800.4d', `removed: ${removed.join(', ')}`);
        checkEnd(p, over);
        if (!over) expectRule(holder(p.final) === 'C', '800.4a', `${holder(p.final)} holds priority; B was to receive it, C is next`);
      },
    })),
  {
    name: 'while another player orders their triggers',
    input: { players: ['A', 'B', 'C'], options: { triggerOrder: 'choose' } },
    stopAtTurn: 2,
    script: twoTriggersThenConcession('A', 'C'),
    done: (s) => !nobodyLeft(s),
    check: (p) => {
      const v = view(p.final);
      expectRule(v.waitingFor === 'orderTriggers' && v.orderTriggers !== null && 'player' in v.orderTriggers && v.orderTriggers.player === 'A', '603.3b/800.4', `after C left: ${JSON.stringify(v.orderTriggers)}`);
    },
  },
  {
    name: 'losing in a resolution (104.3e), a card of theirs on the stack under another player\'s control',
    input: LEAVE_P3,
    stopAtTurn: 2,
    script: (s) => {
      if (!mainOfTurn1(s) || holder(s) !== 'A' || seen(s, 'verdict')) return null;
      if (!seen(s, 'stolen')) return [{ type: 'spell.cast', object: { id: 'stolen', controller: 'A', owner: 'B' } }];
      return [cast(s, { id: 'verdict', effects: [{ loseGame: { player: 'B' } }, { extraTurn: { player: 'B' } }, { addMana: { player: 'B', amount: 1 } }] })];
    },
    done: (s) => s.context.zones.graveyard.includes('verdict') && holder(s) !== null,
    check: (p) => {
      const c = p.final.context;
      expectRule(c.zones.leftGame.includes('stolen') && c.extraTurns.length === 0 && c.manaPool.B === 0, '800.4a/800.4k',
        `leftGame ${c.zones.leftGame.join(', ')}, extra turns ${c.extraTurns.length}, B's mana ${c.manaPool.B}`);
      expectRule(view(p.final).nextTurns.slice(0, 2).join() === 'C,A', '800.4k', `next turns ${view(p.final).nextTurns.join(', ')}`);
    },
  },
  {
    name: 'their own ability makes them lose, in their own turn',
    input: LEAVE_P3,
    stopAtTurn: 2,
    script: (s) => (mainOfTurn1(s) && holder(s) === 'A' && !seen(s, 'lastChance') ? [activate(s, { id: 'lastChance', effects: [{ loseGame: { player: 'A' } }] })] : null),
    done: (s) => !nobodyLeft(s) && holder(s) !== null,
    check: (p) => {
      const v = view(p.final);
      expectRule(v.zones.ceasedToExist.includes('lastChance') && v.activePlayer === null && v.turnOf === 'A' && v.priority === 'B', '800.4a/800.4j',
        `after A's loss: ceased ${v.zones.ceasedToExist.join(', ')}, active ${v.activePlayer}, turn of ${v.turnOf}, priority ${v.priority}`);
    },
  },
  ...[{ input: LEAVE_P2, over: true }, { input: LEAVE_P3, over: false }].map(({ input, over }): LeaveCase => ({
    name: `losing during 723.1 (Time Stop, then a loss), ${input.players.length} players`,
    input,
    stopAtTurn: 3,
    script: (s) => (mainOfTurn1(s) && holder(s) === 'A' && !seen(s, 'timeStop') ? [cast(s, { id: 'timeStop', effects: [{ endTurn: {} }, { loseGame: { player: 'B' } }] })] : null),
    done: (s) => (over ? s.context.winners !== null : s.context.turn === 2 && holder(s) !== null),
    check: (p) => {
      checkEnd(p, over);
      const c = p.final.context;
      expectRule(c.resolution === null && c.procedure === null, '104.2a', 'a resolution or a 723 procedure left unfinished');
      if (!over) expectRule(view(p.final).activePlayer === 'C', '800.4k', `turn 2 is ${view(p.final).activePlayer}'s`);
    },
  })),
  {
    name: 'a Two-Headed Giant team loses (810.8a)',
    input: LEAVE_2HG,
    stopAtTurn: 2,
    script: (s) => (mainOfTurn1(s) && !seen(s, 'fortune') ? [cast(s, { id: 'fortune', effects: [{ loseGame: { player: 'D' } }, { extraTurn: { player: 'A' } }] })] : null),
    done: (s) => s.context.winners !== null,
    check: (p) => {
      const left = recordsOf(p.history, 'playerLeft');
      expectRule(left.map((r) => `${r.player} ${r.reason} ${r.rule}`).join() === 'D lost 104.3e,C team 810.8a', '810.8a', `departures: ${JSON.stringify(left)}`);
      checkEnd(p, true);
      expectRule(p.final.context.extraTurns.length === 0, '104.2a', 'the resolution went on after the game ended');
    },
  },
];

const leaving: Family = {
  name: '800.4 leaving the game',
  rules: ['104.3a', '104.3e', '800.4a', '800.4d', '800.4j', '800.4k', '800.4m', '810.8a', '810.8b', '104.2a', '104.2c'],
  explorations: LEAVE_CASES.map((c): Exploration => ({
    input: c.input,
    // What the case sends, else pass and declare nothing; once someone left, a departed player's (or a winner's) concession, refused.
    menu: (s) => {
      const refused = s.context.winners !== null ? [concedes(s.context.winners[0])] : s.context.left.length > 0 ? [concedes(s.context.left[0])] : [];
      return [...(c.script(s) ?? all(pass, noAttack)(s)), ...refused];
    },
    stopAtTurn: c.stopAtTurn,
    label: (states, events) => {
      if (firstTime(states, c.done)) return c.name;
      // 104.3a, 104.2a: a concession of a player who left, or in a game that is over, is refused (the first case's paths)
      const lastEvent = events[events.length - 1];
      const refused = lastEvent?.type === 'player.concede' && states.length >= 2 && explainRefusal(previous(states), lastEvent) !== null;
      return refused && c === LEAVE_CASES[0] ? REFUSED_CONCESSION : null;
    },
  })),
  expected: [...LEAVE_CASES.map((c) => c.name), REFUSED_CONCESSION],
  check: (p) => {
    expectRule(leftPlayers(p).length > 0, '800.4', 'nobody left the game');
    if (p.label === REFUSED_CONCESSION) {
      const refusal = p.refusals[p.refusals.length - 1];
      expectRule(refusal !== null && ['104.2a', '104.3a'].includes(refusal.rule), '104.3a/104.2a', `the last concession: ${JSON.stringify(refusal)}`);
      return;
    }
    LEAVE_CASES.find((x) => x.name === p.label)!.check(p);
  },
};

export const families: Family[] = [
  firstDraw, noAttackers, firstStrike, skipped, midStep, endTheTurn, endTheCombat, endCombatOutside, cleanupRepeats, refusals,
  triggerOrder, thatTurn, durations, teams, leaving,
  control, shortcuts,
];
