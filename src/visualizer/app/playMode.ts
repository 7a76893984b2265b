import { DEFAULT_RULES_EDITION, RULES_EDITIONS, turnMachine, view, type TurnEvent } from '../../index.js';
import type { ChartPane } from './chartPane.js';
import { renderControls, stopPlaceOf, toggleStop, type ControlsState } from './controls.js';
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
  /** The rules edition a new game cites (the edition picker). */
  let rulesEdition = DEFAULT_RULES_EDITION;
  const inputOf = (picked: GameChoice) => ({ ...picked.input, options: { ...picked.input.options, rulesEdition } });
  let game: LocalGame = createLocalGame(inputOf(choice));
  chart.setEdition(rulesEdition);
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
    game = createLocalGame(inputOf(choice));
    chart.setEdition(rulesEdition);
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
      replace(elements.history, historyLog(game.game.history, rulesEdition));
      return;
    }
    const history = historyAtMicrostep(moment, shownMicrostep!);
    chart.highlight(step.snapshot.value, step.taken);
    renderPanels(elements.panels, view(step.snapshot), elements.status);
    replace(elements.history, historyLog(history, rulesEdition));
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
      editionPicker(),
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

  /** The edition picker: a new game cites the rule numbers of the edition picked (its chart descriptions too). */
  function editionPicker(): HTMLElement {
    const picker = h(
      'select',
      { 'data-testid': 'rules-edition-choice', 'aria-label': 'the rules edition whose numbers a new game cites' },
      ...RULES_EDITIONS.map(({ from, set, endingTurnsAndPhases, uncertain }) =>
        h('option', { value: from, selected: from === rulesEdition }, `${from} (${set}): ${endingTurnsAndPhases}${uncertain ? ', uncertain' : ''}`)),
    ) as HTMLSelectElement;
    picker.addEventListener('change', () => {
      rulesEdition = picker.value;
      newGame(choice.key);
    });
    return h('label', { class: 'inline' }, 'rule numbers of the edition ', picker);
  }

  // 732.2, MTGO/Arena stops: a click on a step (or a main phase) of the chart sets a stop there, or takes it away.
  const stopClicks = chart.onStateClick((id) => {
    const place = stopPlaceOf(id);
    if (place === null) return;
    controls.stops = toggleStop(controls.stops ?? [], place);
    render();
  });

  void chart.show(turnMachine.config).then(render);
  return () => {
    stopped = true;
    stopClicks();
    game.stop();
  };
}
