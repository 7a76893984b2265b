import type { TurnEvent } from '../../events.js';
import { turnMachine } from '../../index.js';
import type { ChartPane } from './chartPane.js';
import { renderControls } from './controls.js';
import { h, replace } from './dom.js';
import { createLocalGame, type LocalGame } from './localGame.js';
import { historyLog, renderPanels } from './panels.js';

export interface ModeElements {
  panels: HTMLElement;
  controls: HTMLElement;
  history: HTMLElement;
  message: HTMLElement;
}

const PLAYER_NAMES = ['A', 'B', 'C', 'D'];

/** Play mode: a game in the page, driven by the controls, with undo and time travel. */
export function startPlayMode(chart: ChartPane, elements: ModeElements): () => void {
  let game: LocalGame = createLocalGame({ players: PLAYER_NAMES.slice(0, 2) });

  function showMessage(kind: 'refused' | 'info', text: string): void {
    replace(elements.message, text ? h('div', { class: `message ${kind}`, 'data-testid': kind === 'refused' ? 'refusal' : 'info' }, text) : null);
  }

  function send(event: TurnEvent): void {
    const refusal = game.send(event);
    render();
    if (refusal) showMessage('refused', `Refused (rule ${refusal.rule}): ${refusal.reason}`);
  }

  function newGame(playerCount: number): void {
    game.stop();
    game = createLocalGame({ players: PLAYER_NAMES.slice(0, playerCount) });
    render();
  }

  function timeline(): HTMLElement {
    const playerCount = h('select', { 'data-testid': 'player-count' }, ...[2, 3, 4].map((n) => h('option', { value: n }, `${n} players`)));
    playerCount.value = String(game.input.players.length);
    return h(
      'div',
      { class: 'timeline' },
      h(
        'div',
        { class: 'inline' },
        h('button', { onclick: () => { game.undo(); render(); }, disabled: game.index === 0, 'data-testid': 'undo' }, 'Undo'),
        playerCount,
        h('button', { onclick: () => newGame(Number(playerCount.value)), 'data-testid': 'new-game' }, 'New game'),
      ),
      h(
        'ol',
        { 'data-testid': 'timeline', reversed: true },
        ...game.moments
          .map((moment, index) =>
            h(
              'li',
              { class: index === game.index ? 'current' : index > game.index ? 'future' : '', onclick: () => { game.travel(index); render(); } },
              moment.label,
            ),
          )
          .reverse(),
      ),
    );
  }

  function render(): void {
    const snapshot = game.game.snapshot();
    chart.highlight(snapshot.value, game.taken);
    renderPanels(elements.panels, game.game.view());
    renderControls(elements.controls, game, send, (text) => showMessage('refused', text));
    elements.controls.prepend(timeline());
    replace(elements.history, historyLog(game.game.history));
    elements.history.scrollTop = elements.history.scrollHeight;
    showMessage('info', '');
  }

  void chart.show(turnMachine.config).then(render);
  return () => game.stop();
}
