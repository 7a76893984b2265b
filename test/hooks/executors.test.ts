// One HostHooks interface for every executor (issue 19): `{ hooks }` on createGame,
// createTurnActor, createTurnMachine and createPlayout call the same hooks at the same rule
// points, in the same order, as the older `.provide({ actions })` spelling; the calls run
// where XState runs effects (XState's pure functions call no host code, and return them);
// an inspector sees each call by name with its params; a hook that faults refuses its event.
import { createActor, initialTransition, transition, type InspectionEvent } from 'xstate';
import { describe, expect, it } from 'vitest';
import { turnStatechart } from '../../machines/turn.js';
import { buildTurnActions, HOOK_NAMES } from '../../src/machine/actions.js';
import { guardMachine } from '../../src/machine/boundary.js';
import {
  createGame, createTurnActor, createTurnMachine, turnMachine, type GameInput, type HostHooks, type StateBasedActionsRule, type TurnMachine,
} from '../../src/index.js';
import { createPlayout } from '../../src/playout/index.js';

const INPUT: GameInput = { players: ['A', 'B'], options: { skipFirstDraw: false, hands: { A: 9 } } };

/** An engine that logs every call; its check performs an action once in the first 514.3 check. */
function loggingEngine() {
  const calls: string[] = [];
  let performOnceIn514 = true;
  const hooks: HostHooks = {
    untapPermanents: ({ player, turn }) => { calls.push(`T${turn} untap ${player}`); },
    drawCard: ({ player, turn }) => { calls.push(`T${turn} draw ${player}`); },
    discardCards: ({ player, count, maxHandSize, turn }) => { calls.push(`T${turn} discard ${player} ${count} (to ${maxHandSize})`); },
    resolveObject: ({ object, turn }) => { calls.push(`T${turn} resolve ${object.id}`); },
    performStateBasedActions: ({ rule, turn }: { rule: StateBasedActionsRule; turn: number }) => {
      const performed = rule === '514.3' && performOnceIn514;
      if (performed) performOnceIn514 = false;
      calls.push(`T${turn} sba ${rule}${performed ? ' performed' : ''}`);
      return performed;
    },
  };
  return { hooks, calls };
}

/** The same events as test/rules/host-hooks.test.ts: Mandate of Peace, Time Stop, a 514.3a second cleanup, into turn 2. */
function play(game: { send(event: unknown): unknown; view(): { priority: string | null } }): void {
  const pass = () => game.send({ type: 'priority.pass', player: game.view().priority! });
  for (let i = 0; i < 8; i += 1) pass(); // upkeep, draw, precombat main, beginning of combat
  game.send({ type: 'combat.declareAttackers', player: 'A', attackers: [{ id: 'bear' }] });
  game.send({ type: 'spell.cast', object: { id: 'mandate', controller: 'A', effects: [{ endCombat: {} }] } });
  pass(); pass();
  game.send({ type: 'spell.cast', object: { id: 'timeStop', controller: 'A', effects: [{ endTurn: {} }] } });
  for (let i = 0; i < 4; i += 1) pass(); // Time Stop resolves; all pass in the cleanup step's priority (514.3a)
}

/** 117.5 before each priority (117.3c, 117.3d: after every cast and pass); 504.1, 608.2c, 723.2c, 723.1c, 514.1, 514.3 (again after an action, 704.3), 502.3. */
const EXPECTED_CALLS = [
  'T1 untap A', 'T1 sba 117.5', // upkeep
  'T1 sba 117.5', 'T1 draw A', 'T1 sba 117.5', // A passes, B receives priority; B passes: the draw step
  'T1 sba 117.5', 'T1 sba 117.5', 'T1 sba 117.5', 'T1 sba 117.5', 'T1 sba 117.5', // through precombat main and beginning of combat
  'T1 sba 117.5', 'T1 sba 117.5', 'T1 sba 117.5', // attackers declared, Mandate of Peace cast, A passes
  'T1 resolve mandate', 'T1 sba 723.2c', 'T1 sba 117.5', // 608.2c before the machine's endCombat; 723.2f: postcombat main
  'T1 sba 117.5', 'T1 sba 117.5', // Time Stop cast, A passes
  'T1 resolve timeStop', 'T1 sba 723.1c', 'T1 discard A 3 (to 7)', 'T1 sba 514.3 performed', 'T1 sba 514.3', // cleanup: 514.3a gives priority
  'T1 sba 117.5', 'T1 discard A 0 (to 7)', 'T1 sba 514.3', // all pass: another cleanup step
  'T2 untap B', 'T2 sba 117.5',
];

