// The legality function answers two questions with the same checks: why an event is refused
// (`refusalOf`: the machine's `rejected`, `explainRefusal`) and only whether it is (`isRefused`:
// the guards, `legalActions`). Random play through many states, 2 and 4 players, shared team
// turns and Two-Headed Giant, control (722), extra turns and ended turns: in every state, for a
// battery of events legal and not, the two answers agree (and `canSend` with `explainRefusal`),
// and `legalActions` offers a kind of action exactly when `explainRefusal` finds its probe legal.
import { describe, expect, it } from 'vitest';
import { canSend, createGame, explainRefusal, toEvent, type Game, type GameInput, type LegalAction, type ResolutionEffect, type TurnEvent } from '../../src/index.js';
import { acceptEvent } from '../../src/machine/boundary.js';
import { waitingFor } from '../../src/api/view.js';
import { isRefused, refusalOf } from '../../src/rules/legality.js';
import { gameWithPriorityIn, ok, seeded } from '../helpers.js';

/** Events for `who` acting (and sent by `by`): every kind, at every timing, some malformed for the state. */
function battery(who: string, by: string, others: readonly string[]): unknown[] {
  const sent = by === who ? {} : { by };
  const object = (extra: object) => ({ id: `x-${who}`, controller: who, effects: [], ...extra });
  return [
    { type: 'priority.pass', player: who, ...sent },
    ...(['instant', 'sorcery', 'creature'] as const).flatMap((type) => [undefined, 'instant', 'yourTurn', 'combat'].map((timing) =>
      ({ type: 'spell.cast', object: object({ type, ...(timing && { timing }) }), ...sent }))),
    ...[undefined, 'sorcery', 'yourTurn', 'combat'].map((timing) => ({ type: 'ability.activate', object: object(timing ? { timing } : {}), ...sent })),
    { type: 'combat.declareAttackers', player: who, attackers: [], ...sent },
    { type: 'combat.declareAttackers', player: who, attackers: [{ id: 'barred', cantAttackDuringExtraTurns: true }], ...sent },
    { type: 'combat.declareBlockers', player: who, blockers: [], ...sent },
    { type: 'combat.declareBlockers', player: who, blockers: [{ id: 'b', blocking: 'nobody' }], ...sent },
    { type: 'triggers.order', player: who, order: [], ...sent },
    { type: 'player.concede', player: who, ...sent },
    { type: 'shortcut.cancel', player: who },
    { type: 'mana.add', player: who, amount: 1 },
    { type: 'combatant.set', id: 'nobody', power: 1 },
    ...others.map((other) => ({ type: 'priority.pass', player: who, by: other })),
    { type: 'spell.cast', object: { id: 7 } }, // malformed: the boundary refuses it
    { type: 'priority.pass', player: 'nobody' },
  ];
}

function checkAgreement(game: Game, players: readonly string[]): number {
  const snapshot = game.snapshot();
  const ctx = snapshot.context;
  const waiting = waitingFor(snapshot);
  let checked = 0;
  for (const who of players) {
    for (const raw of battery(who, who, players.filter((p) => p !== who))) {
      expect(canSend(snapshot, raw), JSON.stringify(raw)).toBe(explainRefusal(snapshot, raw) === null);
      const accepted = acceptEvent(ctx, raw);
      if (!accepted.ok) continue;
      const why = refusalOf(ctx, accepted.event, waiting);
      expect(isRefused(ctx, accepted.event, waiting), `${JSON.stringify(raw)} (${why?.reason ?? 'legal'})`).toBe(why !== null);
      checked += 1;
    }
    // legalActions (yes or no) against explainRefusal (the reasons), kind by kind
    const offered = new Set(game.legalActions(who).map((a) => JSON.stringify(a)));
    const kinds: LegalAction[] = [
      { type: 'priority.pass' },
      ...(['instant', 'sorcery', 'yourTurn', 'combat'] as const).flatMap((timing) => [{ type: 'spell.cast', timing } as const, { type: 'ability.activate', timing } as const]),
    ];
    // 722.5: a controlled player's actions are sent by their controller
    const decider = game.view().decides[who] ?? who;
    for (const kind of kinds) {
      const probe = toEvent(kind, { player: who, object: { id: 'p', effects: [] } } as never);
      const asSent = decider === who ? probe : { ...probe, by: decider };
      expect(offered.has(JSON.stringify(kind)), `${who}: ${JSON.stringify(kind)}`).toBe(explainRefusal(snapshot, asSent) === null);
    }
  }
  return checked;
}

const GAMES: { name: string; input: GameInput }[] = [
  { name: '2 players', input: { players: ['A', 'B'] } },
  { name: '4 players', input: { players: ['A', 'B', 'C', 'D'] } },
  { name: 'shared team turns', input: { players: ['A', 'B', 'C', 'D'], teams: [['A', 'B'], ['C', 'D']], options: { sharedTeamTurns: true } } },
  { name: 'Two-Headed Giant', input: { players: ['A', 'B', 'C', 'D'], teams: [['A', 'B'], ['C', 'D']], options: { variant: 'twoHeadedGiant' } } },
];

