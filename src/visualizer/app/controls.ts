import {
  cancelPassUntil, explainRefusal, legalActions, passUntilEndOfTurn, passUntilNextStep, passUntilNextTurn, PHASES, STEPS,
  type AttackerSpec, type BlockerSpec, type LegalAction, type PlayerId, type ShortcutStop, type StackObjectSpec, type TurnEvent,
  type TurnSnapshot, type View,
} from '../../index.js';
import { PALETTE, nextObjectId, type PaletteCard } from './cards.js';
import { h, replace } from './dom.js';
import type { LocalGame } from './localGame.js';
import { actingPlayer, mayActInWords, sidesOf } from './sides.js';
import { orderOfPicks, pickTrigger, unpickedTriggers, type PickedOrder } from './triggerOrder.js';

const FLAGS = { fs: 'firstStrike', ds: 'doubleStrike' } as const;

/** `knight+fs@B`: an id, then flags (`+fs` first strike, `+ds` double strike) and, with teams, `@B` the player who controls it. */
function parseCreature(text: string): AttackerSpec {
  const [id, ...marks] = text.split(/(?=[+@])/).map((piece) => piece.trim());
  if (!id || id.startsWith('+') || id.startsWith('@')) throw new Error(`“${text}”: a creature needs an id first (bear, knight+fs, bear@B)`);
  const creature: AttackerSpec = { id };
  for (const mark of marks) {
    const value = mark.slice(1).trim();
    if (mark.startsWith('@')) {
      if (!value || creature.controller !== undefined) throw new Error(`“${text}”: @ names the one player who controls it (bear@B)`);
      creature.controller = value;
    } else if (value === 'fs' || value === 'ds') {
      creature[FLAGS[value]] = true;
    } else {
      throw new Error(`“${text}”: unknown flag +${value} (+fs: first strike, +ds: double strike)`);
    }
  }
  return creature;
}

const parts = (text: string) => text.split(',').map((part) => part.trim()).filter(Boolean);

/** `bear, knight+fs, giant+ds@B` → creatures (fs: first strike, ds: double strike, @B: controlled by B); throws, saying why, on anything else. */
export function parseAttackers(text: string): AttackerSpec[] {
  return parts(text).map(parseCreature);
}

/** `wall>bear, ogre+fs@D>knight` → blockers, each blocking the named attacker (none named: the machine says what is missing). */
export function parseBlockers(text: string): BlockerSpec[] {
  return parts(text).map((part) => {
    const [blocker, blocking = ''] = part.split('>').map((piece) => piece.trim());
    return { ...parseCreature(blocker), blocking };
  });
}

