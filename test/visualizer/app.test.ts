import { describe, expect, it } from 'vitest';
import { turnMachine } from '../../src/index.js';
import { PALETTE, nextObjectId } from '../../src/visualizer/app/cards.js';
import { parseAttackers, parseBlockers } from '../../src/visualizer/app/controls.js';
import { createLiveActors } from '../../src/visualizer/app/liveActors.js';
import { createLocalGame, historyAtMicrostep } from '../../src/visualizer/app/localGame.js';
import { describeMicrostep } from '../../src/visualizer/app/microsteps.js';
import { view } from '../../src/index.js';

describe('the page\'s game', () => {
  it('records a moment per accepted event, with the transitions taken; a refusal changes nothing', () => {
    const game = createLocalGame({ players: ['A', 'B'] });
    expect(game.send({ type: 'priority.pass', player: 'B' })).toMatchObject({ rule: '117.1' });
    expect(game.moments).toHaveLength(1);
    expect(game.send({ type: 'priority.pass', player: 'A' })).toBeNull();
    expect(game.send({ type: 'priority.pass', player: 'B' })).toBeNull();
    expect(game.moments.map((moment) => moment.label)).toEqual(['game begins', 'priority.pass A', 'priority.pass B']);
    expect(game.taken.map((t) => t.source.id)).toContain('mtgTurn.turn.phases.nextPhase');
    expect(game.game.view().phase).toBe('precombatMain');
    game.stop();
  });

  it('travels back to a moment and resumes from it, dropping the moments after it on a new event', () => {
    const game = createLocalGame({ players: ['A', 'B'] });
    game.send({ type: 'priority.pass', player: 'A' });
    game.send({ type: 'priority.pass', player: 'B' });
    game.travel(1);
    expect(game.game.view()).toMatchObject({ step: 'upkeep', priority: 'B' });
    expect(game.game.history.at(-1)).toMatchObject({ type: 'priority', player: 'B' });
    game.undo();
    expect(game.game.view().priority).toBe('A');
    expect(game.moments).toHaveLength(3);
    game.send({ type: 'spell.cast', object: { id: 'timeStop', controller: 'A', type: 'instant', effects: [{ endTurn: {} }] } });
    expect(game.moments.map((moment) => moment.label)).toEqual(['game begins', 'spell.cast timeStop']);
    expect(game.game.view().stack).toEqual(['timeStop']);
    game.stop();
  });
});

describe('microsteps of an event', () => {
  it('keeps the machine as it was in cleanup while Time Stop ends the turn (723.1), with the history so far', () => {
    const game = createLocalGame({ players: ['A', 'B'] });
    game.send({ type: 'spell.cast', object: { id: 'timeStop', controller: 'A', type: 'instant', effects: [{ endTurn: {} }] } });
    game.send({ type: 'priority.pass', player: 'A' });
    game.send({ type: 'priority.pass', player: 'B' });
    const moment = game.moments[game.index];
    expect(moment.taken).toEqual(moment.microsteps.flatMap((step) => step.taken));
    const index = moment.microsteps.findIndex((step) => step.snapshot.matches({ turn: { phases: { ending: 'cleanup' } } }));
    expect(index).toBeGreaterThan(0);
    const inCleanup = moment.microsteps[index];
    const history = historyAtMicrostep(moment, index);
    expect(view(inCleanup.snapshot)).toMatchObject({ turn: 1, step: 'cleanup', stack: [], zones: { exile: ['timeStop'] } });
    expect(history.at(-1)).toMatchObject({ type: 'stepBegan', step: 'cleanup', turn: 1 });
    expect(historyAtMicrostep(moment, moment.microsteps.length - 1)).toEqual(moment.history);
    expect(describeMicrostep(inCleanup, 'priority.pass', turnMachine)).toEqual({
      move: 'step.finished → phases.ending.cleanup',
      records: 'cleanup step begins',
    });
    expect(game.game.view()).toMatchObject({ turn: 2, step: 'upkeep' });
    game.stop();
  });
});

describe('controls', () => {
  it('reads attackers and blockers from short text', () => {
    expect(parseAttackers('bear, knight+fs, giant+ds')).toEqual([
      { id: 'bear' },
      { id: 'knight', firstStrike: true },
      { id: 'giant', doubleStrike: true },
    ]);
    expect(parseBlockers('wall>bear, ogre+fs > knight, lone')).toEqual([
      { id: 'wall', blocking: 'bear' },
      { id: 'ogre', firstStrike: true, blocking: 'knight' },
      { id: 'lone', blocking: '' }, // names no attacker: the machine refuses it, saying so
    ]);
  });

  it('gives each cast of a card a fresh id', () => {
    expect(nextObjectId('timeStop', new Set())).toBe('timeStop');
    expect(nextObjectId('timeStop', new Set(['timeStop', 'timeStop2']))).toBe('timeStop3');
    expect(PALETTE.map((card) => card.name)).toEqual(expect.arrayContaining(['Time Stop', 'Sundial of the Infinite', 'Mandate of Peace', "Day's Undoing", 'Glorious End', 'Relentless Assault', 'Time Walk']));
  });
});

describe('live actors of an inspector stream', () => {
  it('collects announcements, events and snapshots per actor, noting a cut definition', () => {
    const live = createLiveActors();
    const cut = JSON.stringify({ id: 'mtgTurn', states: { turn: '[Object]' } });
    live.receive({ type: '@xstate.actor', sessionId: 'p1/x:0', name: 'mtgTurn', definition: cut, snapshot: { status: 'active' } });
    live.receive({ type: '@xstate.event', sessionId: 'p1/x:0', event: { type: 'priority.pass' } });
    const actor = live.receive({ type: '@xstate.snapshot', sessionId: 'p1/x:0', event: { type: 'priority.pass' }, snapshot: { value: { turn: {} }, context: {} } });
    expect(actor).toMatchObject({ name: 'mtgTurn', truncated: true, events: ['priority.pass'] });
    expect(actor.definition?.id).toBe(turnMachine.id);
    expect(actor.steps.map((step) => step.eventType)).toEqual(['priority.pass']);
  });
});
