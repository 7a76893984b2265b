// What the rules do when there is nothing to do, as a player would receive priority (117.5,
// 603.3b: no triggered ability waiting) and as a combat with no creature in it ends (511.3):
// the same state and the same records as when there is, less only what there was none of.
import { describe, expect, it } from 'vitest';
import { cite } from '../../src/rules/citations.js';
import { endCombat, removeAllFromCombat } from '../../src/rules/combat.js';
import { beginDraft, changesOf, type Draft } from '../../src/rules/draft.js';
import { initialContext } from '../../src/rules/setup.js';
import { beginTriggerPass, hasTriggersInPass, putTriggersOnStack } from '../../src/rules/triggerOrder.js';
import type { GameContext, StackObject } from '../../src/rules/types.js';

const context = (more: Partial<GameContext> = {}): GameContext => ({ ...initialContext({ players: ['A', 'B'] }), ...more });
const ability = (id: string, controller: string): StackObject => ({ id, controller, type: 'triggered', kind: 'ability' });

describe('117.5: a pass of triggered abilities with none waiting', () => {
  it('is an empty pass: nothing in it, nothing put on the stack, priority as it was', () => {
    const draft = beginDraft(context());
    beginTriggerPass(draft);
    expect(draft.ctx.triggerPass).toStrictEqual({ waiting: 0, sides: [], put: false });
    expect(hasTriggersInPass(draft.ctx)).toBe(false);
    putTriggersOnStack(draft);
    expect(draft.ctx.stack).toStrictEqual([]);
    expect(draft.records).toStrictEqual([]);
  });

  it('one game\'s empty pass is not another\'s to change: a pass with abilities is its own', () => {
    const first = beginDraft(context());
    beginTriggerPass(first);
    const second = beginDraft(context({ pendingTriggers: [ability('t1', 'B'), ability('t2', 'A')] }));
    beginTriggerPass(second);
    // 101.4: APNAP, the active player's first.
    expect(second.ctx.triggerPass).toStrictEqual({ waiting: 2, sides: ['A', 'B'], put: false });
    putTriggersOnStack(second);
    expect(second.ctx.stack.map((o) => o.id)).toStrictEqual(['t2', 't1']);
    expect(second.ctx.triggerPass).toStrictEqual({ waiting: 0, sides: [], put: true });
    expect(first.ctx.triggerPass).toStrictEqual({ waiting: 0, sides: [], put: false });
  });
});

describe('511.3: a combat ends', () => {
  const ended = (ctx: GameContext, recording = true): Draft => {
    const draft = beginDraft(ctx, undefined, recording);
    removeAllFromCombat(draft);
    return draft;
  };

  it('with no creature in it: nothing recorded, nothing changed', () => {
    const draft = ended(context());
    expect(draft.records).toStrictEqual([]);
    expect(changesOf(draft)).toBeNull();
  });

  it('with creatures: each attacker, then each blocker, recorded as it leaves, and none left in combat', () => {
    const draft = ended(context({
      attackers: [{ id: 'knight' }, { id: 'bear' }],
      blockers: [{ id: 'wall', blocking: 'knight', controller: 'B' }],
    }));
    expect(draft.records.map((r) => r.type === 'removedFromCombat' && [r.id, 'rule' in r])).toStrictEqual([['knight', false], ['bear', false], ['wall', false]]);
    expect(draft.ctx.attackers).toStrictEqual([]);
    expect(draft.ctx.blockers).toStrictEqual([]);
  });

  it('ended by an effect (723.1d): each removal cites the rule, as the game\'s edition numbers it', () => {
    const ctx = context({ attackers: [{ id: 'knight' }], combatEndedBy: 'endTurn' });
    const draft = ended(ctx);
    expect(draft.records).toHaveLength(1);
    expect(draft.records[0]).toMatchObject({ type: 'removedFromCombat', id: 'knight', rule: cite(ctx, '723.1d') });
  });

  it('in a game that keeps no history: the creatures leave combat, nothing is recorded', () => {
    const draft = ended(context({ attackers: [{ id: 'knight' }] }), false);
    expect(draft.records).toStrictEqual([]);
    expect(draft.ctx.attackers).toStrictEqual([]);
  });

  it('endCombat with nobody in combat still ends "until end of combat" effects', () => {
    const draft = beginDraft(context({ effects: [{ id: 'fog', until: 'endOfCombat' }], combatEndedBy: 'endCombat' }));
    endCombat(draft);
    expect(draft.ctx.effects).toStrictEqual([]);
    expect(draft.ctx.combatEndedBy).toBeNull();
    expect(draft.records.map((r) => r.type)).toStrictEqual(['effectEnded']);
  });
});
