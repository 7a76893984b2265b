import { explainRefusal, legalActions, type AttackerSpec, type BlockerSpec, type LegalAction, type TurnEvent } from '../../index.js';
import { PALETTE, nextObjectId, type PaletteCard } from './cards.js';
import { h, replace } from './dom.js';
import type { LocalGame } from './localGame.js';

function parseCreature(text: string): AttackerSpec {
  const [id, ...flags] = text.split('+').map((piece) => piece.trim());
  return { id, ...(flags.includes('fs') && { firstStrike: true }), ...(flags.includes('ds') && { doubleStrike: true }) };
}

const parts = (text: string) => text.split(',').map((part) => part.trim()).filter(Boolean);

/** `bear, knight+fs, giant+ds` → creatures (fs: first strike, ds: double strike). */
export function parseAttackers(text: string): AttackerSpec[] {
  return parts(text).map(parseCreature);
}

/** `wall>bear, ogre+fs>knight` → blockers, each blocking the named attacker (none named: the machine says what is missing). */
export function parseBlockers(text: string): BlockerSpec[] {
  return parts(text).map((part) => {
    const [blocker, blocking = ''] = part.split('>').map((piece) => piece.trim());
    return { ...parseCreature(blocker), blocking };
  });
}

function allows(legal: LegalAction[], card: PaletteCard): boolean {
  if (card.action === 'activate') return legal.some((action) => action.type === 'ability.activate' && action.timing === 'yourTurn');
  const type = card.object('').type;
  const timing = type === 'instant' ? 'instant' : 'sorcery';
  return legal.some((action) => action.type === 'spell.cast' && action.timing === timing);
}

function usedIds(game: LocalGame): Set<string> {
  return new Set(game.game.history.flatMap((record) => ('id' in record ? [record.id] : [])));
}

/**
 * The actions of the page's game, each enabled only when the machine says it is
 * legal (legalActions); a disabled one tells why (explainRefusal) when hovered.
 */
export function renderControls(
  container: HTMLElement,
  game: LocalGame,
  send: (event: TurnEvent) => void,
  showError: (message: string) => void,
): void {
  const snapshot = game.game.snapshot();
  const { players, activePlayer } = game.game.view();
  const holder = game.game.view().priority;
  const reasonFor = (event: TurnEvent) => explainRefusal(snapshot, event);
  const button = (label: string, event: TurnEvent, legal: boolean, testId: string) => {
    const refusal = legal ? null : reasonFor(event);
    return h(
      'button',
      { 'data-testid': testId, disabled: !legal, title: refusal ? `${refusal.reason} (${refusal.rule})` : label, onclick: () => send(event) },
      label,
    );
  };

  const attackersInput = h('input', { placeholder: 'bear, knight+fs', 'data-testid': 'attackers-input' });
  const blockersInput = h('input', { placeholder: 'wall>bear', 'data-testid': 'blockers-input' });
  const rows = players.map((player) => {
    const legal = legalActions(snapshot, player);
    const has = (type: LegalAction['type']) => legal.some((action) => action.type === type);
    return h(
      'div',
      { class: 'player-row', 'data-player': player },
      h('strong', {}, player),
      button('Pass', { type: 'priority.pass', player }, has('priority.pass'), `pass-${player}`),
      has('combat.declareAttackers')
        ? h('button', { 'data-testid': `attack-${player}`, onclick: () => send({ type: 'combat.declareAttackers', player, attackers: parseAttackers(attackersInput.value) }) }, 'Declare attackers')
        : null,
      has('combat.declareBlockers')
        ? h('button', { 'data-testid': `block-${player}`, onclick: () => send({ type: 'combat.declareBlockers', player, blockers: parseBlockers(blockersInput.value) }) }, 'Declare blockers')
        : null,
    );
  });

  const holderLegal = holder ? legalActions(snapshot, holder) : [];
  const used = usedIds(game);
  const cards = PALETTE.map((card) => {
    const object = { ...card.object(holder ?? players[0]), id: nextObjectId(card.key, used) };
    const event: TurnEvent = card.action === 'cast' ? { type: 'spell.cast', object } : { type: 'ability.activate', object };
    const legal = holder !== null && allows(holderLegal, card) && reasonFor(event) === null;
    return h(
      'div',
      { class: 'card' },
      button(`${card.action === 'cast' ? 'Cast' : 'Activate'} ${card.name}`, event, legal, `card-${card.key}`),
      h('div', { class: 'muted' }, card.text),
    );
  });

  const triggerInput = h('input', { placeholder: 'ability id', 'data-testid': 'trigger-input' });
  const reportTrigger = () =>
    send({ type: 'trigger.report', ability: { id: triggerInput.value.trim(), controller: activePlayer, type: 'triggered', effects: [] } });
  const eventInput = h('textarea', { rows: 2, placeholder: '{"type": "priority.pass", "player": "B"}', 'data-testid': 'event-input' });
  const sendJson = () => {
    try {
      send(JSON.parse(eventInput.value) as TurnEvent);
    } catch (error) {
      showError(`not JSON: ${String(error)}`);
    }
  };

  replace(
    container,
    h('h3', {}, 'Players'),
    ...rows,
    h('div', { class: 'inline' }, h('label', {}, 'attackers ', attackersInput), h('label', {}, 'blockers ', blockersInput)),
    h('h3', {}, `Cards (${holder ? `cast or activated by ${holder}, who holds priority` : 'nobody holds priority'})`),
    h('div', { class: 'palette' }, ...cards),
    h('h3', {}, 'Report to the game'),
    h('div', { class: 'inline' }, triggerInput, h('button', { onclick: reportTrigger, 'data-testid': 'report-trigger' }, 'Report trigger')),
    h('div', { class: 'inline' }, eventInput, h('button', { onclick: sendJson, 'data-testid': 'send-event' }, 'Send event')),
  );
}
