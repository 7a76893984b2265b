import type { ResolutionEffect, StackObjectSpec } from '../../index.js';

/** A real card of the palette, as the spell or ability the machine is told about. */
export interface PaletteCard {
  key: string;
  name: string;
  /** Cast as a spell, or activated as an ability of a permanent. */
  action: 'cast' | 'activate';
  text: string;
  object(controller: string): Omit<StackObjectSpec, 'id'>;
}

const spell = (type: StackObjectSpec['type'], effects: ResolutionEffect[]) => (controller: string) => ({
  controller,
  type,
  effects,
});

export const PALETTE: PaletteCard[] = [
  {
    key: 'timeStop',
    name: 'Time Stop',
    action: 'cast',
    text: 'Instant. End the turn. (723.1)',
    object: spell('instant', [{ endTurn: {} }]),
  },
  {
    key: 'sundial',
    name: 'Sundial of the Infinite',
    action: 'activate',
    text: '{1}, {T}: End the turn. Activate only during your turn. (723.1, 602.5b)',
    object: (controller) => ({ controller, type: 'activated', timing: 'yourTurn', effects: [{ endTurn: {} }] }),
  },
  {
    key: 'mandateOfPeace',
    name: 'Mandate of Peace',
    action: 'cast',
    text: 'Instant. End the combat phase. (723.2; outside combat nothing happens, 723.2g)',
    object: spell('instant', [{ endCombat: {} }]),
  },
  {
    key: 'daysUndoing',
    name: "Day's Undoing",
    action: 'cast',
    text: 'Sorcery. Each player shuffles hand and graveyard into library, draws seven; if it is your turn, end the turn.',
    object: spell('sorcery', [{ endTurn: {} }]),
  },
  {
    key: 'gloriousEnd',
    name: 'Glorious End',
    action: 'cast',
    text: 'Instant. End the turn. At the beginning of your next end step, you lose the game.',
    object: (controller) => ({
      controller,
      type: 'instant',
      effects: [{ endTurn: {} }, { at: { id: 'gloriousEndLoss', controller, when: 'end', whoseTurn: controller, once: true } }],
    }),
  },
  {
    key: 'relentlessAssault',
    name: 'Relentless Assault',
    action: 'cast',
    text: 'Sorcery. After this main phase, an additional combat phase followed by an additional main phase. (500.8)',
    object: spell('sorcery', [{ addPhases: { phases: ['combat', 'postcombatMain'] } }]),
  },
  {
    key: 'timeWalk',
    name: 'Time Walk',
    action: 'cast',
    text: 'Sorcery. Take an extra turn after this one. (500.7)',
    object: (controller) => ({ controller, type: 'sorcery', effects: [{ extraTurn: { player: controller } }] }),
  },
  {
    key: 'finalFortune',
    name: 'Final Fortune',
    action: 'cast',
    text: 'Instant. Take an extra turn after this one. At the beginning of that turn’s end step, you lose the game. (500.7, 603.7)',
    object: (controller) => ({
      controller,
      type: 'instant',
      effects: [{ extraTurn: { player: controller } }, { at: { id: 'finalFortuneLoss', controller, when: 'end', thatTurn: true, once: true } }],
    }),
  },
  {
    key: 'teferisProtection',
    name: 'Teferi’s Protection',
    action: 'cast',
    text: 'Instant. Until your next turn, your life total can’t change and you gain protection from everything. (611.2)',
    object: (controller) => ({ controller, type: 'instant', effects: [{ createEffect: { id: 'teferisProtection', until: { nextTurnOf: controller } } }] }),
  },
  {
    key: 'pactOfNegation',
    name: 'Pact of Negation',
    action: 'cast',
    text: 'Instant. (Counter target spell: not modelled.) At the beginning of your next upkeep, pay {3}{U}{U}. If you don’t, you lose the game. (603.7)',
    object: (controller) => ({
      controller,
      type: 'instant',
      effects: [{ at: { id: 'pactOfNegationPayment', controller, when: 'upkeep', nextTurnOf: controller, once: true } }],
    }),
  },
  {
    key: 'grizzlyBears',
    name: 'Grizzly Bears',
    action: 'cast',
    text: 'Creature — Bear 2/2. Enters the battlefield as it resolves. (608.3)',
    object: spell('creature', []),
  },
  {
    key: 'darkRitual',
    name: 'Dark Ritual',
    action: 'cast',
    text: 'Instant. Add {B}{B}{B}.',
    object: (controller) => ({ controller, type: 'instant', effects: [{ addMana: { player: controller, amount: 3 } }] }),
  },
];

/** A fresh object id for a card: its key the first time, then `key2`, `key3`… */
export function nextObjectId(key: string, used: ReadonlySet<string>): string {
  if (!used.has(key)) return key;
  let n = 2;
  while (used.has(`${key}${n}`)) n++;
  return `${key}${n}`;
}
