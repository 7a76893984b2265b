// The runtime half of "immutability typed" (issue 19): in the test suite every context a draft
// begins from — a snapshot's — is deeply frozen (vitest.config.ts sets MTG_TURN_MACHINE_FREEZE,
// src/rules/draft.ts reads it), so a rules function that changes the past in place throws
// where it does so. The compile-time half is test/types/readonly.ts.
import { createActor, enqueueActions } from 'xstate';
import { describe, expect, it } from 'vitest';
import { turnStatechart } from '../../machines/turn.js';
import { guardMachine } from '../../src/machine/boundary.js';
import { HOOK_NAMES } from '../../src/machine/hooks.js';
import { beginDraft, beginDraftOfOwned, changesOf, copyContainers, freezeReadonlyParts, type Draft, type WorkingContext } from '../../src/rules/draft.js';
import { initialContext } from '../../src/rules/setup.js';
import { castSpell } from '../../src/rules/stack.js';
import { createGame, type TurnEvent } from '../../src/index.js';
import { createPlayout } from '../../src/playout/index.js';

type Implementations = Parameters<typeof turnStatechart.provide>[0];
const cast: TurnEvent = { type: 'spell.cast', object: { id: 'bolt', controller: 'A', type: 'instant' } };

/** The issue's example: a zone list pushed to in place (the draft copies the zones' record, not its lists). */
const exileInPlace = (draft: Draft) => (draft.ctx.zones.exile as string[]).push('oops');

/** A copy of the machine whose `castSpell` also runs `planted` (as src/machine/actions.ts runs a rule: a draft of the snapshot's context). */
function machineWith(planted: (draft: Draft) => void) {
  const implementations: Implementations = {
    actions: {
      castSpell: enqueueActions(({ context, event, enqueue }) => {
        const draft = beginDraft(context);
        castSpell(draft, (event as Extract<TurnEvent, { type: 'spell.cast' }>).object);
        planted(draft);
        const changes = changesOf(draft);
        if (changes) enqueue.assign(() => ({ ...context, ...changes }));
      }),
    },
  };
  return guardMachine(turnStatechart.provide(implementations), HOOK_NAMES);
}

describe('snapshots\' contexts are frozen in the test suite', () => {
  it('is switched on for this suite', () => {
    expect(process.env.MTG_TURN_MACHINE_FREEZE).toBe('1');
  });

  it('a context a draft began from is frozen all the way down; the draft still changes its own copies', () => {
    const game = createGame({ players: ['A', 'B'] });
    expect(game.send(cast)).toBeNull();
    const before = game.snapshot().context;
    const draft = beginDraft(before);
    expect(Object.isFrozen(before)).toBe(true);
    expect(Object.isFrozen(before.stack)).toBe(true);
    expect(Object.isFrozen(before.stack[0])).toBe(true);
    expect(Object.isFrozen(before.zones.exile)).toBe(true);
    draft.ctx.stack.push({ id: 'shock', controller: 'B', kind: 'spell' });
    expect(changesOf(draft)!.stack!.map((o) => o.id)).toEqual(['bolt', 'shock']);
    expect(before.stack.map((o) => o.id)).toEqual(['bolt']);
  });

  it('a planted rule that pushes to a zone list in place throws: the event is refused, the game as it was', () => {
    const actor = createActor(machineWith(exileInPlace), { input: { players: ['A', 'B'] } });
    const refusals: { reason: string; rule: string }[] = [];
    actor.on('rejected', (e) => refusals.push(e));
    actor.start();
    const before = actor.getSnapshot().context;
    actor.send(cast);
    expect(refusals).toHaveLength(1);
    expect(refusals[0].reason).toMatch(/TypeError: Cannot add property 0, object is not extensible/);
    expect(actor.getSnapshot().context).toBe(before);
    expect(before.zones.exile).toEqual([]);
    actor.stop();
  });

  it('a planted rule that changes an item of a list in place throws', () => {
    const renameTop = (draft: Draft) => { (draft.ctx.stack[0] as { id: string }).id = 'renamed'; };
    const game = createGame({ players: ['A', 'B'] });
    expect(game.send(cast)).toBeNull();
    const draft = beginDraft(game.snapshot().context);
    expect(() => renameTop(draft)).toThrow(TypeError);
    expect(game.view().stack).toEqual(['bolt']);
  });

  it('unfrozen — a draft over a context its owner changes, never frozen — the same planted rule changes the base unseen', () => {
    const base = initialContext({ players: ['A', 'B'] }) as WorkingContext;
    const draft = beginDraftOfOwned(base);
    exileInPlace(draft);
    expect(base.zones.exile).toEqual(['oops']);
    expect(changesOf(draft)).toBeNull(); // the symptom: the change is in the base, not in the changes
  });
});

describe('a playout\'s own context: what its type keeps readonly is frozen in the test suite', () => {
  const owned = () => {
    const game = createGame({ players: ['A', 'B'] });
    expect(game.send(cast)).toBeNull();
    const context = copyContainers(game.snapshot().context);
    freezeReadonlyParts(context);
    return context;
  };

  it('the containers a draft copies stay writable: the owner changes them in place', () => {
    const context = owned();
    context.stack.push({ id: 'shock', controller: 'B', kind: 'spell' });
    context.priority.passes += 1;
    context.zones.exile = [...context.zones.exile, 'x'];
    expect(context.stack.map((o) => o.id)).toEqual(['bolt', 'shock']);
  });

  it('an item inside them, or a container never copied, throws when changed in place', () => {
    const context = owned();
    expect(() => { (context.stack[0] as { id: string }).id = 'renamed'; }).toThrow(TypeError);
    expect(() => exileInPlace(beginDraftOfOwned(context))).toThrow(TypeError);
    expect(() => (context.left as string[]).push('A')).toThrow(TypeError);
  });

  it('a playout plays on under it (its rules change only what they may)', () => {
    const playout = createPlayout({ players: ['A', 'B'] });
    expect(playout.send(cast)).toBeNull();
    for (let i = 0; i < 40 && playout.view().turn < 3; i += 1) {
      const { waitingFor, priority, declaring } = playout.view();
      const refusal = waitingFor === 'priority' ? playout.send({ type: 'priority.pass', player: priority! })
        : waitingFor === 'declareAttackers' ? playout.send({ type: 'combat.declareAttackers', player: declaring!, attackers: [] })
          : playout.send({ type: 'combat.declareBlockers', player: declaring!, blockers: [] });
      expect(refusal).toBeNull();
    }
    expect(playout.view().turn).toBe(3);
  });
});
