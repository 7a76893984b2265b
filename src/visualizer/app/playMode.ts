import { turnMachine, view, type TurnEvent } from '../../index.js';
import type { ChartPane } from './chartPane.js';
import { renderControls, type ControlsState } from './controls.js';
import { h, replace } from './dom.js';
import { DEFAULT_GAME, gameChoice, type GameChoice } from './games.js';
import { createLocalGame, historyAtMicrostep, type LocalGame } from './localGame.js';
import { historyLog, renderPanels } from './panels.js';
import { keepingFocus } from './focus.js';
import { renderTimeline } from './timeline.js';

export interface ModeElements {
  panels: HTMLElement;
  controls: HTMLElement;
  history: HTMLElement;
  /** An aria-live region: refusals and notices written there are read out. */
  message: HTMLElement;
  /** The row kept in view: the turn (phase, step, priority) and the stack. */
  status: HTMLElement;
}

/** Play mode: a game in the page, driven by the controls, with undo, time travel and the microsteps of each event. */
export function startPlayMode(chart: ChartPane, elements: ModeElements): () => void {
  let choice: GameChoice = DEFAULT_GAME;
  let game: LocalGame = createLocalGame(choice.input);
  /** The microstep of the current moment shown instead of the state after its event, if any. */
  let shownMicrostep: number | undefined;
  /** Who the controls act as, and the order of triggers being picked (forgotten when the game moves). */
  const controls: ControlsState = { picked: [] };
  /** Set once the page has moved to another mode: nothing is drawn after that. */
  let stopped = false;
  const moved = () => {
    shownMicrostep = undefined;
    controls.picked = [];
  };

  function showMessage(kind: 'refused' | 'info', text: string): void {
    replace(elements.message, text ? h('div', { class: `message ${kind}`, 'data-testid': kind === 'refused' ? 'refusal' : 'info' }, text) : null);
  }

  function send(event: TurnEvent): void {
    shownMicrostep = undefined;
    const refusal = game.send(event);
    if (!refusal) moved();
    render();
    if (refusal) showMessage('refused', `Refused (rule ${refusal.rule}): ${refusal.reason}`);
  }

  function newGame(key: string): void {
    game.stop();
    choice = gameChoice(key);
    game = createLocalGame(choice.input);
    moved();
    controls.actingPlayer = undefined;
    render();
  }

  /** The chart, panels and history of the state after the current event, or of one of its microsteps. */
  function renderState(): void {
    const moment = game.moments[game.index];
    const step = shownMicrostep === undefined ? undefined : moment.microsteps[shownMicrostep];
    if (!step) {
      chart.highlight(game.game.snapshot().value, game.taken);
      renderPanels(elements.panels, game.game.view(), elements.status);
      replace(elements.history, historyLog(game.game.history));
      return;
    }
    const history = historyAtMicrostep(moment, shownMicrostep!);
    chart.highlight(step.snapshot.value, step.taken);
    renderPanels(elements.panels, view(step.snapshot), elements.status);
    replace(elements.history, historyLog(history));
  }

  function render(): void {
    if (stopped) return;
    keepingFocus(elements.controls, draw);
  }

  function draw(): void {
    renderState();
    renderControls(elements.controls, game, controls, { send, showError: (text) => showMessage('refused', text), refresh: render });
    elements.controls.prepend(
      renderTimeline(game, choice.key, shownMicrostep, {
        undo: () => { moved(); game.undo(); render(); },
        newGame,
        travel: (index) => { moved(); game.travel(index); render(); },
        showMicrostep: (index) => { shownMicrostep = index; render(); },
      }),
    );
    elements.history.scrollTop = elements.history.scrollHeight;
    const moment = game.moments[game.index];
    showMessage(
      'info',
      shownMicrostep === undefined
        ? ''
        : `Microstep ${shownMicrostep + 1}/${moment.microsteps.length} of “${moment.label}”: passed through, not at rest. The controls act on the state after the event.`,
    );
    elements.controls.querySelector('.microstep.current')?.scrollIntoView({ block: 'nearest' });
  }

  void chart.show(turnMachine.config).then(render);
  return () => {
    stopped = true;
    game.stop();
  };
}