const publicPath = guardMachine(turnStatechart.provide({ actions: buildTurnActions('public') }), HOOK_NAMES) as unknown as TurnMachine;

describe('the hooks, taken the same way by every executor', () => {
  it('createGame, createTurnMachine, the older .provide spelling, the documented action path and the playout: the same calls, the same game', () => {
    const runs = {
      createGame: () => { const e = loggingEngine(); const g = createGame(INPUT, { hooks: e.hooks }); play(g); return { e, history: g.history, persisted: g.persist() }; },
      createTurnMachine: () => {
        const e = loggingEngine();
        const g = createGame(INPUT, { machine: createTurnMachine({ hooks: e.hooks }) });
        play(g);
        return { e, history: g.history, persisted: g.persist() };
      },
      provide: () => {
        const e = loggingEngine();
        const actions = Object.fromEntries(Object.entries(e.hooks).map(([name, hook]) => [name, (_: unknown, params: never) => (hook as (p: never) => unknown)(params)]));
        const g = createGame(INPUT, { machine: turnMachine.provide({ actions } as never) });
        play(g);
        return { e, history: g.history, persisted: g.persist() };
      },
      publicPath: () => { const e = loggingEngine(); const g = createGame(INPUT, { machine: publicPath, hooks: e.hooks }); play(g); return { e, history: g.history, persisted: g.persist() }; },
      playout: () => { const e = loggingEngine(); const p = createPlayout(INPUT, { hooks: e.hooks }); play(p); return { e, history: p.history, persisted: p.persist() }; },
    };
    const results = Object.fromEntries(Object.entries(runs).map(([name, run]) => [name, run()]));
    expect(results.createGame.e.calls).toEqual(EXPECTED_CALLS);
    for (const [name, result] of Object.entries(results)) {
      expect(result.e.calls, name).toEqual(EXPECTED_CALLS);
      expect(result.history, name).toEqual(results.createGame.history);
      expect(JSON.stringify(result.persisted), name).toBe(JSON.stringify(results.createGame.persisted));
    }
  });

  it('createTurnActor takes { hooks }; the hooks object is refused whole when it names what is not a hook', () => {
    const { hooks, calls } = loggingEngine();
    createTurnActor(INPUT, { hooks }).start();
    expect(calls).toEqual(['T1 untap A', 'T1 sba 117.5']);
    expect(() => createGame(INPUT, { hooks: { drawCards: () => undefined } as never })).toThrow(/hooks\.drawCards: not a host hook/);
    expect(() => createPlayout(INPUT, { hooks: { drawCard: 42 } as never })).toThrow(/hooks\.drawCard: a host hook is a function/);
  });

  it('a playout clone may take an engine of its own; without, it keeps its parent\'s', () => {
    const parent = loggingEngine();
    const playout = createPlayout(INPUT, { hooks: parent.hooks });
    const own = loggingEngine();
    const clone = playout.clone({ hooks: own.hooks });
    clone.send({ type: 'priority.pass', player: 'A' });
    clone.send({ type: 'priority.pass', player: 'B' });
    expect(own.calls).toEqual(['T1 sba 117.5', 'T1 draw A', 'T1 sba 117.5']);
    expect(parent.calls).toEqual(['T1 untap A', 'T1 sba 117.5']);
  });
});