describe('isRefused answers as refusalOf does, and legalActions as explainRefusal', () => {
  for (const { name, input } of GAMES) {
    it(name, () => {
      const rand = seeded(name.length);
      const game = createGame({ ...input, options: { ...input.options, history: false, triggerOrder: 'choose' } });
      const { players } = input;
      let checked = 0;
      let next = 0;
      const effects = (player: string): ResolutionEffect[] => {
        const r = rand();
        const other = players[Math.floor(rand() * players.length)];
        if (r < 0.04) return [{ endTurn: {} }];
        if (r < 0.08) return [{ extraTurn: { player } }];
        if (r < 0.12 && other !== player) return [{ controlNextTurn: { player: other, controller: player } }];
        return [];
      };
      for (let i = 0; i < 400 && !game.view().gameOver; i += 1) {
        checked += checkAgreement(game, players);
        const options = players.flatMap((p) => game.legalActions(p).filter((a) => a.type !== 'player.concede').map((a) => [p, a] as const));
        const spells = options.filter(([, a]) => a.type === 'spell.cast' || a.type === 'ability.activate');
        const [player, action] = spells.length > 0 && rand() < 0.2 ? spells[Math.floor(rand() * spells.length)] : options[Math.floor(rand() * options.length)];
        const decider = game.view().decides[player] ?? player;
        const taken = toEvent(action, { player, object: { id: `o${next += 1}`, effects: effects(player) } } as never) as TurnEvent;
        const event = decider === player ? taken : { ...taken, by: decider };
        expect(game.send(event), JSON.stringify(event)).toBeNull();
      }
      expect(checked).toBeGreaterThan(1000);
    });
  }
});

describe('the timing refusals word their reason as ever (written only when asked why)', () => {
  const spell = (extra: object) => ({ type: 'spell.cast', object: { id: 's', controller: 'A', effects: [], ...extra } });
  const ability = (extra: object) => ({ type: 'ability.activate', object: { id: 'ab', controller: 'A', effects: [], ...extra } });

  it('who holds priority (117.1), sorcery timing (307.1, 301.1, 602.5d), restrictions (601.3, 602.5, 602.5b)', () => {
    const upkeep = gameWithPriorityIn('upkeep');
    expect(explainRefusal(upkeep.snapshot(), { type: 'spell.cast', object: { id: 's', controller: 'B', effects: [] } }))
      .toEqual({ reason: 'B cannot cast s: A holds priority', rule: '117.1' });
    expect(explainRefusal(upkeep.snapshot(), { type: 'ability.activate', object: { id: 'ab', controller: 'B', effects: [] } }))
      .toEqual({ reason: 'B cannot activate ab: A holds priority', rule: '117.1' });
    expect(explainRefusal(upkeep.snapshot(), spell({ type: 'sorcery' }))).toEqual({ reason: 'a sorcery spell (s) can be cast only in a main phase', rule: '307.1' });
    expect(explainRefusal(upkeep.snapshot(), spell({ type: 'creature' }))).toEqual({ reason: 'a creature spell (s) can be cast only in a main phase', rule: '301.1' });
    expect(explainRefusal(upkeep.snapshot(), ability({ timing: 'sorcery' }))).toEqual({ reason: 'ab can be activated only in a main phase', rule: '602.5d' });
    expect(explainRefusal(upkeep.snapshot(), spell({ timing: 'combat' }))).toEqual({ reason: 's can be cast only during combat', rule: '601.3' });
    expect(explainRefusal(upkeep.snapshot(), ability({ timing: 'combat' }))).toEqual({ reason: 'ab can be activated only during combat', rule: '602.5' });
    const main = gameWithPriorityIn('precombatMain');
    ok(main, { type: 'spell.cast', object: { id: 'bolt', controller: 'A', effects: [] } });
    expect(explainRefusal(main.snapshot(), spell({ type: 'sorcery' }))).toEqual({ reason: 'a sorcery spell (s) can be cast only while the stack is empty', rule: '307.1' });
    ok(main, { type: 'priority.pass', player: 'A' });
    // B holds priority in A's turn
    expect(explainRefusal(main.snapshot(), { type: 'spell.cast', object: { id: 's', controller: 'B', type: 'sorcery', effects: [] } }))
      .toEqual({ reason: 'a sorcery spell (s) can be cast only during its controller\'s own turn', rule: '307.1' });
    expect(explainRefusal(main.snapshot(), { type: 'ability.activate', object: { id: 'ab', controller: 'B', timing: 'yourTurn', effects: [] } }))
      .toEqual({ reason: 'ab can be activated only during its controller\'s turn', rule: '602.5b' });
    expect(explainRefusal(main.snapshot(), { type: 'spell.cast', object: { id: 's', controller: 'B', timing: 'yourTurn', effects: [] } }))
      .toEqual({ reason: 's can be cast only during its controller\'s turn', rule: '601.3' });
  });
});