/** `t1` → t1 controlled by `controller`; `t1@B` → controlled by B. */
export function parseTrigger(text: string, controller: PlayerId): StackObjectSpec {
  const [id, owner] = text.split('@').map((piece) => piece.trim());
  return { id, controller: owner || controller, type: 'triggered', effects: [] };
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

/** What the controls remember between renders: who the page acts as, the order of triggers being picked, the stops set on the chart. */
export interface ControlsState {
  actingPlayer?: PlayerId;
  picked: PickedOrder;
  /** 732.2: MTGO/Arena stops (steps and main phases clicked on the chart): every "pass until" button's pass also ends at them. */
  stops?: ShortcutStop[];
}

/** The step or main phase a chart state stands for (its id's last part), or null. */
export function stopPlaceOf(stateId: string): ShortcutStop | null {
  const key = stateId.split('.').pop() ?? '';
  if ((STEPS as readonly string[]).includes(key)) return { step: key as ShortcutStop['step'] };
  if (key === 'precombatMain' || key === 'postcombatMain') return { phase: key as (typeof PHASES)[number] };
  return null;
}

/** The stops with `place` added, or taken away if it was there. */
export function toggleStop(stops: readonly ShortcutStop[], place: ShortcutStop): ShortcutStop[] {
  const same = (s: ShortcutStop) => s.step === place.step && s.phase === place.phase;
  return stops.some(same) ? stops.filter((s) => !same(s)) : [...stops, place];
}

export interface ControlsHandlers {
  send(event: TurnEvent): void;
  showError(message: string): void;
  /** Renders the controls again after a change of their state. */
  refresh(): void;
}

/** The pick list of 603.3b / 805.7: click the abilities in order (first = lowest on the stack), undo, confirm. */
function orderPicker(view: View, snapshot: TurnSnapshot, actor: PlayerId | null, state: ControlsState, handlers: ControlsHandlers, container: HTMLElement) {
  const asked = view.orderTriggers;
  if (!asked) return null;
  const { triggers } = asked;
  const picked = state.picked;
  const canOrder = actor !== null && legalActions(snapshot, actor).some((action) => action.type === 'triggers.order');
  /** Changes the picks, renders, and keeps the keyboard where the next pick is. */
  const change = (next: PickedOrder) => {
    state.picked = next;
    handlers.refresh();
    container.querySelector<HTMLButtonElement>('[data-testid="order-pick"], [data-testid="order-confirm"]')?.focus();
  };
  const order = orderOfPicks(triggers, picked);
  return h(
    'div',
    { class: 'order-picker', 'data-testid': 'order-picker' },
    h('h3', {}, `Order triggered abilities (603.3b${view.teams ? ', 805.7' : ''})`),
    h(
      'p',
      { class: 'muted' },
      `${'team' in asked ? `Team ${asked.team}` : asked.player} puts these on the stack at once. Click them in the order wanted: the first goes lowest (it resolves last).`,
    ),
    h(
      'div',
      { class: 'inline' },
      ...unpickedTriggers(triggers, picked).map((index) =>
        h('button', { 'data-testid': 'order-pick', 'data-trigger': triggers[index], onclick: () => change(pickTrigger(triggers, picked, index)) }, triggers[index]),
      ),
    ),
    h(
      'ol',
      { 'data-testid': 'order-picked' },
      ...order.map((id, index) => h('li', {}, id, index === 0 ? ' — lowest' : '', index === triggers.length - 1 ? ' — top, resolves first' : '')),
    ),
    h(
      'div',
      { class: 'inline' },
      h('button', { 'data-testid': 'order-undo', disabled: picked.length === 0, onclick: () => change(picked.slice(0, -1)) }, 'Undo pick'),
      h('button', { 'data-testid': 'order-clear', disabled: picked.length === 0, onclick: () => change([]) }, 'Clear'),
      h(
        'button',
        {
          'data-testid': 'order-confirm',
          'data-primary': true,
          disabled: !canOrder,
          title: canOrder ? 'the machine says why if the order is not complete' : `${actor ?? 'nobody'} may not order these`,
          onclick: () => actor && handlers.send({ type: 'triggers.order', player: actor, order }),
        },
        `Put on the stack in this order${actor ? ` (as ${actor})` : ''}`,
      ),
    ),
  );
}

/**
 * The actions of the page's game, each enabled only when the machine says it is
 * legal (legalActions); a disabled one tells why (explainRefusal) when hovered.
 * With teams (805.5a) any player of the team may act for it: the page acts as the
 * player picked among those the game waits for.
 */
export function renderControls(container: HTMLElement, game: LocalGame, state: ControlsState, handlers: ControlsHandlers): void {
  const { send, showError } = handlers;
  const snapshot = game.game.snapshot();
  const view = game.game.view();
  const actor = actingPlayer(view, state.actingPlayer);
  const reasonFor = (event: TurnEvent) => explainRefusal(snapshot, event);
  const button = (label: string, event: TurnEvent, legal: boolean, testId: string, primary = false) => {
    const refusal = legal ? null : reasonFor(event);
    return h(
      'button',
      { 'data-testid': testId, 'data-primary': primary, disabled: !legal, title: refusal ? `${refusal.reason} (${refusal.rule})` : label, onclick: () => send(event) },
      label,
    );
  };
  /** Sends what `make` builds from typed text, or shows why the text is not understood. */
  const sendParsed = (make: () => TurnEvent) => () => {
    let event: TurnEvent;
    try {
      event = make();
    } catch (error) {
      showError(error instanceof Error ? error.message : String(error));
      return;
    }
    send(event);
  };

  /** 732.2: "pass until next step / end of turn / my turn", declaring nothing (the game still stops for triggers to order), with the page's stops. */
  const stops = state.stops ?? [];
  const shortcutButtons = (who: PlayerId, testId: string) => {
    const options = { declareNoAttackers: true, declareNoBlockers: true, stops };
    const pass = view.shortcuts[who];
    return [
      button('» next step', passUntilNextStep(who, options), true, `until-step-${testId}`),
      button('» end of turn', passUntilEndOfTurn(who, options), true, `until-end-${testId}`),
      button('» my turn', passUntilNextTurn(who, who, options), true, `until-turn-${testId}`),
      pass ? button('✕ stop passing', cancelPassUntil(who), true, `cancel-pass-${testId}`) : null,
    ];
  };
  const attackersInput = h('input', { placeholder: view.teams ? 'bear, knight+fs@B' : 'bear, knight+fs', 'data-testid': 'attackers-input' });
  const blockersInput = h('input', { placeholder: view.teams ? 'wall@D>bear' : 'wall>bear', 'data-testid': 'blockers-input' });
  const playerRow = (player: PlayerId) => {
    const legal = legalActions(snapshot, player);
    const has = (type: LegalAction['type']) => legal.some((action) => action.type === type);
    const left = !view.inGame.includes(player); // 800.4: greyed out once they left the game
    return h(
      'div',
      { class: left ? 'player-row left-game' : 'player-row', 'data-player': player },
      h('strong', {}, left ? `${player} (left the game)` : player),
      button('Pass', { type: 'priority.pass', player }, has('priority.pass'), `pass-${player}`, true),
      button('Concede', { type: 'player.concede', player }, has('player.concede'), `concede-${player}`),
      has('combat.declareAttackers')
        ? h('button', { 'data-testid': `attack-${player}`, 'data-primary': true, onclick: sendParsed(() => ({ type: 'combat.declareAttackers', player, attackers: parseAttackers(attackersInput.value) })) }, 'Declare attackers')
        : null,
      has('combat.declareBlockers')
        ? h('button', { 'data-testid': `block-${player}`, 'data-primary': true, onclick: sendParsed(() => ({ type: 'combat.declareBlockers', player, blockers: parseBlockers(blockersInput.value) })) }, 'Declare blockers')
        : null,
      ...(view.teams ? [] : shortcutButtons(player, player)),
    );
  };
  const rows = view.teams
    ? sidesOf(view).map(({ id, players }) => {
        const pass: TurnEvent = { type: 'priority.pass', player: id };
        return h(
          'div',
          { class: 'team-rows', 'data-team': id },
          // A team of one is its player (its id is the player's): that player's row passes for it.
          h('div', { class: 'player-row' }, h('strong', {}, `Team ${id}`), players.length > 1 ? button(`Pass for ${id}`, pass, reasonFor(pass) === null, `pass-${id}`) : null,
            ...shortcutButtons(id, id)),
          ...players.map(playerRow),
        );
      })
    : view.players.map(playerRow);

  const actingSelect = view.awaiting
    ? h(
        'select',
        { 'data-testid': 'acting-player', onchange: (event: Event) => { state.actingPlayer = (event.target as HTMLSelectElement).value; handlers.refresh(); } },
        ...view.awaiting.players.map((player) => h('option', { value: player, selected: player === actor }, player)),
      )
    : null;

  const cardController = actor ?? view.activePlayer ?? view.inGame[0];
  const actorLegal = actor ? legalActions(snapshot, actor) : [];
  const used = usedIds(game);
  const cards = PALETTE.map((card) => {
    const object = { ...card.object(cardController), id: nextObjectId(card.key, used) };
    const event: TurnEvent = card.action === 'cast' ? { type: 'spell.cast', object } : { type: 'ability.activate', object };
    const legal = view.priority !== null && allows(actorLegal, card) && reasonFor(event) === null;
    return h(
      'div',
      { class: 'card' },
      button(`${card.action === 'cast' ? 'Cast' : 'Activate'} ${card.name}`, event, legal, `card-${card.key}`),
      h('div', { class: 'muted' }, card.text),
    );
  });
  const cardsBy =
    view.priority === null
      ? 'nobody holds priority'
      : view.teams
        ? `cast or activated by ${actor}, for team ${view.priority}, which holds priority`
        : `cast or activated by ${actor}, who holds priority`;

  const triggerInput = h('input', { placeholder: 'ability id (t1, or t1@B)', 'data-testid': 'trigger-input' });
  const reportTrigger = () => send({ type: 'trigger.report', ability: parseTrigger(triggerInput.value, view.activePlayer ?? view.inGame[0]) });
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
    h('h3', {}, view.teams ? 'Teams and players' : 'Players'),
    view.gameOver ? h('div', { class: 'game-over', 'data-testid': 'winners' }, `Game over (104.2a): ${view.winners.join(', ')} won`) : null,
    actingSelect ? h('div', { class: 'inline' }, h('label', {}, 'acting as ', actingSelect), h('span', { class: 'muted' }, `may act: ${mayActInWords(view)}`)) : null,
    ...rows,
    h('div', { class: 'inline muted', 'data-testid': 'stops' },
      stops.length ? `Stops (732.2; click a step on the chart to take it away): ${stops.map((s) => s.step ?? s.phase).join(', ')}` : 'Stops: none (click a step on the chart to stop there)'),
    h('div', { class: 'inline' }, h('label', {}, 'attackers ', attackersInput), h('label', {}, 'blockers ', blockersInput)),
    orderPicker(view, snapshot, actor, state, handlers, container),
    h('h3', {}, `Cards (${cardsBy})`),
    h('div', { class: 'palette' }, ...cards),
    h('h3', {}, 'Report to the game'),
    h('div', { class: 'inline' }, triggerInput, h('button', { onclick: reportTrigger, 'data-testid': 'report-trigger' }, 'Report trigger')),
    h('div', { class: 'inline' }, eventInput, h('button', { onclick: sendJson, 'data-testid': 'send-event' }, 'Send event')),
  );
}