describe('engine effects run where XState runs effects', () => {
  it('initialTransition and transition call no host code: the hooks come back as actions, by name, with their params', () => {
    const { hooks, calls } = loggingEngine();
    const machine = createTurnMachine({ hooks });
    const [first, actions] = initialTransition(machine, INPUT);
    expect(calls).toEqual([]);
    const hookActions = actions.filter((a) => HOOK_NAMES.has(a.type)).map((a) => ({ type: a.type, params: a.params }));
    expect(hookActions).toEqual([
      { type: 'untapPermanents', params: { player: 'A', turn: 1 } },
      { type: 'performStateBasedActions', params: { rule: '117.5', turn: 1 } },
    ]);
    const [, next] = transition(machine, first, { type: 'priority.pass', player: 'A' });
    const [, after] = transition(machine, transition(machine, first, { type: 'priority.pass', player: 'A' })[0], { type: 'priority.pass', player: 'B' });
    expect(calls).toEqual([]);
    expect(next.filter((a) => HOOK_NAMES.has(a.type)).map((a) => a.type)).toEqual(['performStateBasedActions']);
    expect(after.filter((a) => HOOK_NAMES.has(a.type)).map((a) => a.type)).toEqual(['drawCard', 'performStateBasedActions']);
  });

  it('with the pure functions no check is answered: each check counts as nothing performed by the engine (the machine\'s own still are)', () => {
    // An engine whose check always performs an action: an actor asks it again and again (704.3, up to 1,000 checks).
    const always: Partial<HostHooks> = { performStateBasedActions: () => true };
    const [pure, actions] = initialTransition(createTurnMachine({ hooks: always }), INPUT);
    const [none] = initialTransition(turnMachine, INPUT);
    expect(pure.context).toEqual(none.context);
    expect(actions.filter((a) => a.type === 'performStateBasedActions')).toHaveLength(1);
    const game = createGame(INPUT, { hooks: always });
    expect(game.history.filter((r) => r.type === 'stateBasedActions')).toHaveLength(1000);
  });

  it('an actor\'s own initial transition calls the hooks in the transition; an inspector sees each call by name with its params', () => {
    const { hooks, calls } = loggingEngine();
    const seen: { type: string; params: unknown }[] = [];
    const inspect = (e: InspectionEvent) => { if (e.type === '@xstate.action') seen.push({ type: e.action.type, params: e.action.params }); };
    const actor = createActor(createTurnMachine({ hooks }), { input: INPUT, inspect });
    expect(calls).toEqual(['T1 untap A', 'T1 sba 117.5']); // the game begins with the engine's answer
    actor.start();
    actor.send({ type: 'priority.pass', player: 'A' });
    actor.send({ type: 'priority.pass', player: 'B' });
    expect(calls).toEqual(['T1 untap A', 'T1 sba 117.5', 'T1 sba 117.5', 'T1 draw A', 'T1 sba 117.5']); // each call once
    expect(seen.filter((a) => HOOK_NAMES.has(a.type))).toEqual([
      { type: 'untapPermanents', params: { player: 'A', turn: 1 } },
      { type: 'performStateBasedActions', params: { rule: '117.5', turn: 1 } },
      { type: 'performStateBasedActions', params: { rule: '117.5', turn: 1 } },
      { type: 'drawCard', params: { player: 'A', turn: 1 } },
      { type: 'performStateBasedActions', params: { rule: '117.5', turn: 1 } },
    ]);
  });
});

describe('fault containment, with { hooks }', () => {
  it('a hook that throws refuses its event naming the hook, and the game is as it was', () => {
    let failing = false;
    const game = createGame(INPUT, { hooks: { drawCard: () => { if (failing) throw new Error('library missing'); } } });
    game.send({ type: 'priority.pass', player: 'A' });
    failing = true;
    const before = JSON.stringify(game.persist());
    const refusal = game.send({ type: 'priority.pass', player: 'B' });
    expect(refusal).toMatchObject({ rule: 'engine' });
    expect(refusal!.reason).toMatch(/the engine's drawCard hook threw: Error: library missing/);
    expect(JSON.stringify(game.persist())).toBe(before);
    failing = false;
    expect(game.send({ type: 'priority.pass', player: 'B' })).toBeNull();
    expect(game.view()).toMatchObject({ step: 'draw' });
  });

  it('a check that answers what cannot be read refuses its event naming the hook, on the fast and the documented path', () => {
    for (const machine of [turnMachine, publicPath]) {
      let lying = false;
      const game = createGame(INPUT, { machine, hooks: { performStateBasedActions: () => (lying ? { performed: 'yes' } : false) as never } });
      lying = true;
      const before = JSON.stringify(game.persist());
      const refusal = game.send({ type: 'priority.pass', player: 'A' });
      expect(refusal!.reason).toMatch(/performStateBasedActions hook answered "performed": string/);
      expect(JSON.stringify(game.persist())).toBe(before);
    }
  });
});
